"""The odds kernel of a contest of Aspects: the exact chance of each outcome of one draw.

The odds count every way the two hands can be dealt from the real tile set, exactly, with
whole numbers and fractions.Fraction. Nothing is simulated and nothing is rounded until shown.

How the count stays small: only *ranks* matter, so the set is a list of (rank, tiles in it).
Walking the ranks from the top down, we track how many tiles each hand has taken so far, but
only until a hand reaches the place it compares (its 2nd- or 3rd-highest tile, say): the first
rank where either hand gets there decides the contest, and the tiles still to come can fall
anywhere below, which is a single product of binomials. So the state is at most 3 × 3 pairs,
and a contest is a few thousand integer multiplications whatever the hands.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from math import comb

from ..chances import Chances
from . import tiles as tl

OUTCOMES = ("my_win", "my_guardian", "tie", "both_guardians", "their_guardian", "their_win")


@dataclass(frozen=True, slots=True)
class Odds:
    """Exact chances of each outcome of one draw; they add up to exactly 1."""

    my_win: Fraction  # my compared tile outranks theirs, or ties it and my Alchemy is higher
    their_win: Fraction
    tie: Fraction  # same rank and same Alchemy: draw again
    my_guardian: Fraction  # I hold a Flower or Season and they hold none
    their_guardian: Fraction
    both_guardians: Fraction  # both hold one: draw again (source note both-guardians)
    same_rank: Fraction  # the compared tiles tie on rank (whatever Alchemy then decides)

    def chances(self) -> Chances[str]:
        """The six outcomes, in chart order (one that cannot happen left out)."""
        return Chances((name, getattr(self, name)) for name in OUTCOMES)

    @property
    def win_now(self) -> Fraction:
        """My chance to win this draw, by rank, Alchemy or Guardian."""
        return self.my_win + self.my_guardian

    @property
    def win_in_the_end(self) -> Fraction:
        """My chance to win once every draw-again is drawn again with the same odds."""
        settled = 1 - self.tie - self.both_guardians
        return self.win_now / settled if settled else Fraction(0)


@dataclass(frozen=True, slots=True)
class Deals:
    """Ways each outcome can be dealt, and all the ways there are."""

    my_rank: int
    their_rank: int
    same_rank: int
    my_guardian: int
    their_guardian: int
    both_guardians: int
    total: int


def _ways(shared: bool) -> Callable[[int, int, int], int]:
    """Ways to give a tiles to me and b to them out of c alike tiles."""
    if shared:
        return lambda c, a, b: comb(c, a) * comb(c - a, b) if a + b <= c else 0
    return lambda c, a, b: comb(c, a) * comb(c, b)


def count_deals(wall: tl.Wall, mine: int, my_place: int, theirs: int, their_place: int,
                shared: bool = True) -> Deals:
    """Count the deals of a `mine`-tile and a `theirs`-tile hand by outcome.

    `my_place` and `their_place` are the places compared (1 = the highest tile of the hand).
    With `shared`, both hands come out of one wall without replacement; otherwise each hand
    comes out of its own full copy of the wall.
    """
    if not 1 <= my_place <= mine or not 1 <= their_place <= theirs:
        raise ValueError("a hand must hold at least as many tiles as the place it compares")
    ways = _ways(shared)
    ranked = sum(wall.rank_counts)

    def complete(pool: int, need_me: int, need_them: int) -> int:
        # Ways to fill both hands from `pool` alike-for-counting tiles below what is placed.
        if shared:
            return comb(pool, need_me) * comb(pool - need_me, need_them) if need_me <= pool else 0
        return comb(pool, need_me) * comb(pool, need_them)

    total = complete(wall.size, mine, theirs)
    my_g = their_g = both_g = 0
    clean = 0  # deals with no Guardian in either hand, counted over the Guardian tiles only
    for a in range(min(mine, wall.guardians) + 1):
        for b in range(min(theirs, wall.guardians) + 1):
            g = ways(wall.guardians, a, b)
            if not g:
                continue
            if a == 0 and b == 0:
                clean = g
                continue
            n = g * complete(ranked, mine - a, theirs - b)
            if a and b:
                both_g += n
            elif a:
                my_g += n
            else:
                their_g += n

    my_rank = their_rank = same = 0
    states: dict[tuple[int, int], int] = {(0, 0): clean}
    below = ranked
    for count in reversed(wall.rank_counts):  # highest rank first
        below -= count
        nxt: dict[tuple[int, int], int] = {}
        for (i, t), w in states.items():
            for a in range(min(count, mine - i) + 1):
                for b in range(min(count, theirs - t) + 1):
                    n = ways(count, a, b)
                    if not n:
                        continue
                    mi, ti = i + a, t + b
                    mine_there, theirs_there = mi >= my_place, ti >= their_place
                    if not (mine_there or theirs_there):
                        nxt[(mi, ti)] = nxt.get((mi, ti), 0) + w * n
                        continue
                    deals = w * n * complete(below, mine - mi, theirs - ti)
                    if mine_there and theirs_there:
                        same += deals
                    elif mine_there:
                        my_rank += deals
                    else:
                        their_rank += deals
        states = nxt
    return Deals(my_rank, their_rank, same, my_g, their_g, both_g, total)


def odds(wall: tl.Wall, mine: int, my_place: int, theirs: int, their_place: int,
         my_alchemy: int, their_alchemy: int, shared: bool = True) -> Odds:
    """Exact chances of every outcome; ties of rank go to the higher Alchemy."""
    c = count_deals(wall, mine, my_place, theirs, their_place, shared)
    same = Fraction(c.same_rank, c.total)
    mine_on_tie = same if my_alchemy > their_alchemy else Fraction(0)
    theirs_on_tie = same if their_alchemy > my_alchemy else Fraction(0)
    return Odds(
        my_win=Fraction(c.my_rank, c.total) + mine_on_tie,
        their_win=Fraction(c.their_rank, c.total) + theirs_on_tie,
        tie=same if my_alchemy == their_alchemy else Fraction(0),
        my_guardian=Fraction(c.my_guardian, c.total),
        their_guardian=Fraction(c.their_guardian, c.total),
        both_guardians=Fraction(c.both_guardians, c.total),
        same_rank=same,
    )
