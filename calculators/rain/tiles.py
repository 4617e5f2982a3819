"""The 144-tile set as the contest odds need it: how many tiles share each rank, lowest first.

A rank order (rules_data/rain/tiles.yaml `rank_orders`) groups tile ids into ranks; tiles in
one rank tie. Flowers and Seasons (Guardians) are counted apart: drawn by one side only they
win outright, so their rank never decides a contest.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .. import rules


def data() -> Mapping[str, Any]:
    """rules_data/rain/tiles.yaml."""
    return rules.table("rain/tiles")


@dataclass(frozen=True, slots=True)
class Tile:
    """One kind of tile: its id, name, glyph, category and copies in the set."""

    id: str
    name: str
    glyph: str
    category: str
    copies: int


def all_tiles() -> list[Tile]:
    """Every kind of tile in the set, suits first, then honours, then Guardians."""
    tiles = [Tile(t["id"], f"{t['number']} {suit['name']}", t["glyph"], "suit", suit["copies"])
             for suit in data()["suits"] for t in suit["tiles"]]
    tiles += [Tile(h["id"], h["name"], h["glyph"], "honour", h["copies"]) for h in data()["honours"]]
    tiles += [Tile(g["id"], g["name"], g["glyph"], "guardian", g["copies"]) for g in data()["guardians"]]
    return tiles


def set_size() -> int:
    """Tiles in the whole set: the data's `set_size`, which the build checks against every tile's copies."""
    return int(data()["set_size"])


def rank_order_ids() -> tuple[str, ...]:
    """The rank orders a table may pick, the site's reading first."""
    return rules.reading_ids("rain", data()["rank_orders_note"])


def rank_order(order_id: str) -> Mapping[str, Any]:
    """One rank order from the rules file."""
    return rules.by_id(data()["rank_orders"], order_id, what="rank order")


@dataclass(frozen=True, slots=True)
class Wall:
    """What the odds need: tiles per rank (lowest rank first), and how many Guardians."""

    rank_counts: tuple[int, ...]
    guardians: int

    @property
    def size(self) -> int:
        """Tiles in the wall."""
        return sum(self.rank_counts) + self.guardians


def wall(order_id: str) -> Wall:
    """The wall under one rank order; ValueError if the order misses or repeats a tile."""
    tiles = {t.id: t for t in all_tiles()}
    order = rank_order(order_id)
    placed = [tile_id for rank in order["ranks"] for tile_id in rank]
    unknown = sorted(set(placed) - set(tiles))
    repeated = sorted({t for t in placed if placed.count(t) > 1})
    missing = sorted(set(tiles) - set(placed))
    if unknown or repeated or missing:
        raise ValueError(f"rank order {order_id!r} in rules_data/rain/tiles.yaml: unknown {unknown}, "
                         f"repeated {repeated}, missing {missing}")
    counts = []
    for rank in order["ranks"]:
        kinds = {tiles[t].category for t in rank}
        if "guardian" in kinds:
            if kinds != {"guardian"}:
                raise ValueError(f"rank order {order_id!r}: Flowers and Seasons must not share a rank with other tiles")
            continue
        counts.append(sum(tiles[t].copies for t in rank))
    guardians = sum(t.copies for t in tiles.values() if t.category == "guardian")
    return Wall(tuple(counts), guardians)
