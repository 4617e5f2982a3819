"""The play tiers of rules_data/wbs/tiers.yaml, and the one way a tier's name is shown."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .. import rules
from ..spec import Choice


def tiers() -> Sequence[Mapping[str, Any]]:
    """Every tier, lowest first."""
    return rules.table("wbs/tiers")["tiers"]


def tier(tier_id: str) -> Mapping[str, Any]:
    """One tier by id."""
    return rules.by_id(tiers(), tier_id, what="tier")


def choices() -> tuple[Choice, ...]:
    """Every tier as a form's choice, by its name, lowest first (the first is the default)."""
    return tuple(Choice(t["id"], t["name"]) for t in tiers())


def tier_name(tier: Mapping[str, Any]) -> str:
    """A tier's name with its other name, as the site shows it: `Epic (Elite)` (source note epic-elite)."""
    return f"{tier['name']} ({tier['also_called']})" if tier.get("also_called") else tier["name"]
