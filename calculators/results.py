"""Typed results: what a calculator returns when a number or a line of text is not enough.

A calculator returns data, never markup. Numbers, fractions, percentages, text and lists are
plain JSON values typed by their `Output.kind`; the richer results below are dataclasses that
`Calculator.run` turns into JSON-able dicts (`{"type": "table", ...}`), and
`calculators.present` alone turns any of them (or their JSON form) into HTML, the same code at build time and in
the browser. A new kind (a Ma Jiang tile, say) is one dataclass here and one renderer there.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar, Literal


class Fields:
    """A result's fields read by name, as its JSON form reads (`table["rows"]`): `present` takes both.

    The page's answer is rendered from the typed result itself, without building its JSON form
    first (that copy was a quarter of a 20-fighter tracker's answer time in the browser).
    """

    __slots__ = ()
    __getitem__ = object.__getattribute__  # result["rows"] is result.rows, at C speed


CellKind = Literal["text", "number", "percent", "conditions"]
RowMark = Literal["", "highlight", "current"]


@dataclass(frozen=True, slots=True)
class Condition(Fields):
    """A state the rules name that a fighter is in (Unconscious, Relaxing …) and what the rule says of it."""

    name: str
    rule: str


@dataclass(frozen=True, slots=True)
class Cell(Fields):
    """One table cell: a value shown as `kind` says, spanning `span` columns.

    A `conditions` cell shows `conditions` (its value is the text said when there are none): each
    one's name, with the rule's text a tap away. A cell with a `most` holds `amount` of it (its value
    says so in words, "3 of 7"; where the table is drawn as cards, a bar shows it too).
    """

    value: str | int | float
    kind: CellKind = "text"
    span: int = 1
    conditions: tuple[Condition, ...] = ()
    amount: int = 0
    most: int | None = None


@dataclass(frozen=True, slots=True)
class Row(Fields):
    """A table row: its header cell, then its cells; `mark` picks it out (or marks the current step)."""

    head: str
    cells: tuple[Cell, ...]
    mark: RowMark = ""
    pick: str = ""  # a fighter's name: tapping the row header makes them the form's `target`


@dataclass(frozen=True, slots=True)
class Table(Fields):
    """Rows under column headings; `empty` is said instead when there are no rows."""

    TYPE: ClassVar[str] = "table"
    caption: str
    columns: tuple[str, ...]
    rows: tuple[Row, ...]
    foot: Row | None = None
    empty: str = ""
    style: str = ""  # a name the presentation gives its own look ("purchases", "qi-advice", "tn-ladder", "prose",
    # "cards": a list of cards, one per row, that fits a phone)
    name: str = ""  # what the rows are, as a list's name ("Fighters"): the cards' accessible name


@dataclass(frozen=True, slots=True)
class Distribution(Fields):
    """Outcomes with their chances, in the order given; `highlight` names the outcomes to pick out."""

    TYPE: ClassVar[str] = "distribution"
    caption: str
    outcome: str
    bars: tuple[tuple[str, float], ...]
    highlight: tuple[str, ...] = ()

    @classmethod
    def of(cls, dist: Mapping[Any, Fraction], *, caption: str, outcome: str = "Outcome",
           highlight: Iterable[Any] = ()) -> Distribution:
        """Outcome → exact chance, in the order given; `highlight` holds outcomes as `dist` keys them."""
        marked = {str(k) for k in highlight}
        return cls(caption, outcome, chances(dist), tuple(str(k) for k in dist if str(k) in marked))


@dataclass(frozen=True, slots=True)
class TickChart(Fields):
    """Fighters against the tick steps of each phase: `active[phase][step][fighter]`."""

    TYPE: ClassVar[str] = "ticks"
    caption: str
    fighters: tuple[str, ...]
    phases: tuple[str, ...]
    active: tuple[tuple[tuple[bool, ...], ...], ...]


@dataclass(frozen=True, slots=True)
class StatBlock(Fields):
    """A character's or creature's numbers, one labelled line each."""

    TYPE: ClassVar[str] = "stat_block"
    caption: str
    lines: tuple[tuple[str, str], ...]


@dataclass(frozen=True, slots=True)
class Trigram(Fields):
    """A trigram: its name and glyph, and its lines bottom first (`yang` solid, `yin` broken)."""

    name: str
    glyph: str
    lines: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class TrigramMove(Fields):
    """A trigram and the one it becomes."""

    TYPE: ClassVar[str] = "trigram_move"
    before: Trigram
    after: Trigram


@dataclass(frozen=True, slots=True)
class Apply(Fields):
    """A control that sets some of the form's inputs (the next round of a fight, say): `sets` input → value."""

    TYPE: ClassVar[str] = "apply"
    label: str
    sets: tuple[tuple[str, Any], ...]
    summary: str = ""



@dataclass(frozen=True, slots=True)
class AddToFight(Fields):
    """A control that adds one fighter (a stat block, a saved character) to a table tool's fight.

    `tracker` is the calculator that runs the fight (`wbs.combat_tracker`), `row` the fighter as
    one of its rows (field → value), carrying exactly the numbers the stat block shows; the page
    asks how many and names them (Goblin 1, Goblin 2 …).
    """

    TYPE: ClassVar[str] = "add_to_fight"
    label: str
    tracker: str
    row: tuple[tuple[str, Any], ...]
    summary: str = ""


@dataclass(frozen=True, slots=True)
class Ask(Fields):
    """One choice a fighter makes as a round starts: the row field it sets, and what it may be set to.

    A "select" offers `options`, (value, words) in order: the values the rules allow now, never others; a
    "toggle" is a box, off or on. `said` names a toggle when on ("Relaxes"); `note` is what it costs or does.
    """

    field: str
    label: str
    kind: Literal["select", "toggle"]
    options: tuple[tuple[Any, str], ...]
    value: Any
    said: str = ""
    note: str = ""


@dataclass(frozen=True, slots=True)
class FighterChoices(Fields):
    """A fighter's choices as a round starts: `row` is their place in the fight; `why` says why they have none."""

    name: str
    row: int
    asks: tuple[Ask, ...]
    why: str = ""


@dataclass(frozen=True, slots=True)
class RoundChoices(Fields):
    """The choices each fighter makes as round `round` starts, asked afresh (the page's round prompt).

    `rows` is the rows input they set; `start` is False once the round's ticks have begun (nothing is asked then);
    `note` says what is chosen elsewhere; `table` asks what the whole table chooses, each Ask's field an input.
    """

    TYPE: ClassVar[str] = "round_choices"
    round: int
    rows: str
    start: bool
    fighters: tuple[FighterChoices, ...] = ()
    note: str = ""
    table: tuple[Ask, ...] = ()  # choices of the whole table (Xia: which conflicts run), set on inputs of the tool


TileMark = Literal["", "compared", "guardian", "redraw"]


@dataclass(frozen=True, slots=True)
class Tile(Fields):
    """One physical Ma Jiang tile: its kind (`id`), name and glyph, which copy of it, and how it counts.

    `category` is suit, honour, flower or season; `mark` picks out the tile a hand compares, a
    Flower or Season that decides the contest, or one of two that send it to a new draw. A hand
    is a list of them, highest first.
    """

    TYPE: ClassVar[str] = "tile"
    id: str
    name: str
    glyph: str
    category: str
    copy: int
    mark: TileMark = ""


@dataclass(frozen=True, slots=True)
class Act(Fields):
    """A button of a table tool that sets some of the form's inputs at once: one step of play.

    Unlike an Apply it keeps the reader's place: `key` names the button from one answer to the
    next, and the page gives the focus back to it. `fresh` is a marker in the text of `sets` that
    the page replaces, at the tap, with a fresh six-digit code (000001 to 999999) from the
    browser's cryptographic generator: a draw nobody can know before it is made. A button drawn
    as `tile` picks that tile, and `pressed` says whether it is picked.
    """

    TYPE: ClassVar[str] = "act"
    label: str
    sets: tuple[tuple[str, Any], ...]
    key: str = ""
    fresh: str = ""
    tile: Tile | None = None
    pressed: bool | None = None


@dataclass(frozen=True, slots=True)
class Hand(Fields):
    """Tiles in a row under a label: their faces (tiles, or buttons drawn as tiles), then `backs` face down."""

    TYPE: ClassVar[str] = "hand"
    label: str
    tiles: tuple[Tile | Act, ...] = ()
    backs: int = 0
    large: bool = False


@dataclass(frozen=True, slots=True)
class Share(Fields):
    """A code someone opens on their own device, shown to read out; the page adds its link and a QR code.

    `calc` and `input` name the calculator of the page, and its input, that take the code.
    """

    code: str
    calc: str
    input: str


@dataclass(frozen=True, slots=True)
class Section(Fields):
    """One part of a board: a title, lines of text, rows of tiles, buttons, and a code to share.

    `mark` is "current" for the part in play; a `folded` one stays shut until opened.
    """

    title: str
    lines: tuple[str, ...] = ()
    hands: tuple[Hand, ...] = ()
    acts: tuple[Act, ...] = ()
    share: Share | None = None
    mark: Literal["", "current"] = ""
    folded: bool = False


@dataclass(frozen=True, slots=True)
class Board(Fields):
    """A table tool's view, in sections; `empty` is said when there are none."""

    TYPE: ClassVar[str] = "board"
    sections: tuple[Section, ...]
    empty: str = ""


@dataclass(frozen=True, slots=True)
class Seated(Fields):
    """One seat as every phone sees it: its name, what anyone may know of it, and whether it plays now."""

    name: str
    state: str
    current: bool = False


@dataclass(frozen=True, slots=True)
class SeatPhone(Fields):
    """What the phone of the player at one seat is sent: its boards (its own tiles face up, the others face down,
    the middle of the table) and what that player may ask the GM's device for now (`acts`, applied there as the
    GM's own buttons are); `note` says where that seat stands (why there is nothing to ask, or what the asks do)."""

    name: str
    boards: tuple[Board, ...]
    acts: tuple[Act, ...] = ()
    note: str = ""


@dataclass(frozen=True, slots=True)
class PhoneViews(Fields):
    """A table tool's projections for the phones linked to the GM's device, worked out by the engine: `seats` and
    `shared` (the boards of a phone that plays no seat, and of the shared screen) go to every phone, `phones[n]` to
    the phone that plays seat n alone. `step` is the game's step: a request made at another step is refused."""

    TYPE: ClassVar[str] = "phone_views"
    step: int
    round: str
    now: str
    acting: str
    seats: tuple[Seated, ...]
    shared: tuple[Board, ...]
    phones: tuple[SeatPhone, ...]


RESULT_TYPES = (Table, Distribution, TickChart, StatBlock, TrigramMove, Apply, AddToFight, RoundChoices, Tile, Act,
                Hand, Board, PhoneViews)


def chances(dist: Mapping[object, Fraction]) -> tuple[tuple[str, float], ...]:
    """A distribution (outcome → exact chance) as bars, outcomes in the order given."""
    return tuple((str(key), float(p)) for key, p in dist.items())


def json_number(value: int | Fraction) -> int | float:
    """An exact number as a JSON number: an int when whole (halves are exact as floats)."""
    value = Fraction(value)
    return value.numerator if value.denominator == 1 else float(value)


def trigram(entry: Mapping[str, Any]) -> Trigram:
    """A trigram of the rules data as a result."""
    return Trigram(entry["name"], entry["glyph"], tuple(entry["lines"]))


def text_cells(*values: str | int | float) -> tuple[Cell, ...]:
    """Cells shown as they are (numbers as numbers)."""
    return tuple(Cell(v, "text" if isinstance(v, str) else "number") for v in values)


_PLAIN = frozenset({str, int, float, bool})
_FIELDS: dict[type, tuple[str, ...]] = {}


def as_data(value: Any) -> Any:
    """A result as JSON-able data: typed results become `{"type": ..., field: ...}` dicts."""
    kind = type(value)
    if value is None or kind in _PLAIN:  # most of a big result (a 20-fighter tracker): answered first
        return value
    if kind is list or kind is tuple:
        return [as_data(v) for v in value]
    names = _FIELDS.get(kind)
    if names is None and dataclasses.is_dataclass(value) and not isinstance(value, type):
        names = _FIELDS[kind] = tuple(f.name for f in dataclasses.fields(value))
    if names is not None:
        out = {"type": value.TYPE} if isinstance(value, RESULT_TYPES) else {}
        out.update({name: as_data(getattr(value, name)) for name in names})
        return out
    if isinstance(value, Mapping):  # a fighter's row, most often: its values plain, copied as they are
        if all(v is None or type(v) in _PLAIN for v in value.values()):
            return dict(value)
        return {k: as_data(v) for k, v in value.items()}
    if isinstance(value, (tuple, list)):
        return [as_data(v) for v in value]
    return value
