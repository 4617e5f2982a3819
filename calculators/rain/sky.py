"""rain.sky_move: what one turn of Planet moves costs, and which tiles can pay for it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .. import rules
from ..errors import Problems
from ..readings import reading_input
from ..spec import Calculator, Choice, Input, Output
from . import tiles as tl

SLOTS = 6  # move slots on the form; a turn may hold more moves, the rule is the same
PAY_NOTE = "sky-overpay"
SHOWN_WAYS = 8


def data() -> Mapping[str, Any]:
    """rules_data/rain/sky.yaml."""
    return rules.table("rain/sky")


def move_kind(move_id: str) -> Mapping[str, Any]:
    """One kind of move."""
    return rules.by_id(data()["moves"], move_id)


def max_length() -> int:
    """The longest straight line on the board."""
    return data()["board_lines"] - 1


def base_cost(move_id: str, length: int) -> int:
    """A move's base cost: its length for a straight line, a fixed cost for a knight's jump."""
    kind = move_kind(move_id)
    return kind["base_per_point"] * length + kind["base_fixed"]


def move_cost(order: int, move_id: str, length: int, interrupting: bool) -> int:
    """The cost of the `order`-th move of a turn (1 = first)."""
    cost = order * base_cost(move_id, length)
    return cost * data()["interruption_multiplier"] if interrupting else cost


def tile_values() -> dict[str, int]:
    """What one tile of each category pays: suit, honour, guardian."""
    return {c["id"]: c["sky_value"] for c in tl.data()["categories"]}


def set_counts() -> dict[str, int]:
    """Tiles of each category in the whole set."""
    counts: dict[str, int] = {}
    for t in tl.all_tiles():
        counts[t.category] = counts.get(t.category, 0) + t.copies
    return counts


def payments(cost: int, hand: Mapping[str, int], exact_only: bool) -> tuple[int | None, list[dict[str, int]]]:
    """The value paid and every mix of tiles from `hand` worth it, fewest tiles first.

    The value is `cost` when an exact payment exists; otherwise, unless `exact_only`, the
    smallest value above it that the hand can make. (None, []) if the hand cannot pay.
    """
    values = tile_values()
    big, mid, small = "guardian", "honour", "suit"
    reachable: dict[int, list[dict[str, int]]] = {}
    for g in range(hand[big] + 1):
        for h in range(hand[mid] + 1):
            for s in range(hand[small] + 1):
                total = g * values[big] + h * values[mid] + s * values[small]
                if total >= cost and (total == cost or not exact_only):
                    reachable.setdefault(total, []).append({small: s, mid: h, big: g})
                if total >= cost:
                    break  # more suit tiles only overpay further
    if not reachable:
        return None, []
    paid = min(reachable)
    ways = sorted(reachable[paid], key=lambda w: (sum(w.values()), -w[big], -w[mid]))
    return paid, ways


def describe(way: Mapping[str, int]) -> str:
    """A mix of tiles in words."""
    names = {"suit": ("suit tile", "suit tiles"), "honour": ("honour", "honours"),
             "guardian": ("Flower/Season", "Flowers/Seasons")}
    parts = [f"{n} {names[k][n != 1]}" for k in ("guardian", "honour", "suit") if (n := way.get(k, 0))]
    return " + ".join(parts) or "nothing"


def _inputs() -> list[Input]:
    kinds = tuple(Choice(m["id"], m["name"]) for m in data()["moves"])
    slots: list[Input] = []
    defaults = {1: ("straight", 3), 2: ("knight", 1)}
    for n in range(1, SLOTS + 1):
        kind, length = defaults.get(n, ("none", 1))
        slots.append(Input(f"move_{n}", f"Move {n}", "choice", default=kind,
                           choices=(Choice("none", "no move"), *kinds), group="Moves this turn"))
        slots.append(Input(f"length_{n}", f"Length of move {n}", "int", default=length, minimum=1,
                           maximum=max_length(), group="Moves this turn",
                           help="Points travelled; only straight lines use it"))
    counts = set_counts()
    hand = [
        Input("suit_tiles", "Suit tiles in my pile", "int", default=5, minimum=0, maximum=counts["suit"],
              group="Tiles I hold"),
        Input("honour_tiles", "Honour tiles in my pile", "int", default=2, minimum=0, maximum=counts["honour"],
              group="Tiles I hold", help="Directions, Fa Cai and White"),
        Input("guardian_tiles", "Flowers and Seasons in my pile", "int", default=0, minimum=0,
              maximum=counts["guardian"], group="Tiles I hold"),
    ]
    return [
        *slots,
        Input("interrupting", "Interrupting a scene", "bool", default=False,
              help=f"Costs × {data()['interruption_multiplier']}"),
        *hand,
        reading_input("rain", "payment", PAY_NOTE),
    ]


def _outputs() -> list[Output]:
    return [
        Output("move_costs", "Each move", "list"),
        Output("total_cost", "Total cost"),
        Output("fewest_tiles", "Fewest tiles that pay it exactly", "text"),
        Output("can_pay", "My pile can pay", "text"),
        Output("ways_to_pay", "Ways my pile can pay", "list"),
    ]


def _fewest(cost: int) -> str:
    paid, ways = payments(cost, set_counts(), exact_only=True)
    return describe(ways[0]) if ways and paid is not None else "more than the whole set is worth"


def compute(values: Mapping[str, Any]) -> dict[str, Any]:
    """Cost of each move and of the turn, and the mixes of tiles that pay it."""
    problems = Problems()
    moves: list[tuple[str, int]] = []
    gap = 0
    for n in range(1, SLOTS + 1):
        kind = values[f"move_{n}"]
        if kind == "none":
            gap = gap or n
            continue
        if gap:
            problems.add(f"move_{n}", f"move_{n} follows an empty slot (move_{gap}); "
                                      "fill the move slots in order, without gaps")
        moves.append((kind, values[f"length_{n}"]))
    problems.raise_if_any()
    interrupting = values["interrupting"]
    shown, total = [], 0
    for order, (kind, length) in enumerate(moves, start=1):
        cost = move_cost(order, kind, length, interrupting)
        total += cost
        what = f"straight {length}" if kind == "straight" else move_kind(kind)["name"].lower()
        extra = f" × {data()['interruption_multiplier']}" if interrupting else ""
        shown.append(f"{order}. {what}: {order} × {base_cost(kind, length)}{extra} = {cost}")
    hand = {"suit": values["suit_tiles"], "honour": values["honour_tiles"], "guardian": values["guardian_tiles"]}
    paid, ways = payments(total, hand, exact_only=values["payment"] == "exact")
    if total == 0:
        can = "Nothing to pay."
    elif paid is None:
        worth = sum(hand[k] * v for k, v in tile_values().items())
        can = f"No: your pile is worth {worth}, and no mix of it pays {total}" + (
            " exactly." if values["payment"] == "exact" and worth >= total else ".")
    elif paid == total:
        can = f"Yes, exactly {total}."
    else:
        can = f"Only by overpaying: {paid} for a cost of {total}."
    listed = [describe(w) for w in ways[:SHOWN_WAYS]]
    if len(ways) > SHOWN_WAYS:
        listed.append(f"and {len(ways) - SHOWN_WAYS} more")
    return {
        "move_costs": shown,
        "total_cost": total,
        "fewest_tiles": _fewest(total) if total else "none",
        "can_pay": can,
        "ways_to_pay": listed if total else [],
    }


CALCULATORS = (
    Calculator(
        id="rain.sky_move",
        title="Moving a Planet",
        summary="The cost of a turn of Planet moves in the Sky, and the tiles that can pay it.",
        inputs=_inputs,
        outputs=_outputs,
        compute=compute,
    ),
)
