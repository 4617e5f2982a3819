"""Stamina spent in a fight for a benefit: Strain, All In and Energy Recover, and when a price may be paid.

Each price is read from rules_data/wbs/stamina.yaml. Whether the last point of Stamina may go is the
reading of source note spending-last-stamina: refused (as Last Gasp is), or paid and the fighter drops.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .. import rules
from . import stamina
from .spirit_energy import monsters


def spend(entry_id: str) -> Mapping[str, Any]:
    """A way to spend Stamina (stamina.yaml `spending`): Strain, All In, Energy Recover."""
    return rules.by_id(rules.table("wbs/stamina")["spending"], entry_id)


def can_pay(row: Mapping[str, Any], price: int, reading: str) -> bool:
    """Whether the row can pay `price` Stamina: never the last point under the site's reading."""
    floor = rules.table("wbs/stamina")["unconscious_at"]
    if reading == "allowed":
        return row["stamina"] - price >= floor
    return row["stamina"] - price > floor


def refusal(row: Mapping[str, Any], price: int, what: str, reading: str) -> str:
    """Why the row cannot pay `price` Stamina for `what`, in the table's words (after the fighter's name)."""
    last = "" if reading == "allowed" else " (the last point is not spent: it would knock them out)"
    return f"has {row['stamina']} Stamina, too little to pay {price} for {what}{last}"


def recovers(row: Mapping[str, Any]) -> bool:
    """Whether Energy Recover refills the row's pool: GenKi, or a monster energy that comes back as GenKi does."""
    if not row["monster"]:
        return True
    return rules.by_id(monsters()["sparks"], row["spark"])["recovers_like"] == "genki"


def recovered(row: Mapping[str, Any], rounding: str) -> int:
    """Energy one Energy Recover gives back to the row: a share of its full pool, never past full."""
    return max(0, min(stamina.energy_recover(row["energy_full"], rounding), row["energy_full"] - row["energy"]))


def finish_recover(row: dict[str, Any], name: str, rounding: str, reading: str) -> str:
    """The row's Energy Recover resolving: Stamina paid and energy back, in words (or why not)."""
    row["recover"] = False
    rule = spend("energy-recover")
    if not can_pay(row, rule["stamina"], reading):
        return f"{name}'s {rule['name']} comes to nothing: {name} {refusal(row, rule['stamina'], 'it', reading)}"
    gained = recovered(row, rounding)
    row["stamina"] -= rule["stamina"]
    row["energy"] += gained
    return f"{name}'s {rule['name']} resolves: {rule['stamina']} Stamina for {gained} energy back"
