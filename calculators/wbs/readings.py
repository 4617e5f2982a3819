"""What a WBS reading changes: the numbers a source note's reading sets, and halving or dividing as it rounds.

The input that offers a note's readings is `calculators.readings.reading_input`, the one for every game.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .. import rules

GAME = "wbs"


def reading_set(note_id: str, option_id: str) -> Mapping[str, Any]:
    """The numbers a reading changes (empty for the site's usual numbers)."""
    return rules.reading_option(GAME, note_id, option_id).get("set", {})


def half(value: int, rounding: str) -> int:
    """Half of `value`, rounded up or down as the reading says."""
    return -(-value // 2) if rounding == "up" else value // 2


def divide(value: int, by: int, rounding: str) -> int:
    """`value` / `by`, rounded up or down as the reading says."""
    return -(-value // by) if rounding == "up" else value // by
