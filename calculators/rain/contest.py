"""rain.contest: tiles drawn, tile compared, and the exact odds of a contest of Aspects.

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

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from math import comb
from typing import Any

from .. import rules
from ..errors import Problems
from ..readings import reading_input
from ..results import Cell, Distribution, Row, Table
from ..spec import Calculator, Input, Output, parse_inputs
from . import elements as el
from . import tiles as tl

RANK_NOTE = "tile-rank-order"
WALL_NOTE = "contest-wall"
OUTCOMES = ("my_win", "my_guardian", "tie", "both_guardians", "their_guardian", "their_win")


def contest_rules() -> Mapping[str, Any]:
    """rules_data/rain/contest.yaml."""
    return rules.table("rain/contest")


def qi_points() -> int:
    """Qi points a character has in one scene."""
    return rules.table("rain/qi")["points_per_scene"]


# --- the odds -------------------------------------------------------------------------------


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

    def as_dict(self) -> dict[str, Fraction]:
        """The six outcomes, in chart order."""
        return {name: getattr(self, name) for name in OUTCOMES}

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
class Counts:
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
                shared: bool = True) -> Counts:
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
    return Counts(my_rank, their_rank, same, my_g, their_g, both_g, total)


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


# --- the rules of a contest ------------------------------------------------------------------


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


def _check_qi(values: Mapping[str, Any], problems: Problems, who: str, base_place: int) -> None:
    yang, yin = values[f"{who}_yang"], values[f"{who}_yin"]
    points = qi_points()
    if yang + yin > points:
        problems.add(f"{who}_yin", f"{who}_yang and {who}_yin together can be at most {points}, "
                                   f"the Qi of one scene (got {yang} + {yin})")
    limit = yin_limit(base_place)
    if yin > limit:
        whose = "your" if who == "my" else "their"
        problems.add(f"{who}_yin", f"{who}_yin can be at most {limit} here: {whose} hand already compares "
                                   f"its highest tile after {limit} (got {yin})")


def sides(values: Mapping[str, Any]) -> tuple[Side, Side]:
    """My side and theirs for checked contest inputs (rain.tile_draw draws by it too).

    InputError naming every Qi field that is wrong (too much Qi, or Yin past the highest tile).
    """
    me = side(values["my_element"], values["my_alchemy"], values["their_element"], values["their_alchemy"],
              values["my_yang"], values["my_yin"])
    them = side(values["their_element"], values["their_alchemy"], values["my_element"], values["my_alchemy"],
                values["their_yang"], values["their_yin"])
    problems = Problems()
    _check_qi(values, problems, "my", me.base_place)
    _check_qi(values, problems, "their", them.base_place)
    problems.raise_if_any()
    return me, them


# --- the calculator -------------------------------------------------------------------------


def _reading(name: str, note_id: str, group: str) -> Input:
    return reading_input("rain", name, note_id, group=group)


def contest_inputs() -> list[Input]:
    """The inputs of a contest: both Aspects, the Qi each side spends, the readings (rain.tile_draw takes them too)."""
    return _inputs()


def _inputs() -> list[Input]:
    points = qi_points()
    ids = el.element_ids()
    return [
        el.element_input("my_element", "My Element", ids[0], group="My Aspect"),
        el.alchemy_input("my_alchemy", "My Alchemy", 2, group="My Aspect"),
        Input("my_yang", "Yang Qi I spend", "int", default=0, minimum=0, maximum=points, group="My Aspect",
              help="Each point draws one more tile"),
        Input("my_yin", "Yin Qi I spend", "int", default=0, minimum=0, maximum=points, group="My Aspect",
              help="Each point compares the next tile up"),
        el.element_input("their_element", "Their Element", ids[-1], group="Their Aspect"),
        el.alchemy_input("their_alchemy", "Their Alchemy", 3, group="Their Aspect"),
        Input("their_yang", "Yang Qi they spend", "int", default=0, minimum=0, maximum=points, group="Their Aspect"),
        Input("their_yin", "Yin Qi they spend", "int", default=0, minimum=0, maximum=points, group="Their Aspect"),
        _reading("rank_order", RANK_NOTE, "Readings"),
        _reading("wall", WALL_NOTE, "Readings"),
    ]


def _outputs() -> list[Output]:
    return [
        Output("my_tiles", "Tiles I draw"),
        Output("their_tiles", "Tiles they draw"),
        Output("my_compare", "I compare my tile number (1 = highest)"),
        Output("their_compare", "They compare their tile number (1 = highest)"),
        Output("why", "Why", "text"),
        Output("my_win", "I win on rank (or on Alchemy at equal rank)", "percent"),
        Output("my_guardian", "I win by a Flower or Season", "percent"),
        Output("tie", "Same rank and same Alchemy: draw again", "percent"),
        Output("both_guardians", "Both draw a Flower or Season: draw again", "percent"),
        Output("their_guardian", "They win by a Flower or Season", "percent"),
        Output("their_win", "They win on rank (or on Alchemy at equal rank)", "percent"),
        Output("same_rank", "Compared tiles of the same rank", "percent"),
        Output("win_in_the_end", "My chance to win, draws repeated until settled", "percent"),
        Output("chart", "This draw", "chart"),
        Output("qi_advice", "Should I spend Qi?", "table"),
    ]


LABELS = {
    "my_win": "I win on rank or Alchemy",
    "my_guardian": "I win by Flower or Season",
    "tie": "Tie: draw again",
    "both_guardians": "Both hold a Guardian: draw again",
    "their_guardian": "They win by Flower or Season",
    "their_win": "They win on rank or Alchemy",
}


def _why(me: Side, them: Side, values: Mapping[str, Any]) -> str:
    mine = el.element_name(values["my_element"])
    theirs = el.element_name(values["their_element"])
    parts = [
        f"{theirs} {'Creates' if me.created else 'does not Create'} your {mine}",
        f"your {mine} {'Creates' if them.created else 'does not Create'} their {theirs}",
        f"your {mine} {'is' if me.destroyed else 'is not'} Destroyed",
        f"their {theirs} {'is' if them.destroyed else 'is not'} Destroyed",
    ]
    return "; ".join(parts) + "."


def _advice(values: Mapping[str, Any], base: Odds, wall: tl.Wall, shared: bool) -> Table:
    rows = [("As entered", base, "")]
    spent = values["my_yang"] + values["my_yin"]
    room = spent < qi_points()

    def run(yang: int, yin: int) -> Odds:
        me = side(values["my_element"], values["my_alchemy"], values["their_element"], values["their_alchemy"],
                  yang, yin)
        them = side(values["their_element"], values["their_alchemy"], values["my_element"], values["my_alchemy"],
                    values["their_yang"], values["their_yin"])
        return odds(wall, me.tiles, me.place, them.tiles, them.place,
                    values["my_alchemy"], values["their_alchemy"], shared)

    if room:
        rows.append(("One more Yang", run(values["my_yang"] + 1, values["my_yin"]), ""))
    else:
        rows.append(("One more Yang", None, "no Qi left this scene"))
    me_now = side(values["my_element"], values["my_alchemy"], values["their_element"], values["their_alchemy"],
                  values["my_yang"], values["my_yin"])
    if not room:
        rows.append(("One more Yin", None, "no Qi left this scene"))
    elif values["my_yin"] >= yin_limit(me_now.base_place):
        rows.append(("One more Yin", None, "you already compare your highest tile"))
    else:
        rows.append(("One more Yin", run(values["my_yang"], values["my_yin"] + 1), ""))
    body = []
    for label, result, reason in rows:
        if result is None:
            cells: tuple[Cell, ...] = (Cell(reason, span=3),)
        else:
            change = "" if label == "As entered" else _points(result.win_in_the_end - base.win_in_the_end)
            cells = (Cell(float(result.win_now), "percent"), Cell(float(result.win_in_the_end), "percent"),
                     Cell(change))
        body.append(Row(label, cells))
    return Table("My chance to win with one more point of Qi", ("Spend", "Win this draw", "Win in the end", "Change"),
                 tuple(body), style="qi-advice")


def _points(delta: Fraction) -> str:
    value = float(delta) * 100
    return f"{value:+.1f} points"


def compute(values: Mapping[str, Any]) -> dict[str, Any]:
    """Tiles and compared places for both sides, and the exact odds of the draw."""
    me, them = sides(values)
    wall = tl.wall(values["rank_order"])
    shared = values["wall"] == "shared"
    result = odds(wall, me.tiles, me.place, them.tiles, them.place,
                  values["my_alchemy"], values["their_alchemy"], shared)
    chances = result.as_dict()
    return {
        "my_tiles": me.tiles,
        "their_tiles": them.tiles,
        "my_compare": me.place,
        "their_compare": them.place,
        "why": _why(me, them, values),
        **{name: float(p) for name, p in chances.items()},
        "same_rank": float(result.same_rank),
        "win_in_the_end": float(result.win_in_the_end),
        "chart": Distribution.of({LABELS[k]: p for k, p in chances.items()},
                              caption="Outcomes of this draw", outcome="Outcome",
                              highlight={LABELS["my_win"], LABELS["my_guardian"]}),
        "qi_advice": _advice(values, result, wall, shared),
    }


def exact_odds(raw: Mapping[str, object]) -> Odds:
    """The exact Odds (fractions) for calculator inputs, checked as `rain.contest` checks them."""
    values = parse_inputs(_inputs(), raw)
    me, them = sides(values)  # the same checks, the same errors
    return odds(tl.wall(values["rank_order"]), me.tiles, me.place, them.tiles, them.place,
                values["my_alchemy"], values["their_alchemy"], values["wall"] == "shared")


CALCULATORS = (
    Calculator(
        id="rain.contest",
        title="Contest of Aspects",
        summary="How many tiles each side draws, which tile it compares, and the exact odds over the "
                "144-tile set, with what one more point of Qi would change.",
        inputs=_inputs,
        outputs=_outputs,
        compute=compute,
        source_notes=(f"rain.{RANK_NOTE}", f"rain.{WALL_NOTE}", "rain.both-guardians", "rain.tie-redraw"),
    ),
)
