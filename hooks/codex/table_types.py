"""The rules data's types, generated from its JSON Schemas: `calculators/rules_types.py`.

The schemas say what every rules file holds; the engine reads those files through
`rules.table("wbs/stamina")`. So that the type checker (mypy, in ./dev lint and ./dev test) knows
what each read gives, this writes one `TypedDict` per object of each schema (a field the schema
does not require is `NotRequired`; an `enum` of texts is a `Literal`) and one overload of `table`
per rules file, naming the type its schema gives it. A read of a field no schema has, or a number
read as a text, is then a type error at its line.

The types are for the checker only: the generated module holds them under `TYPE_CHECKING`, so the
browser's engine never builds them. `rules.py` takes its typed `table` from there when checked.

    PYTHONPATH=hooks .venv/bin/python -m codex.table_types          # write calculators/rules_types.py
    PYTHONPATH=hooks .venv/bin/python -m codex.table_types --check  # exit 1 if it is out of date

./dev check reports an out-of-date module as a problem (`stale`).

Nothing here is written by hand: a schema changed, the module is written again (the check says so).
"""

from __future__ import annotations

import json
import keyword
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from .load import SCHEMA_DIR, schema_of
from .problems import Problem

ROOT = Path(__file__).resolve().parents[2]
TARGET = ROOT / "calculators" / "rules_types.py"
_SCALARS = {"string": "str", "integer": "int", "number": "float", "boolean": "bool", "null": "None"}


class _Writer:
    """The TypedDicts of one schema, nested ones first (each named after where it sits)."""

    def __init__(self, schemas: dict[str, dict[str, Any]]) -> None:
        self.schemas = schemas
        self.lines: list[str] = []
        self.names: set[str] = set()

    def resolve(self, node: dict[str, Any], file: str) -> tuple[dict[str, Any], str]:
        while "$ref" in node:
            ref = node["$ref"]
            target, _, pointer = ref.partition("#")
            file = target or file
            found: Any = self.schemas[file]
            for step in filter(None, pointer.split("/")):
                found = found[step]
            node = {**found, **{k: v for k, v in node.items() if k not in ("$ref", "description")}}
        return node, file

    def type_of(self, node: dict[str, Any], file: str, name: str) -> str:
        node, file = self.resolve(node, file)
        if "const" in node:
            return f"Literal[{_quoted(node['const'])}]"
        if "enum" in node and all(isinstance(v, str) for v in node["enum"]):
            return f"Literal[{', '.join(_quoted(v) for v in node['enum'])}]"
        kinds = node.get("type")
        if isinstance(kinds, list):
            return " | ".join(self.type_of({**node, "type": k}, file, name) for k in kinds)
        if kinds == "array":
            return f"list[{self.type_of(node.get('items', {}), file, name + 'Item')}]"
        if kinds == "object" or "properties" in node:
            if "properties" in node:
                return self.typed_dict(node, file, name)
            extra = node.get("additionalProperties")
            return f"dict[str, {self.type_of(extra, file, name + 'Value')}]" if isinstance(extra, dict) \
                else "dict[str, Any]"
        return _SCALARS.get(kinds, "Any") if isinstance(kinds, str) else "Any"

    def typed_dict(self, node: dict[str, Any], file: str, name: str) -> str:
        required = set(node.get("required", []))
        fields = []
        for key, value in node["properties"].items():
            shown = self.type_of(value, file, name + _camel(key))
            fields.append(f"{_quoted(key)}: {shown if key in required else f'NotRequired[{shown}]'}")
        if name in self.names:
            raise ValueError(f"two objects would be called {name}")
        self.names.add(name)
        if all(k.isidentifier() and not keyword.iskeyword(k) for k in node["properties"]):
            body = "".join(f"\n        {f.replace(chr(34), '', 2)}" for f in fields)  # "key": T → key: T
            self.lines.append(f"    class {name}(TypedDict):{body or chr(10) + '        pass'}\n")
        else:  # a field no attribute can name
            body = "".join(f"\n        {f}," for f in fields)
            self.lines.append(f"    {name} = TypedDict({_quoted(name)}, {{{body}\n    }})\n")
        return name


def _quoted(text: object) -> str:
    return json.dumps(text)  # a Python literal too, for the texts and numbers a schema holds


def _camel(text: str) -> str:
    return "".join(part[:1].upper() + part[1:] for part in re.split(r"[^A-Za-z0-9]+", text) if part)


def rules_files(root: Path) -> Iterator[tuple[str, Path]]:
    """Each rules file's key (`wbs/stamina`) and its schema. A family's further files
    (`wbs/source_notes-combat`) and the bestiary's creatures are read as a family, never by name,
    so adding one leaves the types as they are."""
    data = root / "rules_data"
    for path in sorted(data.rglob("*.yaml")):
        parts = path.relative_to(data).with_suffix("").parts
        if parts[0] in ("schema", "templates") or len(parts) > 2 or "-" in parts[-1]:
            continue
        yield "/".join(parts), schema_of(path, data)


def module(root: Path = ROOT) -> str:
    """The text of calculators/rules_types.py."""
    schema_dir = root / "rules_data" / SCHEMA_DIR
    schemas = {p.name: json.loads(p.read_text(encoding="utf-8")) for p in sorted(schema_dir.glob("*.schema.json"))}
    writer = _Writer(schemas)
    tops: dict[str, str] = {}
    by_schema: dict[str, list[str]] = {}
    for key, schema in rules_files(root):
        by_schema.setdefault(schema.name, []).append(key)
    for schema_name in sorted(by_schema):
        tops[schema_name] = writer.type_of(schemas[schema_name], schema_name,
                                           _camel(schema_name.removesuffix(".schema.json")))
    overloads = []
    for schema_name, keys in sorted(by_schema.items()):
        paths = ", ".join(_quoted(k) for k in keys)
        if len(paths) > 60:
            paths = "".join(f"\n        {_quoted(k)}," for k in keys) + "\n    "
        overloads.append(f"    @overload\n    def table(path: Literal[{paths}]) -> {tops[schema_name]}: ...")
    return "\n".join([
        '"""The rules data\'s types, for the type checker: written by hooks/codex/table_types.py from the',
        "JSON Schemas in rules_data/schema/ (do not edit; `python -m codex.table_types` writes it again).",
        "",
        "Nothing here runs in the browser: every type sits under TYPE_CHECKING.",
        '"""',
        "",
        "from __future__ import annotations",
        "",
        "from typing import TYPE_CHECKING",
        "",
        "if TYPE_CHECKING:",
        "    from typing import Any, Literal, NotRequired, TypedDict, overload",
        "",
        *writer.lines,
        "",
        *overloads,
        "    @overload",
        "    def table(path: str) -> Any: ...",
        "    def table(path: str) -> Any:",
        '        """The content of rules_data/<path>.yaml, typed by its schema."""',
        "",
    ])


def stale(root: Path) -> list[Problem]:
    """A problem if the project's calculators/rules_types.py is not what its schemas give (./dev check)."""
    target = root / TARGET.relative_to(ROOT)
    if not target.is_file():
        return []  # a project without the engine's sources (a test's rules folder): nothing to type
    try:
        text = module(root)
    except (OSError, ValueError, KeyError, TypeError):
        return []  # a schema that cannot be read: the loader reports it at its file
    if target.read_text(encoding="utf-8") == text:
        return []
    return [Problem(target.relative_to(root).as_posix(), 1, "", "out of date with rules_data/schema/: "
                    "run `PYTHONPATH=hooks .venv/bin/python -m codex.table_types` to write it again")]


def main(argv: list[str]) -> int:
    if "--check" in argv:
        for problem in stale(ROOT):
            print(problem, file=sys.stderr)
            return 1
        return 0
    TARGET.write_text(module(), encoding="utf-8")
    print(f"wrote {TARGET.relative_to(ROOT)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
