"""A table tool's game as a log of changes, folded into the tool's inputs by the engine.

A table tool (the WBS fight, the Xia conflict, the Rain tile table) is a calculator whose inputs
are the game as it stands. Its game is kept, shared and sent as a *log*: the inputs it started
from and the changes made since, oldest first. Folding the log from its start gives the game now;
the page keeps the state after each change (so Undo and Redo need no engine), and this fold is
what makes those states from a log that carries only the changes (a shared link), and what the
tests hold the page's states equal to.

A change is one of:
- `{"do": "edit", "sets": {input: value}}`: inputs set as they are (a fighter's field typed, a
  fighter added or removed, a save loaded, a step of play whose draw code the device chose);
- `{"do": "press", "output": name, "label": text, "draft": {input: value}}`: a button the
  engine offered (Next, Apply, a catch of breath) pressed, with the change being entered at the
  time (the tool's draft inputs). The engine works the button out again from the state before,
  so a pressed change always follows the rules; a button that state does not offer (its label
  differs) is refused with the change's number.

The draft inputs (who is targeted, the amount typed) are not the game: a press carries the ones it
used, and the button it presses clears what it applied (the trackers' Apply sets the amount back
to nothing), so the same change is never applied twice. The page keeps no draft in its states.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from . import limits
from .errors import InputError
from .results import Act, Apply
from .rules import current
from .spec import Calculator, Input, parse_inputs

EDIT, PRESS = "edit", "press"
KINDS = (EDIT, PRESS)


def drafts(calc: Calculator) -> tuple[Input, ...]:
    """The inputs of a change being entered: not part of the game, consumed by a press."""
    return tuple(i for i in _inputs(calc) if i.draft)


def _inputs(calc: Calculator) -> Sequence[Input]:
    return current().memo(("inputs", calc.id), calc.inputs)


def _buttons(value: Any) -> Iterator[Apply | Act]:
    """Every button in one output's result, in the order it shows them."""
    if isinstance(value, (Apply, Act)):
        yield value
        return
    if isinstance(value, (list, tuple)):
        for v in value:
            yield from _buttons(v)
        return
    slots = getattr(type(value), "__slots__", None)
    if slots and not isinstance(value, (str, bytes, int, float, bool)):
        for name in slots:
            yield from _buttons(getattr(value, name, None))


def _refuse(number: int, label: str, why: str) -> InputError:
    return InputError("log", f"Change {number} of the log ({label or 'unnamed'}): {why}")


def step(calc: Calculator, values: Mapping[str, Any], change: Mapping[str, Any], number: int) -> dict[str, Any]:
    """The inputs after one change, from the typed inputs before it; InputError names a change that does not hold."""
    if not isinstance(change, Mapping) or change.get("do") not in KINDS:
        raise _refuse(number, "", f"a change is one of: {', '.join(KINDS)}")
    named = change.get("label")
    label = named if isinstance(named, str) else ""
    specs = {i.name: i for i in _inputs(calc)}
    if change["do"] == EDIT:
        sets = change.get("sets")
        if not isinstance(sets, Mapping) or any(name not in specs for name in sets):
            raise _refuse(number, label, "an edit sets inputs of this tool by name")
        return {**values, **_typed(calc, sets, number, label, only=True)}
    draft = change.get("draft", {})
    if not isinstance(draft, Mapping) or any(name not in specs or not specs[name].draft for name in draft):
        raise _refuse(number, label, "a press carries only the change being entered")
    output = change.get("output")
    if output not in {o.name for o in calc.outputs()}:
        raise _refuse(number, label, f"this tool has no result called {output!r}")
    before = {**values, **_typed(calc, draft, number, label, only=True)}
    result = calc.output(before, output)
    pressed = next((b for b in _buttons(result) if b.label == label), None)
    if pressed is None:
        raise _refuse(number, label, "the game before it does not offer that button (the log is from another game, "
                                     "or was changed)")
    return {**before, **dict(pressed.sets)}  # the engine's own values: typed already


def _typed(calc: Calculator, raw: Mapping[str, Any], number: int, label: str, *, only: bool = False) -> dict[str, Any]:
    """`raw` checked and typed: every input (defaults for those not given), or `only` those given."""
    specs = _inputs(calc)
    if only:
        specs = [i for i in specs if i.name in raw]
    try:
        return parse_inputs(specs, raw)
    except InputError as exc:
        raise _refuse(number, label, str(exc)) from None


def fold(calc: Calculator, start: Mapping[str, Any], changes: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The tool's inputs after each change of the log, folded from `start` (typed, as `run` takes them)."""
    if not isinstance(changes, Sequence) or isinstance(changes, (str, bytes)):
        raise InputError("log", "a log is a list of changes")
    if len(changes) > limits.LOG_CHANGES:
        raise InputError("log", f"a log holds at most {limits.LOG_CHANGES} changes (got {len(changes)})")
    values = _typed(calc, start, 0, "the start")
    states = []
    for number, change in enumerate(changes, start=1):
        values = step(calc, values, change, number)
        states.append(values)
    return states
