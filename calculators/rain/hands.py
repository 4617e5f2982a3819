"""The rules of a contest of Aspects: how many tiles each side draws and which one it compares."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .. import rules
from . import elements as el


def contest_rules() -> Mapping[str, Any]:
    """rules_data/rain/contest.yaml."""
    return rules.table("rain/contest")


def qi_points() -> int:
    """Qi points a character has in one scene."""
    return rules.table("rain/qi")["points_per_scene"]


@dataclass(frozen=True, slots=True)
class Side:
    """One side's hand: tiles drawn and place compared, and why."""

    tiles: int
    place: int
    created: bool
    destroyed: bool
    base_place: int


def side(me: str, my_alchemy: int, them: str, their_alchemy: int, yang: int, yin: int) -> Side:
    """Tiles and compared place for `me` against `them`, after Qi."""
    r = contest_rules()
    created = them in el.created_by(me, my_alchemy)
    destroyed = me in el.destroys(them, their_alchemy)
    tiles = r["draw"]["base_tiles"] + (r["draw"]["created_extra"] if created else 0) + yang * r["draw"]["per_yang"]
    base = r["compare"]["destroyed_place"] if destroyed else r["compare"]["usual_place"]
    place = max(r["compare"]["top_place"], base - yin * r["compare"]["places_up_per_yin"])
    return Side(tiles, place, created, destroyed, base)


def yin_limit(base_place: int) -> int:
    """Most Yin that still moves the compared tile up from `base_place`."""
    r = contest_rules()["compare"]
    return -(-(base_place - r["top_place"]) // r["places_up_per_yin"])
