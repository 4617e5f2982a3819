"""Load every file under rules_data/, validate it against its schema, and check references.

Every problem in the whole run is collected and reported together, sorted by file and line:
a contributor fixes them all in one go instead of one build at a time.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import jsonschema
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from .problems import DataError, Problem
from .quick_schema import QuickSchemas
from .yamlsafe import JsonPath, LoadedYaml, dotted, load_yaml

SCHEMA_DIR = "schema"
TEMPLATES_DIR = "templates"  # contributors' starting points (see CONTRIBUTING.md), never data


def _is_integer(_checker: object, value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)  # 10.0 is not an integer here


@functools.cache
def _strict(pattern: str) -> re.Pattern[str]:
    # Schemas keep ECMA-262 `^…$` for editors; here `$` must not accept a trailing newline.
    return re.compile(re.sub(r"\$$", r"\\Z", re.sub(r"^\^", r"\\A", pattern)))


def _pattern(validator: jsonschema.protocols.Validator, pattern: str, value: object, _schema: object
             ) -> Iterator[jsonschema.ValidationError]:
    if isinstance(value, str) and not _strict(pattern).search(value):
        yield jsonschema.ValidationError(f"{value!r} does not match {pattern!r}")


_Validator = jsonschema.validators.extend(
    jsonschema.Draft202012Validator,
    validators={"pattern": _pattern},
    type_checker=jsonschema.Draft202012Validator.TYPE_CHECKER.redefine("integer", _is_integer),
)
_MODELINE = re.compile(r"#\s*yaml-language-server:\s*\$schema=(\S+)")


@dataclass(slots=True)
class RulesData:
    """Every rules file, keyed by its path under rules_data/ without `.yaml` (`wbs/tiers`)."""

    root: Path
    files: dict[str, LoadedYaml] = field(default_factory=dict)

    def __getitem__(self, key: str) -> Any:
        return self.files[key].value

    def __contains__(self, key: str) -> bool:
        return key in self.files

    def export(self) -> dict[str, Any]:
        """The data alone, as the calculators read it (and as the browser gets it in JSON)."""
        return {key: loaded.value for key, loaded in sorted(self.files.items())}

    def source_of(self, key: str) -> str:
        """The repository path of a rules file, for edit links and messages."""
        return self.files[key].shown_path

    def family(self, game: str, stem: str) -> list[str]:
        """Keys of a game's files of one kind (`wbs/glossary`, `wbs/glossary-combat`, …)."""
        return sorted(k for k in self.files if k == f"{game}/{stem}" or k.startswith(f"{game}/{stem}-"))

    def kind_of(self, key: str) -> str:
        """The kind of a file: its name without a `-part` suffix (`source_notes-combat` → `source_notes`)."""
        return key.rsplit("/", 1)[-1].split("-", 1)[0]

    def line_of(self, key: str, where: JsonPath) -> int:
        """The line in a rules file where the value at `where` starts."""
        return self.files[key].line_of(where)


Check = Callable[[RulesData], Iterator[Problem]]


def load_rules_data(root: Path, checks: tuple[Check, ...] = (), *, base: Path | None = None) -> RulesData:
    """Load and validate rules_data/ at `root`; raise DataError listing every problem found."""
    base = base or root.parent
    data = RulesData(root)
    problems: list[Problem] = []
    validators: dict[Path, jsonschema.protocols.Validator] = {}
    registry = _schema_registry(root / SCHEMA_DIR, problems, base)
    quick = QuickSchemas(root / SCHEMA_DIR)  # lets through, fast, what jsonschema would pass
    for path in sorted(root.rglob("*")):
        if path.is_dir() or path.relative_to(root).parts[0] in (SCHEMA_DIR, TEMPLATES_DIR):
            continue
        shown = _shown(path, base)
        if path.suffix == ".yml":
            problems.append(Problem(shown, 1, "", "rules files end in .yaml, not .yml"))
            continue
        if path.suffix != ".yaml":
            continue
        loaded, found = load_yaml(path, shown)
        problems.extend(found)
        if loaded is None:
            continue
        schema_path = _schema_for(loaded, root, problems)
        if schema_path is not None:
            validator = validators.get(schema_path)
            if validator is None:
                schema = json.loads(schema_path.read_text(encoding="utf-8"))
                validator = _Validator(schema, registry=registry)
                validators[schema_path] = validator
            if not quick.passes(schema_path, loaded.value):
                problems.extend(_validate(validator, loaded))
        data.files[path.relative_to(root).with_suffix("").as_posix()] = loaded
    problems.extend(check_unique_ids(data))
    problems.extend(check_note_references(data))
    problems.extend(check_family_ids(data))
    if not problems:
        for check in checks:
            problems.extend(check(data))
    if problems:
        raise DataError(problems)
    return data


def _schema_registry(schema_dir: Path, problems: list[Problem], base: Path) -> Registry:
    resources = []
    for path in sorted(schema_dir.glob("*.schema.json")):
        try:
            contents = json.loads(path.read_text(encoding="utf-8"))
        except json.JSONDecodeError as exc:
            problems.append(Problem(_shown(path, base), exc.lineno, "", f"not valid JSON: {exc.msg}"))
            continue
        resources.append((path.name, Resource.from_contents(contents, default_specification=DRAFT202012)))
    return Registry().with_resources(resources)


def schema_of(path: Path, root: Path) -> Path:
    """The schema a rules file is checked against, from its folder and name alone.

    `wbs/tiers.yaml` → `wbs-tiers`, `wbs/source_notes-combat.yaml` → `source-notes` (a kind
    every game shares), `wbs/bestiary/goblin.yaml` → `wbs-bestiary` (one entity per file).
    """
    parts = path.relative_to(root).with_suffix("").parts
    kind = parts[1] if len(parts) > 2 else parts[-1].split("-", 1)[0]
    return _schema_named(root, parts[0], kind.replace("_", "-"))


@functools.cache
def _schema_named(root: Path, game: str, kind: str) -> Path:
    shared = root / SCHEMA_DIR / f"{kind}.schema.json"
    return shared if shared.is_file() else root / SCHEMA_DIR / f"{game}-{kind}.schema.json"


@functools.cache
def _is_file(path: Path) -> bool:
    return path.is_file()


def _schema_for(loaded: LoadedYaml, root: Path, problems: list[Problem]) -> Path | None:
    """The file's schema; its first-line comment is an editor hint that must name the same one."""
    schema = schema_of(loaded.path, root)
    depth = len(loaded.path.relative_to(root).parts) - 1
    expected = "../" * depth + f"{SCHEMA_DIR}/{schema.name}"
    modeline = f"'# yaml-language-server: $schema={expected}'"
    if not _is_file(schema):
        problems.append(Problem(loaded.shown_path, 1, "", f"no schema for this kind of file: {expected} does not "
                                                          "exist (the folder and file name say the kind)"))
        return None
    match = _MODELINE.search(loaded.first_comment)
    if not match:
        problems.append(Problem(loaded.shown_path, 1, "", f"the first line must name the file's schema: {modeline}"))
    elif match.group(1) != expected:
        problems.append(Problem(loaded.shown_path, 1, "", f"the first line names the schema {match.group(1)!r}, "
                                                          f"but this kind of file is checked against {expected}: "
                                                          f"write {modeline}"))
    return schema


def _validate(validator: jsonschema.protocols.Validator, loaded: LoadedYaml) -> Iterator[Problem]:
    for error in validator.iter_errors(loaded.value):
        where = tuple(error.absolute_path)
        if error.validator == "additionalProperties":
            extra = sorted(set(error.instance) - set(error.schema.get("properties", {})))
            for key in extra:
                allowed = ", ".join(sorted(error.schema.get("properties", {}))) or "none"
                yield Problem(loaded.shown_path, loaded.line_of((*where, key)), dotted((*where, key)),
                              f"unknown field '{key}' (allowed here: {allowed})")
            continue
        yield Problem(loaded.shown_path, loaded.line_of(where), dotted(where), _message(error))


def _message(error: jsonschema.ValidationError) -> str:
    got = _got(error.instance)
    kind = error.validator
    if kind == "type":
        wanted = error.validator_value
        names = wanted if isinstance(wanted, list) else [wanted]
        article = {"integer": "an integer", "object": "a mapping", "array": "a list", "string": "text",
                   "number": "a number", "boolean": "true or false", "null": "null"}
        return f"must be {' or '.join(article.get(n, n) for n in names)} (got {got})"
    if kind == "required":
        missing = re.match(r"'([^']+)'", error.message)
        return f"missing required field '{missing.group(1) if missing else error.message}'"
    if kind == "enum":
        return f"must be one of {', '.join(map(str, error.validator_value))} (got {got})"
    if kind == "minimum":
        return f"must be at least {error.validator_value} (got {got})"
    if kind == "maximum":
        return f"must be at most {error.validator_value} (got {got})"
    if kind == "pattern":
        return f"does not match the allowed form {error.validator_value} (got {got})"
    if kind == "minItems":
        return f"must have at least {error.validator_value} item(s)"
    if kind == "minLength":
        return "must not be empty"
    return error.message


def _got(value: Any) -> str:
    if isinstance(value, str):
        return repr(value if len(value) < 40 else value[:37] + "...")
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return json.dumps(value)


def _shown(path: Path, base: Path) -> str:
    try:
        return path.resolve().relative_to(base.resolve()).as_posix()
    except ValueError:
        return path.as_posix()


def _walk(value: Any, where: JsonPath = ()) -> Iterator[tuple[JsonPath, Any]]:
    yield where, value
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _walk(item, (*where, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _walk(item, (*where, index))


def check_unique_ids(data: RulesData) -> Iterator[Problem]:
    """In every list of entries, each `id` appears once."""
    for _key, loaded in data.files.items():
        for where, value in _walk(loaded.value):
            if not isinstance(value, list):
                continue
            seen: dict[str, int] = {}
            for index, item in enumerate(value):
                if isinstance(item, dict) and isinstance(item.get("id"), str):
                    line = loaded.line_of((*where, index, "id"))
                    if item["id"] in seen:
                        yield Problem(loaded.shown_path, line, dotted((*where, index, "id")),
                                      f"id '{item['id']}' is used twice (first on line {seen[item['id']]})")
                    else:
                        seen[item["id"]] = line


def _notes_of(data: RulesData, game: str) -> dict[str, Any]:
    """A game's source notes by id, from all its source_notes files that have the right shape."""
    notes: dict[str, Any] = {}
    for key in data.family(game, "source_notes"):
        value = data[key]
        if isinstance(value, dict) and isinstance(value.get("notes"), list):
            notes.update({n["id"]: n for n in value["notes"] if isinstance(n, dict) and isinstance(n.get("id"), str)})
    return notes


def check_family_ids(data: RulesData) -> Iterator[Problem]:
    """Note, example and glossary ids are unique across all of a game's files of that kind."""
    lists = {"source_notes": "notes", "examples": "examples", "glossary": "terms"}
    seen: dict[tuple[str, str, str], str] = {}
    for key, loaded in sorted(data.files.items()):
        kind = data.kind_of(key)
        if kind not in lists or not isinstance(loaded.value, dict):
            continue
        for index, entry in enumerate(loaded.value.get(lists[kind]) or []):
            if not isinstance(entry, dict) or not isinstance(entry.get("id"), str):
                continue
            mark = (key.split("/")[0], kind, entry["id"])
            if mark in seen and seen[mark] != key:
                yield Problem(loaded.shown_path, loaded.line_of((lists[kind], index, "id")),
                              f"{lists[kind]}[{index}].id", f"id '{entry['id']}' is also used in {seen[mark]}")
            seen.setdefault(mark, key)


def check_note_references(data: RulesData) -> Iterator[Problem]:
    """Every `…_note` field names a source note of the same game; every note's reading exists."""
    notes_by_game: dict[str, dict[str, Any]] = {}
    for key, loaded in data.files.items():
        game = key.split("/")[0]
        if game not in notes_by_game:
            notes_by_game[game] = _notes_of(data, game)
        notes = notes_by_game[game]
        if data.kind_of(key) == "source_notes" and isinstance(loaded.value.get("notes"), list):
            for index, note in enumerate(loaded.value["notes"]):
                options = [o.get("id") for o in note.get("options", []) if isinstance(o, dict)]
                if note.get("reading") not in options:
                    yield Problem(loaded.shown_path, loaded.line_of(("notes", index, "reading")),
                                  f"notes[{index}].reading",
                                  f"reading '{note['reading']}' is not one of its options ({', '.join(options)})")
        for where, value in _walk(loaded.value):
            is_ref = where and isinstance(where[-1], str) and where[-1].endswith("_note")
            if is_ref and isinstance(value, str) and value not in notes:
                yield Problem(loaded.shown_path, loaded.line_of(where), dotted(where),
                              f"no source note '{value}' in rules_data/{game}/source_notes*.yaml")
