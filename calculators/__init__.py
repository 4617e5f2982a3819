"""The rules engine of the Jianghu Codex: calculators for Xia, Refreshing Rain and WBS.

Standard library only, so it runs unchanged in CPython (at build time and in tests) and in
Pyodide (in the reader's browser). The door is `Engine(rules)`, made from the rules data (see
ARCHITECTURE.md); the module functions `run`, `show` and `catalog` are that door for the
rules.json the build bundles beside the package, so they work only in the bundle.

>>> engine = Engine(rules_data)  # doctest: +SKIP
>>> engine.run("wbs.derived", {"strength": 3, "constitution": 2, "dexterity": 4,
...                            "smarts": 2, "charisma": 4, "wits": 3})["reflex"]  # doctest: +SKIP
3
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from . import boot

boot.install_shipped()  # before any dataclass of the package is made (the bundle's build-compiled code)

from .engine import Engine  # noqa: E402
from .errors import CreatureError, FieldProblem, InputError  # noqa: E402
from .present import number, number_word, percent  # noqa: E402
from .registry import GAMES, modules  # noqa: E402
from .rules import by_id, family  # noqa: E402

__all__ = ["GAMES", "CreatureError", "Engine", "FieldProblem", "InputError", "bundled", "by_id", "catalog", "family",
           "modules", "number", "number_word", "percent", "run", "show"]

_bundled: Engine | None = None


def bundled() -> Engine:
    """The engine of the bundled rules.json (the browser's); LookupError in a source checkout."""
    global _bundled
    if _bundled is None:
        _bundled = Engine.bundled()
    return _bundled


def run(calc_id: str, inputs: Mapping[str, object]) -> dict[str, Any]:
    """`bundled().run`: compute calculator `calc_id`; InputError names any input that is not allowed."""
    return bundled().run(calc_id, inputs)


def show(calc_id: str, inputs: Mapping[str, object]) -> dict[str, str]:
    """`bundled().show`: a calculator's outputs as the escaped HTML the page shows."""
    return bundled().show(calc_id, inputs)


def catalog() -> list[dict[str, Any]]:
    """`bundled().catalog`: every calculator with its inputs and outputs."""
    return bundled().catalog()
