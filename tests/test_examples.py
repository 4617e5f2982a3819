"""Every worked example in rules_data/*/examples*.yaml, played through its calculator step by step."""

from __future__ import annotations

from pathlib import Path

import pytest
from codex import examples

from tests.support.engine import engine, loaded_rules

ROOT = Path(__file__).resolve().parent.parent
DATA = loaded_rules()
EXAMPLES = [
    pytest.param(example, id=f"{key.split('/')[0]}.{example['id']}")
    for key in DATA.files if DATA.kind_of(key) == "examples"
    for example in DATA[key]["examples"]
]


@pytest.mark.parametrize("example", EXAMPLES)
def test_worked_example(example: dict) -> None:
    stages = examples.play(engine(), example)
    for check in examples.checks(example, stages):
        assert check.agrees, f"{'.'.join(map(str, check.where))}: book {check.expected!r}, calculator {check.got!r}"


def test_there_are_examples_for_the_skeleton() -> None:
    ids = {param.id for param in EXAMPLES}
    assert {"wbs.player-a-derived", "wbs.monk-core-genki", "wbs.round-walkthrough"} <= ids


def test_a_played_example_checks_every_step() -> None:
    walk = next(p.values[0] for p in EXAMPLES if p.id == "wbs.round-walkthrough")
    stages = examples.play(engine(), walk)
    assert len(stages) == len(walk["steps"]) + 1
    assert stages[-1].inputs["round"] == 2  # Next was really pressed, step after step
    broken = {**walk, "steps": [*walk["steps"][:-1], {**walk["steps"][-1], "state": {"combatants": [{"stamina": 6}]}}]}
    wrong = [c for c in examples.checks(broken, examples.play(engine(), broken)) if not c.agrees]
    assert [(c.where, c.expected, c.got) for c in wrong] == [(("steps", len(walk["steps"]) - 1, "state",
                                                               "combatants", 0, "stamina"), 6, 5)]
    with pytest.raises(examples.ExampleError):
        examples.play(engine(), {**walk, "steps": [{"do": "x", "press": "fighters"}]})
