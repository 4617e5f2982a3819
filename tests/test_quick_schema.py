"""The compiled schema door (codex/quick_schema.py) lets through only what jsonschema would pass.

It saves 1.5 s of every build with 5,000 creatures, and it must never hide a problem: whatever
it passes, jsonschema (the project's `_Validator`, with its strict integers and anchors) finds
nothing wrong with. Checked on the project's own files and on thousands of mangled creatures.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from codex.load import _schema_registry, _Validator, load_rules_data, schema_of
from codex.quick_schema import QuickSchemas, _has_float
from codex.yamlsafe import load_yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.support.properties import examples

ROOT = Path(__file__).resolve().parent.parent
SCHEMAS = ROOT / "rules_data" / "schema"
CREATURE_SCHEMA = SCHEMAS / "wbs-bestiary.schema.json"
QUICK = QuickSchemas(SCHEMAS)


def _jsonschema_problems(schema_path: Path, value: Any) -> list[str]:
    validator = _Validator(json.loads(schema_path.read_text(encoding="utf-8")),
                           registry=_schema_registry(SCHEMAS, [], ROOT))
    return [error.message for error in validator.iter_errors(value)]


def test_every_rules_file_goes_through_the_door() -> None:
    """The door is used (else it saves nothing): every file of the project passes it, as it
    passes jsonschema; a file holding a float is the one kind it leaves to jsonschema."""
    data = load_rules_data(ROOT / "rules_data", base=ROOT)
    for key, loaded in data.files.items():
        schema = schema_of(loaded.path, ROOT / "rules_data")
        assert QUICK.passes(schema, loaded.value) or _has_float(loaded.value), key


@pytest.mark.parametrize(("field", "bad"), [
    ("tier", "Experienced"),  # the pattern of an id
    ("tier", "experienced\n"),  # `$` is the very end, in both
    ("name", ""),  # minLength, from common.schema.json
    ("attributes", {"strength": 2}),  # required
    ("source", "homebrew"),  # enum
    ("book_points", {"total": True, "primary": 60, "derived": 10, "skills": 30}),  # true is no integer
    ("summary", 5),
])
def test_a_broken_creature_is_left_to_jsonschema(field: str, bad: Any) -> None:
    goblin = load_yaml(ROOT / "rules_data" / "wbs" / "bestiary" / "goblin.yaml", "goblin.yaml")[0].value
    assert QUICK.passes(CREATURE_SCHEMA, goblin)
    broken = {**goblin, field: bad}
    assert not QUICK.passes(CREATURE_SCHEMA, broken)
    assert _jsonschema_problems(CREATURE_SCHEMA, broken)


def test_a_float_is_always_left_to_jsonschema() -> None:
    """jsonschema-rs reads 2.0 as an integer; the project does not."""
    goblin = load_yaml(ROOT / "rules_data" / "wbs" / "bestiary" / "goblin.yaml", "goblin.yaml")[0].value
    mangled = {**goblin, "attributes": {**goblin["attributes"], "strength": 2.0}}
    assert not QUICK.passes(CREATURE_SCHEMA, mangled)
    assert _jsonschema_problems(CREATURE_SCHEMA, mangled)


def test_patterns_that_read_differently_keep_the_door_shut(tmp_path: Path) -> None:
    """`\\w` is Unicode in Python and ASCII in ECMA-262: a schema using it goes to jsonschema alone."""
    (tmp_path / "x.schema.json").write_text(json.dumps({"type": "string", "pattern": "^\\W+$"}))
    quick = QuickSchemas(tmp_path)
    assert not quick.passes(tmp_path / "x.schema.json", "é")  # ECMA: a non-word character; Python: a word one
    (tmp_path / "x.schema.json").write_text(json.dumps({"type": "string", "pattern": "^[a-z]+$"}))
    assert QuickSchemas(tmp_path).passes(tmp_path / "x.schema.json", "abc")


_LEAVES = st.one_of(
    st.integers(min_value=-3, max_value=200), st.integers(min_value=2**62, max_value=2**70), st.booleans(),
    st.none(), st.floats(allow_nan=False, allow_infinity=False), st.sampled_from([0.0, 1.0, 2.0, 3.5]),
    st.text(max_size=8),
    st.sampled_from(["", "a", "beast", "Beast", "a-b", "a--b", "-a", "x\n", "jaki", "strong", "medium", "é"]),
    st.lists(st.sampled_from(["beast", "x y", ""]), max_size=3), st.just({}), st.just([]),
)


def _paths(value: Any, where: tuple = ()) -> list[tuple]:
    found = [where]
    if isinstance(value, dict):
        found += [p for k, v in value.items() for p in _paths(v, (*where, k))]
    elif isinstance(value, list):
        found += [p for i, v in enumerate(value) for p in _paths(v, (*where, i))]
    return found


def _replaced(value: Any, where: tuple, new: Any, drop: bool) -> Any:
    if not where:
        return new
    head, rest = where[0], where[1:]
    if isinstance(value, dict):
        copy = dict(value)
        if drop and not rest:
            copy.pop(head, None)
        else:
            copy[head] = _replaced(value[head], rest, new, drop)
        return copy
    copy = list(value)
    copy[head] = _replaced(value[head], rest, new, drop)
    return copy


@settings(max_examples=examples(600), suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_whatever_the_door_passes_jsonschema_passes(data: st.DataObject) -> None:
    creatures = sorted((ROOT / "rules_data" / "wbs" / "bestiary").glob("*.yaml"))
    creature = load_yaml(data.draw(st.sampled_from(creatures)), "c.yaml")[0].value
    for _ in range(data.draw(st.integers(min_value=1, max_value=3))):
        where = data.draw(st.sampled_from(_paths(creature)[1:]))
        creature = _replaced(creature, where, data.draw(_LEAVES), drop=data.draw(st.booleans()))
    if data.draw(st.booleans()):
        creature = {**creature, data.draw(st.sampled_from(["extra", "id", "tags"])): data.draw(_LEAVES)}
    if QUICK.passes(CREATURE_SCHEMA, creature):
        assert _jsonschema_problems(CREATURE_SCHEMA, creature) == []
