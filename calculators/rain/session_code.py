"""The session code: a whole tile-table session as short text, the readings and then every event.

`R1` and the session's id (six digits) open it, one character per reading follows, then the
events, each a capital letter and its fields: a seat, an Element or a kind of tile is one
character, a draw code six digits, a list of tiles ends with a dot. A long evening (forty
contests, a dozen Sky turns) stays near a thousand characters: it travels in the page's link,
in a save and in the undo history as any input does. Reading never trusts the text: every
event is then replayed against the rules (`session.replay`).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from .. import rules
from . import elements as el
from . import piles as pl
from . import session as ss
from . import taiji as tj

FORMAT = "R1"
DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
ID_WIDTH = 6  # a session's id and a draw code: six decimal digits
READING_NOTES = (("rank_order", "tile-rank-order"), ("lone_guardian", ss.LONE_GUARDIAN_NOTE),
                 ("exchange", "contest-exchange"), ("payment", "sky-overpay"), ("spent", ss.SPENT_TILES_NOTE))


class CodeError(ValueError):
    """Text that is not a session code of this version (the message says where and why)."""


def readings_of(values: dict[str, str]) -> ss.Readings:
    """Readings from reading ids by field name."""
    return ss.Readings(**{name: values[name] for name, _ in READING_NOTES})


def _reading_ids() -> dict[str, tuple[str, ...]]:
    """Each reading field's ids, the site's first: a reading is written as its place here."""
    return rules.memo(("rain.session_code", "readings"),
                      lambda: {name: rules.reading_ids("rain", note) for name, note in READING_NOTES})


def header(readings: ss.Readings, session_id: str) -> str:
    """The opening of a session's code (its id as six digits, or a marker the page fills in)."""
    ids = _reading_ids()
    return FORMAT + session_id + "".join(DIGITS[ids[name].index(getattr(readings, name))] for name, _ in READING_NOTES)


def write(event: ss.Event) -> str:
    """One event as text."""
    match event:
        case ss.Scene(yang):
            return "S" + DIGITS[len(yang)] + "".join(DIGITS[y] for y in yang)
        case ss.Split(seat, yang):
            return "Q" + DIGITS[seat] + DIGITS[yang]
        case ss.Declare(seats, elements, alchemy):
            ids = el.element_ids()
            return "C" + "".join(DIGITS[x] for x in (*seats, *(ids.index(e) for e in elements), *alchemy))
        case ss.Spend(side, pool):
            return ("Y" if pool == "yang" else "N") + DIGITS[side]
        case ss.Draw(code):
            return "D" + f"{code:0{ID_WIDTH}d}"
        case ss.Again():
            return "A"
        case ss.Claim():
            return "W"
        case ss.SetAside():
            return "G"
        case ss.Exchange(give, take):
            return "X" + DIGITS[give] + DIGITS[take]
        case ss.Discard(seat, tiles):
            return "T" + DIGITS[seat] + _tiles(tiles)
        case ss.Back(seat, tiles):
            return "B" + DIGITS[seat] + _tiles(tiles)
        case ss.Pay(seat, planet, moves, interrupting, tiles):
            return ("K" + DIGITS[seat] + DIGITS[el.element_ids().index(planet)] + DIGITS[int(interrupting)]
                    + "".join(DIGITS[m] for m in moves) + "." + _tiles(tiles))
        case ss.Return():
            return "R"
        case ss.Place(trigram):
            return "J" + DIGITS[_trigram_ids().index(trigram)]
    raise TypeError(f"not an event: {event!r}")


def _tiles(tiles: pl.Pile) -> str:
    return "".join(DIGITS[k] for k in pl.listed(tiles)) + "."


def _trigram_ids() -> list[str]:
    return [t["id"] for t in tj.data()["trigrams"]]


def read(text: str) -> tuple[ss.Readings, int, list[ss.Event]]:
    """The readings, the session's id and the events of a code; CodeError saying where it goes wrong."""
    code = "".join(text.split())
    if not code.startswith(FORMAT):
        raise CodeError(f"a session code starts with {FORMAT} (this one starts with {code[:2]!r})")
    at = len(FORMAT)
    digits = code[at:at + ID_WIDTH]
    if len(digits) != ID_WIDTH or not digits.isdigit():
        raise CodeError(f"a session code has its {ID_WIDTH}-digit id after {FORMAT}")
    at += ID_WIDTH
    chosen = {}
    for name, note in READING_NOTES:
        ids = _reading_ids()[name]
        if at >= len(code) or code[at] not in DIGITS[:len(ids)]:
            raise CodeError(f"character {at + 1} should name a reading of {note}")
        chosen[name] = ids[DIGITS.index(code[at])]
        at += 1
    events = list(_events(code, at))
    return readings_of(chosen), int(digits), events


def _events(code: str, at: int) -> Iterator[ss.Event]:
    reader = _Reader(code, at)
    while not reader.done():
        yield reader.event()


class _Reader:
    """Reads events one after the other, saying which character and which event it could not read."""

    def __init__(self, code: str, at: int) -> None:
        self.code, self.at, self.started = code, at, at

    def done(self) -> bool:
        return self.at >= len(self.code)

    def fail(self, what: str) -> CodeError:
        return CodeError(f"character {self.at + 1} ({self.code[self.started:self.at + 1][-12:]!r}): {what}")

    def char(self) -> str:
        if self.done():
            raise self.fail("the code ends in the middle of an event")
        ch = self.code[self.at]
        self.at += 1
        return ch

    def digit(self, below: int) -> int:
        ch = self.char()
        value = DIGITS.find(ch)
        if not 0 <= value < below:
            self.at -= 1
            raise self.fail(f"{ch!r} is not a value allowed here")
        return value

    def tiles(self) -> pl.Pile:
        found = []
        while self.char() != ".":
            self.at -= 1
            found.append(self.digit(len(pl.kinds())))
        return pl.of(found)

    def event(self) -> ss.Event:
        self.started = self.at
        tag = self.char()
        seats = ss.SEATS
        match tag:
            case "S":
                n = self.digit(seats + 1)
                return ss.Scene(tuple(self.digit(len(DIGITS)) for _ in range(n)))
            case "Q":
                return ss.Split(self.digit(seats), self.digit(len(DIGITS)))
            case "C":
                ids = el.element_ids()
                a, b = self.digit(seats), self.digit(seats)
                ea, eb = self.digit(len(ids)), self.digit(len(ids))
                return ss.Declare((a, b), (ids[ea], ids[eb]), (self.digit(len(DIGITS)), self.digit(len(DIGITS))))
            case "Y" | "N":
                return ss.Spend(self.digit(2), "yang" if tag == "Y" else "yin")
            case "D":
                number = "".join(self.char() for _ in range(ID_WIDTH))
                if not number.isdigit():
                    raise self.fail(f"a draw code is {ID_WIDTH} digits")
                return ss.Draw(int(number))
            case "A":
                return ss.Again()
            case "W":
                return ss.Claim()
            case "G":
                return ss.SetAside()
            case "X":
                return ss.Exchange(self.digit(len(pl.kinds())), self.digit(len(pl.kinds())))
            case "T" | "B":
                seat = self.digit(seats)
                return (ss.Discard if tag == "T" else ss.Back)(seat, self.tiles())
            case "K":
                seat, planet = self.digit(seats), el.element_ids()[self.digit(len(el.element_ids()))]
                interrupting = bool(self.digit(2))
                moves = []
                while self.char() != ".":
                    self.at -= 1
                    moves.append(self.digit(len(DIGITS)))
                return ss.Pay(seat, planet, tuple(moves), interrupting, self.tiles())
            case "R":
                return ss.Return()
            case "J":
                return ss.Place(_trigram_ids()[self.digit(len(_trigram_ids()))])
        self.at -= 1
        raise self.fail(f"{tag!r} does not start any event")


def written(readings: ss.Readings, session_id: int, events: Sequence[ss.Event]) -> str:
    """A whole session's code."""
    return header(readings, f"{session_id:0{ID_WIDTH}d}") + "".join(write(e) for e in events)
