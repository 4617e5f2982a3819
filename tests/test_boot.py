"""calculators/boot.py: the dataclasses' methods run as the build compiled them, the same classes."""

from __future__ import annotations

import builtins
import dataclasses
from collections.abc import Iterator
from typing import Any

import pytest

from calculators import boot


@pytest.fixture()
def restored() -> Iterator[None]:
    """`dataclasses` as it was, and the counts at zero, after each test."""
    before = dataclasses.__dict__.get("exec")
    boot.counts.update(precompiled=0, compiled=0)
    yield
    if before is None:
        dataclasses.__dict__.pop("exec", None)
    else:
        dataclasses.exec = before  # type: ignore[attr-defined]
    boot.counts.update(precompiled=0, compiled=0)


def make() -> type:
    @dataclasses.dataclass(frozen=True, slots=True)
    class Wound:
        where: str
        depth: int = 1

    return Wound


def test_a_class_made_from_shipped_code_is_the_class_compiled_here(restored: None) -> None:
    shipped: dict[str, Any] = {}

    def recording(source: Any, globals: Any = None, locals: Any = None, /) -> None:  # as trace.mjs records
        shipped[source] = compile(source, "<string>", "exec", dont_inherit=True)
        builtins.exec(source, globals, locals)

    dataclasses.exec = recording  # type: ignore[attr-defined]
    made_here = make()
    boot.install(shipped)
    from_code = make()
    assert boot.counts == {"precompiled": len(shipped), "compiled": 0} and shipped
    a, b = from_code("arm", 2), made_here("arm", 2)
    assert (repr(a), hash(a), a == from_code("arm", 2), a != from_code("arm")) == (
        repr(b).replace(made_here.__qualname__, from_code.__qualname__), hash(b), True, True)
    assert [f.name for f in dataclasses.fields(a)] == ["where", "depth"]
    assert dataclasses.replace(a, depth=3) == from_code("arm", 3)
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.depth = 5  # type: ignore[misc]
    assert not hasattr(a, "__dict__")  # slots, as declared


def test_a_text_the_build_never_saw_is_compiled_as_before(restored: None) -> None:
    boot.install({})
    assert make()("leg").depth == 1
    assert boot.counts["precompiled"] == 0 and boot.counts["compiled"] > 0


def test_a_source_checkout_ships_no_code_and_changes_nothing(restored: None) -> None:
    before = dataclasses.__dict__.get("exec")
    assert boot.install_shipped() is False
    assert dataclasses.__dict__.get("exec") is before
