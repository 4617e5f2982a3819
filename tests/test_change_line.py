"""The one change grammar of the table tools: what a GM types on a phone, and the name it is for."""

from __future__ import annotations

import doctest

import pytest
from hypothesis import given
from hypothesis import strategies as st

from calculators import change_line, limits
from calculators.change_line import Amount, find_target, name_key, parse_amount
from calculators.errors import InputError, Problems

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
