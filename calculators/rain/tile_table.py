"""rain.tile_table: a virtual Ma Jiang set standing in for the physical one for a whole session.

The session's state is the form's inputs: the seats (a rows input) and the session's code (every
event since it started, `session_code`), so the page's link, the named saves and the undo history
hold it like any calculator's inputs. Each answer replays the code (`session.replay`), shows
where every tile is, and offers the next steps of play as buttons (`Act`) that set the inputs
to the session one event further on; a draw's button gets its code from the browser's
cryptographic generator at the tap. After each step every seat gets a code of its own
(`seat_code`) that the player opens in rain.tile_seat (`tile_seat.py`).

This page is the GM's alone: it shows every hand, and its link holds the session. What a player or
a shared screen sees opens from a code of its own (a seat's, or the table's), never from this form,
so no view of it can carry the session, a draw code or another seat's tiles. Those codes carry a
tag keyed by the GM device's secret (`table_key`, which the page holds for the session and sends
with each question, never in a link); a code a player brings back is checked under "Check a
player's code".
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .. import limits, rules
from ..errors import InputError, Problems
from ..readings import reading_input
from ..results import Act, Board, Hand, PhoneViews, Section, Share, Tile
from ..spec import Calculator, Choice, Input, Output, drafted
from . import elements as el
from . import hands, phones, sky
from . import piles as pl
from . import seat_code as sc
from . import session as ss
from . import session_code as code
from . import table_views as tv
from . import taiji as tj
from . import tile_draw as td

MARK = "~code~"  # where a fresh code goes in an Act's inputs (Act.fresh)
SEAT = "Seat"
SEAT_CALC = "rain.tile_seat"
DEFAULT_SEATS = (
    {"name": "", "water": 2, "wood": 1, "fire": 0, "earth": 3, "metal": 1},
    {"name": "", "water": 1, "wood": 0, "fire": 2, "earth": 1, "metal": 3},
    {"name": "", "water": 0, "wood": 1, "fire": 3, "earth": 2, "metal": 1},
    {"name": "", "water": 1, "wood": 3, "fire": 1, "earth": 0, "metal": 2},
)
RESETS = (("give", 0), ("take", 0))


# --- the form ------------------------------------------------------------------------------------


def _seat_choices() -> tuple[Choice, ...]:
    return tuple(Choice(str(n), f"Seat {n}") for n in range(1, ss.SEATS + 1))


def _seat_fields() -> tuple[Input, ...]:
    return (Input("name", "Name", "text", default="", maximum=limits.NAME_LENGTH),
            *(el.alchemy_input(e, f"{el.element_name(e)} Alchemy", 0) for e in el.element_ids()))


def longest_hand() -> int:
    """The most tiles one side can hold in a contest: every point of Qi spent as Yang."""
    draw = hands.contest_rules()["draw"]
    return draw["base_tiles"] + draw["created_extra"] + ss.points() * draw["per_yang"]


def _inputs() -> list[Input]:
    elements = el.element_ids()
    seats = _seat_choices()
    most = longest_hand()
    return [
        Input("session", "Session code", "text", default="", maximum=limits.SESSION_CODE, group="The session",
              help="The whole session, step by step: it is kept in this page's link and in your saves. "
                   "Paste one to carry on with it"),
        Input("table_key", "This device's key for the session", "text", default="", maximum=sc.KEY_HEX, secret=True,
              help="Drawn on the GM's device for its session and kept there: it signs the players' codes"),
        *drafted([
            Input("check", "Check a player's code", "text", default="", maximum=limits.SEAT_CODE,
                  group="The session", help="A code a player brings back (typed or pasted): this device says "
                                            "whether it made it, for this session"),
            Input("side_a", "First side", "choice", default="1", choices=seats, group="The next contest"),
            el.element_input("element_a", "Its Aspect's Element", elements[0], group="The next contest"),
            Input("side_b", "Second side", "choice", default="2", choices=seats, group="The next contest"),
            el.element_input("element_b", "Its Aspect's Element", elements[-1], group="The next contest"),
            Input("give", "The winner gives their tile number", "int", default=0, minimum=0, maximum=most,
                  group="After a win", help="1 = the highest of the winner's hand; 0 = the suggested one. "
                                            "Or tap a tile of the winner's hand"),
            Input("take", "and takes the loser's tile number", "int", default=0, minimum=0, maximum=most,
                  group="After a win", help="1 = the highest of the loser's hand; 0 = the suggested one"),
            Input("actor", "Whose kept tiles", "choice", default="1", choices=seats, group="Kept tiles"),
            Input("tiles", "Picked tiles", "text", default="", maximum=limits.TILE_PICKS, group="Kept tiles",
                  help="Tap tiles in a seat's pile to pick them (or write their ids: bamboo-7 north)"),
            el.element_input("planet", "Planet moved in the Sky", elements[0], group="Kept tiles"),
            Input("moves", "Its moves this turn", "text", default="", maximum=limits.MOVE_TEXT, group="Kept tiles",
                  help="Each straight line's length, K for a knight's jump, in order: 3 K 4"),
            Input("interrupting", "Moving it while interrupting a scene", "bool", default=False, group="Kept tiles",
                  help=f"Costs × {sky.data()['interruption_multiplier']}"),
        ]),
        Input("seats", "Seats at the table", "rows", default=DEFAULT_SEATS, minimum=2, maximum=ss.SEATS,
              fields=_seat_fields(), item=SEAT, group="Seats",
              help="Each player's name and the Alchemy of each of their Aspects; a seat keeps its number all session"),
        reading_input("rain", "rank_order", "tile-rank-order", group="Readings of a new session"),
        reading_input("rain", "lone_guardian", ss.LONE_GUARDIAN_NOTE, group="Readings of a new session"),
        reading_input("rain", "exchange", "contest-exchange", group="Readings of a new session"),
        reading_input("rain", "payment", sky.PAY_NOTE, group="Readings of a new session"),
        reading_input("rain", "spent", ss.SPENT_TILES_NOTE, group="Readings of a new session"),
    ]


def _outputs() -> list[Output]:
    return [
        Output("now", "Now", "text"),
        Output("next", "What can happen next", "board"),
        Output("contest", "The contest on the table", "board"),
        Output("seats", "The seats", "board"),
        Output("table", "The middle of the table", "board"),
        Output("codes", "Each player's code", "board"),
        Output("checked", "The code checked", "text"),
        Output("log", "The session so far", "board"),
        Output("phones", "What the players' phones are sent", "board", folded=True,
               help="Linked by “Link a phone”: each player's phone gets its own seat's tiles and what it may ask for"),
    ]


# --- reading the inputs --------------------------------------------------------------------------


def names_of(seats: Sequence[Mapping[str, Any]]) -> tuple[str, ...]:
    """Each seat's name, or "Seat n" where none is given."""
    return tuple(tv.seat_name([r["name"] for r in seats], n) for n in range(len(seats)))


class Played:
    """A session's code read and replayed: its text, readings, id, events and the state they lead to.

    An answer only reads the state; the buttons write the code of the next step from `text`.
    """

    def __init__(self, text: str, readings: ss.Readings, session_id: int, events: list[ss.Event],
                 state: ss.State) -> None:
        self.text, self.readings, self.id, self.events, self.state = text, readings, session_id, events, state

    def then(self, *events: ss.Event, draw: bool = False) -> str:
        """The session's code with these events after it (and a draw whose code the page fills in)."""
        return self.text + "".join(code.write(e) for e in events) + ("D" + MARK if draw else "")

    def seat_codes(self, key: bytes | None) -> tuple[str, ...]:
        """Each seat's code at this step, then the table's (with a key), worked out once per step and key."""
        if not hasattr(self, "_codes"):
            self._codes: dict[bytes | None, tuple[str, ...]] = {}
        if key not in self._codes:
            views = range(self.state.seats + (key is not None))
            self._codes[key] = tuple(sc.write(sc.of_state(self.state, n), key) for n in views)
        return self._codes[key]


REPLAYS_KEPT = 32  # sessions played lately, by their code: a step replays one event, a re-answer none


def play(text: str, seats: Sequence[Mapping[str, Any]]) -> Played | None:
    """The session of a code (None when there is none yet); InputError on `session` or `seats`.

    Kept per engine: the same code again (a tile picked, the view changed) is not read again, and
    a code that continues one played lately replays only the events it adds.
    """
    text = "".join(text.split())
    if not text:
        return None
    names = names_of(seats)
    kept: dict[tuple[tuple[str, ...], str], Played] = rules.memo(("rain.tile_table", "played"), dict)
    if (names, text) in kept:
        return kept[(names, text)]
    try:
        readings, session_id, events = code.read(text)
    except code.CodeError as exc:
        if _looks_like_a_seat_code(text):
            raise InputError("session", "This is a player's code (it opens in “My tiles”, below), not the "
                                        "session's code: nothing was changed. To check a code a player brought "
                                        "back, paste it under “Check a player's code”") from None
        raise InputError("session", f"This is not a session code this page can read ({exc}): "
                                    "nothing was changed") from None
    used = max((s for e in events for s in _seats_named(e)), default=-1) + 1
    if used > len(seats):
        raise InputError("seats", f"The session has steps for seat {used}: keep at least {used} seats "
                                  f"(there are {len(seats)})")
    before = max((k[1] for k in kept if k[0] == names and text.startswith(k[1])), key=len, default=None)
    state = kept[(names, before)].state.clone() if before is not None else ss.start(readings, session_id, names)
    try:
        ss.replay(state, events[state.step:])
    except ss.Refused as exc:
        raise InputError("session", f"This session code cannot be played on: at {exc} "
                                    "(it was changed or damaged; nothing was changed here)") from None
    if len(kept) >= REPLAYS_KEPT:
        kept.pop(next(iter(kept)))
    kept[(names, text)] = played = Played(text, readings, session_id, events, state)
    return played


def _looks_like_a_seat_code(text: str) -> bool:
    try:
        sc.read(text)
    except sc.SeatCodeError:
        return False
    return True


def _seats_named(event: ss.Event) -> tuple[int, ...]:
    match event:
        case ss.Declare(seats=pair):
            return pair
        case ss.Split(seat=s) | ss.Discard(seat=s) | ss.Back(seat=s) | ss.Pay(seat=s):
            return (s,)
        case ss.Scene(yang):
            return (len(yang) - 1,)
    return ()


def seat_title(names: Sequence[str], seat: int) -> str:
    """"Seat 2: Bo", or "Seat 2" for a seat with no name."""
    plain = f"Seat {seat + 1}"
    return plain if names[seat] == plain else f"{plain}: {names[seat]}"


def picks_of(text: str) -> pl.Pile:
    """Picked tiles written as tile ids; ValueError naming a word that is not one."""
    found = []
    for word in text.replace(",", " ").split():
        kind = pl.index().get(word.lower())
        if kind is None:
            raise ValueError(f"{word!r} is not a tile: write tile ids such as bamboo-7, circles-2, north, plum, "
                             "or tap tiles in a seat's pile")
        found.append(kind)
    return pl.of(found)


def spelled_ids(counts: pl.Pile) -> str:
    """Picked tiles as the `tiles` input writes them."""
    return " ".join(pl.kinds()[k].id for k in pl.listed(counts))


def moves_of(text: str) -> tuple[int, ...]:
    """A turn's moves ("3 K 2": 0 for a knight's jump); ValueError saying what a move is."""
    longest = sky.max_length()
    found = []
    for word in text.replace(",", " ").split():
        if word.lower() in ("k", "knight"):
            found.append(0)
        elif word.isdigit() and 1 <= int(word) <= longest:
            found.append(int(word))
        else:
            raise ValueError(f"{word!r} is not a move: write each straight line's length (1 to {longest}) "
                             "or K for a knight's jump")
    return tuple(found)


def _key(values: Mapping[str, Any]) -> bytes | None:
    try:
        return sc.key_of(values["table_key"])
    except ValueError as exc:
        raise InputError("table_key", f"This device's key cannot be used: {exc}") from None


def _checked(played: Played, text: str, key: bytes | None) -> str:
    """What this device can say of a code a player brought back; InputError on `check` when it refuses it."""
    if not text.strip():
        return "No code to check: paste or type one a player brings back, under Check a player's code."
    if key is None:
        raise InputError("check", "This device holds no key for this session (it was not started here, or the "
                                  "browser would not keep it), so it cannot check a player's code")
    try:
        view = sc.verify(text, key)
    except sc.SeatCodeError as exc:
        raise InputError("check", f"{exc}." if isinstance(exc, sc.NotVerified)
                         else f"This code cannot be read: {exc}.") from None
    if view.session != played.id:
        raise InputError("check", f"{sc.NOT_MADE_HERE}: it names session {view.session:06d}, and this table "
                                  f"plays session {played.id:06d}.")
    who = "the shared screen's code" if view.shared else f"the code of {seat_title(played.state.names, view.seat)}"
    now = played.state.step % sc.STEPS
    when = "this step" if view.step == now else f"step {view.step} (the session is now at step {played.state.step})"
    return f"Made by this device: {who}, at {when}."


# --- the calculator ------------------------------------------------------------------------------


def compute(values: Mapping[str, Any]) -> dict[str, Any]:
    """Where every tile is, what each person sees, and the next steps of play."""
    played = play(values["session"], values["seats"])
    key = _key(values)
    problems = Problems()
    picks = pl.empty()
    try:
        picks = picks_of(values["tiles"])
    except ValueError as exc:
        problems.add("tiles", str(exc))
    try:
        moves = moves_of(values["moves"])
    except ValueError as exc:
        problems.add("moves", str(exc))
        moves = ()
    actor = int(values["actor"]) - 1
    if played and actor >= played.state.seats:
        problems.add("actor", f"There is no seat {actor + 1}: the table has {played.state.seats} seats")
    elif played and pl.minus(played.state.piles[actor], picks) is None:
        lacking = ", ".join(pl.missing(played.state.piles[actor], picks))
        problems.add("tiles", f"{played.state.names[actor]} does not keep {lacking}")
    problems.raise_if_any()
    if played is None:
        return _no_session(values)
    state = played.state
    exchange = _exchange(played, values)
    return {
        "now": _now(state),
        "next": _next(played, values, picks, moves, exchange),
        "contest": _contest_board(played, values, exchange),
        "seats": _seats_board(played, values, picks),
        "table": _table_board(state),
        "codes": _codes(played, key),
        "checked": _checked(played, values["check"], key),
        "log": Board((Section(f"What happened ({state.step} steps)",
                              lines=tuple(f"{n}. {line}" for n, line in enumerate(state.log, start=1)),
                              folded=True), _readings_section(played))),
        "phones": _phones(played, values),
    }


def _readings_section(played: Played) -> Section:
    lines = []
    for name, note_id in code.READING_NOTES:
        note = rules.note("rain", note_id)
        label = rules.reading_option("rain", note_id, getattr(played.readings, name))["label"]
        lines.append(f"{note['title']} {' '.join(label.split())}.")
    lines.append("These stay for the whole session; the readings chosen under the form apply to the next new one.")
    return Section("This session's readings", lines=tuple(lines), folded=True)


def _no_session(values: Mapping[str, Any]) -> dict[str, Any]:
    readings = code.readings_of({name: values[name] for name, _ in code.READING_NOTES})
    start = Act("Start a new session", (("session", code.header(readings, MARK)), *RESETS, ("tiles", "")),
                key="start", fresh=MARK)
    nothing = Board((), empty="No session yet.")
    return {
        "now": "No session yet. Name the seats below (each player and the Alchemy of each of their Aspects), "
               "choose the readings, then start: the session gets an id of its own.",
        "next": Board((Section("A new session", acts=(start,)),)),
        "contest": nothing, "seats": nothing, "table": nothing, "codes": nothing, "log": nothing,
        "checked": "No session yet, so no code to check.", "phones": nothing,
    }


def _now(state: ss.State) -> str:
    t = tj.trigram_entry(state.taiji)
    scene = f"scene {state.scene}" if state.scene else "before the first scene"
    said = f"Session {state.session:06d}, step {state.step}, {scene}; the Taiji is on {t['name']} {t['glyph']}. "
    return said + _what_now(state)


def _what_now(state: ss.State) -> str:
    contest = state.contest
    if state.scene == 0 and contest is None:
        return "Start the first scene: each player splits their Qi."
    if contest is None:
        return ("Pick two seats and their Aspects under The next contest, then declare it; "
                "or play kept tiles: tap them in a pile.")
    who = [state.names[s.seat] for s in contest.sides]
    if contest.awaiting_draw() and not contest.codes:
        return f"{who[0]} and {who[1]} may spend Qi; then draw."
    if contest.awaiting_draw():
        return "Draw the tile that replaces the one set aside."
    side = ss.winner(state, contest)
    if side is None:
        return ss.outcome(state, contest)
    return f"{who[side]} won: choose the tile to give and the tile to take, then exchange them."


# --- the steps of play ---------------------------------------------------------------------------


def _next(played: Played, values: Mapping[str, Any], picks: pl.Pile, moves: tuple[int, ...],
          exchange: tuple[Tile, Tile] | None) -> Board:
    state = played.state
    sections = []
    if state.contest is None:
        sections.append(_scene_section(played, values))
        sections.append(_declare_section(played, values))
    else:
        sections.append(_contest_section(played, exchange))
    kept = _kept_section(played, values, picks, moves)
    if kept:
        sections.append(kept)
    if pl.size(state.discard) + pl.size(state.sky):
        sections.append(Section("Spent tiles", acts=(Act(
            f"Return the discard ({pl.size(state.discard)}) and the Sky's tiles ({pl.size(state.sky)}) to the pool",
            (("session", played.then(ss.Return())),), key="return"),)))
    sections.append(_taiji_section(played))
    start = _no_session(values)["next"].sections[0]
    sections.append(Section("Another session", folded=True, acts=start.acts,
                            lines=("Starts afresh with every tile in the pool and a new id; Undo brings this one "
                                   "back, and a save keeps it.",)))
    return Board(tuple(sections))


def _scene_section(played: Played, values: Mapping[str, Any]) -> Section:
    yang = tuple(ss.allowed_yang(_alchemy(row))[0] for row in values["seats"])
    label = "Start the first scene" if played.state.scene == 0 else f"Start scene {played.state.scene + 1}"
    return Section("Scenes", lines=("A new scene gives every player fresh Qi, split by the Element of their "
                                    "highest Alchemy (a seat with a choice can change it before spending).",),
                   acts=(Act(label, (("session", played.then(ss.Scene(yang))),), key="scene"),))


def _alchemy(row: Mapping[str, Any]) -> dict[str, int]:
    return {e: row[e] for e in el.element_ids()}


def _declare_section(played: Played, values: Mapping[str, Any]) -> Section:
    state = played.state
    a, b = int(values["side_a"]) - 1, int(values["side_b"]) - 1
    problem = ""
    if max(a, b) >= state.seats:
        problem = f"Pick seats 1 to {state.seats} under The next contest."
    elif a == b:
        problem = "Pick two different seats under The next contest."
    if problem:
        return Section("The next contest", lines=(problem,))
    rows = values["seats"]
    elements = (values["element_a"], values["element_b"])
    alchemy = (rows[a][elements[0]], rows[b][elements[1]])
    event = ss.Declare((a, b), elements, alchemy)
    label = (f"Declare: {state.names[a]}'s {el.element_name(elements[0])} (Alchemy {alchemy[0]}) against "
             f"{state.names[b]}'s {el.element_name(elements[1])} (Alchemy {alchemy[1]})")
    return Section("The next contest", acts=(Act(label, (("session", played.then(event)), *RESETS), key="declare"),))


def _contest_section(played: Played, exchange: tuple[Tile, Tile] | None) -> Section:
    state = played.state
    contest = state.contest
    assert contest is not None
    who = [state.names[s.seat] for s in contest.sides]
    acts: list[Act] = []
    if contest.awaiting_draw() and not contest.codes:
        for side in (0, 1):
            acts.extend(_spend_acts(played, side, who[side]))
        counts = " and ".join(f"{who[s]} {ss.draws(contest, s).tiles} tiles" for s in (0, 1))
        acts.append(Act(f"Draw: {counts}", (("session", played.then(draw=True)), *RESETS), key="draw", fresh=MARK))
    elif contest.awaiting_draw():
        acts.append(Act(f"Draw {contest.owed} tile{'' if contest.owed == 1 else 's'} for {who[contest.replace or 0]}",
                        (("session", played.then(draw=True)),), key="draw", fresh=MARK))
    elif contest.deal is not None and contest.deal.outcome in ("tie", "both_guardians"):
        acts.append(Act("Draw again", (("session", played.then(ss.Again(), draw=True)),), key="draw", fresh=MARK))
    elif ss.winner(state, contest) is None:
        deal = contest.deal
        assert deal is not None
        side = ss.GUARDIAN_WINS[deal.outcome]
        held = " and ".join(t.name for t in (deal.mine, deal.theirs)[side] if td.is_guardian(t))
        acts.append(Act(f"{who[side]} takes the win with {held}", (("session", played.then(ss.Claim())),),
                        key="claim"))
        acts.append(Act(f"{who[side]} sets {held} aside and draws in its place",
                        (("session", played.then(ss.SetAside(), draw=True)),), key="draw", fresh=MARK))
    elif exchange is not None:
        give, take = exchange
        won = ss.winner(state, contest)
        assert won is not None
        event = ss.Exchange(pl.kind_of(give), pl.kind_of(take))
        acts.append(Act(f"Exchange: {who[won]} gives {give.name} and takes {take.name}",
                        (("session", played.then(event)), *RESETS), key="exchange"))
    return Section(f"The contest: {who[0]} against {who[1]}", lines=(_what_now(state),), acts=tuple(acts),
                   mark="current")


def _spend_acts(played: Played, side: int, who: str | None) -> list[Act]:
    """A side's Qi to spend before the draw, as the GM's buttons say it (`who`), or as its player's phone does."""
    state = played.state
    contest = state.contest
    assert contest is not None
    me = contest.sides[side]
    yang, yin = state.qi[me.seat]
    now = ss.draws(contest, side)
    acts = []
    if yang:
        said = (f"{who} spends 1 Yang ({yang} left): draws {now.tiles + 1} tiles" if who else
                f"Spend 1 Yang ({yang} left): draw {now.tiles + 1} tiles")
        acts.append(Act(said, (("session", played.then(ss.Spend(side, "yang"))),), key=f"yang{side}"))
    if yin and me.yin < hands.yin_limit(now.base_place):
        said = (f"{who} spends 1 Yin ({yin} left): compares tile {now.place - 1}" if who else
                f"Spend 1 Yin ({yin} left): compare tile {now.place - 1}")
        acts.append(Act(said, (("session", played.then(ss.Spend(side, "yin"))),), key=f"yin{side}"))
    return acts


def _kept_section(played: Played, values: Mapping[str, Any], picks: pl.Pile,
                  moves: tuple[int, ...]) -> Section | None:
    if not pl.size(picks):
        return None
    state = played.state
    seat = int(values["actor"]) - 1
    who = state.names[seat]
    clear = (("tiles", ""),)
    lines = [f"{who}'s picked tiles: {pl.spelled(picks)} (worth {pl.value(picks)} in the Sky)."]
    acts = [Act("Discard them for a technique", (("session", played.then(ss.Discard(seat, picks))), *clear),
                key="discard")]
    if moves:
        costs = ss.turn_cost(moves, values["interrupting"])
        cost = sum(c for _, c in costs)
        planet = el.element_name(values["planet"])
        lines.append(f"Moving the {planet} Planet: " + ", ".join(f"{w} ({c})" for w, c in costs) + f"; {cost} in all.")
        problem = ss.payment_problem(state.piles[seat], picks, cost, played.readings.payment)
        if values["seats"][seat][values["planet"]] == 0:
            problem = f"{who} has no Alchemy in {planet}, and only a player with some moves its Planet"
        if problem:
            lines.append(f"They cannot pay for it: {problem}.")
        else:
            event = ss.Pay(seat, values["planet"], moves, values["interrupting"], picks)
            acts.append(Act(f"Pay the Sky {cost} with them", (("session", played.then(event)), *clear,
                                                               ("moves", "")), key="pay"))
    else:
        lines.append("To pay for a Planet's moves, write the moves under Kept tiles.")
    acts.append(Act("Put them back in the pool", (("session", played.then(ss.Back(seat, picks))), *clear),
                    key="back"))
    acts.append(Act("Unpick them", clear, key="unpick"))
    return Section("Kept tiles", lines=tuple(lines), acts=tuple(acts))


def _taiji_section(played: Played) -> Section:
    acts = tuple(Act(f"Place it on {t['name']} {t['glyph']}", (("session", played.then(ss.Place(t["id"]))),),
                     key=f"taiji-{t['id']}") for t in tj.data()["trigrams"] if t["id"] != played.state.taiji)
    return Section("Place the Taiji by hand", acts=acts, folded=True,
                   lines=("For a table that starts it elsewhere (see the source note on where it starts); "
                          "spending Qi moves it by itself.",))


# --- the players' phones ----------------------------------------------------------------------------


def _phones(played: Played, values: Mapping[str, Any]) -> PhoneViews:
    """Each phone's part of the session, and what each seat's player may ask for from their phone now."""
    state = played.state
    asked = [_phone_acts(played, values, seat) for seat in range(state.seats)]
    return phones.views(state, [a for a, _ in asked], [w for _, w in asked])


def _phone_acts(played: Played, values: Mapping[str, Any], seat: int) -> tuple[tuple[Act, ...], str]:
    """What the player at `seat` may ask for now (their side's Aspect for the next contest, their Qi spent before
    its draw, another split of their Qi before they spend any), and a line saying where they stand."""
    state = played.state
    contest = state.contest
    if state.scene == 0:
        return (), "Nothing to ask for yet: the first scene has not started."
    acts: list[Act] = []
    said = ""
    if contest is None:
        aspects, said = _aspect_acts(values, seat)
        acts.extend(aspects)
    else:
        sides = [n for n, s in enumerate(contest.sides) if s.seat == seat]
        if sides and contest.awaiting_draw() and not contest.codes:
            said = "You are in the contest: spend Qi before the GM draws, if you will."
            acts.extend(Act(a.label, a.sets, key=a.key) for a in _spend_acts(played, sides[0], None))
        elif sides:
            said = "You are in the contest on the table: its draw has been made."
        else:
            said = "You are not in the contest on the table."
    splits = _splits(played, values, seat)
    acts.extend(Act(f"Split my Qi: {a.label.removeprefix('Take ').removesuffix(' instead')}", a.sets, key=a.key)
                for a in splits)
    if splits:
        said += (" " if said else "") + "Before you spend any Qi this scene, you may split it another way."
    return tuple(acts), said or "Nothing to ask for now."


def _aspect_acts(values: Mapping[str, Any], seat: int) -> tuple[list[Act], str]:
    """The seat's Aspect for the next contest, where the GM has picked the seat as a side: each other Element, with
    its Alchemy. The GM declares the contest."""
    acts = []
    said = ("Nothing to ask for now: when the GM picks you for the next contest, you choose your Aspect here.")
    for side, (seat_input, element_input) in enumerate((("side_a", "element_a"), ("side_b", "element_b"))):
        if int(values[seat_input]) - 1 != seat or values["side_a"] == values["side_b"]:
            continue
        row = values["seats"][seat]
        chosen = values[element_input]
        said = (f"The GM has picked you for the next contest, with your {el.element_name(chosen)} Aspect "
                f"(Alchemy {row[chosen]}): choose another below, then the GM declares it.")
        for element in el.element_ids():
            if element != chosen:
                acts.append(Act(f"My {el.element_name(element)} Aspect (Alchemy {row[element]})",
                                ((element_input, element),), key=f"aspect{side}-{element}"))
    return acts, said


# --- the contest on the table --------------------------------------------------------------------


def _exchange(played: Played, values: Mapping[str, Any]) -> tuple[Tile, Tile] | None:
    """The tiles the winner gives and takes: the picked ones, or the suggestion; None before a winner."""
    state = played.state
    contest = state.contest
    side = ss.winner(state, contest) if contest else None
    if contest is None or side is None or contest.deal is None:
        return None
    won, lost = ((contest.deal.mine, contest.deal.theirs) if side == 0 else (contest.deal.theirs, contest.deal.mine))
    give, take = td.suggested_exchange(won, lost)
    problems = Problems()
    for name, hand, whose in (("give", won, "winner"), ("take", lost, "loser")):
        place = values[name]
        if place > len(hand):
            problems.add(name, f"The {whose}'s hand has {len(hand)} tiles (got {place})")
    problems.raise_if_any()
    if values["give"]:
        give = won[values["give"] - 1]
    if played.readings.exchange == "blind":
        take = pl.tiles([ss.blind_take(state, contest)], state.readings.rank_order)[0]
    elif values["take"]:
        take = lost[values["take"] - 1]
    return give, take


def _contest_board(played: Played, values: Mapping[str, Any], exchange: tuple[Tile, Tile] | None) -> Board:
    state = played.state
    contest = state.contest
    if contest is None:
        return Board((), empty="No contest on the table.")
    side = ss.winner(state, contest)
    sections = []
    for n, me in enumerate(contest.sides):
        now = ss.draws(contest, n)
        them = contest.sides[1 - n]
        lines = [f"{el.element_name(me.element)} Aspect, Alchemy {me.alchemy}: draws {now.tiles} tiles and compares "
                 f"the {td.ordinal(now.place)} highest.",
                 _why(me, them, now)]
        if me.yang or me.yin:
            lines.append(f"Spent {me.yang} Yang and {me.yin} Yin.")
        hand: Sequence[Tile | Act] = ()
        if contest.deal is not None:
            hand = (contest.deal.mine, contest.deal.theirs)[n]
            if exchange is not None and side is not None:
                hand = _exchange_picks(hand, n == side, exchange, values, played.readings.exchange)
        rows = [Hand(f"{state.names[me.seat]}'s hand", tuple(hand))] if hand else []
        if me.aside:
            rows.append(Hand("Set aside", tuple(pl.tiles(me.aside, state.readings.rank_order))))
        title = state.names[me.seat] + (" (wins)" if side == n else "")
        sections.append(Section(title, lines=tuple(lines), hands=tuple(rows), mark="current" if side == n else ""))
    codes = ", ".join(f"{c:06d}" for c in contest.codes)
    outcome = ss.outcome(state, contest) if contest.deal is not None else "Not drawn yet."
    sections.append(Section("Outcome", lines=(outcome, *((f"Drawn with code {codes}.",) if codes else ()))))
    return Board(tuple(sections))


def _why(me: ss.Side, them: ss.Side, now: hands.Side) -> str:
    mine, theirs = el.element_name(me.element), el.element_name(them.element)
    created = f"{theirs} Creates it" if now.created else f"{theirs} does not Create it"
    destroyed = f"{theirs} Destroys {mine}" if now.destroyed else f"{theirs} does not Destroy {mine}"
    return f"{created}; {destroyed}."


def _exchange_picks(hand: Sequence[Tile], winning: bool, exchange: tuple[Tile, Tile], values: Mapping[str, Any],
                    reading: str) -> Sequence[Tile | Act]:
    chosen = exchange[0] if winning else exchange[1]
    if not winning and reading == "blind":
        return hand
    name = "give" if winning else "take"
    verb = "Give" if winning else "Take"
    return [Act(f"{verb} {t.name}", ((name, n),), key=f"{name}{n}", tile=t, pressed=t == chosen)
            for n, t in enumerate(hand, start=1)]


# --- the seats, the table, the codes -------------------------------------------------------------


def _seats_board(played: Played, values: Mapping[str, Any], picks: pl.Pile) -> Board:
    state = played.state
    actor = int(values["actor"]) - 1
    in_contest = {s.seat for s in state.contest.sides} if state.contest else set()
    sections = []
    for seat in range(state.seats):
        pile = pl.tiles(pl.listed(state.piles[seat]), state.readings.rank_order)
        chosen = picks if seat == actor else pl.empty()
        lines = [tv.qi_line(*state.qi[seat]),
                 f"Keeps {len(pile)} tile{'' if len(pile) == 1 else 's'}, worth {pl.value(state.piles[seat])} in "
                 "the Sky."]
        acts = _splits(played, values, seat)
        sections.append(Section(seat_title(state.names, seat), lines=tuple(lines),
                                hands=(Hand("Kept tiles (tap to pick)", tuple(_pick_acts(pile, seat, chosen))),),
                                acts=acts, mark="current" if seat in in_contest else ""))
    return Board(tuple(sections))


def _pick_acts(pile: Sequence[Tile], seat: int, chosen: pl.Pile) -> list[Act]:
    acts = []
    for n, tile in enumerate(pile):
        kind = pl.kind_of(tile)
        picked = tile.copy <= chosen[kind]
        toggled = pl.minus(chosen, pl.of([kind])) if picked else pl.plus(chosen, pl.of([kind]))
        assert toggled is not None
        acts.append(Act(f"{'Unpick' if picked else 'Pick'} {tile.name}",
                        (("actor", str(seat + 1)), ("tiles", spelled_ids(toggled))),
                        key=f"pick{seat}-{n}", tile=tile, pressed=picked))
    return acts


def _splits(played: Played, values: Mapping[str, Any], seat: int) -> tuple[Act, ...]:
    state = played.state
    if state.scene == 0 or state.spent[seat] or seat >= len(values["seats"]):
        return ()
    total = ss.points()
    return tuple(Act(f"Take {y} Yang and {total - y} Yin instead",
                     (("session", played.then(ss.Split(seat, y))),), key=f"split{seat}-{y}")
                 for y in ss.allowed_yang(_alchemy(values["seats"][seat])) if y != state.qi[seat][0])


def _table_board(state: ss.State) -> Board:
    board = tv.table(sc.of_state(state, 0))
    kept = sum(pl.size(p) for p in state.piles)
    table = pl.size(state.on_table())
    total = pl.size(state.pool) + kept + table + pl.size(state.discard) + pl.size(state.sky)
    count = (f"All {total} tiles: {pl.size(state.pool)} in the pool, {kept} kept, {table} on the table, "
             f"{pl.size(state.discard)} in the discard, {pl.size(state.sky)} paid to the Sky.")
    first = board.sections[0]
    return Board((Section(first.title, lines=(*first.lines, count), hands=first.hands),))


def _codes(played: Played, key: bytes | None) -> Board:
    state = played.state
    signed = ("Each code carries a check keyed by a secret this device keeps for the session: a code a player "
              "changes or makes up is refused under Check a player's code." if key is not None else
              "This device holds no key for this session, so these codes carry no check of its own: a player "
              "could change one and nobody could tell.")
    how = Section("When and what each player opens", lines=(
        f"After every step (now: step {state.step}) each player opens the code of their seat in “My tiles” "
        "below, on their own device: read it out, send its link, or let them scan its QR code. "
        "It shows their own tiles and what everyone may see, and nobody else's tiles.", signed))
    codes = played.seat_codes(key)
    seats = [Section(seat_title(state.names, n), share=Share(text, SEAT_CALC, "code"))
             for n, text in enumerate(codes[:state.seats])]
    shared = [Section("Everyone's screen", share=Share(text, SEAT_CALC, "code"),
                      lines=("For a screen everyone sees: every seat's tiles face down, the middle of the table.",))
              for text in codes[state.seats:]]
    return Board((how, *seats, *shared))


CALCULATORS = (
    Calculator(
        id="rain.tile_table",
        title="The tile table",
        summary=lambda: f"A virtual {rules.table('rain/tiles')['set_size']}-tile set for a whole session: the pool, "
                        "each player's kept tiles, the discard, the Sky's tiles and the Taiji, moved by contests, "
                        "exchanges, techniques and Planet moves as the book plays them, with a private code for each "
                        "player.",
        inputs=_inputs,
        outputs=_outputs,
        compute=compute,
        follows=("rain.tie-redraw", "rain.both-guardians", "rain.technique-tiles", "rain.taiji-start"),
    ),
)
