"""rain.tile_seat: one player's view of a tile-table session, opened from their seat's code.

The code carries only what that seat may see (`seat_code`): the player's own tiles, face up
and large; every other seat as a count of tiles face down and its Qi; the discard, the Sky's
tiles and the Taiji. `follow` remembers the session this device plays in, so a code from another
session (an old one, another table's) is refused beside the field and the view stays as it was.

A player's phone holds no key, so it cannot tell whether the GM's device made a code: it reads the
code (a typo is caught), shows what the code says, and says plainly that only the GM's device can
check who made it (`trust`). The table's own code (the shared screen) shows every seat face down.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from .. import limits
from ..errors import InputError
from ..results import Board
from ..spec import Calculator, Input, Output
from . import seat_code as sc
from . import session_code as code
from . import table_views as tv

SESSION_ID = re.compile(rf"[0-9]{{{code.ID_WIDTH}}}")


def _inputs() -> list[Input]:
    return [
        Input("code", "My code", "text", default="", maximum=limits.SEAT_CODE,
              help="The code of your seat, from the GM after each step (capitals and digits; dashes may be left out)"),
        Input("follow", "Session I play in", "text", default="", maximum=code.ID_WIDTH,
              help="Filled in from your first code: a code from any other session is then refused"),
    ]


def _outputs() -> list[Output]:
    return [
        Output("you", "You are", "text"),
        Output("trust", "What this page can check", "text"),
        Output("session", "Session", "text"),
        Output("mine", "My tiles", "board"),
        Output("others", "The other seats", "board"),
        Output("table", "The middle of the table", "board"),
    ]


def compute(values: Mapping[str, Any]) -> dict[str, Any]:
    """The seat's own tiles, the other seats' counts, and the middle of the table."""
    follow = values["follow"]
    if follow and not SESSION_ID.fullmatch(follow):
        raise InputError("follow", f"A session is {code.ID_WIDTH} digits, as the GM's page shows it (got {follow!r})")
    if not values["code"].strip():
        wait = Board((), empty="No code yet.")
        return {"you": "No code yet: type the code your GM's page shows for your seat, or open its link or QR code.",
                "trust": "Nothing to check yet.", "session": follow or "none yet", "mine": wait, "others": wait,
                "table": wait}
    try:
        opened = sc.open_code(values["code"])
    except sc.SeatCodeError as exc:
        raise InputError("code", f"This code cannot be opened: {exc}. Your view stays as it was.") from None
    view = opened.view
    session = f"{view.session:06d}"
    if follow and follow != session:
        raise InputError("code", f"This code is from session {session}, and you play in session {follow}: ask your "
                                 "GM for this session's code (or clear “Session I play in” to follow the other one). "
                                 "Your view stays as it was.")
    said = ("the table's own view (no seat's tiles)" if view.shared
            else f"seat {view.seat + 1} of {view.seats}")
    return {
        "you": f"This code says: {said}, at step {view.step} of session {session}.",
        "trust": _trust(opened.keyed),
        "session": session,
        "mine": (Board((), empty="No tiles: this is the table's view, for a screen everyone sees.") if view.shared
                 else tv.mine(view, None)),
        "others": tv.others(view, None),
        "table": tv.table(view),
    }


def _trust(keyed: bool) -> str:
    if keyed:
        return ("It was read without a typo. This device cannot tell who made it: only the GM's device holds the "
                "key its check is made with. To be sure it is the GM's, bring it back to the GM's device "
                "(“Check a player's code”).")
    return ("It was read without a typo, but it is an older code with no check by a GM device: nobody can verify "
            "who made it or whether it was changed. Ask the GM for this step's code.")


CALCULATORS = (
    Calculator(
        id="rain.tile_seat",
        title="My tiles",
        summary="Your own tiles at the tile table, from your seat's code: the other players' tiles stay face down.",
        inputs=_inputs,
        outputs=_outputs,
        compute=compute,
    ),
)
