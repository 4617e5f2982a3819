"""Every worked example in rules_data/*/examples.yaml, run through its calculator."""

from __future__ import annotations

from pathlib import Path

import pytest
from codex.load import load_rules_data

from tests.support.engine import engine

ROOT = Path(__file__).resolve().parent.parent
DATA = load_rules_data(ROOT / "rules_data")
EXAMPLES = [
    pytest.param(example, id=f"{key.split('/')[0]}.{example['id']}")
    for key in DATA.files if key.endswith("/examples")
    for example in DATA[key]["examples"]
]


@pytest.mark.parametrize("example", EXAMPLES)
def test_worked_example(example: dict) -> None:
    result = engine().run(example["calculator"], example["inputs"])
    for name, expected in example["expect"].items():
        assert result[name] == expected, f"{name}: book {expected!r}, calculator {result[name]!r}"


def test_there_are_examples_for_the_skeleton() -> None:
    ids = {param.id for param in EXAMPLES}
    assert {"wbs.player-a-derived", "wbs.monk-core-genki"} <= ids
