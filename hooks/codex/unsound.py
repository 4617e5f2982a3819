"""Values with a problem already reported, which no later check may read.

Checks run in layers (strict YAML, schemas, references, then what the engine computes, then the
pages' markers), and every layer runs even when an earlier one found problems: a contributor
sees every problem of every layer in one `./dev check`. What keeps a later layer from reporting
an earlier problem's consequences (or crashing on them) is that each value with a problem is
replaced by an `Unsound` stand-in, at its own path only: `tiers[0].phases: must be at most 12`
takes `phases` out of use, and every other field of the file stays in use.

An `Unsound` refuses every use (comparing, hashing, arithmetic, iterating, formatting, reading
a field): each raises `NotChecked`, which the layer running the check turns into a `NotRun`
("not checked until …") for the example, creature or marker that read it. A check that never
touches the value runs as if nothing were wrong.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Any, NoReturn

from .problems import NotRun, Problem

JsonPath = tuple[str | int, ...]


class Unsound:
    """Stands where a value with a problem was; any use of it raises NotChecked."""

    __slots__ = ("file", "line", "path")

    def __init__(self, file: str, line: int, path: str) -> None:
        object.__setattr__(self, "file", file)
        object.__setattr__(self, "line", line)
        object.__setattr__(self, "path", path)

    @property
    def where(self) -> str:
        """`rules_data/wbs/tiers.yaml:9 tiers[0].phases`: where the value with a problem stands."""
        return f"{self.file}:{self.line}" + (f" {self.path}" if self.path else "")

    def _refuse(self, *_args: object, **_kwargs: object) -> NoReturn:
        raise NotChecked(self)

    def __getattr__(self, _name: str) -> NoReturn:
        raise NotChecked(self)

    __setattr__ = __delattr__ = _refuse
    __eq__ = __ne__ = __lt__ = __le__ = __gt__ = __ge__ = _refuse
    __hash__ = __bool__ = __len__ = __iter__ = __reversed__ = __contains__ = _refuse
    __getitem__ = __setitem__ = __delitem__ = __call__ = _refuse
    __str__ = __repr__ = __format__ = __bytes__ = _refuse
    __int__ = __float__ = __index__ = __complex__ = __round__ = __trunc__ = __floor__ = __ceil__ = _refuse
    __neg__ = __pos__ = __abs__ = __invert__ = _refuse
    __add__ = __radd__ = __sub__ = __rsub__ = __mul__ = __rmul__ = __truediv__ = __rtruediv__ = _refuse
    __floordiv__ = __rfloordiv__ = __mod__ = __rmod__ = __pow__ = __rpow__ = __divmod__ = __rdivmod__ = _refuse
    __and__ = __rand__ = __or__ = __ror__ = __xor__ = __rxor__ = __lshift__ = __rshift__ = _refuse
    __html__ = _refuse  # Jinja2 and MarkupSafe ask for it before escaping


class NotChecked(Exception):
    """A check read a value that has a problem: it waits until that problem is fixed."""

    def __init__(self, unsound: Unsound) -> None:
        self.unsound = unsound
        super().__init__(unsound.where)


_STEP = re.compile(r"\[(\d+)\]|\.?([^.\[\]]+)")


def parse_path(dotted: str) -> JsonPath:
    """`skills[0].ranks.stealth` → ('skills', 0, 'ranks', 'stealth'): a problem's path, back to a JsonPath."""
    return tuple(int(m[1]) if m[1] is not None else m[2] for m in _STEP.finditer(dotted))


def set_unsound(value: Any, where: JsonPath, stand_in: Unsound) -> bool:
    """Put `stand_in` at `where` inside `value` (a path that leads nowhere changes nothing); True if put."""
    if not where:
        return False  # a whole file is taken out by its loader, which holds the reference
    parent = value
    for step in where[:-1]:
        try:
            if isinstance(parent, dict):  # noqa: SIM114 (one branch each, so the type checker sees the step's type)
                parent = parent[step]
            elif isinstance(parent, list) and isinstance(step, int):
                parent = parent[step]
            else:
                return False
        except (KeyError, IndexError, TypeError):
            return False
        if parent is None:
            return False
    last = where[-1]
    if isinstance(parent, dict) and last in parent:
        parent[last] = stand_in
        return True
    if isinstance(parent, list) and isinstance(last, int) and 0 <= last < len(parent):
        parent[last] = stand_in
        return True
    return False


def waiting(what: str, found: Iterable[Problem | NotRun], *, file: str = "", line: int = 0
            ) -> Iterator[Problem | NotRun]:
    """The problems one item's check finds; if it reads an unsound value, a NotRun for the item instead."""
    try:
        yield from found
    except NotChecked as exc:
        yield NotRun(file, line, what, exc.unsound.where)


def not_run(what: str, exc: NotChecked, *, file: str = "", line: int = 0) -> NotRun:
    """The NotRun for `what`, which stopped at the unsound value of `exc`."""
    return NotRun(file, line, what, exc.unsound.where)


def require_sound(value: Any) -> None:
    """Raise NotChecked if an Unsound stands anywhere inside `value` (for checks that hand data on whole).

    A check that passes a record to the engine never touches its fields itself, so a stand-in
    would reach the engine's own type checks and be reported a second time, in other words.
    """
    if isinstance(value, Unsound):
        raise NotChecked(value)
    if isinstance(value, dict):
        for item in value.values():
            require_sound(item)
    elif isinstance(value, list):
        for item in value:
            require_sound(item)
