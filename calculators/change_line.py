"""The one grammar of a table tool's change line: who (a combatant's name) and by how much ("−3").

Every game's tracker reads the game master's typed change with this module, so the same text is
taken or refused alike in every game; what a sign means (adds, takes away, sets) stays each
game's own. The grammar takes what a phone keyboard types: any of its plus, minus and dash signs,
`=` to set, Unicode spaces around the sign and the digits, and full-width or other Unicode
decimal digits. A name is found with case, width and spacing aside, and never by a guess: a name
two combatants share is refused until one is renamed.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from . import limits
from .errors import Problems
from .fields import row_name
from .present import listing

COMBATANT = "Combatant"  # one row of a tracker's fighters; an unnamed row is called "Combatant 3"
BARE, PLUS, MINUS, SETS = "", "+", "-", "="  # an Amount's sign: none typed, a plus, a minus or dash, an equals
_SIGNS = {
    "+": PLUS, "\uff0b": PLUS,  # plus, full-width plus
    "-": MINUS, "\u2212": MINUS, "\u2013": MINUS, "\u2014": MINUS, "\u2012": MINUS,  # hyphen-minus, minus, dashes
    "\ufe63": MINUS, "\uff0d": MINUS,  # small and full-width hyphen-minus
    "=": SETS, "\uff1d": SETS,  # equals, full-width equals
}
_DIGITS = len(str(limits.CHANGE))
_ALLOWED = (f"A change is a whole number up to {limits.CHANGE:,}, with + or − before it if you like, "
            "or = to set: 4, +4, −2 or =5")


@dataclass(frozen=True, slots=True)
class Amount:
    """A typed change: its sign (`+`, `-`, `=`, or `` for a bare number) and its size."""

    sign: str
    size: int

    def applied_to(self, value: int) -> int:
        """The value after the change (a bare number adds, as in every game's tracker)."""
        if self.sign == SETS:
            return self.size
        return value - self.size if self.sign == MINUS else value + self.size

    @property
    def signed(self) -> int:
        """The change as a signed number (`=` counts as its size)."""
        return -self.size if self.sign == MINUS else self.size

    @property
    def adds(self) -> bool:
        """Whether it was typed as an addition: a plus, or no sign at all."""
        return self.sign in (BARE, PLUS)


def parse_amount(text: str) -> Amount | None:
    """The change typed, None when nothing was typed, or ValueError saying what is allowed.

    >>> parse_amount("\u2013 3")
    Amount(sign='-', size=3)
    >>> parse_amount("\uff0b\uff14")
    Amount(sign='+', size=4)
    """
    body = text.strip()  # str.strip takes exactly the characters str.isspace calls spaces
    if not body:
        return None
    sign = _SIGNS.get(body[0], BARE)
    digits = body[1:].lstrip() if body[0] in _SIGNS else body
    if not digits.isdecimal() or len(digits) > _DIGITS:
        raise ValueError(f"{_ALLOWED} (got {body!r})")
    size = int("".join(str(unicodedata.decimal(d)) for d in digits))  # any script's digits, read as 0-9
    if size > limits.CHANGE:
        raise ValueError(f"{_ALLOWED} (got {body!r})")
    return Amount(sign, size)


def name_key(name: str) -> str:
    """A name as the grammar compares it: width and case folded, spaces collapsed.

    >>> name_key("  \uff27\uff2f\uff22\uff2c\uff29\uff2e   2 ") == name_key("goblin 2")
    True
    """
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())
    return " ".join(folded.split())


def combatant_names(rows: Sequence[Mapping[str, Any]]) -> list[str]:
    """Each row's name as the tracker shows it (`Combatant 3` for a row with none)."""
    return [row_name(row, COMBATANT, n) for n, row in enumerate(rows, start=1)]


def find_target(names: Sequence[str], typed: str, problems: Problems, field: str = "target") -> int | None:
    """The index of the one combatant `typed` names (case, width and spacing aside), or None with the problem added."""
    wanted = name_key(typed)
    shown = " ".join(typed.split())
    if not wanted:
        problems.add(field, "Pick who this is for: tap a name in the table, or type it")
        return None
    found = [i for i, name in enumerate(names) if name_key(name) == wanted]
    if len(found) == 1:
        return found[0]
    if found:
        rows = listing([str(i + 1) for i in found])
        problems.add(field, f"{len(found)} combatants are called {shown!r} (rows {rows}): which one? "
                            "Rename one so the change cannot land on the wrong one")
    else:
        problems.add(field, f"No combatant is called {shown!r} (there are: {', '.join(names)})" if names
                     else f"No combatant is called {shown!r}: the fight has nobody in it yet")
    return None
