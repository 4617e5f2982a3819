"""A player's code: only what one seat may see of the session, short enough to read out.

Without a server a link holding the whole session would let a curious player read every hand,
so each seat gets its own code after each step: its own tiles, how many tiles every seat keeps
and their Qi, the discard, the Sky's tiles, the Taiji, and the session and step it was made at.
The fields are packed into one whole number (a kept pile as the rank of its multiset of kinds,
not as a list) and written in Crockford's base 32 (digits and capitals without I, L, O, U, in
groups of four), with two check characters, so a misread character is caught.

Those two characters are a checksum anyone can work out, so they catch typos and nothing more: a
player who knows the packing can rewrite their own code into another seat's. A version 2 code also
carries a tag keyed by a secret that only the GM's device holds (HMAC-SHA256 of the packed fields,
30 bits, six characters), drawn on that device for its session and never put in a link or a code.
Only that device can check the tag (`verify`): a player's phone holds no key, so it reads the code
and says that it cannot tell who made it. A version 1 code (made before the tag) still opens, and
is said to be unverifiable. A view whose seat is one past the last is the table's own view (the
shared screen): every seat face down.
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass
from math import comb

from . import crockford
from . import piles as pl
from . import qi as qi_rules
from . import session as ss
from . import taiji as tj
from . import tiles as tl
from .shuffle import SplitMix64

VERSION = 1  # unkeyed: what a device with no key for the session writes (and codes made before the tag)
KEYED = 2  # with a tag keyed by the GM device's secret
VERSIONS = 4
TAG = 2**30  # six characters of keyed tag: a forger cannot test guesses without the GM's device
KEY_HEX = 64  # the key: 32 random bytes from crypto.getRandomValues, as hex
TAG_DOMAIN = b"codex.rain.seat-code.v2\0"
NOT_MADE_HERE = ("This seat code was not made by this table's GM device, or was changed")
STEPS = 4096  # a code names its step modulo this
CHECK = 1024  # two characters of check
GROUP = 4
MAX_TILES = 145  # a count of tiles, 0 to 144 (the set's size is checked against the data)


class SeatCodeError(ValueError):
    """A seat code that cannot be read, with what is wrong in the reader's words."""


class NotVerified(SeatCodeError):
    """A code that reads well but that the GM's device did not make (or cannot vouch for)."""


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
    mine: pl.Pile
    discard: pl.Pile
    sky: pl.Pile
    rank_order: str  # the session's reading of the rank order, to show tiles highest first

    @property
    def seats(self) -> int:
        """Seats at the table."""
        return len(self.counts)

    @property
    def shared(self) -> bool:
        """The table's own view (the shared screen): no seat's tiles."""
        return self.seat == self.seats

    def pool(self) -> int:
        """Tiles left in the pool."""
        return sum(pl.copies()) - sum(self.counts) - self.table - pl.size(self.discard) - pl.size(self.sky)


def of_state(state: ss.State, seat: int) -> SeatView:
    """The view of one seat (0-based) of a session's state; seat `state.seats` is the table's own view."""
    mine = state.piles[seat] if seat < state.seats else pl.empty()
    return SeatView(state.session, state.step % STEPS, seat, state.taiji, pl.size(state.on_table()),
                    tuple(pl.size(p) for p in state.piles), tuple(state.qi), mine, state.discard,
                    state.sky, state.readings.rank_order)


@dataclass(frozen=True, slots=True)
class Opened:
    """A code read: the view it carries, and whether it carries a keyed tag (and which)."""

    view: SeatView
    keyed: bool
    body: int  # the packed fields the tag is worked out from
    tag: int


def key_of(text: str) -> bytes | None:
    """The GM device's key from its hex (None for none); ValueError for anything else."""
    if not text:
        return None
    if len(text) != KEY_HEX or any(c not in "0123456789abcdef" for c in text):
        raise ValueError(f"a table key is {KEY_HEX} hexadecimal digits, drawn by the GM's device")
    return bytes.fromhex(text)


def tag_of(body: int, key: bytes) -> int:
    """The keyed tag of a code's packed fields."""
    data = TAG_DOMAIN + body.to_bytes((body.bit_length() + 7) // 8 or 1, "big")
    return int.from_bytes(hmac.new(key, data, hashlib.sha256).digest()[:8], "big") % TAG


# --- packing -------------------------------------------------------------------------------------


def _multisets(size: int) -> int:
    return comb(len(pl.kinds()) + size - 1, size)


def _rank(counts: pl.Pile) -> int:
    """The rank of a multiset of kinds among all of its size (combinations with repetition)."""
    return sum(comb(kind + i, i + 1) for i, kind in enumerate(pl.listed(counts)))


def _unrank(rank: int, size: int) -> pl.Pile:
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


def write(view: SeatView, key: bytes | None = None) -> str:
    """The seat's code, in groups of four characters: keyed (version 2) when the GM's key is given."""
    if view.shared and key is None:
        raise ValueError("the table's own view is written only with the GM device's key")
    p = _Packer()
    p.put(view.session, ss.CODE_RANGE[1] + 1)
    p.put(view.step, STEPS)
    p.put(view.seats, ss.SEATS + 1)
    p.put(view.seat, ss.SEATS + (key is not None))
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
    body = p.value
    inner = (body * TAG + tag_of(body, key)) * VERSIONS + KEYED if key is not None else body * VERSIONS + VERSION
    number = inner * CHECK + _check(inner)
    text = crockford.write(number)
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
    return open_code(text).view


def verify(text: str, key: bytes) -> SeatView:
    """A seat's view from a code this key made; NotVerified for any other (forged, altered, unkeyed)."""
    opened = open_code(text)
    if not opened.keyed:
        raise NotVerified(f"{NOT_MADE_HERE}: it is an older code with no check by a GM device, "
                          "so nobody can verify it")
    if not hmac.compare_digest(tag_of(opened.body, key).to_bytes(4, "big"), opened.tag.to_bytes(4, "big")):
        raise NotVerified(NOT_MADE_HERE)
    return opened.view


def open_code(text: str) -> Opened:
    """A code read (its typo check passed), keyed or not; SeatCodeError saying what is wrong."""
    clean = "".join(text.split()).replace("-", "").upper()
    if not clean:
        raise SeatCodeError("there is no code to read")
    try:
        number = crockford.read(clean)
    except crockford.NotInAlphabet as stray:
        raise SeatCodeError(f"{stray.char!r} is not a character these codes use (digits, and capitals other than "
                            "I, L, O and U): check the code for a typo") from None
    inner, check = divmod(number, CHECK)
    if _check(inner) != check:
        raise SeatCodeError("its check characters do not match: a character was misread or changed "
                            "(read it again, or ask the GM to show it)")
    rest, version = divmod(inner, VERSIONS)
    if version not in (VERSION, KEYED):
        raise SeatCodeError(f"it was made by another version of this page (code version {version}, "
                            f"not {VERSION} or {KEYED})")
    body, tag = divmod(rest, TAG) if version == KEYED else (rest, 0)
    view = _fields(_Unpacker(body), version == KEYED)
    problems = pl.too_many(pl.plus(pl.plus(view.mine, view.discard), view.sky))
    if problems:
        raise SeatCodeError(f"it would hold {'; '.join(problems)}: the code was changed or mistyped")
    if view.pool() < 0 or (not view.shared and view.counts[view.seat] != pl.size(view.mine)):
        raise SeatCodeError("its tile counts do not add up to the set: the code was changed or mistyped")
    return Opened(view, version == KEYED, body, tag)


def _fields(u: _Unpacker, keyed: bool) -> SeatView:
    session, step = u.take(ss.CODE_RANGE[1] + 1), u.take(STEPS)
    seats, seat = u.take(ss.SEATS + 1), u.take(ss.SEATS + keyed)
    if not seats >= 2:
        raise SeatCodeError(f"it is for a table of {seats} seats: the code was changed or mistyped")
    if seat > seats or (seat == seats and not keyed):
        raise SeatCodeError(f"it is for seat {seat + 1}, and its table has only {seats} seats: "
                            "no such seat (the code was changed or mistyped)")
    taiji = _trigrams()[u.take(len(_trigrams()))]
    order = u.take(len(_orders()))
    table = u.take(MAX_TILES)
    counts, qi = [], []
    for _ in range(seats):
        counts.append(u.take(MAX_TILES))
        qi.append((u.take(_qi_radix()), u.take(_qi_radix())))
    held = counts[seat] if seat < seats else 0
    mine = _unrank(u.take(_multisets(held)), held)
    places = []
    for _ in range(2):
        size = u.take(MAX_TILES)
        places.append(_unrank(u.take(_multisets(size)), size))
    if u.value:
        raise SeatCodeError("it is longer than a seat code: the code was changed or mistyped")
    return SeatView(session, step, seat, taiji, table, tuple(counts), tuple(qi), mine, places[0], places[1],
                    _orders()[order])
