"""rain.taiji: the trigram the Taiji moves to when a point of Qi is spent."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .. import rules
from ..results import TrigramMove, trigram
from ..spec import Calculator, Choice, Input, Output


def data() -> Mapping[str, Any]:
    """rules_data/rain/trigrams.yaml."""
    return rules.table("rain/trigrams")


def trigram_entry(trigram_id: str) -> Mapping[str, Any]:
    """One trigram."""
    return rules.by_id(data()["trigrams"], trigram_id)


def by_lines(lines: Sequence[str]) -> Mapping[str, Any]:
    """The trigram with these lines (bottom first)."""
    for t in data()["trigrams"]:
        if list(t["lines"]) == list(lines):
            return t
    raise LookupError(f"no trigram has the lines {list(lines)} in rules_data/rain/trigrams.yaml")


def after_spending(trigram_id: str, spend: str) -> Mapping[str, Any]:
    """The trigram after one point of `spend` ('yang' or 'yin') moves the Taiji."""
    move = data()["taiji_move"]
    lines = list(trigram_entry(trigram_id)["lines"])
    new = move[f"{spend}_line"]
    lines = [new, *lines] if move["added_at"] == "bottom" else [*lines, new]
    lines = lines[:-1] if move["removed_from"] == "top" else lines[1:]
    return by_lines(lines)


def _inputs() -> list[Input]:
    trigrams = data()["trigrams"]
    return [
        Input("trigram", "Trigram under the Taiji now", "choice", default=trigrams[0]["id"],
              choices=tuple(Choice(t["id"], f"{t['name']} {t['glyph']}") for t in trigrams)),
        Input("spend", "Qi spent", "choice", default="yin",
              choices=(Choice("yang", "Yang (adds a solid line)"), Choice("yin", "Yin (adds a broken line)"))),
    ]


def _outputs() -> list[Output]:
    return [
        Output("trigram", "The Taiji moves to", "text"),
        Output("lines", "Its lines, top first", "list"),
        Output("weather", "Weather if a scene starts there", "text"),
        Output("drawing", "Before and after", "chart"),
    ]


def compute(values: Mapping[str, Any]) -> dict[str, Any]:
    """The new trigram, its lines and its Weather."""
    before = trigram_entry(values["trigram"])
    after = after_spending(values["trigram"], values["spend"])
    return {
        "trigram": f"{after['name']} {after['glyph']} ({after['pinyin']} {after['hanzi']})",
        "lines": ["solid" if line == "yang" else "broken" for line in reversed(after["lines"])],
        "weather": after["weather"],
        "drawing": TrigramMove(trigram(before), trigram(after)),
    }


CALCULATORS = (
    Calculator(
        id="rain.taiji",
        title="Moving the Taiji",
        summary="Where the Taiji goes when you spend a point of Yang or Yin Qi.",
        inputs=_inputs,
        outputs=_outputs,
        compute=compute,
        follows=("rain.weather-list",),
    ),
)
