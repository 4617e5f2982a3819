"""Worked examples played out: an example's inputs, then each of its steps, run through its calculator.

A step types some inputs (`set`), presses one of the calculator's buttons (`press`: an output
that sets inputs, such as a fight's Next), then checks outputs (`expect`) and inputs (`state`; a
rows input by position, only the fields given). The build's checks and the page's example block
both play an example here, so what the page shows is what the build checked.
"""

from __future__ import annotations

import weakref
from collections.abc import Collection, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

import calculators

JsonPath = tuple[str | int, ...]


class ExampleError(ValueError):
    """An example that cannot be played: a bad input, or a press of something that is no button."""

    def __init__(self, where: JsonPath, message: str) -> None:
        super().__init__(message)
        self.where = where
        self.message = message


@dataclass(frozen=True, slots=True)
class Played:
    """The inputs after one stage of an example (its start, or a step) and the calculator's answer to them."""

    where: JsonPath  # () for the start, ("steps", n) for a step
    inputs: dict[str, Any]
    result: dict[str, Any]  # the outputs the example states or presses, as data


@dataclass(frozen=True, slots=True)
class Check:
    """One value an example states, beside what the calculator gives."""

    where: JsonPath  # the path of the stated value in the example
    kind: str        # "output" or "input"
    name: str        # the output's or input's name
    row: int | None  # for a rows input, the row's index
    field: str       # for a rows input, the field
    expected: Any
    got: Any

    @property
    def agrees(self) -> bool:
        """Whether the calculator gives what the example states."""
        return self.expected == self.got


def _run(engine: calculators.Engine, calc_id: str, inputs: Mapping[str, Any], where: JsonPath,
         only: Collection[str]) -> dict[str, Any]:
    try:
        return engine.run(calc_id, inputs, only)
    except calculators.InputError as exc:
        raise ExampleError((*where, exc.field), f"{calc_id} refuses the inputs here: {exc.message}") from None


def _chosen(inputs: Mapping[str, Any], choose: Mapping[str, Any], where: JsonPath) -> dict[str, Any]:
    """The rows inputs after a round prompt's choices: each record's fields set on the row at its position."""
    out = {}
    for name, records in choose.items():
        rows = inputs.get(name)
        if not isinstance(rows, list) or len(records) > len(rows):
            raise ExampleError((*where, name), f"choices for {len(records)} rows, but {name} has "
                                               f"{len(rows) if isinstance(rows, list) else 'no'} rows here")
        out[name] = [{**row, **(records[i] if i < len(records) else {})} for i, row in enumerate(rows)]
    return out


# What each engine played, by example (the example kept, so its id is not another's): the build's
# checks play every example, and a page's example block shows the same stages.
_PLAYED: weakref.WeakKeyDictionary[calculators.Engine, dict[int, tuple[Mapping[str, Any], list[Played]]]] = (
    weakref.WeakKeyDictionary())


def play(engine: calculators.Engine, example: Mapping[str, Any]) -> list[Played]:
    """The example's stages: its inputs as given, then each step's (ExampleError if one cannot be played).
    An engine plays an example once (the stages are shared: read them, never change them)."""
    played = _PLAYED.setdefault(engine, {})
    kept = played.get(id(example))
    if kept is not None and kept[0] is example:
        return kept[1]
    stages = _played(engine, example)
    played[id(example)] = (example, stages)
    return stages


def _played(engine: calculators.Engine, example: Mapping[str, Any]) -> list[Played]:
    calc_id = example["calculator"]
    inputs = dict(example["inputs"])
    # Only the outputs the example states or presses (at every stage: whether one exists is read
    # from the first), not the whole answer as data.
    steps = example.get("steps", ())
    only = {*example.get("expect", {}),
            *(name for step in steps for name in (*step.get("expect", {}), step.get("press")) if name)}
    stages = [Played((), inputs, _run(engine, calc_id, inputs, ("inputs",), only))]
    for n, step in enumerate(steps):
        where: JsonPath = ("steps", n)
        inputs = {**inputs, **_chosen(inputs, step.get("choose", {}), (*where, "choose")), **step.get("set", {})}
        if "press" in step:
            pressed = _run(engine, calc_id, inputs, (*where, "set"), only).get(step["press"])
            if not isinstance(pressed, Mapping) or pressed.get("type") != "apply":
                raise ExampleError((*where, "press"), f"{calc_id} has no button '{step['press']}' to press here")
            inputs = {**inputs, **dict(pressed["sets"])}
        stages.append(Played(where, inputs, _run(engine, calc_id, inputs, where, only)))
    return stages


def checks(example: Mapping[str, Any], stages: list[Played]) -> Iterator[Check]:
    """Every value the example states, at the start and after each step, beside what was computed."""
    steps = example.get("steps", ())
    for stage in stages:
        said = example if not stage.where else steps[stage.where[1]]
        for name, expected in said.get("expect", {}).items():
            got = stage.result.get(name, _MISSING)
            yield Check((*stage.where, "expect", name), "output", name, None, "", expected, got)
        for name, expected in said.get("state", {}).items():
            got = stage.inputs.get(name, _MISSING)
            if isinstance(expected, list):
                for i, fields in enumerate(expected):
                    row = got[i] if isinstance(got, list) and i < len(got) else {}
                    for field, value in fields.items():
                        yield Check((*stage.where, "state", name, i, field), "input", name, i, field, value,
                                    row.get(field, _MISSING))
            else:
                yield Check((*stage.where, "state", name), "input", name, None, "", expected, got)


class _Missing:
    def __repr__(self) -> str:
        return "nothing"


_MISSING = _Missing()
