"""Results as the reader sees them: one formatter, used by the build and by the browser alike.

Every value is turned into escaped HTML here, so the page baked at build time and the page
updated live by Pyodide show exactly the same text for the same inputs.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from .spec import Output

_HALF = "\u00bd"


def number(value: int | float | Fraction) -> str:
    """A number as printed at the table: whole numbers plain, halves as ½, others to 2 places."""
    if isinstance(value, bool):
        return str(int(value))
    exact = Fraction(value).limit_denominator(10**6) if isinstance(value, float) else Fraction(value)
    if exact.denominator == 1:
        return f"{exact.numerator}"
    if exact.denominator == 2:
        whole = abs(exact.numerator) // 2
        return f"{'-' if exact < 0 else ''}{whole or ''}{_HALF}"
    return f"{float(exact):.2f}"


_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve")


def count_word(value: int) -> str:
    """A small count as it reads in a sentence: 2 → two; past twelve, the digits."""
    return _WORDS[value] if 0 <= value < len(_WORDS) else str(value)


def listing(items: Sequence[str], last: str = "and") -> str:
    """`a`, `a and b`, `a, b and c`."""
    items = list(items)
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + f" {last} " + items[-1]


def percent(value: float | Fraction) -> str:
    """A probability as a percentage: one decimal, never rounded to a false 0% or 100%."""
    p = float(value)
    if p <= 0:
        return "0%"
    if p >= 1:
        return "100%"
    text = f"{p * 100:.1f}%"
    if text == "0.0%":
        return "<0.1%"
    if text == "100.0%":
        return ">99.9%"
    return text


def present(outputs: Sequence[Output], result: Mapping[str, Any]) -> dict[str, str]:
    """Each output of `result` as escaped HTML, keyed by output name."""
    shown: dict[str, str] = {}
    for out in outputs:
        if out.name not in result:
            continue
        value = result[out.name]
        if out.kind in {"chart", "table"}:
            shown[out.name] = str(value)  # built by calculators.charts, which escapes its text
        elif out.kind in {"int", "number"}:
            shown[out.name] = html.escape(number(value))
        elif out.kind == "percent":
            shown[out.name] = html.escape(percent(value))
        elif out.kind == "list":
            shown[out.name] = html.escape(", ".join(str(v) for v in value) or "none")
        else:
            shown[out.name] = html.escape(str(value))
    return shown
