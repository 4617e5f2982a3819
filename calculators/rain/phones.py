"""What each phone linked to the tile table is sent (the GM's device sends it; see ARCHITECTURE, "The phone link").

A seat's phone gets its own tiles face up, every other seat face down with its Qi, and the middle of the table:
the same boards a seat's code opens in "My tiles" (`table_views`, from `seat_code.of_state`), so a phone cannot
be sent a tile its seat's code would not hold. A phone that plays no seat, and the shared screen, get the table's
own view (no seat's tiles). What a player may ask for from their phone (spend Qi, split it, their side's Aspect)
comes with their seat's part, as the GM's buttons would set it: the GM's device applies the sets it sent, never
what a phone sends back.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..results import Act, PhoneViews, Seated, SeatPhone
from . import elements as el
from . import piles as pl
from . import qi as qi_rules
from . import seat_code as sc
from . import session as ss
from . import table_views as tv


def scene_words(state: ss.State) -> str:
    """The session's round, as a phone shows it."""
    return f"Scene {state.scene}" if state.scene else "Before the first scene"


def now_words(state: ss.State) -> str:
    """What the table waits for, as a player's phone says it (the GM's page says what the GM does next)."""
    contest = state.contest
    if state.scene == 0 and contest is None:
        return "Waiting for the first scene: each player's Qi is split as it starts."
    if contest is None:
        return "Between contests: the GM picks the next two sides, and each chooses an Aspect."
    who = [state.names[s.seat] for s in contest.sides]
    if contest.awaiting_draw() and not contest.codes:
        return f"{who[0]} and {who[1]} may spend Qi; then the GM draws."
    if contest.awaiting_draw():
        return "The GM draws the tile that replaces the one set aside."
    side = ss.winner(state, contest)
    if side is None:
        return ss.outcome(state, contest)
    return f"{who[side]} won: the GM makes the exchange of tiles."


def contest_words(state: ss.State) -> str:
    """The contest on the table, in a line ("" when there is none)."""
    contest = state.contest
    if contest is None:
        return ""
    a, b = contest.sides
    return (f"{state.names[a.seat]}'s {el.element_name(a.element)} (Alchemy {a.alchemy}) against "
            f"{state.names[b.seat]}'s {el.element_name(b.element)} (Alchemy {b.alchemy})")


def seated(state: ss.State) -> tuple[Seated, ...]:
    """Every seat as anyone at the table may know it: its tiles' count and its Qi, and whether it contests now."""
    playing = {s.seat for s in state.contest.sides} if state.contest else set()
    out = []
    for seat, name in enumerate(state.names):
        count = pl.size(state.piles[seat])
        out.append(Seated(name, f"keeps {count} tile{'' if count == 1 else 's'}; Qi "
                                f"{qi_rules.show_split(*state.qi[seat])}", seat in playing))
    return tuple(out)


def views(state: ss.State, acts: Sequence[tuple[Act, ...]], notes: Sequence[str]) -> PhoneViews:
    """The phones' projections of the session at this step; `acts[n]` is what seat n may ask for, `notes[n]` where
    that seat stands."""
    names = state.names
    shared = sc.of_state(state, state.seats)
    phones = []
    for seat in range(state.seats):
        view = sc.of_state(state, seat)
        phones.append(SeatPhone(names[seat], (tv.mine(view, names), tv.others(view, names), tv.table(view)),
                                acts[seat], notes[seat]))
    return PhoneViews(state.step, scene_words(state), now_words(state), contest_words(state), seated(state),
                      (tv.others(shared, names), tv.table(shared)), tuple(phones))
