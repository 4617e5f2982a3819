"""Where a session's tiles are, counted by kind: the pool, each player's pile, the discard, the Sky.

At the table any 4 Circles is as good as another, so a place holds how many tiles of each kind
it has (`Pile`), in the set's order (rules_data/rain/tiles.yaml, the order of
`tile_draw.physical_set`): the pool drawn from in that order is the physical set the one-off
tile draw shuffles, so a first contest drawn with a code is the tile draw's deal for that code.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

from .. import rules
from ..results import Tile
from . import tile_draw as td

Pile = tuple[int, ...]


def kinds() -> tuple[Tile, ...]:
    """One tile of each kind, in the set's order."""

    def make() -> tuple[Tile, ...]:
        seen: dict[str, Tile] = {}
        for tile in td.physical_set():
            seen.setdefault(tile.id, tile)
        return tuple(seen.values())

    return rules.memo(("rain.piles", "kinds"), make)


def copies() -> Pile:
    """How many tiles of each kind the whole set has."""

    def make() -> Pile:
        place = index()
        found = [0] * len(kinds())
        for tile in td.physical_set():
            found[place[tile.id]] += 1
        return tuple(found)

    return rules.memo(("rain.piles", "copies"), make)


def index() -> dict[str, int]:
    """A kind's id → its place in the set's order."""
    return rules.memo(("rain.piles", "index"), lambda: {t.id: k for k, t in enumerate(kinds())})


def empty() -> Pile:
    """A place with no tiles."""
    return (0,) * len(kinds())


def of(kind_indexes: Iterable[int]) -> Pile:
    """The counts of a list of kinds (repeats allowed)."""
    found = [0] * len(kinds())
    for k in kind_indexes:
        found[k] += 1
    return tuple(found)


def listed(counts: Pile) -> list[int]:
    """Every tile of a place as its kind, in the set's order (a kind repeated once per tile)."""
    return [k for k, n in enumerate(counts) for _ in range(n)]


def size(counts: Pile) -> int:
    """Tiles in a place."""
    return sum(counts)


def plus(a: Pile, b: Pile) -> Pile:
    """Both places' tiles together."""
    return tuple(x + y for x, y in zip(a, b, strict=True))


def minus(a: Pile, b: Pile) -> Pile | None:
    """`a` without the tiles of `b`, or None if `a` lacks one of them."""
    out = tuple(x - y for x, y in zip(a, b, strict=True))
    return None if min(out, default=0) < 0 else out


def missing(have: Pile, want: Pile) -> list[str]:
    """The tiles of `want` that `have` lacks, in words ("2 × North")."""
    out = []
    for k, (h, w) in enumerate(zip(have, want, strict=True)):
        if w > h:
            out.append(named(k, w - h))
    return out


def named(kind: int, count: int = 1) -> str:
    """A kind of tile in words: "North", or "2 × North"."""
    name = kinds()[kind].name
    return name if count == 1 else f"{count} × {name}"


def spelled(counts: Pile) -> str:
    """A place's tiles in words, highest value first: "North, 2 × 7 Bamboo"."""
    return ", ".join(named(k, n) for k, n in enumerate(counts) if n) or "no tiles"


def value(counts: Pile) -> int:
    """What the tiles pay in the Sky."""
    return sum(n * td.sky_value(kinds()[k]) for k, n in enumerate(counts))


def categories(counts: Pile) -> dict[str, int]:
    """How many suit tiles, honours and Guardians a place holds (what a Sky payment counts)."""
    found = {"suit": 0, "honour": 0, "guardian": 0}
    for k, n in enumerate(counts):
        tile = kinds()[k]
        found["guardian" if td.is_guardian(tile) else tile.category] += n
    return found


def too_many(counts: Pile) -> list[str]:
    """Kinds held more often than the set has them, in words; [] when the set allows these tiles."""
    pairs = enumerate(zip(counts, copies(), strict=True))
    return [f"{n} × {kinds()[k].name}, and the set has {c}" for k, (n, c) in pairs if n > c]


def tiles(kind_indexes: Sequence[int], order_id: str) -> list[Tile]:
    """Tiles to show, highest first (Flowers and Seasons first), copies numbered within the list."""
    seen: dict[int, int] = {}
    out = []
    for k in kind_indexes:
        seen[k] = seen.get(k, 0) + 1
        out.append(replace(kinds()[k], copy=seen[k]))
    return td.highest_first(out, order_id)


def kind_of(tile: Tile) -> int:
    """The kind of a shown tile."""
    return index()[tile.id]
