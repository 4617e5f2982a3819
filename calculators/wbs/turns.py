"""Next: from one tick step of a fight to the next, and from the round's last tick into the next round.

The turn pointer is part of the fight's state: the round, and the step (phase and level, see
`tick_pointer`), or none at the round's start, where EV, Relax and Last Gasp are chosen. Moving on
finishes the step being left (actions that resolved on it are done), passes a tick for each
fighter who has one on the step arrived at (their waiting action counts down), and after the
round's last tick settles the end of the round once (`round_end`) and stops at the next round's start.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from . import fighters, round_end, shared_tick, spending
from .fighters import Readings
from .tick_pointer import Step, first_step, has_tick, next_step


@dataclass(frozen=True, slots=True)
class Moved:
    """Where Next leads: the rows, round and step after it, and what happened on the way."""

    rows: list[dict[str, Any]]
    round: int
    step: Step | None
    events: list[str]
    settled: list[round_end.Settled] | None  # the end of the round, when Next crossed it


def counts_of(rows: Sequence[Mapping[str, Any]], phases: int, readings: Readings) -> list[list[int]]:
    """Every fighter's ticks in each phase, as the rows stand."""
    return [fighters.tick_counts(row, phases, readings) for row in rows]


resolving = shared_tick.resolving


def _leave(rows: list[dict[str, Any]], names: Sequence[str], readings: Readings) -> list[str]:
    # An action with no ticks left to wait resolved on the step being left (its fighter may have fallen since);
    # an Energy Recover among them pays its Stamina and refills the pool as it does.
    events = []
    for row, name in zip(rows, names, strict=True):
        if not row["wait"] and row["action"] != fighters.NO_ACTION:
            if row["recover"]:
                events.append(spending.finish_recover(row, name, readings.recover, readings.last_point))
            row.update(action=fighters.NO_ACTION, carried=False)
        shared_tick.clear(row)
    return events


def _arrive(rows: list[dict[str, Any]], counts: Sequence[Sequence[int]], step: Step) -> None:
    for row, count in zip(rows, counts, strict=True):
        if has_tick(count, step) and row["wait"]:
            row["wait"] -= 1


def advance(rows: Sequence[Mapping[str, Any]], names: Sequence[str], round_number: int, step: Step | None,
            phases: int, readings: Readings) -> Moved:
    """The fight one press of Next later."""
    now = [dict(r) for r in rows]
    events: list[str] = []
    if step is None:
        for i, name in enumerate(names):
            now[i], paid = round_end.start(now[i], readings)
            if paid:
                events.append(f"{name} {paid}")
        counts = counts_of(now, phases, readings)
        after = first_step(counts)
    else:
        counts = counts_of(now, phases, readings)
        events += _leave(now, names, readings)
        after = next_step(counts, step)
        # A step where nobody has a tick any more is passed over: an action that resolved on the step left
        # (an Energy Recover's Stamina paid) may have taken its only fighter out of the round's ticks.
        left = counts_of(now, phases, readings)
        while after is not None and not any(has_tick(c, after) for c in left):
            after = next_step(counts, after)
    if after is None:
        ended = round_end.settle_all(now, names, round_number, readings)
        return Moved([r for r, _ in ended], round_number + 1, None, events, [s for _, s in ended])
    _arrive(now, counts, after)
    return Moved(now, round_number, after, events, None)
