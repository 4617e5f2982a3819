"""The errors the engine raises: an input the rules do not allow (the one a reader can cause),
and a creature file that names rules which do not exist."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class FieldProblem:
    """One input that is not allowed, and why, in words for the reader."""

    field: str
    message: str


class InputError(ValueError):
    """An input the calculator cannot accept; `.field` names it, `.problems` lists all found."""

    def __init__(self, field: str, message: str, problems: tuple[FieldProblem, ...] = ()) -> None:
        super().__init__(message)
        self.field = field
        self.message = message
        self.problems = problems or (FieldProblem(field, message),)

    def as_dict(self) -> dict[str, object]:
        """The error as JSON-able data, for the browser."""
        return {
            "field": self.field,
            "message": self.message,
            "problems": [{"field": p.field, "message": p.message} for p in self.problems],
        }


class Problems:
    """Collects every problem with a set of inputs, so the reader sees them all at once."""

    def __init__(self) -> None:
        self._found: list[FieldProblem] = []

    def add(self, field: str, message: str) -> None:
        """Record that `field` is not allowed, with a message saying what is."""
        if not any(p.field == field for p in self._found):
            self._found.append(FieldProblem(field, message))

    def __bool__(self) -> bool:
        return bool(self._found)

    def raise_if_any(self) -> None:
        """Raise one InputError carrying every recorded problem."""
        if self._found:
            first = self._found[0]
            raise InputError(first.field, first.message, tuple(self._found))


class CreatureError(ValueError):
    """A creature file names something the rules do not have."""
