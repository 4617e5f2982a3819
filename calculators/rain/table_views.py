"""What each person at the tile table sees: a player's view from their code, and the shared parts.

A player's view is drawn from a `SeatView` alone (what their code carries), so it cannot show a
tile the code does not hold; the GM's table draws its middle from the same view.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..results import Board, Hand, Section
from . import piles as pl
from . import qi as qi_rules
from . import taiji as tj
from .seat_code import SeatView


def seat_name(names: Sequence[str] | None, seat: int) -> str:
    """A seat as the page names it: its player's name where the GM gave one."""
    return names[seat] if names and seat < len(names) and names[seat] else f"Seat {seat + 1}"


def qi_line(yang: int, yin: int) -> str:
    """A seat's Qi left this scene."""
    return f"Qi left this scene: {qi_rules.show_split(yang, yin)}."


def taiji_lines(trigram_id: str) -> tuple[str, ...]:
    """Where the Taiji stands, and the Weather it would give a scene starting now."""
    t = tj.trigram_entry(trigram_id)
    return (f"The Taiji is on {t['name']} {t['glyph']} ({t['pinyin']} {t['hanzi']}).",
            f"Weather for a scene starting now: {t['weather']}")


def spent_hands(discard: pl.Pile, sky: pl.Pile, order: str) -> tuple[Hand, ...]:
    """The discard and the Sky's tiles, face up for everyone."""
    return (Hand(f"The discard ({pl.size(discard)})", tuple(pl.tiles(pl.listed(discard), order))),
            Hand(f"Paid to the Sky ({pl.size(sky)})", tuple(pl.tiles(pl.listed(sky), order))))


def mine(view: SeatView, names: Sequence[str] | None) -> Board:
    """A player's own tiles, large, and their Qi."""
    tiles = tuple(pl.tiles(pl.listed(view.mine), view.rank_order))
    worth = pl.value(view.mine)
    return Board((Section(
        f"Your tiles: {seat_name(names, view.seat)}",
        lines=(f"You keep {len(tiles)} tile{'' if len(tiles) == 1 else 's'}, worth {worth} in the Sky.",
               qi_line(*view.qi[view.seat])),
        hands=(Hand("Your tiles, highest first", tiles, large=True),), mark="current"),))


def others(view: SeatView, names: Sequence[str] | None) -> Board:
    """Every other seat: how many tiles it keeps (face down) and its Qi."""
    sections = []
    for seat in range(view.seats):
        if seat == view.seat:  # (the table's own view has no seat of its own: every seat is shown)
            continue
        count = view.counts[seat]
        sections.append(Section(seat_name(names, seat), lines=(qi_line(*view.qi[seat]),),
                                hands=(Hand(f"Keeps {count} tile{'' if count == 1 else 's'}", backs=count),)))
    return Board(tuple(sections), empty="No other seats.")


def table(view: SeatView) -> Board:
    """What everyone sees in the middle of the table: the Taiji, the pool, the discard, the Sky."""
    counts = (f"In the pool: {view.pool()} tiles."
              + (f" On the table, in the contest being played: {view.table}." if view.table else ""))
    return Board((Section("The table", lines=(*taiji_lines(view.taiji), counts),
                          hands=spent_hands(view.discard, view.sky, view.rank_order)),))
