"""Which calculators exist: found once in the game packages (code, not rules data)."""

from __future__ import annotations

import functools
import importlib
import json
import os

from .errors import InputError
from .spec import Calculator

GAMES = ("wbs", "xia", "rain")
_found: dict[str, Calculator] | None = None


def everything() -> dict[str, Calculator]:
    """Every calculator by id, sorted (imports every game module)."""
    global _found
    if _found is None:
        import pkgutil  # here: the browser finds each calculator by the bundle's index, never by walking

        found: dict[str, Calculator] = {}
        for game in GAMES:
            package = importlib.import_module(f"{__package__}.{game}")
            for module_info in pkgutil.iter_modules(package.__path__):
                module = importlib.import_module(f"{package.__name__}.{module_info.name}")
                for calc in getattr(module, "CALCULATORS", ()):
                    if calc.id in found:
                        raise RuntimeError(f"two calculators are called {calc.id}")
                    found[calc.id] = calc
        _found = dict(sorted(found.items()))
    return _found


def modules() -> dict[str, str]:
    """Which module defines each calculator (`wbs.derived` → `calculators.wbs.derived`)."""
    return {calc_id: calc.compute.__module__ for calc_id, calc in everything().items()}


def beside_package(name: str) -> str:
    """A file the build bundles beside the package (rules.json, index.json); OSError in a source
    checkout. Read by the package's own loader, from a folder or from the bundle's zip on sys.path
    alike (importlib.resources would cost the browser's start its imports)."""
    loader = __loader__  # type: ignore[name-defined]  # every module has one; typeshed lists no such global
    return loader.get_data(os.path.join(os.path.dirname(__file__), name)).decode("utf-8")


@functools.cache
def _index() -> dict[str, str]:
    """The bundle's index.json (read once), or nothing in a source checkout."""
    try:
        return json.loads(beside_package("index.json"))
    except OSError:
        return {}


@functools.cache
def _indexed(calc_id: str) -> Calculator | None:
    # The browser bundle carries modules() as index.json, so one calculator loads without the rest.
    module = _index().get(calc_id)
    if module is None:
        return None
    for calc in getattr(importlib.import_module(module), "CALCULATORS", ()):
        if calc.id == calc_id:
            return calc
    return None


def find(calc_id: str) -> Calculator:
    """The calculator called `calc_id` (`<game>.<name>`), or InputError naming those there are."""
    if not isinstance(calc_id, str):
        raise InputError("calc_id", f"a calculator id is text such as 'wbs.energy' (got {type(calc_id).__name__})")
    if _found is None:
        found = _indexed(calc_id)
        if found is not None:
            return found
    try:
        return everything()[calc_id]
    except KeyError:
        known = ", ".join(everything())
        raise InputError("calc_id", f"no calculator is called {calc_id!r} (there are: {known})") from None
