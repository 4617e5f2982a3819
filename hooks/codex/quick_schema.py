"""A compiled schema validator in front of jsonschema, so that thousands of files validate fast.

`jsonschema` (pure Python) takes about 0.3 ms per bestiary creature, so 5,000 creatures took
1.5 s of every build; jsonschema-rs (compiled, pinned in requirements.txt) takes 0.005 ms. It is
only a door that lets the files through that jsonschema would pass anyway: a file it does not
find valid, or cannot judge, still goes to jsonschema, which reports the problems in the
project's words (`load._validate`). It may only ever say "valid" where jsonschema would find
nothing, so it is not asked where the two could disagree:

- a value holding a float anywhere: jsonschema-rs takes 2.0 as an integer, the project's
  `integer` does not (`load._is_integer`);
- a schema whose patterns use a class whose meaning differs between Python's `re` and the
  ECMA-262 regexes of jsonschema-rs (`\\w`, `\\d`, `\\s`, `\\b` and their negations); the other
  patterns read the same in both (the project anchors `$` at the very end, as ECMA does);
- a schema, or a value, that jsonschema-rs cannot take (it is then never asked for that schema).

References between the project's schemas are resolved from their files; nothing is fetched.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import jsonschema_rs

_UNPORTABLE = re.compile(r"\\[wWdDsSbB]")


def _patterns(schema: Any) -> list[str]:
    if isinstance(schema, dict):
        own = [schema["pattern"]] if isinstance(schema.get("pattern"), str) else []
        return own + [p for value in schema.values() for p in _patterns(value)]
    if isinstance(schema, list):
        return [p for value in schema for p in _patterns(value)]
    return []


def _has_float(value: Any) -> bool:
    if isinstance(value, float):
        return True
    if isinstance(value, dict):
        return any(_has_float(v) for v in value.values())
    if isinstance(value, list):
        return any(_has_float(v) for v in value)
    return False


class QuickSchemas:
    """The project's schemas compiled by jsonschema-rs: `passes(schema, value)` is True only where
    jsonschema would report no problem (False means: ask jsonschema)."""

    def __init__(self, schema_dir: Path) -> None:
        self._contents: dict[str, Any] = {}
        self._validators: dict[Path, Any] = {}
        self._registry: Any = None
        try:
            for path in sorted(schema_dir.glob("*.schema.json")):
                self._contents[path.name] = json.loads(path.read_text(encoding="utf-8"))
            portable = not any(_UNPORTABLE.search(p) for p in _patterns(list(self._contents.values())))
            self._registry = jsonschema_rs.Registry(list(self._contents.items())) if portable else None
        except Exception:
            self._registry = None

    def _validator(self, schema_path: Path) -> Any:
        if schema_path not in self._validators:
            schema = self._contents.get(schema_path.name)
            validator = None
            if self._registry is not None and schema is not None:
                try:
                    validator = jsonschema_rs.validator_for(schema, registry=self._registry)
                except Exception:
                    validator = None
            self._validators[schema_path] = validator
        return self._validators[schema_path]

    def passes(self, schema_path: Path, value: Any) -> bool:
        """True if `value` is valid against the schema at `schema_path` and jsonschema would agree."""
        validator = self._validator(schema_path)
        if validator is None or _has_float(value):
            return False
        try:
            return bool(validator.is_valid(value))
        except Exception:
            return False
