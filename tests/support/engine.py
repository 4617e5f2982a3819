"""The rules engine the tests use: made once per session from rules_data/ (the YAML)."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from codex.check_only import load_project
from codex.load import Loaded, RulesData, load_rules_data

from calculators import Engine

ROOT = Path(__file__).resolve().parents[2]


# Loaded once per process, by whichever test module asks first (several build their parameters
# from them at collection, in each test worker): never change them in place.
@functools.cache
def loaded_rules() -> RulesData:
    """rules_data/ loaded and validated (codex.load.load_rules_data)."""
    return load_rules_data(ROOT / "rules_data")


@functools.cache
def project() -> Loaded:
    """rules_data/ loaded and checked as the build does, with the build's engine (codex.check_only)."""
    return load_project(ROOT)


@functools.cache
def rules_data() -> Mapping[str, Any]:
    """rules_data/ loaded and validated, as the engine reads it (never change it in place)."""
    return loaded_rules().export()


@functools.cache
def engine() -> Engine:
    """The engine of rules_data/, the same one for the whole session."""
    return Engine(rules_data())
