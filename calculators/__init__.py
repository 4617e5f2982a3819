"""The rules engine of the Jianghu Codex: calculators for Xia, Refreshing Rain and WBS.

Standard library only, so it runs unchanged in CPython (at build time and in tests) and in
Pyodide (in the reader's browser).

>>> run("wbs.derived", {"strength": 3, "constitution": 2, "dexterity": 4,
...                      "smarts": 2, "charisma": 4, "wits": 3})["reflex"]
3
"""

from __future__ import annotations

import importlib
import json
import pkgutil
from collections.abc import Mapping
from importlib import resources
from typing import Any

from .errors import InputError, Problem
from .present import present
from .rules import load_rules
from .spec import Calculator

__all__ = ["InputError", "Problem", "calculator", "catalog", "load_rules", "run", "show"]

GAMES = ("wbs", "xia", "rain")
_registry: dict[str, Calculator] | None = None


def _calculators() -> dict[str, Calculator]:
    global _registry
    if _registry is None:
        found: dict[str, Calculator] = {}
        for game in GAMES:
            package = importlib.import_module(f"{__name__}.{game}")
            for module_info in pkgutil.iter_modules(package.__path__):
                module = importlib.import_module(f"{package.__name__}.{module_info.name}")
                for calc in getattr(module, "CALCULATORS", ()):
                    if calc.id in found:
                        raise RuntimeError(f"two calculators are called {calc.id}")
                    found[calc.id] = calc
        _registry = dict(sorted(found.items()))
    return _registry


def modules() -> dict[str, str]:
    """Which module defines each calculator (`wbs.derived` → `calculators.wbs.derived`)."""
    return {calc_id: calc.compute.__module__ for calc_id, calc in _calculators().items()}


def _indexed(calc_id: str) -> Calculator | None:
    # The browser bundle carries modules() as index.json, so one calculator loads without the rest.
    try:
        index = json.loads(resources.files(__name__).joinpath("index.json").read_text(encoding="utf-8"))
    except (FileNotFoundError, OSError):
        return None
    module = index.get(calc_id)
    if module is None:
        return None
    for calc in getattr(importlib.import_module(module), "CALCULATORS", ()):
        if calc.id == calc_id:
            return calc
    return None


def calculator(calc_id: str) -> Calculator:
    """The calculator called `calc_id` (`<game>.<name>`)."""
    if not isinstance(calc_id, str):
        raise InputError("calc_id", f"a calculator id is text such as 'wbs.energy' (got {type(calc_id).__name__})")
    if _registry is None:
        found = _indexed(calc_id)
        if found is not None:
            return found
    try:
        return _calculators()[calc_id]
    except KeyError:
        known = ", ".join(_calculators())
        raise InputError("calc_id", f"no calculator is called {calc_id!r} (there are: {known})") from None


def run(calc_id: str, inputs: Mapping[str, object]) -> dict[str, Any]:
    """Compute calculator `calc_id` for `inputs`; InputError names any input that is not allowed."""
    return calculator(calc_id).run(inputs)


def show(calc_id: str, inputs: Mapping[str, object]) -> dict[str, str]:
    """Run a calculator and return its outputs as the escaped HTML the page shows."""
    calc = calculator(calc_id)
    return present(calc.outputs(), calc.run(inputs))


def catalog() -> list[dict[str, Any]]:
    """Every calculator with its inputs (name, label, type, bounds, default, choices) and outputs."""
    return [calc.describe() for calc in _calculators().values()]
