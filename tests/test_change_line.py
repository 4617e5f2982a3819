"""The one change grammar of the table tools: what a GM types on a phone, and the name it is for."""

from __future__ import annotations

import doctest
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from calculators import Engine, InputError, change_line, limits
from calculators.change_line import Amount, find_target, name_key, parse_amount
from calculators.errors import Problems
from tests.support.properties import examples

ALLOWED = "A change is a whole number up to 99,999, with + or − before it if you like, or = to set: 4, +4, −2 or =5"

PLUSES = ("+", "\uff0b")
MINUSES = ("-", "\u2212", "\u2013", "\u2014", "\u2012", "\ufe63", "\uff0d")
EQUALS = ("=", "\uff1d")
SPACES = (" ", "\u00a0", "\u2009", "\u202f", "\u3000", "\u2002", "\t")
ASCII_SIGN = {**dict.fromkeys(PLUSES, "+"), **dict.fromkeys(MINUSES, "-"), **dict.fromkeys(EQUALS, "=")}


@pytest.mark.parametrize(("typed", "amount"), [
    ("\u20133", Amount("-", 3)),          # en dash: what a phone keyboard's long press gives
    ("\u2014 3", Amount("-", 3)),         # em dash, a space after it
    ("\u22123", Amount("-", 3)),          # minus sign
    ("-3", Amount("-", 3)),
    ("\u20123", Amount("-", 3)),          # figure dash
    ("\ufe633", Amount("-", 3)),          # small hyphen-minus
    ("\uff0d\uff13", Amount("-", 3)),     # full-width hyphen-minus and digit
    ("\uff0b\uff14", Amount("+", 4)),     # full-width plus and digit
    ("=5", Amount("=", 5)),
    ("\uff1d\uff15", Amount("=", 5)),     # full-width equals and digit
    (" +4 ", Amount("+", 4)),
    ("+ 4", Amount("+", 4)),
    ("\u00a0+\u20094\u202f", Amount("+", 4)),  # no-break and thin spaces
    ("4", Amount("", 4)),
    ("0", Amount("", 0)),
    ("12345", Amount("", 12345)),
    ("99999", Amount("", limits.CHANGE)),
    ("\u0663", Amount("", 3)),           # Arabic-Indic three
    ("\u0967\u0968", Amount("", 12)),    # Devanagari twelve
    ("", None),
    ("   ", None),
    ("\u3000", None),
])
def test_what_a_phone_types_is_taken(typed: str, amount: Amount | None) -> None:
    assert parse_amount(typed) == amount


@pytest.mark.parametrize("typed", [
    "abc", "+abc", "+-3", "--3", "3-", "3+", "3.5", "4,5", "1e3", "1_000", "1 000", "123456", "000001", "+",
    "\u2212", "=", "3 4", "\u00b2", "\u2460", "\u00bd", "0x10", "4d6", "-\u221e",
])
def test_anything_else_is_refused_with_one_message(typed: str) -> None:
    with pytest.raises(ValueError) as caught:
        parse_amount(typed)
    assert str(caught.value) == f"{ALLOWED} (got {typed.strip()!r})"


def test_the_limit_is_the_engines() -> None:
    assert parse_amount(str(limits.CHANGE)) == Amount("", limits.CHANGE)
    with pytest.raises(ValueError):
        parse_amount(str(limits.CHANGE + 1))


@pytest.mark.parametrize(("amount", "before", "after", "signed"), [
    (Amount("", 4), 5, 9, 4), (Amount("+", 4), 5, 9, 4), (Amount("-", 4), 5, 1, -4), (Amount("=", 4), 5, 4, 4),
])
def test_an_amount_applies_as_typed(amount: Amount, before: int, after: int, signed: int) -> None:
    assert amount.applied_to(before) == after
    assert amount.signed == signed
    assert amount.adds == (amount.sign in ("", "+"))


def test_the_examples_in_the_docstrings_hold() -> None:
    assert doctest.testmod(change_line).failed == 0


# ---- what a phone keyboard produces, at random ---------------------------------------------------

spaces = st.text(st.sampled_from(SPACES), max_size=3)
digit_pairs = st.lists(st.integers(0, 9).flatmap(lambda d: st.sampled_from((str(d), chr(0xFF10 + d)))),
                       min_size=1, max_size=7)


@given(spaces, st.sampled_from(("", *PLUSES, *MINUSES, *EQUALS)), spaces, digit_pairs, spaces)
def test_a_phones_text_parses_as_its_ascii_would(before: str, sign: str, between: str, digits: list[str],
                                                 after: str) -> None:
    typed = before + sign + between + "".join(digits) + after
    ascii_text = ASCII_SIGN.get(sign, "") + "".join(str(int(d)) for d in digits)
    expected = _parsed(ascii_text)
    assert _parsed(typed) == expected
    assert expected != "refused" or len(digits) > len(str(limits.CHANGE))


def _parsed(text: str) -> Amount | str | None:
    try:
        return parse_amount(text)
    except ValueError:
        return "refused"


# ---- the name a change is for ---------------------------------------------------------------------

NAMES = ["Goblin 1", "Goblin 2", "Orc", "Moon Shadow"]


@pytest.mark.parametrize("typed", ["Goblin 2", "goblin  2", " Goblin 2 ", "\uff27\uff2f\uff22\uff2c\uff29\uff2e 2",
                                   "GOBLIN\u00a02", "goblin\u3000\uff12"])
def test_a_name_is_found_whatever_its_case_width_and_spacing(typed: str) -> None:
    problems = Problems()
    assert find_target(NAMES, typed, problems) == 1
    assert not problems


@pytest.mark.parametrize(("names", "typed", "field", "message"), [
    (["Goblin", "goblin", "Orc"], "GOBLIN", "target",
     "2 combatants are called 'GOBLIN' (rows 1 and 2): which one? "
     "Rename one so the change cannot land on the wrong one"),
    (["Orc", "Goblin", "Ｇｏｂｌｉｎ", "goblin "], "goblin", "who",
     "3 combatants are called 'goblin' (rows 2, 3 and 4): which one? "
     "Rename one so the change cannot land on the wrong one"),
    (["Goblin", "Orc"], "Nobody", "target", "No combatant is called 'Nobody' (there are: Goblin, Orc)"),
    (["Goblin", "Orc"], "  ", "target", "Pick who this is for: tap a name in the table, or type it"),
])
def test_a_name_that_is_not_one_combatants_is_a_problem(names: list[str], typed: str, field: str,
                                                        message: str) -> None:
    problems = Problems()
    assert find_target(names, typed, problems, field) is None
    with pytest.raises(InputError) as caught:
        problems.raise_if_any()
    assert [(p.field, p.message) for p in caught.value.problems] == [(field, message)]


def _varied(draw: st.DrawFn, name: str) -> str:
    """The name as a GM might type it: each letter's case and width at random, spaces doubled or odd."""
    out = []
    for char in name:
        if char == " ":
            out.append(draw(st.text(st.sampled_from(SPACES), min_size=1, max_size=3)))
            continue
        char = draw(st.sampled_from((char.lower(), char.upper())))
        out.append(chr(ord(char) + 0xFEE0) if draw(st.booleans()) else char)  # its full-width twin
    return draw(spaces) + "".join(out) + draw(spaces)


words = st.text(st.sampled_from("abcdefghijklmnopqrstuvwxyz0123456789"), min_size=1, max_size=6)
name_lists = st.lists(st.lists(words, min_size=1, max_size=3).map(" ".join), min_size=1, max_size=8,
                      unique_by=name_key)


@given(name_lists, st.data())
def test_any_typing_of_a_name_finds_the_same_combatant(names: list[str], data: st.DataObject) -> None:
    index = data.draw(st.integers(0, len(names) - 1))
    typed = data.draw(st.composite(lambda draw: _varied(draw, names[index]))())
    problems = Problems()
    assert find_target(names, typed, problems) == index
    assert not problems


@given(name_lists, st.data())
def test_a_name_two_combatants_share_is_never_resolved(names: list[str], data: st.DataObject) -> None:
    shared = data.draw(st.sampled_from(names))
    twin = data.draw(st.composite(lambda draw: _varied(draw, shared))())
    crowd = list(names)
    crowd.insert(data.draw(st.integers(0, len(crowd))), twin)
    typed = data.draw(st.composite(lambda draw: _varied(draw, shared))())
    problems = Problems()
    assert find_target(crowd, typed, problems) is None
    assert problems


# ---- the same text in every game's tracker ---------------------------------------------------------

WBS, XIA = "wbs.combat_tracker", "xia.initiative_order"
START = 50  # Stamina (WBS) and Yang chi (Xia) before the change: room below and above for a small one


def _fight(calc: str, target: str, text: str, twins: bool = False) -> dict[str, Any]:
    """One tracker's inputs: a change to Moon Shadow's Stamina (WBS) or Yang chi (Xia), which both add,
    take away and set alike; `twins` adds two guardsmen whose names differ only in case."""
    guards = ["Guardsman", "guardsman"] if twins else ["Guardsman"]
    if calc == WBS:
        rows = [{"name": "Moon Shadow", "stamina": START, "stamina_full": START},
                *({"name": g} for g in guards)]
        return {"combatants": rows, "target": target, "change": text, "what": "stamina"}
    rows = [{"name": "Moon Shadow", "side": "pc", "physical": 3, "yang": START},
            *({"name": g, "side": "npc", "physical": 1} for g in guards)]
    return {"combatants": rows, "target": target, "change": text, "what": "yang"}


def _outcome(engine: Engine, calc: str, target: str, text: str, twins: bool = False) -> tuple[str, Any]:
    """What the tracker makes of the change: refused (field and message), applied (by how much), or nothing yet."""
    try:
        answer = engine.run(calc, _fight(calc, target, text, twins))["apply"]
    except InputError as caught:
        return "refused", {p.field: p.message for p in caught.problems}
    if answer["type"] != "apply":
        return "nothing", None
    after = dict(answer["sets"])["combatants"][0]
    return "applied", after["stamina" if calc == WBS else "yang"] - START


def _same_in_both(engine: Engine, text: str, target: str = "Moon Shadow", twins: bool = False) -> None:
    wbs, xia = _outcome(engine, WBS, target, text, twins), _outcome(engine, XIA, target, text, twins)
    assert wbs[0] == xia[0], f"{text!r} for {target!r}: WBS {wbs}, Xia {xia}"
    if wbs[0] == "applied":
        assert wbs[1] == xia[1], f"{text!r}: WBS changes by {wbs[1]}, Xia by {xia[1]}"
    if wbs[0] == "refused":
        assert wbs[1].keys() == xia[1].keys(), f"{text!r} for {target!r}: WBS {wbs[1]}, Xia {xia[1]}"
        for field in wbs[1]:  # the grammar's own refusals (text and name) are word for word the same
            grammar = wbs[1][field].startswith(("A change is", "Change must")) or field == "target"
            assert not grammar or wbs[1][field] == xia[1][field]


@pytest.mark.parametrize(("text", "kind", "size"), [
    ("\u20133", "applied", -3), ("\u2014 3", "applied", -3), ("\u22123", "applied", -3), ("-3", "applied", -3),
    ("\uff0b\uff14", "applied", 4), ("=5", "applied", 5 - START), ("\uff1d\uff15", "applied", 5 - START),
    (" +4 ", "applied", 4), ("+ 4", "applied", 4), ("4", "applied", 4), ("\u00a0\u2212\u20092", "applied", -2),
    ("12345", "refused", None),   # taken as text by both, past both pools
    ("", "nothing", None), ("abc", "refused", None), ("+-3", "refused", None), ("3.5", "refused", None),
    ("1e3", "refused", None), ("1234567", "refused", None), ("+ 4          5", "refused", None),
])
def test_both_trackers_take_and_refuse_the_same_texts(rules_engine: Engine, text: str, kind: str,
                                                      size: int | None) -> None:
    _same_in_both(rules_engine, text)
    assert _outcome(rules_engine, WBS, "Moon Shadow", text)[0] == kind
    if size is not None:
        assert _outcome(rules_engine, XIA, "Moon Shadow", text) == ("applied", size)


@pytest.mark.parametrize(("target", "twins"), [
    ("Moon Shadow", False), ("moon  shadow", False), (" \uff2d\uff2f\uff2f\uff2e \uff33\uff28\uff21\uff24\uff2f\uff37 ",
                                                      False),
    ("MOON\u00a0SHADOW", False), ("Nobody", False), ("", False), ("Guardsman", True), ("GUARDSMAN ", True),
])
def test_both_trackers_find_the_same_target(rules_engine: Engine, target: str, twins: bool) -> None:
    _same_in_both(rules_engine, "+4", target, twins)


sizes = st.one_of(st.integers(0, START - 1), st.integers(10_000, 9_999_999))  # applied by both, or by neither


@settings(max_examples=examples(60))
@given(spaces, st.sampled_from(("", *PLUSES, *MINUSES, *EQUALS)), spaces, sizes, st.data())
def test_any_phone_text_is_taken_or_refused_by_both_trackers(rules_engine: Engine, before: str, sign: str,
                                                             between: str, size: int, data: st.DataObject) -> None:
    digits = "".join(chr(0xFF10 + int(d)) if data.draw(st.booleans()) else d for d in str(size))
    text = before + sign + between + digits
    _same_in_both(rules_engine, text)
    assert _outcome(rules_engine, WBS, "Moon Shadow", text)[0] == ("applied" if size < START else "refused")
