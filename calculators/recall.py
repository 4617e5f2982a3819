"""What a rule worked out from a fighter's row alone, kept by the values it was worked out from.

A change to a fight changes one row; the other rows arrive again as they were (the same read-only
objects, `calculators.fields.Fixed`), and each answer works out every row's end of round, choices
and card again. A function marked `@recalled` gives back what it gave for equal arguments before,
for the rules in use (an engine with other rules keeps its own), without running again.

Only for functions of their arguments alone, that return what nobody changes (a frozen dataclass,
a string, a tuple, a `Fixed` row). An argument that is not hashable (a row a calculator made, a
plain dict) is worked out as if nothing were kept. Arguments are compared as values, so 1, 1.0 and
True are one key: only for arguments whose types never mix (each of a row's fields has one type).
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Callable, Iterator
from typing import ParamSpec, TypeVar

from .rules import memo

P = ParamSpec("P")
T = TypeVar("T")

KEPT = 1024  # per function: a long evening of edits starts again rather than grow
_kept_aside = [False]  # inside `unkept()`: nothing is given back, nothing kept


@contextlib.contextmanager
def unkept() -> Iterator[None]:
    """Work everything out inside the block, as on a first answer (the worker's rehearsal, see browser.py)."""
    _kept_aside[0] = True
    try:
        yield
    finally:
        _kept_aside[0] = False


def recalled(work: Callable[P, T]) -> Callable[P, T]:
    """`work`, kept by its (positional) arguments' values for the rules in use."""
    name = ("recalled", work.__module__, work.__qualname__)

    @functools.wraps(work)
    def kept(*args: P.args, **kwargs: P.kwargs) -> T:
        if kwargs or _kept_aside[0]:  # asked by name (no answer's call names its arguments), or a rehearsal
            return work(*args, **kwargs)
        try:
            store: dict[tuple[object, ...], T] = memo(name, dict)
        except RuntimeError:  # no engine answering (a test drawing a result by hand): nothing to keep it by
            return work(*args, **kwargs)
        try:
            return store[args]
        except KeyError:
            pass
        except TypeError:  # an argument that is not a value (a dict a calculator made)
            return work(*args, **kwargs)
        value = work(*args, **kwargs)
        if len(store) >= KEPT:
            store.clear()
        store[args] = value
        return value

    return kept
