"""A player's code: only what one seat may see of the session, short enough to read out.

Without a server a link holding the whole session would let a curious player read every hand,
so each seat gets its own code after each step: its own tiles, how many tiles every seat keeps
and their Qi, the discard, the Sky's tiles, the Taiji, and the session and step it was made at.
The fields are packed into one whole number (a kept pile as the rank of its multiset of kinds,
not as a list) and written in Crockford's base 32 (digits and capitals without I, L, O, U, in
groups of four), with two check characters, so a misread character is caught.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import comb

from . import piles as pl
from . import qi as qi_rules
from . import session as ss
from . import taiji as tj
from . import tiles as tl
from .shuffle import SplitMix64

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
ALIASES = {"O": "0", "I": "1", "L": "1"}
VERSION = 1
VERSIONS = 4
STEPS = 4096  # a code names its step modulo this
CHECK = 1024  # two characters of check
GROUP = 4
MAX_TILES = 145  # a count of tiles, 0 to 144 (the set's size is checked against the data)


class SeatCodeError(ValueError):
    """A seat code that cannot be read, with what is wrong in the reader's words."""


@dataclass(frozen=True, slots=True)
class SeatView:
    """What one seat may see: its tiles, every seat's count and Qi, the discard, the Sky, the Taiji."""

    session: int
    step: int
    seat: int  # 0-based
    taiji: str
    table: int  # tiles on the table (the hands of a contest in progress)
    counts: tuple[int, ...]  # tiles each seat keeps
    qi: tuple[tuple[int, int], ...]  # (Yang, Yin) each seat has left this scene
    mine: pl.Counts
    discard: pl.Counts
    sky: pl.Counts
    rank_order: str  # the session's reading of the rank order, to show tiles highest first

    @property
    def seats(self) -> int:
        """Seats at the table."""
        return len(self.counts)

    def pool(self) -> int:
        """Tiles left in the pool."""
        return sum(pl.copies()) - sum(self.counts) - self.table - pl.size(self.discard) - pl.size(self.sky)


def of_state(state: ss.State, seat: int) -> SeatView:
    """The view of one seat (0-based) of a session's state."""
    return SeatView(state.session, state.step % STEPS, seat, state.taiji, pl.size(state.on_table()),
                    tuple(pl.size(p) for p in state.piles), tuple(state.qi), state.piles[seat], state.discard,
                    state.sky, state.readings.rank_order)


# --- packing -------------------------------------------------------------------------------------


def _multisets(size: int) -> int:
    return comb(len(pl.kinds()) + size - 1, size)


def _rank(counts: pl.Counts) -> int:
    """The rank of a multiset of kinds among all of its size (combinations with repetition)."""
    return sum(comb(kind + i, i + 1) for i, kind in enumerate(pl.listed(counts)))


def _unrank(rank: int, size: int) -> pl.Counts:
    found = []
    for i in range(size, 0, -1):
        y = i - 1
        while comb(y + 1, i) <= rank:
            y += 1
        rank -= comb(y, i)
        found.append(y - (i - 1))
    return pl.of(found)


class _Packer:
    def __init__(self) -> None:
        self.value, self.scale = 0, 1

    def put(self, value: int, radix: int) -> None:
        assert 0 <= value < radix, (value, radix)
        self.value += value * self.scale
        self.scale *= radix


class _Unpacker:
    def __init__(self, value: int) -> None:
        self.value = value

    def take(self, radix: int) -> int:
        self.value, part = divmod(self.value, radix)
        return part


def _trigrams() -> list[str]:
    return [t["id"] for t in tj.data()["trigrams"]]


def _orders() -> tuple[str, ...]:
    return tl.rank_order_ids()


def _qi_radix() -> int:
    return qi_rules.data()["points_per_scene"] + 1


def write(view: SeatView) -> str:
    """The seat's code, in groups of four characters."""
    p = _Packer()
    p.put(VERSION, VERSIONS)
    p.put(view.session, ss.CODE_RANGE[1] + 1)
    p.put(view.step, STEPS)
    p.put(view.seats, ss.SEATS + 1)
    p.put(view.seat, ss.SEATS)
    p.put(_trigrams().index(view.taiji), len(_trigrams()))
    p.put(_orders().index(view.rank_order), len(_orders()))
    p.put(view.table, MAX_TILES)
    for count, (yang, yin) in zip(view.counts, view.qi, strict=True):
        p.put(count, MAX_TILES)
        p.put(yang, _qi_radix())
        p.put(yin, _qi_radix())
    p.put(_rank(view.mine), _multisets(pl.size(view.mine)))
    for place in (view.discard, view.sky):
        p.put(pl.size(place), MAX_TILES)
        p.put(_rank(place), _multisets(pl.size(place)))
    number = p.value * CHECK + _check(p.value)
    text = ""
    while number:
        number, digit = divmod(number, len(ALPHABET))
        text = ALPHABET[digit] + text
    text = text or "0"
    return "-".join(text[i:i + GROUP] for i in range(0, len(text), GROUP))


def _check(value: int) -> int:
    mixed = 0
    while True:
        mixed = SplitMix64(mixed ^ (value & (2**64 - 1))).next()
        value >>= 64
        if not value:
            return mixed % CHECK


def read(text: str) -> SeatView:
    """A seat's view from its code; SeatCodeError saying what is wrong (a typo, a changed code)."""
    clean = "".join(text.split()).replace("-", "").upper()
    if not clean:
        raise SeatCodeError("there is no code to read")
    number = 0
    for ch in clean:
        ch = ALIASES.get(ch, ch)
        if ch not in ALPHABET:
            raise SeatCodeError(f"{ch!r} is not a character these codes use (digits, and capitals other than "
                                "I, L, O and U): check the code for a typo")
        number = number * len(ALPHABET) + ALPHABET.index(ch)
    value, check = divmod(number, CHECK)
    view = _fields(_Unpacker(value))
    problems = pl.too_many(pl.plus(pl.plus(view.mine, view.discard), view.sky))
    if problems:
        raise SeatCodeError(f"it would hold {'; '.join(problems)}: the code was changed or mistyped")
    if view.pool() < 0 or view.counts[view.seat] != pl.size(view.mine):
        raise SeatCodeError("its tile counts do not add up to the set: the code was changed or mistyped")
    if _check(value) != check:
        raise SeatCodeError("its check characters do not match: a character was misread or changed "
                            "(read it again, or ask the GM to show it)")
    return view


def _fields(u: _Unpacker) -> SeatView:
    version = u.take(VERSIONS)
    if version != VERSION:
        raise SeatCodeError(f"it was made by another version of this page (code version {version}, not {VERSION})")
    session, step = u.take(ss.CODE_RANGE[1] + 1), u.take(STEPS)
    seats, seat = u.take(ss.SEATS + 1), u.take(ss.SEATS)
    if not seats >= 2:
        raise SeatCodeError(f"it is for a table of {seats} seats: the code was changed or mistyped")
    if seat >= seats:
        raise SeatCodeError(f"it is for seat {seat + 1}, and its table has only {seats} seats: "
                            "no such seat (the code was changed or mistyped)")
    taiji = _trigrams()[u.take(len(_trigrams()))]
    order = u.take(len(_orders()))
    table = u.take(MAX_TILES)
    counts, qi = [], []
    for _ in range(seats):
        counts.append(u.take(MAX_TILES))
        qi.append((u.take(_qi_radix()), u.take(_qi_radix())))
    mine = _unrank(u.take(_multisets(counts[seat])), counts[seat])
    places = []
    for _ in range(2):
        size = u.take(MAX_TILES)
        places.append(_unrank(u.take(_multisets(size)), size))
    if u.value:
        raise SeatCodeError("it is longer than a seat code: the code was changed or mistyped")
    return SeatView(session, step, seat, taiji, table, tuple(counts), tuple(qi), mine, places[0], places[1],
                    _orders()[order])
