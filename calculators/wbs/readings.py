"""Reading inputs: where the book is open, the reader picks a reading from its source note."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .. import readings, rules
from ..spec import Input

GAME = "wbs"


def reading_input(name: str, note_id: str, group: str = "Readings") -> Input:
    """A choice input offering every reading of a WBS source note, the site's reading first."""
    return readings.reading_input(GAME, name, note_id, group=group)


def reading_set(note_id: str, option_id: str) -> Mapping[str, Any]:
    """The numbers a reading changes (empty for the site's usual numbers)."""
    return rules.reading_option(GAME, note_id, option_id).get("set", {})


def half(value: int, rounding: str) -> int:
    """Half of `value`, rounded up or down as the reading says."""
    return -(-value // 2) if rounding == "up" else value // 2


def divide(value: int, by: int, rounding: str) -> int:
    """`value` / `by`, rounded up or down as the reading says."""
    return -(-value // by) if rounding == "up" else value // by
