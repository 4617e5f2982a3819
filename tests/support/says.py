"""Checks that a sentence says the facts a test is about, however it is worded (issue 33).

`says(text, "Goblin 2", 4)` passes for "Goblin 2 takes 4 damage" and for "Goblin 2: 4 damage", and
fails for "Goblin 12 takes 4 damage" or "Goblin 2 takes 14 damage". The facts must come in the order
given, so "has 1 chi, costs 2" is not taken for "has 2 chi, costs 1".

The rules a fact is found by:
- a fact is matched as whole tokens: `3` is not found in "13", "3.5", "-3", "+3" or "3rd"; `"Mei"` is
  not found in "Meiling"; a name may be followed by punctuation ("Moon Shadow's turn" names Moon Shadow);
- a signed number keeps its sign: `-3` (or "-3") is found in "-3" and in "−3" (the typographic minus),
  never in "3"; "+3" only in "+3";
- the words of a fact may be split by any run of white space or a line break ("Mei Ling" in "Mei\\nLing");
- everything else is exact, case included;
- facts are found left to right, each one after the end of the one before.
"""

from __future__ import annotations

import re

_MINUS = r"\-−"  # the hyphen-minus and the typographic minus, as in a [character class]
_SIGNS = "+" + _MINUS


def _pattern(fact: str | int) -> re.Pattern[str]:
    """The regular expression a fact is found by (the rules in this module's docstring)."""
    if isinstance(fact, bool) or not isinstance(fact, str | int):
        raise TypeError(f"a fact is a str or an int, not {fact!r}")
    words = str(fact).split()
    if not words:
        raise ValueError("an empty fact says nothing")
    body = r"\s+".join(re.escape(word) for word in words)
    body = re.sub(r"(?:\\-|−)(?=\d)", f"[{_MINUS}]", body)  # either minus before a digit
    text = " ".join(words)
    first, last = text[0], text[-1]
    before = ""
    if first.isdigit():
        before = rf"(?<![\w{_SIGNS}])(?<!\d[.,])"
    elif first in _SIGNS and text[1:2].isdigit():
        before = rf"(?<![\w{_SIGNS}])"
    elif first.isalnum() or first == "_":
        before = r"(?<!\w)"
    after = ""
    if last.isdigit():
        after = r"(?!\w)(?![.,]\d)"
    elif last.isalnum() or last == "_":
        after = r"(?!\w)"
    return re.compile(before + body + after)


def _shown(text: str) -> str:
    return text if len(text) <= 2000 else text[:2000] + f"... ({len(text)} characters)"


def says(text: str, *facts: str | int) -> None:
    """Assert that `text` states each fact as whole tokens, in the order given."""
    if not isinstance(text, str):
        raise TypeError(f"says() reads a str, not {type(text).__name__}: {text!r}")
    if not facts:
        raise ValueError("says() needs at least one fact")
    start = 0
    for n, fact in enumerate(facts):
        pattern = _pattern(fact)
        found = pattern.search(text, start)
        if found is None:
            earlier = pattern.search(text)
            where = f" (it is there, but not after {facts[n - 1]!r})" if earlier and n else ""
            raise AssertionError(f"the text does not say {fact!r}{where}:\n  {_shown(text)!r}")
        start = found.end()


def says_none(text: str, *facts: str | int) -> None:
    """Assert that `text` states none of the facts (by the same whole-token rules as `says`)."""
    if not isinstance(text, str):
        raise TypeError(f"says_none() reads a str, not {type(text).__name__}: {text!r}")
    if not facts:
        raise ValueError("says_none() needs at least one fact")
    for fact in facts:
        found = _pattern(fact).search(text)
        if found is not None:
            raise AssertionError(f"the text says {fact!r} (at {found.start()}), which it must not:\n"
                                 f"  {_shown(text)!r}")


def saying(*facts: str | int) -> re.Pattern[str]:
    """The facts, in order, as one regular expression (the rules of `says`), for a page's text that
    Playwright waits for: `expect(locator).to_contain_text(saying("Kept", "The heroes"), use_inner_text=True)`.

    It is written for JavaScript too (no flags; `\\w` there is ASCII only, which changes nothing for
    the digits and the names around a fact). Pass `use_inner_text=True`: an element's textContent runs
    its children together ("startsHero: EV 1"), leaving no token boundary between two of them."""
    if not facts:
        raise ValueError("saying() needs at least one fact")
    return re.compile(r"[\s\S]*?".join(_pattern(fact).pattern for fact in facts))
