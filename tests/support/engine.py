"""The rules engine the tests use: made once per session from rules_data/ (the YAML)."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from codex.load import load_rules_data

from calculators import Engine

ROOT = Path(__file__).resolve().parents[2]


@functools.cache
def rules_data() -> Mapping[str, Any]:
    """rules_data/ loaded and validated, as the engine reads it (never change it in place)."""
    return load_rules_data(ROOT / "rules_data").export()


@functools.cache
def engine() -> Engine:
    """The engine of rules_data/, the same one for the whole session."""
    return Engine(rules_data())
