"""A session at the tile table: where every tile is, advanced one event at a time as the book plays.

The state is never stored. It is the replay of the session's events from a full pool
(`session_code` writes and reads them), so the same code gives the same tiles everywhere and a
table can check any draw. Each event is checked against the state it meets (a tile given must
be in the giver's hand, Qi spent must be in its container), and a code that breaks a rule is
refused with its step and the reason (`Refused`), never played on.

The book's order of play: a scene starts and each player splits 5 Qi by the Element of their
highest Alchemy (001 line 13); two players contest, spend Qi before the draw and move the Taiji
with each point (line 18), draw from one pool, and the winner gives one tile and takes one
(line 23): both keep those, the rest go back to the pool. Kept tiles pay for techniques in a
Combat (discarded) and for Planet moves in the Sky.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .. import limits, rules
from ..results import Tile
from . import elements as el
from . import hands, sky
from . import piles as pl
from . import qi as qi_rules
from . import taiji as tj
from . import tile_draw as td
from .piles import Pile
from .shuffle import SplitMix64, draw

CODE_RANGE = td.SEED_RANGE  # a draw code (and a session's id): short enough to read out
BLIND_STREAM = 0x5EA7ED  # the blind exchange's pick comes from the last draw code on a stream of its own
SEATS = limits.TABLE_SEATS

LONE_GUARDIAN_NOTE = "lone-guardian"
SPENT_TILES_NOTE = "spent-tiles"


@dataclass(frozen=True, slots=True)
class Readings:
    """The readings a session is played under (fixed when it starts: its replay must not change)."""

    rank_order: str
    lone_guardian: str  # "wins", or "set-aside": the holder may set it aside and draw another
    exchange: str  # "winner-chooses", or "blind": the tile taken is picked at random
    payment: str  # Sky payments: "overpay" allowed when no exact payment exists, or "exact"
    spent: str  # discarded and paid tiles: "gm-returns" them later, or they go back "at-once"


# --- events --------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Scene:
    """A scene begins: each seat's Qi split, as Yang (the rest is Yin)."""

    yang: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Split:
    """A seat takes another split its Alchemy allows, before spending any Qi this scene."""

    seat: int
    yang: int


@dataclass(frozen=True, slots=True)
class Declare:
    """Two seats contest, each with the Aspect of one Element and its Alchemy."""

    seats: tuple[int, int]
    elements: tuple[str, str]
    alchemy: tuple[int, int]


@dataclass(frozen=True, slots=True)
class Spend:
    """One side of the contest spends a point of Qi before the draw (side 0 or 1)."""

    side: int
    pool: str  # "yang" or "yin"


@dataclass(frozen=True, slots=True)
class Draw:
    """The tiles the contest needs, drawn from the pool with a code."""

    code: int


@dataclass(frozen=True, slots=True)
class Again:
    """A tie, or a Guardian on each side: the hands go back and the contest is drawn again."""


@dataclass(frozen=True, slots=True)
class Claim:
    """The holder of the only Flower or Season takes the win with it."""


@dataclass(frozen=True, slots=True)
class SetAside:
    """The holder of the only Flower or Season sets it aside and will draw a tile in its place."""


@dataclass(frozen=True, slots=True)
class Exchange:
    """The winner gives one tile of their hand and takes one of the loser's (kinds)."""

    give: int
    take: int


@dataclass(frozen=True, slots=True)
class Discard:
    """A seat discards kept tiles for a technique."""

    seat: int
    tiles: Pile


@dataclass(frozen=True, slots=True)
class Back:
    """A seat's kept tiles go back to the pool (the GM's correction, or a scene's outcome)."""

    seat: int
    tiles: Pile


@dataclass(frozen=True, slots=True)
class Pay:
    """A seat pays kept tiles to the Sky for one turn of moves of a Planet (0 = a knight's jump)."""

    seat: int
    planet: str
    moves: tuple[int, ...]
    interrupting: bool
    tiles: Pile


@dataclass(frozen=True, slots=True)
class Return:
    """The discard and the Sky's tiles go back to the pool."""


@dataclass(frozen=True, slots=True)
class Place:
    """The Taiji is put on a trigram by hand."""

    trigram: str


Event = (Scene | Split | Declare | Spend | Draw | Again | Claim | SetAside | Exchange | Discard | Back | Pay | Return
         | Place)


class Refused(ValueError):
    """An event the state it meets does not allow: `step` (1 = the first event) and why."""

    def __init__(self, step: int, message: str) -> None:
        super().__init__(f"step {step}: {message}")
        self.step = step
        self.message = message


# --- the state -----------------------------------------------------------------------------------


@dataclass(slots=True)
class Side:
    """One side of the contest on the table."""

    seat: int
    element: str
    alchemy: int
    yang: int = 0
    yin: int = 0
    hand: list[int] = field(default_factory=list)
    aside: list[int] = field(default_factory=list)


@dataclass(slots=True)
class Contest:
    """The contest on the table: both sides, the codes drawn with, and what the tiles decide."""

    sides: tuple[Side, Side]
    codes: list[int] = field(default_factory=list)
    deal: td.Deal | None = None
    claimed: bool = False
    replace: int | None = None  # the side whose Guardians were set aside: the next draw replaces them
    owed: int = 0  # how many tiles that draw replaces

    def awaiting_draw(self) -> bool:
        """No hands yet, or a set-aside Guardian to replace."""
        return self.deal is None or self.replace is not None


@dataclass(slots=True)
class State:
    """Every tile's place, each seat's Qi, the Taiji, the contest on the table, and what happened."""

    readings: Readings
    session: int
    names: tuple[str, ...]
    pool: Pile
    piles: list[Pile]
    discard: Pile
    sky: Pile
    taiji: str
    qi: list[tuple[int, int]]  # (Yang, Yin) left in each seat's containers this scene
    spent: list[bool]  # has the seat spent Qi this scene
    scene: int = 0
    contest: Contest | None = None
    step: int = 0
    log: list[str] = field(default_factory=list)

    @property
    def seats(self) -> int:
        """Seats at the table."""
        return len(self.names)

    def on_table(self) -> Pile:
        """The tiles of the contest on the table (hands and Guardians set aside)."""
        if self.contest is None:
            return pl.empty()
        return pl.of(k for s in self.contest.sides for k in (*s.hand, *s.aside))

    def clone(self) -> State:
        """A copy to play on, sharing nothing that changes."""
        contest = None
        if self.contest is not None:
            c = self.contest
            sides = tuple(Side(s.seat, s.element, s.alchemy, s.yang, s.yin, list(s.hand), list(s.aside))
                          for s in c.sides)
            contest = Contest((sides[0], sides[1]), list(c.codes), c.deal, c.claimed, c.replace, c.owed)
        return State(self.readings, self.session, self.names, self.pool, list(self.piles), self.discard, self.sky,
                     self.taiji, list(self.qi), list(self.spent), self.scene, contest, self.step, list(self.log))

    def places(self) -> dict[str, Pile]:
        """Every place a tile can be, with its tiles."""
        found = {"pool": self.pool, "table": self.on_table(), "discard": self.discard, "sky": self.sky}
        found.update({f"seat {n}": p for n, p in enumerate(self.piles, start=1)})
        return found


def start(readings: Readings, session: int, names: Sequence[str]) -> State:
    """A new session: every tile in the pool, the Taiji at the top of the ring, no Qi yet."""
    if not 2 <= len(names) <= SEATS:
        raise ValueError(f"a table has 2 to {SEATS} seats (got {len(names)})")
    ring = tj.data()["ring_clockwise"]
    return State(readings, session, tuple(names), pl.copies(), [pl.empty()] * len(names), pl.empty(), pl.empty(),
                 ring[0], [(0, 0)] * len(names), [False] * len(names))


def replay(state: State, events: Iterable[Event]) -> State:
    """`state` advanced by each event in turn; Refused at the first one it does not allow."""
    for event in events:
        advance(state, event)
    if _sum(state.places().values()) != pl.copies():
        raise AssertionError(f"step {state.step} lost or made a tile")  # a bug of ours, never the reader's
    return state


def advance(state: State, event: Event) -> None:
    """One event applied to the state (in place); Refused if the state does not allow it."""
    step = state.step + 1
    try:
        said = _HANDLERS[type(event)](state, event)
    except _No as no:
        raise Refused(step, str(no)) from None
    state.step = step
    state.log.append(said)


class _No(Exception):
    """Why an event is not allowed (Refused adds the step)."""


def _sum(places: Iterable[Pile]) -> Pile:
    total = pl.empty()
    for p in places:
        total = pl.plus(total, p)
    return total


def name(state: State, seat: int) -> str:
    """A seat as the log names it."""
    return state.names[seat]


def _seat(state: State, seat: int) -> None:
    if not 0 <= seat < state.seats:
        raise _No(f"there is no seat {seat + 1} at a table of {state.seats}")


def _contest(state: State) -> Contest:
    if state.contest is None:
        raise _No("there is no contest on the table")
    return state.contest


def points() -> int:
    """Qi a character divides at the start of a scene."""
    return qi_rules.data()["points_per_scene"]


# --- scenes and Qi -------------------------------------------------------------------------------


def allowed_yang(alchemy: dict[str, int]) -> list[int]:
    """The Yang a character may take at a scene's start, by the Element of their highest Alchemy."""
    pairs, _, _ = qi_rules.allowed_splits(alchemy)
    return [yang for yang, _ in pairs]


def _scene(state: State, e: Scene) -> str:
    if state.contest is not None:
        raise _No("a scene cannot begin while a contest is on the table")
    if len(e.yang) > state.seats:
        raise _No(f"the scene splits Qi for {len(e.yang)} seats, and the table has {state.seats}")
    total = points()
    if any(not 0 <= y <= total for y in e.yang):
        raise _No(f"a seat's Yang is 0 to {total}")
    state.scene += 1
    state.qi = [(y, total - y) for y in e.yang] + [(0, 0)] * (state.seats - len(e.yang))  # seats added later
    state.spent = [False] * state.seats
    t = tj.trigram_entry(state.taiji)
    split = "; ".join(f"{name(state, s)} {qi_rules.show_split(*state.qi[s])}" for s in range(state.seats))
    return f"Scene {state.scene} begins under {t['name']} {t['glyph']}: {t['weather']} Qi: {split}."


def _split(state: State, e: Split) -> str:
    _seat(state, e.seat)
    if state.scene == 0:
        raise _No("no scene has begun, so there is no Qi to split")
    if state.spent[e.seat]:
        raise _No(f"{name(state, e.seat)} has spent Qi this scene and can no longer split it another way")
    total = points()
    if not 0 <= e.yang <= total:
        raise _No(f"a seat's Yang is 0 to {total}")
    state.qi[e.seat] = (e.yang, total - e.yang)
    return f"{name(state, e.seat)} takes {qi_rules.show_split(*state.qi[e.seat])} instead."


# --- a contest -----------------------------------------------------------------------------------


def draws(contest: Contest, side: int) -> hands.Side:
    """Tiles one side draws and the place it compares, after the Qi it has spent."""
    me, them = contest.sides[side], contest.sides[1 - side]
    return hands.side(me.element, me.alchemy, them.element, them.alchemy, me.yang, me.yin)


def _declare(state: State, e: Declare) -> str:
    if state.contest is not None:
        raise _No("another contest is still on the table")
    for s in e.seats:
        _seat(state, s)
    if e.seats[0] == e.seats[1]:
        raise _No("a seat cannot contest against itself")
    low, high = el.alchemy_range()
    if any(a not in el.element_ids() for a in e.elements) or any(not low <= a <= high for a in e.alchemy):
        raise _No("a side's Element or Alchemy is not one the rules have")
    state.contest = Contest((Side(e.seats[0], e.elements[0], e.alchemy[0]),
                             Side(e.seats[1], e.elements[1], e.alchemy[1])))
    a, b = state.contest.sides
    return (f"Contest: {name(state, a.seat)}'s {el.element_name(a.element)} (Alchemy {a.alchemy}) against "
            f"{name(state, b.seat)}'s {el.element_name(b.element)} (Alchemy {b.alchemy}).")


def _spend(state: State, e: Spend) -> str:
    contest = _contest(state)
    if contest.codes:
        raise _No("Qi is spent before the draw, and this contest has been drawn")
    if e.side not in (0, 1) or e.pool not in ("yang", "yin"):
        raise _No("only a side of the contest spends Yang or Yin")
    me = contest.sides[e.side]
    yang, yin = state.qi[me.seat]
    left = yang if e.pool == "yang" else yin
    who = name(state, me.seat)
    if left < 1:
        raise _No(f"{who} has no {e.pool.title()} Qi left this scene")
    if e.pool == "yin" and me.yin >= hands.yin_limit(draws(contest, e.side).base_place):
        raise _No(f"{who} already compares the highest tile: more Yin changes nothing")
    before = tj.trigram_entry(state.taiji)
    after = tj.after_spending(state.taiji, e.pool)
    state.taiji = after["id"]
    state.spent[me.seat] = True
    if e.pool == "yang":
        me.yang += 1
        state.qi[me.seat] = (yang - 1, yin)
        gain = f"draws {draws(contest, e.side).tiles} tiles"
    else:
        me.yin += 1
        state.qi[me.seat] = (yang, yin - 1)
        gain = f"compares tile {draws(contest, e.side).place} (1 = highest)"
    return (f"{who} spends 1 {e.pool.title()} Qi and {gain}; the Taiji moves from {before['name']} {before['glyph']} "
            f"to {after['name']} {after['glyph']}.")


def _draw(state: State, e: Draw) -> str:
    contest = _contest(state)
    if not contest.awaiting_draw():
        raise _No("the contest on the table has its tiles already")
    low, high = CODE_RANGE
    if not low <= e.code <= high:
        raise _No(f"a draw code is {low} to {high}")
    if contest.replace is None:
        want = [draws(contest, 0).tiles, draws(contest, 1).tiles]
    else:
        want = [0, 0]
        want[contest.replace] = contest.owed
    needed = sum(want)
    if needed > pl.size(state.pool):
        raise _No(f"the draw needs {needed} tiles and the pool holds {pl.size(state.pool)}; "
                  "return the discard and the Sky's tiles to the pool first")
    drawn = draw(SplitMix64(e.code), pl.listed(state.pool), needed)
    contest.sides[0].hand += drawn[:want[0]]
    contest.sides[1].hand += drawn[want[0]:]
    state.pool = pl.minus(state.pool, pl.of(drawn)) or pl.empty()
    contest.codes.append(e.code)
    contest.replace = None
    contest.deal = decide(state, contest)
    a, b = contest.sides
    count = " and ".join(f"{name(state, s.seat)} {len(s.hand)}" for s in (a, b))
    return f"Drawn with code {e.code:06d} ({count} tiles): {outcome(state, contest)}"


def decide(state: State, contest: Contest) -> td.Deal:
    """The contest's hands compared, exactly as the one-off tile draw compares them."""
    a, b = contest.sides
    order = state.readings.rank_order
    return td.decide(pl.tiles(a.hand, order), pl.tiles(b.hand, order), draws(contest, 0).place,
                     draws(contest, 1).place, a.alchemy, b.alchemy, order)


GUARDIAN_WINS = {"my_guardian": 0, "their_guardian": 1}
RANK_WINS = {"my_win": 0, "their_win": 1}


def winner(state: State, contest: Contest) -> int | None:
    """The side that has won (0 or 1), or None while the tiles have not decided it."""
    deal = contest.deal
    if deal is None or contest.replace is not None:
        return None
    if deal.outcome in RANK_WINS:
        return RANK_WINS[deal.outcome]
    if deal.outcome in GUARDIAN_WINS and (contest.claimed or state.readings.lone_guardian == "wins"):
        return GUARDIAN_WINS[deal.outcome]
    return None


def outcome(state: State, contest: Contest) -> str:
    """What the tiles on the table decide, in words."""
    deal = contest.deal
    if deal is None:
        return "not drawn yet."
    sides = contest.sides
    who = [name(state, s.seat) for s in sides]
    if deal.outcome in GUARDIAN_WINS:
        side = GUARDIAN_WINS[deal.outcome]
        held = " and ".join(t.name for t in (deal.mine, deal.theirs)[side] if td.is_guardian(t))
        if winner(state, contest) is not None:
            return f"{who[side]} wins outright with {held}: tell it as a great turn of fortune that calls up the tile."
        return f"{who[side]} holds {held}, the only Flower or Season: take the win, or set it aside and draw another."
    if deal.outcome == "both_guardians":
        return "both hold a Flower or Season, so neither wins by it: draw again."
    mine, theirs = deal.my_compared, deal.their_compared
    assert mine is not None and theirs is not None
    rank = td.ranks(state.readings.rank_order)
    if deal.outcome == "tie":
        return f"{mine.name} and {theirs.name} rank the same and both Alchemies are {sides[0].alchemy}: draw again."
    side = RANK_WINS[deal.outcome]
    high, low = (mine, theirs) if side == 0 else (theirs, mine)
    if rank[high.id] == rank[low.id]:
        return f"{who[side]} wins: {high.name} and {low.name} rank the same, and Alchemy {sides[side].alchemy} beats " \
               f"{sides[1 - side].alchemy}."
    return f"{who[side]} wins: {high.name} outranks {low.name}."


def _again(state: State, _e: Again) -> str:
    contest = _contest(state)
    if contest.deal is None or contest.deal.outcome not in ("tie", "both_guardians"):
        raise _No("only a tie, or a Flower or Season on each side, is drawn again")
    _back_to_pool(state, contest)
    return "The hands go back to the pool, to be drawn again with the same numbers of tiles."


def _back_to_pool(state: State, contest: Contest, keep: Pile | None = None) -> None:
    table = pl.of(k for s in contest.sides for k in (*s.hand, *s.aside))
    back = pl.minus(table, keep) if keep else table
    if back is None:
        raise AssertionError("a tile kept was not on the table")  # a bug of ours, never the reader's
    state.pool = pl.plus(state.pool, back)
    for s in contest.sides:
        s.hand, s.aside = [], []
    contest.deal = None


def _lone_guardian(state: State, contest: Contest) -> int:
    deal = contest.deal
    if deal is None or deal.outcome not in GUARDIAN_WINS or contest.claimed:
        raise _No("no side holds the only Flower or Season undecided")
    if state.readings.lone_guardian != "set-aside":
        raise _No("under this session's reading a lone Flower or Season wins at once")
    return GUARDIAN_WINS[deal.outcome]


def _claim(state: State, _e: Claim) -> str:
    contest = _contest(state)
    side = _lone_guardian(state, contest)
    contest.claimed = True
    return f"{name(state, contest.sides[side].seat)} takes the win: {outcome(state, contest)}"


def _set_aside(state: State, _e: SetAside) -> str:
    contest = _contest(state)
    side = _lone_guardian(state, contest)
    me = contest.sides[side]
    kept = [k for k in me.hand if not td.is_guardian(pl.kinds()[k])]
    put = [k for k in me.hand if td.is_guardian(pl.kinds()[k])]
    me.hand, me.aside = kept, me.aside + put
    contest.deal, contest.replace, contest.owed = None, side, len(put)
    return (f"{name(state, me.seat)} sets {', '.join(pl.named(k) for k in put)} aside, "
            f"to draw {len(put)} tile{'' if len(put) == 1 else 's'} in its place.")


def blind_take(state: State, contest: Contest) -> int:
    """The loser's tile the winner takes under the blind reading: picked by the last draw code."""
    side = winner(state, contest)
    assert side is not None and contest.deal is not None
    loser = (contest.deal.mine, contest.deal.theirs)[1 - side]
    pick = SplitMix64(contest.codes[-1] ^ BLIND_STREAM).below(len(loser))
    return pl.kind_of(loser[pick])


def _exchange(state: State, e: Exchange) -> str:
    contest = _contest(state)
    side = winner(state, contest)
    if side is None:
        raise _No("the contest on the table has no winner yet")
    won, lost = contest.sides[side], contest.sides[1 - side]
    count = rules.table("rain/contest")["exchange"]["tiles_each_way"]
    if count != 1:
        raise _No(f"the rules give {count} tiles each way, and an exchange here moves one")
    if e.give not in won.hand:
        raise _No(f"{name(state, won.seat)} has no {_kind(e.give)} in hand to give")
    if e.take not in lost.hand:
        raise _No(f"{name(state, lost.seat)} has no {_kind(e.take)} in hand to take")
    if state.readings.exchange == "blind" and e.take != blind_take(state, contest):
        raise _No("under the blind reading the tile taken is the one the draw code picks")
    back = len(won.hand) + len(lost.hand) + len(won.aside) + len(lost.aside) - 2
    _back_to_pool(state, contest, keep=pl.of([e.give, e.take]))
    state.piles[won.seat] = pl.plus(state.piles[won.seat], pl.of([e.take]))
    state.piles[lost.seat] = pl.plus(state.piles[lost.seat], pl.of([e.give]))
    state.contest = None
    return (f"{name(state, won.seat)} gives {pl.named(e.give)} to {name(state, lost.seat)} and takes "
            f"{pl.named(e.take)}; both keep them, and {back} tile{'' if back == 1 else 's'} go back to the pool.")


def _kind(k: int) -> str:
    return pl.named(k) if 0 <= k < len(pl.kinds()) else f"tile kind {k}"


# --- kept tiles: techniques, the Sky, the pool ---------------------------------------------------


def _take_from_pile(state: State, seat: int, tiles: Pile) -> None:
    _seat(state, seat)
    if not pl.size(tiles):
        raise _No("no tiles were named")
    left = pl.minus(state.piles[seat], tiles)
    if left is None:
        lacking = ", ".join(pl.missing(state.piles[seat], tiles))
        raise _No(f"{name(state, seat)} does not hold {lacking}")
    state.piles[seat] = left


def _spent_to(state: State, place: str, tiles: Pile) -> str:
    if state.readings.spent == "at-once":
        state.pool = pl.plus(state.pool, tiles)
        return "they go straight back to the pool"
    setattr(state, place, pl.plus(getattr(state, place), tiles))
    return ""


def _discard(state: State, e: Discard) -> str:
    _take_from_pile(state, e.seat, e.tiles)
    where = _spent_to(state, "discard", e.tiles) or "they stay in the discard until the GM returns them"
    return f"{name(state, e.seat)} discards {pl.spelled(e.tiles)} for a technique; {where}."


def _back(state: State, e: Back) -> str:
    _take_from_pile(state, e.seat, e.tiles)
    state.pool = pl.plus(state.pool, e.tiles)
    return f"{name(state, e.seat)} puts {pl.spelled(e.tiles)} back in the pool."


def turn_cost(moves: Sequence[int], interrupting: bool) -> list[tuple[str, int]]:
    """Each move of a Planet's turn (a straight line's length, 0 for a knight's jump) and its cost."""
    out = []
    for order, length in enumerate(moves, start=1):
        kind = "knight" if length == 0 else "straight"
        cost = sky.move_cost(order, kind, max(length, 1), interrupting)
        out.append((f"straight {length}" if length else sky.move_kind("knight")["name"].lower(), cost))
    return out


def payment_problem(pile: Pile, tiles: Pile, cost: int, payment: str) -> str:
    """Why these tiles from this pile cannot pay `cost` under the payment reading; "" when they can."""
    paid = pl.value(tiles)
    if paid < cost:
        return f"the tiles are worth {paid}, and the turn costs {cost}"
    if paid == cost:
        return ""
    if payment == "exact":
        return f"the tiles are worth {paid}, and this session's reading asks for exactly {cost}"
    exact, _ = sky.payments(cost, pl.categories(pile), exact_only=True)
    if exact is not None:
        return f"the tiles are worth {paid}, and the pile can pay exactly {cost}: more is allowed only when it cannot"
    least = min(pl.value(pl.of([k])) for k in pl.listed(tiles))
    if paid - least >= cost:
        return f"the tiles are worth {paid}: the turn costs {cost}, so not all of them are needed"
    return ""


def _pay(state: State, e: Pay) -> str:
    _seat(state, e.seat)
    if e.planet not in el.element_ids():
        raise _No("a Planet is one of the five Elements")
    longest = sky.max_length()
    if not e.moves or any(not 0 <= m <= longest for m in e.moves):
        raise _No(f"a turn is one or more moves, each a straight line of 1 to {longest} points or a knight's jump")
    costs = turn_cost(e.moves, e.interrupting)
    cost = sum(c for _, c in costs)
    problem = payment_problem(state.piles[e.seat], e.tiles, cost, state.readings.payment)
    if problem:
        raise _No(f"{name(state, e.seat)} cannot pay with {pl.spelled(e.tiles)}: {problem}")
    _take_from_pile(state, e.seat, e.tiles)
    where = _spent_to(state, "sky", e.tiles)
    moves = ", ".join(f"{what} ({c})" for what, c in costs)
    extra = " while interrupting a scene" if e.interrupting else ""
    return (f"{name(state, e.seat)} moves the {el.element_name(e.planet)} Planet{extra}: {moves}; pays {cost} with "
            f"{pl.spelled(e.tiles)}" + (f"; {where}." if where else "."))


def _return(state: State, _e: Return) -> str:
    back = pl.plus(state.discard, state.sky)
    if not pl.size(back):
        raise _No("the discard and the Sky hold no tiles")
    said = f"The discard ({pl.size(state.discard)}) and the Sky's tiles ({pl.size(state.sky)}) go back to the pool."
    state.pool, state.discard, state.sky = pl.plus(state.pool, back), pl.empty(), pl.empty()
    return said


def _place(state: State, e: Place) -> str:
    if e.trigram not in {t["id"] for t in tj.data()["trigrams"]}:
        raise _No("the Taiji sits on one of the eight trigrams")
    state.taiji = e.trigram
    t = tj.trigram_entry(e.trigram)
    return f"The Taiji is placed on {t['name']} {t['glyph']}."


_HANDLERS: dict[type, Callable[[State, Any], str]] = {
    Scene: _scene, Split: _split, Declare: _declare, Spend: _spend, Draw: _draw, Again: _again, Claim: _claim,
    SetAside: _set_aside, Exchange: _exchange, Discard: _discard, Back: _back, Pay: _pay, Return: _return,
    Place: _place,
}


def shown(state: State, kind_indexes: Sequence[int]) -> list[Tile]:
    """Tiles to show under the session's rank order, highest first."""
    return pl.tiles(kind_indexes, state.readings.rank_order)
