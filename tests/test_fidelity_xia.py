"""The audit of the Xia calculators against the book (issue 10, item 14)."""

from __future__ import annotations

import pytest

from calculators import registry
from tests.support.engine import engine
from tests.test_xia_rules import fight

pytestmark = pytest.mark.usefixtures("rules_in_use")  # settled_by calls calculator internals


def settled_by(**inputs: object) -> list[str]:
    """What settles each turn of the initiative order, first to last ("" when nothing had to)."""
    from calculators.spec import parse_inputs
    from calculators.xia.initiative import turns

    values = parse_inputs(registry.find("xia.initiative_order").inputs(), fight(**inputs))
    return [t["tie"] for t in turns(values)]


KINDS = "kind of conflict (Physical before Mental before Social)"


@pytest.mark.parametrize("precedence", ["rating-first", "kind-first"])
def test_rows_settled_by_conflict_kind_say_so(precedence: str) -> None:
    # One player character in three conflicts at the same rating: the book's Physical > Mental > Social decides.
    cells = settled_by(c1_side="pc", c2_side="absent", c1_physical=2, c1_mental=2, c1_social=2, mental_on=True,
                       social_on=True, precedence=precedence)
    assert cells == [KINDS] * 3


def test_kind_and_side_ties_are_both_named() -> None:
    # A PC and an NPC tied in a physical conflict, the PC also on the same rating in a mental one.
    cells = settled_by(c1_side="pc", c2_side="npc", c1_physical=3, c2_physical=3, c1_mental=3, c2_mental=0,
                       c1_thunder=1, c2_thunder=1, mental_on=True, precedence="rating-first")
    assert cells[0] == f"{KINDS}; player characters before non-player characters"


def test_the_table_shows_it_and_a_dash_when_nothing_was_tied() -> None:
    tied = engine().run("xia.initiative_order", fight(c1_side="pc", c2_side="absent", c1_physical=2,
                                                         c1_mental=2, mental_on=True))
    assert KINDS in str(tied["order"])
    assert settled_by(c1_side="pc", c2_side="npc", c1_physical=4, c2_physical=2) == ["", ""]
