"""The two input kinds that are not numbers or choices: `text` (a name, a note) and `rows`.

Text is data, never markup: it is trimmed, its control characters become spaces (Markdown would
read a carriage return as a line break), and it is held to its length; every place it is shown
escapes it (calculators.present). Rows are records with declared fields, each checked as the
input of that kind would be, every problem named by row and field ("Combatant 3, Reflex: …").
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from . import rowcode
from .errors import InputError, Problems
from .rules import current

if TYPE_CHECKING:
    from .spec import Input

_CONTROL = re.compile(r"[\x00-\x1f\x7f\u2028\u2029]")


def parse_text(spec: Input, value: object) -> str:
    """The text, trimmed and with control characters as spaces, or ValueError saying what is allowed."""
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        raise ValueError(f"{spec.label} must be text")
    text = _CONTROL.sub(" ", str(value)).strip()
    longest, shortest = spec.maximum, spec.minimum or 0
    if longest is not None and len(text) > longest:
        raise ValueError(f"{spec.label} must be at most {longest} characters (got {len(text)})")
    if len(text) < shortest:
        raise ValueError(f"{spec.label} must not be empty" if shortest == 1
                         else f"{spec.label} must be at least {shortest} characters (got {len(text)})")
    return text


def parse_rows(spec: Input, value: object, parse_one: Callable[[Input, object], Any]) -> list[Fixed]:
    """Every row checked field by field; InputError lists each bad field as `name.row.field`."""
    item = spec.item or "Row"
    if isinstance(value, str):
        code = value
        try:
            value = _rows_of_code(spec, code, parse_one)
        except rowcode.CodeError as exc:
            raise ValueError(f"{spec.label} could not be read from this link (made by another version of the "
                             f"site? it has {exc})") from None
        fixed = [r for r in value if isinstance(r, Fixed)]
        if len(fixed) == len(value):
            _check_count(spec, len(value))
            return fixed
    if not isinstance(value, (list, tuple)) or not all(isinstance(r, Mapping) for r in value):
        raise ValueError(f"{spec.label} must be a list of records")
    _check_count(spec, len(value))
    problems = Problems()
    known = {f.name: f for f in spec.fields}
    rows: list[Fixed] = []
    for number, raw in enumerate(value, start=1):
        record: dict[str, Any] = {}
        for name in raw:
            if name not in known:
                problems.add(f"{spec.name}.{number}", f"{item} {number}: '{name}' is not one of its fields "
                                                      f"({', '.join(known)})")
        for field in spec.fields:
            try:
                record[field.name] = parse_one(field, raw.get(field.name, field.default))
            except ValueError as exc:
                said = str(exc).removeprefix(field.label).lstrip(" :")
                problems.add(f"{spec.name}.{number}.{field.name}", f"{item} {number}, {field.label}: {said}")
        rows.append(Fixed(record))
    if problems:
        try:
            problems.raise_if_any()
        except InputError as exc:
            raise RowsError(exc) from None
    return rows


def _check_count(spec: Input, count: int) -> None:
    low, high = spec.minimum or 0, spec.maximum
    if count < low or (high is not None and count > high):
        allowed = (f"at most {high}" if not low else f"from {low} to {high}") if high is not None else f"{low} or more"
        raise ValueError(f"{spec.label}: there must be {allowed} (got {count})")


class Fixed(dict[str, Any]):
    """A row checked field by field, as the calculators get it: read-only, and a key by its values.

    A fight's rows arrive again as they were at every change but one, and the same row reaches the
    same rule (its end of round, its card): kept by its code (`_rows_of_code`), it is the same
    object, so what is worked out from it alone can be kept by it too (`calculators.recall`). A
    calculator that needs a changed row makes one (`dict(row)`, `{**row, ...}`): writing to it is
    refused, so a rule can never change a row another answer still holds.
    """

    __slots__ = ("_hash",)

    def __hash__(self) -> int:  # type: ignore[override]  # a dict's values, never changed after it is made
        try:
            return self._hash
        except AttributeError:
            self._hash: int = hash(tuple(self.items()))
            return self._hash

    def _refuse(self, *args: object, **kwargs: object) -> None:
        raise TypeError("a parsed row is read-only: make a changed copy (dict(row))")

    __setitem__ = __delitem__ = update = pop = popitem = clear = setdefault = __ior__ = _refuse  # type: ignore[assignment]


def _rows_of_code(spec: Input, code: str, parse_one: Callable[[Input, object], Any]) -> list[Mapping[str, Any]]:
    """Each row of a code: checked once and kept by its code, since a change to a fight changes one
    row and the other nineteen arrive again as they were; a row with a problem is given back as read,
    for the checks above to name."""
    seen: dict[str, Fixed] = current().memo(("rows", spec.name, spec.fields), dict)
    if len(seen) > 512:  # a long evening of edits: start again rather than grow
        seen.clear()
    fields = None
    rows: list[Mapping[str, Any]] = []
    for row in rowcode.rows_of(code):
        known = seen.get(row)
        if known is None:
            fields = fields or [f.as_dict() for f in spec.fields]
            raw = rowcode.decode_row(fields, row)
            try:
                known = Fixed({f.name: parse_one(f, raw[f.name]) for f in spec.fields})
            except ValueError:
                rows.append(raw)
                continue
            seen[row] = known
        rows.append(known)
    return rows


class RowsError(ValueError):
    """Problems in several fields of a rows input (spec.parse_inputs reports each one)."""

    def __init__(self, error: InputError) -> None:
        super().__init__(error.message)
        self.error = error


def row_name(row: Mapping[str, Any], item: str, number: int) -> str:
    """A row's name as lines show it: its `name` field, or `Combatant 3` when that is blank."""
    return row.get("name") or f"{item} {number}"
