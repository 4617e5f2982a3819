"""The helper that checks a sentence's facts, not its wording (tests/support/says.py, issue 33)."""

from __future__ import annotations

import re

import pytest

from tests.support.says import saying, says, says_none


@pytest.mark.parametrize(("text", "facts"), [
    ("Goblin 2 takes 4 damage", ("Goblin 2", 4)),
    ("Goblin 2: 4 damage, taken", ("Goblin 2", 4)),
    ("takes 3 damage.", (3,)),
    ("tick 3, then", (3,)),
    ("(3)", (3,)),
    ("Moon Shadow's turn", ("Moon Shadow",)),
    ("Mei Ling\nacts", ("Mei Ling",)),
    ("Mei  Ling acts", ("Mei Ling",)),
    ("Type a change: +4, −2, 4 or =5.", ("+4", -2, 4, 5)),
    ("heals -2", (-2,)),
    ("heals −2", ("-2",)),
    ("Goblin 2–4 joined", ("Goblin 2", 4)),
    ("0.5 of 3", ("0.5", 3)),
    ("No combatant is called 'Nobody'", ("'Nobody'",)),
])
def test_a_fact_said_in_whole_tokens_passes(text: str, facts: tuple[str | int, ...]) -> None:
    says(text, *facts)


@pytest.mark.parametrize(("text", "fact"), [
    ("takes 13 damage", 3),
    ("takes 31 damage", 3),
    ("takes -3 damage", 3),
    ("takes −3 damage", 3),
    ("takes +3 damage", 3),
    ("takes 3.5 damage", 3),
    ("takes 0.3 damage", 3),
    ("the 3rd tick", 3),
    ("heals 2", -2),
    ("heals +2", "-2"),
    ("heals 2", "+2"),
    ("Goblin 12 acts", "Goblin 1"),
    ("Meiling acts", "Mei"),
    ("mei acts", "Mei"),
    ("Mei Lingo acts", "Mei Ling"),
    ("Orcish", "Orc"),
])
def test_a_wrong_fact_fails(text: str, fact: str | int) -> None:
    with pytest.raises(AssertionError):
        says(text, fact)


def test_the_facts_must_come_in_the_order_given() -> None:
    says("Moon Shadow has 1 Yang chi, and channelling costs 2", "Moon Shadow", 1, 2)
    with pytest.raises(AssertionError, match="not after 2"):
        says("Moon Shadow has 1 Yang chi, and channelling costs 2", 2, 1)
    with pytest.raises(AssertionError):
        says("B acts, then C", "C", "B")


def test_a_repeated_fact_needs_each_of_its_mentions() -> None:
    says("Goblin 1 and Goblin 2", "Goblin", "Goblin")
    with pytest.raises(AssertionError):
        says("Goblin 1", "Goblin", "Goblin")


def test_the_message_shows_the_missing_fact_and_the_text() -> None:
    with pytest.raises(AssertionError) as caught:
        says("Goblin 2 takes 13 damage", "Goblin 2", 3)
    assert "3" in str(caught.value) and "Goblin 2 takes 13 damage" in str(caught.value)


def test_says_none_refuses_any_fact_said() -> None:
    says_none("Goblin 2 takes 13 damage", 3, "Orc", "goblin")
    with pytest.raises(AssertionError, match="Orc"):
        says_none("Orc takes 3 damage", "Goblin", "Orc")


@pytest.mark.parametrize("fact", ["", "  ", True, 2.5, None])
def test_a_fact_that_is_no_fact_is_refused(fact: object) -> None:
    with pytest.raises((TypeError, ValueError)):
        says("anything 2", fact)  # type: ignore[arg-type]


def test_a_text_that_is_no_text_is_refused() -> None:
    with pytest.raises(TypeError):
        says(None, "x")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        says("x")


def test_saying_is_the_same_check_as_one_pattern_for_a_page_to_wait_for() -> None:
    assert saying("Goblin 2", 4).search("Goblin 2 takes 4 damage")
    assert saying("Goblin 2", 4).search("Goblin 2\ntakes 4 damage")
    assert not saying("Goblin 2", 4).search("Goblin 2 takes 14 damage")
    assert not saying(4, "Goblin 2").search("Goblin 2 takes 4 damage")
    assert not saying("Goblin 2", 4).flags & ~re.UNICODE  # no flag a browser's RegExp would be told of
