"""Load every file under rules_data/, validate it against its schema, and run the checks.

Every problem in the whole run is collected and reported together, sorted by file and line:
a contributor fixes them all in one go instead of one build at a time. The layers (strict
YAML, schemas, ids and references, then what the engine computes) all run; a value with a
problem is taken out of use (`unsound.py`), so a later check that needs it waits and says so
(`NotRun`) instead of reporting that problem's consequences or crashing on them.
"""

from __future__ import annotations

import functools
import inspect
import json
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import jsonschema
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from calculators import Engine, family

from .problems import DataError, NotRun, Problem
from .quick_schema import QuickSchemas
from .unsound import NotChecked, Unsound, parse_path, set_unsound
from .yamlsafe import JsonPath, LoadedYaml, dotted, load_yaml

SCHEMA_DIR = "schema"
TEMPLATES_DIR = "templates"  # contributors' starting points (see CONTRIBUTING.md), never data
BESTIARY = "wbs/bestiary/"  # one file per creature, named after its id: wbs/bestiary/goblin.yaml


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
    """Every rules file, keyed by its path under rules_data/ without `.yaml` (`wbs/tiers`).

    A file that could not be read at all is in `unreadable`: it is still there for `in` and
    `data[key]`, as an `Unsound` stand-in that no check can use. A file whose prose holds value
    markers is in use with them expanded; `written` keeps it as typed (`prose.py`).
    """

    root: Path
    files: dict[str, LoadedYaml] = field(default_factory=dict)
    unreadable: dict[str, Unsound] = field(default_factory=dict)
    written: dict[str, Any] = field(default_factory=dict)

    def __getitem__(self, key: str) -> Any:
        loaded = self.files.get(key)
        return loaded.value if loaded is not None else self.unreadable[key]

    def __contains__(self, key: str) -> bool:
        return key in self.files or key in self.unreadable

    def export(self) -> dict[str, Any]:
        """The data alone, as the calculators read it (and as the browser gets it in JSON)."""
        return {key: self[key] for key in sorted([*self.files, *self.unreadable])}

    def as_written(self) -> dict[str, Any]:
        """The data as typed, value markers and all (what `export` gives, before `prose.py`)."""
        return {**self.export(), **self.written}

    def source_of(self, key: str) -> str:
        """The repository path of a rules file, for edit links and messages."""
        loaded = self.files.get(key)
        return loaded.shown_path if loaded is not None else self.unreadable[key].file

    def family(self, game: str, stem: str) -> list[str]:
        """Keys of a game's files of one kind (`wbs/glossary`, `wbs/glossary-combat`, …)."""
        return family([*self.files, *self.unreadable], game, stem)

    def creatures(self) -> list[str]:
        """Keys of the bestiary's files that could be read (`wbs/bestiary/goblin`: BESTIARY and the slug), sorted."""
        return sorted(k for k in self.files if k.startswith(BESTIARY))

    def kind_of(self, key: str) -> str:
        """The kind of a file: its name without a `-part` suffix (`source_notes-combat` → `source_notes`)."""
        return key.rsplit("/", 1)[-1].split("-", 1)[0]

    def line_of(self, key: str, where: JsonPath) -> int:
        """The line in a rules file where the value at `where` starts."""
        loaded = self.files.get(key)
        return loaded.line_of(where) if loaded is not None else 1


Finding = Problem | NotRun
Reference = Callable[[RulesData], Iterable[Finding]]
Computation = Callable[[RulesData, Engine], Iterable[Finding]]


@dataclass(frozen=True, slots=True)
class Checks:
    """The checks after the schemas, in two layers: what the data names exists (`references`),
    then what the engine computes from it agrees (`computations`, given the build's one engine)."""

    references: tuple[Reference, ...] = ()
    computations: tuple[Computation, ...] = ()


@dataclass(slots=True)
class Loaded:
    """rules_data/ loaded and checked: the data, its engine, every problem, and what waited for them."""

    data: RulesData
    engine: Engine
    problems: list[Problem]
    not_run: list[NotRun]


def load_rules_data(root: Path, checks: Checks = Checks(), *, base: Path | None = None) -> RulesData:
    """Load and validate rules_data/ at `root`; raise DataError listing every problem found."""
    loaded = load_rules(root, checks, base=base)
    if loaded.problems:
        raise DataError(loaded.problems, loaded.not_run)
    return loaded.data


def load_rules(root: Path, checks: Checks = Checks(), *, base: Path | None = None) -> Loaded:
    """Load rules_data/ at `root` and run every check on it; problems are returned, never raised."""
    base = base or root.parent
    data = RulesData(root)
    problems: list[Problem] = []
    not_run: list[NotRun] = []
    validators: dict[Path, jsonschema.protocols.Validator | None] = {}
    registry = _schema_registry(root / SCHEMA_DIR, problems, base)
    quick = QuickSchemas(root / SCHEMA_DIR)  # lets through, fast, what jsonschema would pass
    for path in sorted(root.rglob("*")):
        if path.is_dir() or path.relative_to(root).parts[0] in (SCHEMA_DIR, TEMPLATES_DIR):
            continue
        shown = _shown(path, base)
        key = path.relative_to(root).with_suffix("").as_posix()
        if path.suffix == ".yml":
            problems.append(Problem(shown, 1, "", "rules files end in .yaml, not .yml"))
            continue
        if path.suffix != ".yaml":
            continue
        loaded, found = load_yaml(path, shown)
        problems.extend(found)
        if loaded is None:
            data.unreadable[key] = Unsound(shown, found[0].line if found else 1, "")
            continue
        schema_path = _schema_for(loaded, root, problems)
        validator = _validator(schema_path, validators, registry) if schema_path is not None else None
        if validator is None or schema_path is None:  # nothing says what this file should hold: no check may read it
            loaded.value = Unsound(shown, 1, "")
        elif not quick.passes(schema_path, loaded.value):
            problems.extend(_validate(validator, loaded))
        data.files[key] = loaded
    from .prose import expand_prose  # prose.py reads RulesData: imported once both are defined

    _run(_named(expand_prose), expand_prose, lambda: expand_prose(data), data, problems, not_run, base)
    for check in (check_unique_ids, check_note_references, check_family_ids):
        _run(check.__doc__ or check.__name__, check, functools.partial(check, data), data, problems, not_run, base)
    engine = Engine(data.export())  # the build's one engine, handed to every check and page
    for reference in checks.references:
        _run(_named(reference), reference, functools.partial(reference, data), data, problems, not_run, base)
    for computation in checks.computations:
        _run(_named(computation), computation, functools.partial(computation, data, engine), data, problems,
             not_run, base)
    return Loaded(data, engine, sorted(set(problems)), sorted(set(not_run)))


def schema_problems(loaded: LoadedYaml, root: Path) -> list[Problem]:
    """One loaded file checked against its schema alone, as `load_rules` checks it (values with a
    problem are taken out of `loaded`)."""
    problems: list[Problem] = []
    schema_path = _schema_for(loaded, root, problems)
    if schema_path is not None:
        validator = _cached_validator(root, schema_path)
        problems.extend(_validate(validator, loaded) if validator is not None else [])
    return problems


@functools.cache
def _cached_validator(root: Path, schema_path: Path) -> jsonschema.protocols.Validator | None:
    return _validator(schema_path, {}, _schema_registry(root / SCHEMA_DIR, [], root.parent))


def _named(check: Callable[..., object]) -> str:
    doc = (check.__doc__ or check.__name__).strip().splitlines()[0]
    return f"the check '{doc.rstrip('.')}'"


def _run(name: str, check: Callable[..., object], call: Callable[[], Iterable[Finding]], data: RulesData,
         problems: list[Problem], not_run: list[NotRun], base: Path) -> None:
    """Run one check; its problems take their values out of use for the checks after it."""
    found: list[Finding] = []
    try:
        found.extend(call())
    except NotChecked as exc:
        not_run.append(NotRun("", 0, name, exc.unsound.where))
    except Exception as exc:
        if problems or any(isinstance(f, Problem) for f in found):
            not_run.append(NotRun("", 0, name, f"values with problems above (it stopped at {type(exc).__name__})"))
        else:
            problems.append(_stopped(check, exc, base))
    new = [f for f in found if isinstance(f, Problem)]
    problems.extend(new)
    not_run.extend(f for f in found if isinstance(f, NotRun))
    by_shown = {loaded.shown_path: loaded for loaded in data.files.values()}
    for problem in new:
        loaded = by_shown.get(problem.file)
        if loaded is not None and problem.path:
            set_unsound(loaded.value, parse_path(problem.path), Unsound(problem.file, problem.line, problem.path))


def _stopped(check: Callable[..., object], exc: Exception, base: Path) -> Problem:
    """A check that raised on data every schema accepts: a bug, or a number no schema bounds yet."""
    code = getattr(check, "__code__", None)
    file = _shown(Path(inspect.getsourcefile(check) or "hooks/codex"), base)
    line = code.co_firstlineno if code else 1
    return Problem(file, line, "", f"{check.__name__} stopped with {type(exc).__name__}: {str(exc)[:200]} "
                                   "(the data passed its schemas: a schema lacks a bound, or the check has a bug)")


def _validator(schema_path: Path, validators: dict[Path, jsonschema.protocols.Validator | None],
               registry: Registry) -> jsonschema.protocols.Validator | None:
    if schema_path not in validators:
        try:
            schema = json.loads(schema_path.read_text(encoding="utf-8"))
        except json.JSONDecodeError:
            validators[schema_path] = None  # reported once, by _schema_registry
        else:
            validators[schema_path] = _Validator(schema, registry=registry)
    return validators[schema_path]


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


def _validate(validator: jsonschema.protocols.Validator, loaded: LoadedYaml) -> list[Problem]:
    """The file's schema problems; each value with one is taken out of use, an unknown field removed."""
    problems: list[Problem] = []
    unknown: list[JsonPath] = []
    wrong: list[JsonPath] = list(loaded.unsound)  # not read as written (yamlsafe)
    missing: list[JsonPath] = []
    for error in validator.iter_errors(loaded.value):
        where = tuple(error.absolute_path)
        schema: Any = error.schema  # jsonschema types these as maybe unset: an error always has them
        instance: Any = error.instance
        if error.validator == "additionalProperties":
            extra = sorted(set(instance) - set(schema.get("properties", {})))
            for key in extra:
                allowed = ", ".join(sorted(schema.get("properties", {}))) or "none"
                problems.append(Problem(loaded.shown_path, loaded.line_of((*where, key)), dotted((*where, key)),
                                        f"unknown field '{key}' (allowed here: {allowed})"))
                unknown.append((*where, key))
            continue
        if error.validator == "required" and isinstance(instance, dict):
            field_name = re.match(r"'([^']+)'", error.message)
            if field_name:  # reading the field waits; the object's other fields stay in use
                missing.append((*where, field_name.group(1)))
        else:
            wrong.append(where)
        problems.append(Problem(loaded.shown_path, loaded.line_of(where), dotted(where), _message(error)))
    for where in unknown:
        _at(loaded.value, where[:-1]).pop(where[-1], None)
    for where in missing:
        _at(loaded.value, where[:-1])[where[-1]] = None  # a place for the stand-in below
    for where in sorted([*wrong, *missing], key=len, reverse=True):  # the deepest first: an outer one wins
        stand_in = Unsound(loaded.shown_path, loaded.line_of(where), dotted(where))
        if where:
            set_unsound(loaded.value, where, stand_in)
        else:
            loaded.value = stand_in
    return problems


def _at(value: Any, where: JsonPath) -> Any:
    for step in where:
        value = value[step]
    return value


def _message(error: jsonschema.ValidationError) -> str:
    got = _got(error.instance)
    kind = error.validator
    value: Any = error.validator_value  # typed as maybe unset: an error always has it
    instance: Any = error.instance
    if kind == "type":
        wanted = value
        names = wanted if isinstance(wanted, list) else [wanted]
        article = {"integer": "an integer", "object": "a mapping", "array": "a list", "string": "text",
                   "number": "a number", "boolean": "true or false", "null": "null"}
        return f"must be {' or '.join(article.get(n, str(n)) for n in names)} (got {got})"
    if kind == "required":
        missing = re.match(r"'([^']+)'", error.message)
        return f"missing required field '{missing.group(1) if missing else error.message}'"
    if kind == "enum":
        return f"must be one of {', '.join(map(str, value))} (got {got})"
    if kind == "minimum":
        return f"must be at least {value} (got {got})"
    if kind == "maximum":
        return f"must be at most {value} (got {got})"
    if kind == "pattern":
        return f"does not match the allowed form {value} (got {got})"
    if kind == "minItems":
        return f"must have at least {value} item(s)"
    if kind == "minLength":
        return "must not be empty"
    if kind == "maxLength":
        return f"must be at most {value} characters (got {len(instance)})"
    if kind == "maxItems":
        return f"must have at most {value} item(s) (got {len(instance)})"
    return error.message


def _got(value: Any) -> str:
    if isinstance(value, str):
        return repr(value if len(value) < 40 else value[:37] + "...")
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**20:
        return f"a number of {len(str(abs(value))):,} digits"
    return json.dumps(value)


def _shown(path: Path, base: Path) -> str:
    try:
        return path.resolve().relative_to(base.resolve()).as_posix()
    except ValueError:
        return path.as_posix()


def walk(value: Any, where: JsonPath = ()) -> Iterator[tuple[JsonPath, Any]]:
    """Every value inside `value` (itself first), with its path."""
    yield where, value
    if isinstance(value, dict):
        for key, item in value.items():
            yield from walk(item, (*where, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from walk(item, (*where, index))


def check_unique_ids(data: RulesData) -> Iterator[Problem]:
    """In every list of entries, each `id` appears once."""
    for _key, loaded in data.files.items():
        for where, value in walk(loaded.value):
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
                                  f"reading '{note['reading']}' is not one of its options "
                                  f"({', '.join(map(str, options))})")
        for where, value in walk(loaded.value):
            is_ref = where and isinstance(where[-1], str) and where[-1].endswith("_note")
            if is_ref and isinstance(value, str) and value not in notes:
                yield Problem(loaded.shown_path, loaded.line_of(where), dotted(where),
                              f"no source note '{value}' in rules_data/{game}/source_notes*.yaml")
