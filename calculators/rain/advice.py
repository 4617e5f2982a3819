"""The advice a contest gives: why each side draws what it does, and what one more point of Qi changes."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from ..results import Cell, Row, Table
from . import elements as el
from . import tiles as tl
from .hands import Side, qi_points, side, yin_limit
from .odds import Odds, odds


def why(me: Side, them: Side, values: Mapping[str, Any]) -> str:
    mine = el.element_name(values["my_element"])
    theirs = el.element_name(values["their_element"])
    parts = [
        f"{theirs} {'Creates' if me.created else 'does not Create'} your {mine}",
        f"your {mine} {'Creates' if them.created else 'does not Create'} their {theirs}",
        f"your {mine} {'is' if me.destroyed else 'is not'} Destroyed",
        f"their {theirs} {'is' if them.destroyed else 'is not'} Destroyed",
    ]
    return "; ".join(parts) + "."


def qi_advice(values: Mapping[str, Any], base: Odds, wall: tl.Wall, shared: bool) -> Table:
    rows: list[tuple[str, Odds | None, str]] = [("As entered", base, "")]
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
