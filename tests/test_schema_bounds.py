"""Every number in the rules data has bounds its schema states: no one-line edit can hang the build.

A number that sizes a loop, a list or a table (dice rolled, copies of a tile, phases, the depth
of a chain of critical dice) had no maximum, so `damage.dice: 1000` ran for minutes and a number
of 4,000 digits ran out of memory (issue 23). Now every number a schema allows has a minimum and
a maximum that the books never need to pass, and the description a contributor's editor shows
says what it is. Each number in today's data is fed its maximum + 1 and a number of 4,000
digits, and each is refused at its file and line.
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from codex.load import schema_problems, walk
from codex.yamlsafe import JsonPath, LoadedYaml, dotted

from calculators import limits
from tests.support.engine import loaded_rules

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "rules_data"
HUGE = 10**3999  # 4,000 digits


def _number_nodes(node: Any, where: str = "") -> Iterator[tuple[str, dict[str, Any]]]:
    if isinstance(node, dict):
        kinds = node.get("type") if isinstance(node.get("type"), list) else [node.get("type")]
        if "integer" in kinds or "number" in kinds or isinstance(node.get("maximum"), int):
            yield where, node
        for key, value in node.items():
            yield from _number_nodes(value, f"{where}/{key}")
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _number_nodes(value, f"{where}/{index}")


SCHEMAS = sorted((RULES / "schema").glob("*.schema.json"))


@pytest.mark.parametrize("schema", SCHEMAS, ids=[s.stem for s in SCHEMAS])
def test_every_number_a_schema_allows_has_bounds_its_description_states(schema: Path) -> None:
    unbounded, unstated = [], []
    for where, node in _number_nodes(json.loads(schema.read_text(encoding="utf-8"))):
        if "minimum" not in node or "maximum" not in node:
            unbounded.append(where)
        elif f"{node['maximum']:,}" not in node.get("description", ""):
            unstated.append(where)
    assert unbounded == [], f"numbers with no minimum or maximum in {schema.name}"
    assert unstated == [], f"maximums the description does not state in {schema.name}"


def _numbers(value: Any) -> Iterator[JsonPath]:
    return (where for where, item in walk(value) if isinstance(item, int | float) and not isinstance(item, bool))


def _with(loaded: LoadedYaml, numbers: dict[JsonPath, int]) -> LoadedYaml:
    changed = copy.deepcopy(loaded)
    for where, number in numbers.items():
        target = changed.value
        for step in where[:-1]:
            target = target[step]
        target[where[-1]] = number
    return changed


DATA = loaded_rules()
FILES = sorted(DATA.files)
_MAXIMUM = re.compile(r"must be at most ([\d,]+) \(got a number of 4,000 digits\)")


@pytest.mark.parametrize("key", FILES)
def test_every_number_past_its_maximum_is_refused_at_its_file_and_line(key: str) -> None:
    # Every number of the file at once: 4,000 digits, then its maximum + 1, then its maximum.
    loaded = DATA.files[key]
    places = {where: (loaded.line_of(where), dotted(where)) for where in _numbers(loaded.value)}
    if not places:
        return
    huge = {(p.line, p.path): p for p in schema_problems(_with(loaded, dict.fromkeys(places, HUGE)), RULES)}
    tops = {}
    for where, (line, path) in places.items():
        found = huge.get((line, path))
        assert found is not None, f"{loaded.shown_path}:{line}: {path}: a number of 4,000 digits passes"
        assert found.file == loaded.shown_path
        maximum = _MAXIMUM.fullmatch(found.message)
        assert maximum, found.message
        tops[where] = int(maximum[1].replace(",", ""))
    past = sorted(str(p) for p in schema_problems(_with(loaded, {w: top + 1 for w, top in tops.items()}), RULES))
    assert past == sorted(f"{loaded.shown_path}:{line}: {path}: must be at most {tops[w]} (got {tops[w] + 1})"
                          for w, (line, path) in places.items())
    assert schema_problems(_with(loaded, tops), RULES) == [], "every number at its maximum passes"


def test_a_xia_characters_name_fits_the_trackers_name_field() -> None:
    schema = json.loads((RULES / "schema" / "xia-characters.schema.json").read_text(encoding="utf-8"))
    name = schema["properties"]["characters"]["items"]["properties"]["name"]
    assert name["maxLength"] == limits.NAME_LENGTH  # the trackers' form refuses a longer default
