"""Where a round stands: the tick steps of each phase, and the step after the current one.

Inside a phase the fighters with the most ticks left are active, those tied with them too (the
Active Character rule): a phase where the busiest fighter has n ticks runs n steps, and on the
step where n − k ticks are left everyone with at least that many has a tick. A step is named by
its phase and that count, its *level*, which counts down: a fighter who falls mid-phase takes
their ticks with them, and the steps still to come keep their names, so nobody who is standing is
skipped or acts twice (the order moves on; it is never worked out again from the start).

>>> counts = [[1, 2, 0, 1], [1, 1, 1, 0]]  # Reflex 4 and Reflex 3, four phases
>>> [(s.phase, s.level) for s in steps(counts)]
[(1, 1), (2, 2), (2, 1), (3, 1), (4, 1)]
>>> next_step(counts, Step(2, 2))
Step(phase=2, level=1)
>>> next_step([[0, 0, 0, 0], [1, 1, 1, 0]], Step(2, 2))  # the busiest fighter of phase 2 fell
Step(phase=2, level=1)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Step:
    """A tick step: its phase (from 1, in resolution order) and its level (ticks left, counting down to 1)."""

    phase: int
    level: int


def top(counts: Sequence[Sequence[int]], phase: int) -> int:
    """The most ticks any fighter has in a phase: the phase's number of steps."""
    return max((c[phase - 1] for c in counts), default=0)


def has_tick(count: Sequence[int], step: Step) -> bool:
    """Whether a fighter with these counts has a tick on the step."""
    return count[step.phase - 1] >= step.level


def number(counts: Sequence[Sequence[int]], step: Step) -> int:
    """The step's place in its phase, from 1 (as the reader counts it)."""
    return max(1, top(counts, step.phase) - step.level + 1)


def first_step(counts: Sequence[Sequence[int]], after_phase: int = 0) -> Step | None:
    """The first step of the first phase after `after_phase` where anyone has a tick, or None: the round ends."""
    phases = len(counts[0]) if counts else 0
    for phase in range(after_phase + 1, phases + 1):
        most = top(counts, phase)
        if most:
            return Step(phase, most)
    return None


def next_step(counts: Sequence[Sequence[int]], step: Step) -> Step | None:
    """The step after `step` with the counts as they are now, or None when the round's ticks are over."""
    level = min(step.level - 1, top(counts, step.phase))
    if level >= 1:
        return Step(step.phase, level)
    return first_step(counts, step.phase)


def steps(counts: Sequence[Sequence[int]], start: Step | None = None) -> list[Step]:
    """Every step from `start` (the round's first when None) to the round's last."""
    found = []
    step = start or first_step(counts)
    while step is not None:
        found.append(step)
        step = next_step(counts, step)
    return found


def ticks_after(count: Sequence[int], step: Step | None) -> int:
    """A fighter's ticks still to come in the round after `step` (all of them before the first step)."""
    if step is None:
        return sum(count)
    return min(count[step.phase - 1], step.level - 1) + sum(count[step.phase:])
