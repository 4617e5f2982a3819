"""What a calculator is: its inputs, its outputs, and the function that computes one from the other.

Inputs are checked here, before any rule runs, so every calculator gets the same clear
messages for the same mistakes, and every problem with a form is reported at once.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from . import rowcode
from .errors import InputError, Problems
from .results import as_data
from .rules import current

InputKind = Literal["int", "choice", "bool", "text", "rows"]
OutputKind = Literal["int", "number", "text", "list", "percent", "chart", "table", "tiles", "board"]


@dataclass(frozen=True, slots=True)
class Choice:
    """One allowed value of a choice input, with the words a reader sees for it."""

    value: str
    label: str


@dataclass(frozen=True, slots=True)
class Input:
    """One input of a calculator: a form control in the page, a key in `run`'s inputs."""

    name: str
    label: str
    kind: InputKind = "int"
    default: int | str | bool | tuple[Mapping[str, Any], ...] = 0
    minimum: int | None = None  # text: fewest characters; rows: fewest rows
    maximum: int | None = None
    choices: tuple[Choice, ...] = ()
    help: str = ""
    group: str = ""
    note: str = ""  # `game.note-id` of the source note whose reading this input picks (house rules follow it)
    fields: tuple[Input, ...] = ()  # rows: the fields of each record (int, choice, bool or text)
    item: str = ""  # rows: what one row is called ("Combatant"), in messages and controls
    draft: bool = False  # a table tool's change being entered (who, how much): not the game, consumed by a press
    # rows: a table tool's example fight ("Try an example fight"), and what a link from before the
    # tool started empty meant by leaving the rows out (the default they had then)
    example: tuple[Mapping[str, Any], ...] = ()
    # Held by the reader's device and sent with each question, never drawn as a control: no link, save,
    # log or kept game holds it (the tile table's key that signs seat codes; the page supplies it).
    secret: bool = False

    def as_dict(self) -> dict[str, Any]:
        """The input as catalog data."""
        out: dict[str, Any] = {
            "name": self.name,
            "label": self.label,
            "type": self.kind,
            "default": self.default,
        }
        if self.kind == "int":
            out["min"] = self.minimum
            out["max"] = self.maximum
        if self.kind == "text":
            out["min_length"] = self.minimum or 0
            out["max_length"] = self.maximum
        if self.kind == "rows":
            out["default"] = [dict(r) for r in self.default]  # type: ignore[arg-type, union-attr]
            out.update(min_rows=self.minimum or 0, max_rows=self.maximum, item=self.item,
                       fields=[f.as_dict() for f in self.fields])
            out["code"] = rowcode.encode(out["fields"], out["default"])  # the default as a link carries it
            if self.example:
                out["example"] = [dict(r) for r in self.example]
                out["example_code"] = rowcode.encode(out["fields"], out["example"])
        if self.choices:
            out["choices"] = [{"value": c.value, "label": c.label} for c in self.choices]
        if self.help:
            out["help"] = self.help
        if self.group:
            out["group"] = self.group
        if self.note:
            out["note"] = self.note
        if self.draft:
            out["draft"] = True
        if self.secret:
            out["secret"] = True
        return out


@dataclass(frozen=True, slots=True)
class Output:
    """One result of a calculator: an `<output>` in the page, a key in `run`'s result."""

    name: str
    label: str
    kind: OutputKind = "int"
    help: str = ""
    folded: bool = False  # shown folded, a tap away (a long reference beside a table tool's fight)

    def as_dict(self) -> dict[str, Any]:
        """The output as catalog data."""
        out: dict[str, Any] = {"name": self.name, "label": self.label, "type": self.kind}
        if self.help:
            out["help"] = self.help
        if self.folded:
            out["folded"] = True
        return out


def drafted(inputs: Sequence[Input]) -> list[Input]:
    """The same inputs marked as a table tool's change being entered (not the game; a press consumes them)."""
    return [replace(i, draft=True) for i in inputs]


Compute = Callable[[Mapping[str, Any]], dict[str, Any]]
Press = Callable[[Mapping[str, Any], str], Any]  # one output's result alone, as `compute` would give it


@dataclass(frozen=True, slots=True)
class Calculator:
    """A calculator: `inputs` and `outputs` are read from the rules when asked for."""

    id: str
    title: str
    summary: str | Callable[[], str]  # a callable when the summary states numbers from the rules
    inputs: Callable[[], Sequence[Input]]
    outputs: Callable[[], Sequence[Output]]
    compute: Compute
    # The source notes (`game.note-id`) whose site's reading this calculator uses without offering the choice.
    # A note its form offers as a choice is named by that reading input alone (`Input.note`), never here:
    # the form links both kinds (`describe()["source_notes"]`), and a note's page lists both, derived.
    follows: tuple[str, ...] = field(default=())
    # A table tool's one output worked out alone (its buttons, when a log's change presses one): the
    # same result as `compute(values)[output]` and the same refusals, without the views it does not need.
    press: Press | None = None

    def output(self, values: Mapping[str, Any], name: str) -> Any:
        """The typed result of one output for typed inputs (refusals as `compute` raises them)."""
        return self.press(values, name) if self.press is not None else self.compute(values)[name]

    def describe(self) -> dict[str, Any]:
        """The calculator as catalog data."""
        inputs = self.inputs()
        return {
            "id": self.id,
            "title": self.title,
            "summary": self.summary if isinstance(self.summary, str) else self.summary(),
            "inputs": [i.as_dict() for i in inputs],
            "outputs": [o.as_dict() for o in self.outputs()],
            "source_notes": linked_notes(inputs, self.follows),
            "follows": list(self.follows),
        }

    def run(self, raw: Mapping[str, object], only: Collection[str] | None = None) -> dict[str, Any]:
        """Check `raw` against the inputs, then compute; typed results come back as JSON-able data
        (`only`: just those outputs, for a reader that needs a few of a big answer)."""
        results = self.results(raw)
        if only is not None:
            results = {name: value for name, value in results.items() if name in only}
        return as_data(results)

    def results(self, raw: Mapping[str, object]) -> Mapping[str, Any]:
        """Check `raw` against the inputs, then compute; typed results as they are (for `present`)."""
        # The form is read from the rules once per engine, not on every answer.
        return self.compute(parse_inputs(current().memo(("inputs", self.id), self.inputs), raw))


def linked_notes(inputs: Sequence[Input], follows: Sequence[str]) -> list[str]:
    """Every source note a calculator's form links, once each: its reading inputs' notes in the form's order,
    then the notes it follows."""
    offered = [each.note for i in inputs for each in (i, *i.fields) if each.note]
    return list(dict.fromkeys([*offered, *follows]))


_WHOLE = re.compile(r"[+-]?[0-9]{1,18}")  # ASCII digits only; no 5,000-digit numbers


def parse_inputs(inputs: Sequence[Input], raw: Mapping[str, object]) -> dict[str, Any]:
    """Typed values for every input (defaults for those not given), or InputError naming each bad one."""
    if not isinstance(raw, Mapping):
        raise InputError("", f"inputs must be a mapping of names to values (got {type(raw).__name__})")
    known = {i.name for i in inputs}
    problems = Problems()
    for name in raw:
        if name not in known:
            allowed = ", ".join(sorted(known))
            problems.add(str(name), f"'{name}' is not an input of this calculator (it takes {allowed})")
    values: dict[str, Any] = {}
    for spec in inputs:
        value = raw.get(spec.name, spec.default)
        try:
            values[spec.name] = _parse_one(spec, value)
        except ValueError as exc:
            for problem in getattr(getattr(exc, "error", None), "problems", ()):  # rows: one per bad field
                problems.add(problem.field, problem.message)
            if not hasattr(exc, "error"):
                problems.add(spec.name, str(exc))
    problems.raise_if_any()
    return values


def _parse_one(spec: Input, value: object) -> Any:
    if spec.kind in ("text", "rows"):
        from .fields import parse_rows, parse_text

        return parse_text(spec, value) if spec.kind == "text" else parse_rows(spec, value, _parse_one)
    if spec.kind == "int":
        return _parse_whole(spec, value)
    if spec.kind == "bool":
        return _parse_bool(spec, value)
    allowed = [c.value for c in spec.choices]
    if isinstance(value, str) and value in allowed:
        return value
    words = ", ".join(allowed)
    raise ValueError(f"{spec.label} must be one of: {words} (got {_shown(value)})")


def _parse_whole(spec: Input, value: object) -> int:
    number: int | None = None
    if isinstance(value, bool):
        number = None
    elif isinstance(value, int):
        number = value
    elif isinstance(value, float) and value.is_integer():
        number = int(value)
    elif isinstance(value, str) and _WHOLE.fullmatch(value.strip()):
        number = int(value.strip())
    low, high = spec.minimum, spec.maximum
    if number is not None and (low is None or number >= low) and (high is None or number <= high):
        return number
    if low is not None and high is not None:
        allowed = f"a whole number from {low} to {high}"
    elif low is not None:
        allowed = f"a whole number, {low} or more"
    elif high is not None:
        allowed = f"a whole number, {high} or less"
    else:
        allowed = "a whole number"
    raise ValueError(f"{spec.label} must be {allowed} (got {_shown(value)})")


def _parse_bool(spec: Input, value: object) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().lower() in {"true", "1", "on"}:
        return True
    if isinstance(value, str) and value.strip().lower() in {"false", "0", "off", ""}:
        return False
    if isinstance(value, int) and value in (0, 1):
        return bool(value)
    raise ValueError(f"{spec.label} must be on or off (got {_shown(value)})")


def _shown(value: object) -> str:
    if value is None or value == "":
        return "nothing"
    text = str(value)
    if len(text) > 24:
        text = text[:21] + "..."
    return repr(text) if isinstance(value, str) else text
