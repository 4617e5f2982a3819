"""Shared pieces of the Xia calculators: rules lookups and the inputs several calculators use."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .. import rules
from ..spec import Choice, Input

GAME = "xia"
RANGES_NOTE = "value-ranges"
RESILIENCE_DEFAULT = 4  # a form's starting value, not a rule: the book gives no size (source note resilience-values)


def ranges() -> Mapping[str, int]:
    """The input ranges this site uses (the book gives none; see the value-ranges source note)."""
    note = rules.note(GAME, RANGES_NOTE)
    return rules.reading_option(GAME, RANGES_NOTE, note["reading"])["set"]


def trigrams() -> list[Mapping[str, Any]]:
    """The eight trigrams, in the order of rules_data/xia/trigrams.yaml."""
    return list(rules.table("xia/trigrams")["trigrams"])


def trigram(trigram_id: str) -> Mapping[str, Any]:
    """One trigram by id."""
    return rules.by_id(trigrams(), trigram_id, what="trigram")


def conflicts() -> list[Mapping[str, Any]]:
    """The three kinds of conflict, in the book's order."""
    return list(rules.table("xia/conflicts")["conflicts"])


def conflict(conflict_id: str) -> Mapping[str, Any]:
    """One kind of conflict by id."""
    return rules.by_id(conflicts(), conflict_id, what="conflict")


def trait_input(name: str, label: str, *, default: int | None = None, group: str = "", help: str = "",
                minimum: int | None = None) -> Input:
    """A whole-number Trait input within the site's Trait range."""
    bounds = ranges()
    low = bounds["trait_min"] if minimum is None else minimum
    return Input(name, label, "int", default=low if default is None else default, minimum=low,
                 maximum=bounds["trait_max"], group=group, help=help)


def trigram_input(name: str, label: str, *, default: int | None = None, group: str = "", help: str = "") -> Input:
    """A whole-number trigram rating input within the site's trigram range."""
    bounds = ranges()
    return Input(name, label, "int", default=bounds["trigram_min"] if default is None else default,
                 minimum=bounds["trigram_min"], maximum=bounds["trigram_max"], group=group, help=help)


def conflict_input(name: str = "conflict", *, group: str = "") -> Input:
    """A choice of the kind of conflict (which Trait is active)."""
    kinds = conflicts()
    return Input(name, "Kind of conflict", "choice", default=kinds[0]["id"],
                 choices=tuple(Choice(c["id"], c["name"]) for c in kinds), group=group,
                 help="Sets which Trait is active and what defeat means")


def character_value(character_id: str, kind: str, name: str) -> int:
    """A Trait or trigram of one of the example characters (rules_data/xia/characters.yaml)."""
    return rules.by_id(rules.table("xia/characters")["characters"], character_id, what="character")[kind][name]
