"""rain.contest: tiles drawn, tile compared, and the exact odds of a contest of Aspects.

The calculator only: the odds are counted in rain/odds.py, the rules of the draw are in
rain/hands.py, and the words of advice in rain/advice.py.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from ..errors import Problems
from ..present import count_word
from ..readings import reading_input
from ..results import Distribution
from ..spec import Calculator, Input, Output, parse_inputs
from . import elements as el
from . import tiles as tl
from .advice import qi_advice, why
from .hands import Side, contest_rules, qi_points, side, yin_limit
from .odds import OUTCOMES, Deals, Odds, count_deals, odds

__all__ = ["CALCULATORS", "OUTCOMES", "Deals", "Odds", "compute", "contest_rules", "count_deals", "exact_odds",
           "odds", "side"]


RANK_NOTE = "tile-rank-order"


WALL_NOTE = "contest-wall"


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
              help=_yang_help()),
        Input("my_yin", "Yin Qi I spend", "int", default=0, minimum=0, maximum=points, group="My Aspect",
              help=_yin_help()),
        el.element_input("their_element", "Their Element", ids[-1], group="Their Aspect"),
        el.alchemy_input("their_alchemy", "Their Alchemy", 3, group="Their Aspect"),
        Input("their_yang", "Yang Qi they spend", "int", default=0, minimum=0, maximum=points, group="Their Aspect"),
        Input("their_yin", "Yin Qi they spend", "int", default=0, minimum=0, maximum=points, group="Their Aspect"),
        reading_input("rain", "rank_order", RANK_NOTE),
        reading_input("rain", "wall", WALL_NOTE),
    ]


def _yang_help() -> str:
    more = contest_rules()["draw"]["per_yang"]
    return f"Each point draws {count_word(more)} more tile{'' if more == 1 else 's'}"


def _yin_help() -> str:
    up = contest_rules()["compare"]["places_up_per_yin"]
    return "Each point compares the next tile up" if up == 1 else f"Each point compares a tile {up} places higher"


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


def compute(values: Mapping[str, Any]) -> dict[str, Any]:
    """Tiles and compared places for both sides, and the exact odds of the draw."""
    me, them = sides(values)
    wall = tl.wall(values["rank_order"])
    shared = values["wall"] == "shared"
    result = odds(wall, me.tiles, me.place, them.tiles, them.place,
                  values["my_alchemy"], values["their_alchemy"], shared)
    chances = result.chances()
    return {
        "my_tiles": me.tiles,
        "their_tiles": them.tiles,
        "my_compare": me.place,
        "their_compare": them.place,
        "why": why(me, them, values),
        **{name: float(chances.get(name, 0)) for name in OUTCOMES},
        "same_rank": float(result.same_rank),
        "win_in_the_end": float(result.win_in_the_end),
        # Every outcome a row, one that cannot happen at 0 (the chart reads the same for any draw).
        "chart": Distribution.of({LABELS[name]: chances.get(name, Fraction(0)) for name in OUTCOMES},
                              caption="Outcomes of this draw", outcome="Outcome",
                              highlight={LABELS["my_win"], LABELS["my_guardian"]}),
        "qi_advice": qi_advice(values, result, wall, shared),
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
        summary=lambda: f"How many tiles each side draws, which tile it compares, and the exact odds over the "
                        f"{tl.set_size()}-tile set, with what one more point of Qi would change.",
        inputs=_inputs,
        outputs=_outputs,
        compute=compute,
        follows=("rain.both-guardians", "rain.tie-redraw"),
    ),
)
