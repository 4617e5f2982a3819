"""rain.tile_draw: a virtual tile set that draws both hands of a contest, for tables without one.

It takes the inputs of rain.contest and works out each side's tiles and compared place by the
same function (`contest.sides`), then draws the hands from a seeded shuffle of the physical
tiles (`shuffle`), so the same draw code gives the same tiles to everyone who opens the link,
at build time in CPython and live in Pyodide. The winner is found as the odds count it: a lone
Flower or Season wins, two of them mean drawing again, otherwise the compared tiles' ranks,
then the Aspects' Alchemy, then drawing again.

A draw code is either typed (up to six digits, as a table reads one out) or drawn: the Draw button
makes a 64-bit code from the browser's cryptographic generator, written as 13 characters that no
typed code has. The answer says which (`how`): a short code was chosen by whoever typed it, since
anyone can try codes until one wins (339 of the first 2,000 do), and a long one was drawn by a page.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from .. import rules
from ..errors import InputError
from ..results import Tile, TileMark
from ..spec import Calculator, Input, Output
from . import contest as ct
from . import crockford
from . import tiles as tl
from .shuffle import SplitMix64, draw

SEED_RANGE = (1, 999_999)  # a draw code short enough to read out at the table
NOT_DRAWN = 0  # the page opens with nothing drawn: no code, and so no hand everyone could know
TYPED_DIGITS = 6  # a typed code: the digits of SEED_RANGE's top
DRAWN_CHARS = 13  # a drawn code: 64 random bits in Crockford's base 32 (65 bits of room, the top one 0)
DRAWN_STREAM = 0xD4A3  # a drawn code's shuffle is seeded apart from every typed code's
GUARDIAN_KINDS = ("flower", "season")
EXCHANGE_NOTE = "contest-exchange"


# --- the set -------------------------------------------------------------------------------------


def physical_set() -> tuple[Tile, ...]:
    """Every tile of the set, each copy its own Tile, in the order of rules_data/rain/tiles.yaml."""

    def make() -> tuple[Tile, ...]:
        data = tl.data()
        kinds = [(t["id"], f"{t['number']} {suit['name']}", t["glyph"], "suit", suit["copies"])
                 for suit in data["suits"] for t in suit["tiles"]]
        kinds += [(h["id"], h["name"], h["glyph"], "honour", h["copies"]) for h in data["honours"]]
        kinds += [(g["id"], f"{g['name']} ({g['kind'].capitalize()})", g["glyph"], g["kind"], g["copies"])
                  for g in data["guardians"]]
        return tuple(Tile(tid, name, glyph, kind, copy)
                     for tid, name, glyph, kind, copies in kinds for copy in range(1, copies + 1))

    return rules.memo(("rain.tile_draw", "set"), make)


def ranks(order_id: str) -> Mapping[str, int]:
    """Tile id → rank under one rank order, 0 the lowest; Flowers and Seasons have none."""

    def make() -> dict[str, int]:
        tl.wall(order_id)  # the order names every tile once and keeps Guardians apart, or ValueError
        guardians = {t.id for t in physical_set() if is_guardian(t)}
        ranked = [rank for rank in tl.rank_order(order_id)["ranks"] if not set(rank) & guardians]
        return {tile_id: k for k, rank in enumerate(ranked) for tile_id in rank}

    return rules.memo(("rain.tile_draw", "ranks", order_id), make)


def is_guardian(tile: Tile) -> bool:
    """A Flower or a Season."""
    return tile.category in GUARDIAN_KINDS


def sky_value(tile: Tile) -> int:
    """What the tile pays in the Sky (rules_data/rain/tiles.yaml `categories`)."""
    return rules.by_id(tl.data()["categories"], "guardian" if is_guardian(tile) else tile.category)["sky_value"]


def highest_first(hand: Sequence[Tile], order_id: str) -> list[Tile]:
    """A hand sorted as a player holds it: Flowers and Seasons first, then by rank, highest first.

    Tiles of one rank keep the set's order, so the same hand is always shown the same way.
    """
    rank = ranks(order_id)
    place = rules.memo(("rain.tile_draw", "place"), lambda: {(t.id, t.copy): k for k, t in enumerate(physical_set())})
    return sorted(hand, key=lambda t: (not is_guardian(t), -rank.get(t.id, 0), place[(t.id, t.copy)]))


# --- the draw ------------------------------------------------------------------------------------


def draw_hands(seed: int, mine: int, theirs: int, shared: bool) -> tuple[list[Tile], list[Tile]]:
    """My `mine` tiles and their `theirs`, drawn by the seed: from one pool together, or each from its own set."""
    rng = SplitMix64(seed)
    tiles = physical_set()
    if shared:
        both = draw(rng, tiles, mine + theirs)
        return both[:mine], both[mine:]
    return draw(rng, tiles, mine), draw(rng, tiles, theirs)


@dataclass(frozen=True, slots=True)
class Deal:
    """Both hands, highest first, with the compared tiles (None when a Guardian decides), and the outcome.

    `outcome` is one of contest.OUTCOMES, counted exactly as the odds count it.
    """

    mine: tuple[Tile, ...]
    theirs: tuple[Tile, ...]
    my_compared: Tile | None
    their_compared: Tile | None
    outcome: str


def decide(mine: Sequence[Tile], theirs: Sequence[Tile], my_place: int, their_place: int,
           my_alchemy: int, their_alchemy: int, order_id: str) -> Deal:
    """Who wins with these hands: Guardians first, then the compared tiles' ranks, then Alchemy."""
    mine, theirs = highest_first(mine, order_id), highest_first(theirs, order_id)
    my_g, their_g = any(map(is_guardian, mine)), any(map(is_guardian, theirs))
    if my_g or their_g:
        outcome = "both_guardians" if my_g and their_g else "my_guardian" if my_g else "their_guardian"
        mark: TileMark = "redraw" if outcome == "both_guardians" else "guardian"
        return Deal(tuple(_mark_guardians(mine, mark)), tuple(_mark_guardians(theirs, mark)), None, None, outcome)
    rank = ranks(order_id)
    my_tile, their_tile = mine[my_place - 1], theirs[their_place - 1]
    mine[my_place - 1] = replace(my_tile, mark="compared")
    theirs[their_place - 1] = replace(their_tile, mark="compared")
    by_rank = rank[my_tile.id] - rank[their_tile.id]
    by_alchemy = my_alchemy - their_alchemy
    lead = by_rank or by_alchemy
    outcome = "my_win" if lead > 0 else "their_win" if lead < 0 else "tie"
    return Deal(tuple(mine), tuple(theirs), my_tile, their_tile, outcome)


def _mark_guardians(hand: Sequence[Tile], mark: TileMark) -> list[Tile]:
    return [replace(t, mark=mark) if is_guardian(t) else t for t in hand]


def read_seed(text: str) -> tuple[int, bool] | None:
    """A draw code's seed and whether it was drawn (not typed); None for nothing drawn; ValueError says why not."""
    plain = "".join(text.split())
    if (plain.isascii() and plain.isdigit() and len(plain) <= TYPED_DIGITS) or not plain:
        number = int(plain or NOT_DRAWN)
        return None if number == NOT_DRAWN else (number, False)
    clean = plain.replace("-", "").upper()
    if plain.isdigit() and len(clean) < DRAWN_CHARS:
        raise ValueError(f"A typed draw code is at most six digits ({SEED_RANGE[0]} to {SEED_RANGE[1]}); "
                         f"a drawn one is {DRAWN_CHARS} characters, as the Draw button writes it (got {text!r})")
    if len(clean) != DRAWN_CHARS:
        raise ValueError(f"A drawn code is {DRAWN_CHARS} characters, as the Draw button writes it, and a typed "
                         f"one at most six digits (got {len(clean)} characters)")
    try:
        value = crockford.read(clean)
    except crockford.NotInAlphabet as stray:
        raise ValueError(f"{stray.char!r} is not a character of a drawn code (digits, and capitals other than "
                         "I, L, O and U): check it for a typo") from None
    if value >> 64:
        raise ValueError("This is not a code the Draw button makes (its first character is too high): "
                         "check it for a typo")
    return SplitMix64(value ^ DRAWN_STREAM).next(), True


def seed_of(values: Mapping[str, Any]) -> tuple[int, bool] | None:
    """The form's draw code read (read_seed), refused beside its field."""
    try:
        return read_seed(str(values["seed"]))
    except ValueError as exc:
        raise InputError("seed", str(exc)) from None


def deal(values: Mapping[str, Any]) -> tuple[Deal, ct.Side, ct.Side]:
    """The deal of checked rain.tile_draw inputs, and both sides as rain.contest works them out."""
    me, them = ct.sides(values)
    seed = seed_of(values)
    if seed is None:
        raise InputError("seed", "Nothing is drawn yet: tap Draw, or type a code you were given")
    mine, theirs = draw_hands(seed[0], me.tiles, them.tiles, values["wall"] == "shared")
    found = decide(mine, theirs, me.place, them.place, values["my_alchemy"], values["their_alchemy"],
                   values["rank_order"])
    return found, me, them


# --- what the reader reads -----------------------------------------------------------------------


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, …"""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _compared(tile: Tile | None, place: int, hand: int, deal_: Deal) -> str:
    if tile is None:
        both = deal_.outcome == "both_guardians"
        return "Nothing: both hold a Flower or Season" if both else "Nothing: a Flower or Season decides"
    return f"{tile.name}, the {ordinal(place)} highest of {hand}"


def _winner(d: Deal, values: Mapping[str, Any]) -> str:
    if d.outcome in ("my_guardian", "their_guardian"):
        holder = d.mine if d.outcome == "my_guardian" else d.theirs
        names = " and ".join(t.name for t in holder if is_guardian(t))
        who = "You win" if d.outcome == "my_guardian" else "They win"
        whose = "you hold" if d.outcome == "my_guardian" else "they hold"
        return f"{who} outright: {whose} {names}, and the other side holds no Flower or Season."
    if d.outcome == "both_guardians":
        return "No winner: both sides hold a Flower or Season, so neither wins by it. Draw again."
    mine, theirs = d.my_compared, d.their_compared
    assert mine is not None and theirs is not None
    rank = ranks(values["rank_order"])
    if rank[mine.id] != rank[theirs.id]:
        high, low = (mine, theirs) if rank[mine.id] > rank[theirs.id] else (theirs, mine)
        who = "You win" if high is mine else "They win"
        return f"{who}: {high.name} outranks {low.name}."
    same = f"{mine.name} and {theirs.name} rank the same"
    ma, ta = values["my_alchemy"], values["their_alchemy"]
    if ma == ta:
        return f"A tie: {same}, and both Aspects have Alchemy {ma}. Draw again."
    who = "You win" if ma > ta else "They win"
    return f"{who}: {same}, and Alchemy {max(ma, ta)} beats {min(ma, ta)}."


def _guardians(d: Deal) -> str:
    held = [("you", [t for t in d.mine if is_guardian(t)]), ("they", [t for t in d.theirs if is_guardian(t)])]
    parts = [f"{who} drew {' and '.join(t.name for t in tiles)}" for who, tiles in held if tiles]
    parts[:1] = [p[0].upper() + p[1:] for p in parts[:1]]
    if not parts:
        return "None drawn."
    if d.outcome == "both_guardians":
        return "; ".join(parts) + ". With one on each side neither wins by it, and the contest is drawn again."
    return parts[0] + ". A lone Flower or Season wins: tell the win as a great turn of fortune that calls up the tile."


def suggested_exchange(winner: Sequence[Tile], loser: Sequence[Tile]) -> tuple[Tile, Tile]:
    """What the winner gives and takes to keep the most for the Sky, hands highest first.

    The lowest tile of the least value goes, the highest tile of the most value comes.
    """
    return min(reversed(winner), key=sky_value), max(loser, key=sky_value)


def _exchange(d: Deal) -> str:
    if d.outcome in ("tie", "both_guardians"):
        return "None yet: the contest is drawn again, with the same numbers of tiles (a new draw code)."
    count = rules.table("rain/contest")["exchange"]["tiles_each_way"]
    won = d.outcome in ("my_win", "my_guardian")
    give, take = suggested_exchange(*((d.mine, d.theirs) if won else (d.theirs, d.mine)))
    each = "one tile" if count == 1 else f"{count} tiles"
    if won:
        rule = f"You won: give them {each} of your hand, take {each} of theirs"
        hint = f"give your {give.name} (worth {sky_value(give)}), take their {take.name} (worth {sky_value(take)})"
    else:
        rule = f"They won: they give you {each} of their hand and take {each} of yours"
        hint = f"they give their {give.name} (worth {sky_value(give)}), take your {take.name} " \
               f"(worth {sky_value(take)})"
    if sky_value(take) > sky_value(give):
        advice = f"Suggestion for the Sky, where kept tiles pay for moves: {hint}."
    else:
        advice = ("For the Sky, where kept tiles pay for moves, no choice gains here: "
                  "no tile the loser holds is worth more than the least the winner holds.")
    return f"{rule}; each keeps the tile received and the rest go back to the pool. {advice}"


# --- the calculator ------------------------------------------------------------------------------


def _inputs() -> list[Input]:
    seed = Input("seed", "Draw code", "text", default=str(NOT_DRAWN), maximum=2 * DRAWN_CHARS,
                 group="The draw", help=f"{NOT_DRAWN} = nothing drawn yet; Draw picks a long code at random, a "
                                        "code you type is up to six digits. The same code draws the same tiles for "
                                        "everyone who opens this link")
    return [*ct.contest_inputs(), seed]  # last: on a phone, Draw again sits just above the tiles


def _outputs() -> list[Output]:
    return [
        Output("my_hand", "My tiles, highest first", "tiles"),
        Output("their_hand", "Their tiles, highest first", "tiles"),
        Output("my_compared", "I compare", "text"),
        Output("their_compared", "They compare", "text"),
        Output("how", "Drawn or typed", "text"),
        Output("winner", "Who wins", "text"),
        Output("guardians", "Flowers and Seasons", "text"),
        Output("exchange", "After the contest", "text"),
    ]


def compute(values: Mapping[str, Any]) -> dict[str, Any]:
    """Both hands drawn by the seed, the compared tiles, the winner, and the exchange."""
    seed = seed_of(values)
    if seed is None:
        ct.sides(values)  # the contest's own checks still answer beside their fields
        wait = "Nothing drawn yet: tap Draw for a fresh draw code (or type a code you were given)."
        return {"my_hand": [], "their_hand": [], "my_compared": "Nothing yet", "their_compared": "Nothing yet",
                "how": "Nothing drawn yet.", "winner": wait, "guardians": "None drawn.", "exchange": "None yet."}
    d, me, them = deal(values)
    return {
        "how": _how(seed[1]),
        "my_hand": list(d.mine),
        "their_hand": list(d.theirs),
        "my_compared": _compared(d.my_compared, me.place, me.tiles, d),
        "their_compared": _compared(d.their_compared, them.place, them.tiles, d),
        "winner": _winner(d, values),
        "guardians": _guardians(d),
        "exchange": _exchange(d),
    }


def _how(drawn: bool) -> str:
    if drawn:
        return (f"Drawn at random: a {DRAWN_CHARS}-character code, which only the Draw button makes, from the "
                "browser's cryptographic generator. No page can tell how many draws came before this one, so a "
                "draw that matters is best made at the table.")
    return ("Typed: this draw was chosen, not drawn. A code of up to six digits is typed by someone, who may have "
            "tried codes until one gave the tiles they wanted; tap Draw for a draw nobody chose.")


CALCULATORS = (
    Calculator(
        id="rain.tile_draw",
        title="Draw the tiles",
        summary=lambda: f"A virtual {tl.set_size()}-tile set: both hands of a contest drawn by a code, the "
                        "tiles compared, the winner and the exchange. Share the link and the whole table sees the "
                        "same tiles.",
        inputs=_inputs,
        outputs=_outputs,
        compute=compute,
        follows=("rain.both-guardians", "rain.tie-redraw", f"rain.{EXCHANGE_NOTE}"),
    ),
)
