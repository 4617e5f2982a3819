"""The tile table: a session's tiles as the book moves them, its codes, and what each seat may see."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from calculators import InputError
from calculators.rain import crockford
from calculators.rain import piles as pl
from calculators.rain import seat_code as sc
from calculators.rain import session as ss
from calculators.rain import session_code as code
from calculators.rain import taiji as tj
from calculators.rain import tile_draw as td
from calculators.rain.tile_table import MARK
from tests.support.engine import engine

pytestmark = pytest.mark.usefixtures("rules_in_use")  # these tests call calculator internals
CALC = "rain.tile_table"
BOOK = ss.Readings("by-number", "wins", "winner-chooses", "overpay", "gm-returns")
NAMES = ("Lan", "Bo", "Chen", "Dai")
SEATS = [
    {"name": "Lan", "water": 2, "wood": 1, "fire": 0, "earth": 3, "metal": 1},  # Earth leads: 2/3 or 3/2
    {"name": "Bo", "water": 1, "wood": 0, "fire": 2, "earth": 1, "metal": 3},  # Metal: 1 Yang, 4 Yin
    {"name": "Chen", "water": 0, "wood": 1, "fire": 3, "earth": 2, "metal": 1},  # Fire: 5 Yang
    {"name": "Dai", "water": 1, "wood": 3, "fire": 1, "earth": 0, "metal": 2},  # Wood: 4 Yang, 1 Yin
]


def fresh(events: list[ss.Event], readings: ss.Readings = BOOK) -> ss.State:
    return ss.replay(ss.start(readings, 123456, NAMES), events)


def total(state: ss.State) -> pl.Pile:
    found = pl.empty()
    for place in state.places().values():
        found = pl.plus(found, place)
    return found


# --- driving the calculator as the page does: tap its buttons --------------------------------------


def acts(result: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """Every button of an answer (its JSON form), in page order."""
    for name in ("next", "contest", "seats"):
        for section in result[name]["sections"]:
            yield from section["acts"]
            for hand in section["hands"]:
                yield from (t for t in hand["tiles"] if t["type"] == "act")


def tap(inputs: dict[str, Any], act: dict[str, Any], draw_code: int = 4242) -> dict[str, Any]:
    """The inputs after a tap, the fresh code (the browser's) given as `draw_code`."""
    sets = {k: (v.replace(act["fresh"], f"{draw_code:06d}") if act["fresh"] and isinstance(v, str) else v)
            for k, v in act["sets"]}
    return {**inputs, **sets}


def button(result: dict[str, Any], key: str) -> dict[str, Any]:
    found = [a for a in acts(result) if a["key"] == key]
    assert found, (key, [a["key"] for a in acts(result)])
    return found[0]


def play(inputs: dict[str, Any], *keys: str, codes: Iterator[int] | None = None) -> dict[str, Any]:
    for key in keys:
        inputs = tap(inputs, button(engine().run(CALC, inputs), key), next(codes) if codes else 4242)
    return inputs


def state_of(inputs: dict[str, Any]) -> ss.State:
    readings, session_id, events = code.read(inputs["session"])
    return ss.replay(ss.start(readings, session_id, NAMES), events)


# --- the book's order of play --------------------------------------------------------------------


def test_a_new_session_takes_its_id_from_the_tap_and_every_tile_starts_in_the_pool():
    first = engine().run(CALC, {"seats": SEATS})
    start = button(first, "start")
    assert start["fresh"] == MARK and MARK in dict(start["sets"])["session"]
    inputs = tap({"seats": SEATS}, start, 654321)
    state = state_of(inputs)
    assert state.session == 654321 and state.pool == pl.copies() and sum(state.pool) == 144
    assert state.taiji == tj.data()["ring_clockwise"][0]  # source note taiji-start: the top of the ring


def test_a_scene_splits_qi_by_the_highest_alchemy_and_a_seat_may_take_its_other_split():
    inputs = play({"seats": SEATS}, "start", "scene")
    state = state_of(inputs)
    assert state.qi == [(2, 3), (1, 4), (5, 0), (4, 1)]  # Earth, Metal, Fire, Wood (rules_data/rain/qi.yaml)
    inputs = play(inputs, "split0-3")  # Earth may also split 3 Yang, 2 Yin
    assert state_of(inputs).qi[0] == (3, 2)
    result = engine().run(CALC, inputs)
    assert not [a for a in acts(result) if a["key"].startswith("split1")]  # Metal has one split only


def test_the_first_contest_draws_what_the_one_off_tile_draw_draws_for_the_same_code():
    inputs = play({"seats": SEATS}, "start", "scene", "declare", "yang0", "draw")
    state = state_of(inputs)
    a, b = state.contest.sides
    values = {"my_element": "water", "my_alchemy": 2, "their_element": "metal", "their_alchemy": 3,
              "my_yang": 1, "seed": 4242}
    deal = engine().run("rain.tile_draw", values)
    assert pl.of(pl.index()[t["id"]] for t in deal["my_hand"]) == pl.of(a.hand)
    assert pl.of(pl.index()[t["id"]] for t in deal["their_hand"]) == pl.of(b.hand)


def test_spending_qi_empties_the_container_and_moves_the_taiji_one_trigram_per_point():
    inputs = play({"seats": SEATS}, "start", "scene", "declare", "yang0", "yin0", "yin1")
    state = state_of(inputs)
    assert state.qi[0] == (1, 2) and state.qi[1] == (1, 3)
    expected = tj.data()["ring_clockwise"][0]
    for pool in ("yang", "yin", "yin"):
        expected = tj.after_spending(expected, pool)["id"]
    assert state.taiji == expected
    a = state.contest.sides[0]
    assert (a.yang, a.yin, ss.draws(state.contest, 0).tiles, ss.draws(state.contest, 0).place) == (1, 1, 5, 2)
    with pytest.raises(ss.Refused, match="no Yang Qi left"):
        ss.replay(state, [ss.Spend(1, "yang"), ss.Spend(1, "yang")])


def test_qi_is_spent_before_the_draw_and_only_from_the_containers():
    with pytest.raises(ss.Refused, match="step 2: Lan has no Yang Qi left"):
        fresh([ss.Declare((0, 1), ("water", "metal"), (2, 3)), ss.Spend(0, "yang")])  # no scene yet
    with pytest.raises(ss.Refused, match="before the draw"):
        fresh([ss.Scene((2, 1, 5, 4)), ss.Declare((0, 1), ("water", "metal"), (2, 3)), ss.Draw(7),
               ss.Spend(0, "yang")])


def test_the_exchange_keeps_one_tile_each_and_sends_the_rest_back_to_the_pool():
    inputs = play({"seats": SEATS}, "start", "scene", "declare", "draw")
    before = state_of(inputs)
    side = ss.winner(before, before.contest)
    won, lost = before.contest.sides[side], before.contest.sides[1 - side]
    inputs = play({**inputs, "give": 1, "take": 2}, "exchange")
    after = state_of(inputs)
    given = pl.kind_of(td.highest_first(pl.tiles(won.hand, "by-number"), "by-number")[0])
    taken = pl.kind_of(td.highest_first(pl.tiles(lost.hand, "by-number"), "by-number")[1])
    assert after.piles[won.seat] == pl.of([taken]) and after.piles[lost.seat] == pl.of([given])
    assert after.contest is None and sum(after.pool) == 144 - 2 and total(after) == pl.copies()


def test_the_suggested_exchange_is_the_one_the_tile_draw_suggests():
    inputs = play({"seats": SEATS}, "start", "scene", "declare", "draw")
    result = engine().run(CALC, inputs)
    label = button(result, "exchange")["label"]
    state = state_of(inputs)
    deal = state.contest.deal
    side = ss.winner(state, state.contest)
    give, take = td.suggested_exchange(*((deal.mine, deal.theirs) if side == 0 else (deal.theirs, deal.mine)))
    assert label.endswith(f"gives {give.name} and takes {take.name}")


def _contest_until(outcomes: set[str], readings: ss.Readings = BOOK) -> tuple[list[ss.Event], ss.State]:
    """A contest drawn with the first code whose deal ends in one of `outcomes`."""
    start = [ss.Scene((2, 1, 5, 4)), ss.Declare((0, 1), ("earth", "earth"), (0, 0))]
    for draw_code in range(1, 5000):
        events = [*start, ss.Draw(draw_code)]
        state = fresh(events, readings)
        if state.contest.deal.outcome in outcomes:
            return events, state
    raise AssertionError(f"no code up to 5000 gives {outcomes}")


def test_a_tie_goes_back_to_the_pool_and_is_drawn_again_with_the_same_numbers():
    events, state = _contest_until({"tie"})
    with pytest.raises(ss.Refused, match="no winner yet"):
        ss.advance(state, ss.Exchange(state.contest.sides[0].hand[0], state.contest.sides[1].hand[0]))
    again = fresh([*events, ss.Again()])
    assert sum(again.pool) == 144 and again.contest.awaiting_draw()
    redrawn = fresh([*events, ss.Again(), ss.Draw(99)])
    assert [len(s.hand) for s in redrawn.contest.sides] == [3, 3]


def test_a_lone_flower_or_season_wins_at_once_under_the_sites_reading():
    _events, state = _contest_until({"my_guardian", "their_guardian"})
    assert ss.winner(state, state.contest) == ss.GUARDIAN_WINS[state.contest.deal.outcome]
    with pytest.raises(ss.Refused, match="wins at once"):
        ss.advance(state, ss.SetAside())


def test_under_the_other_reading_its_holder_may_set_it_aside_and_draw_another():
    aside = ss.Readings("by-number", "set-aside", "winner-chooses", "overpay", "gm-returns")
    events, state = _contest_until({"my_guardian", "their_guardian"}, aside)
    side = ss.GUARDIAN_WINS[state.contest.deal.outcome]
    assert ss.winner(state, state.contest) is None  # the holder chooses
    claimed = fresh([*events, ss.Claim()], aside)
    assert ss.winner(claimed, claimed.contest) == side
    put = fresh([*events, ss.SetAside(), ss.Draw(31337)], aside)
    me = put.contest.sides[side]
    assert me.aside and all(td.is_guardian(pl.kinds()[k]) for k in me.aside)
    assert len(me.hand) == len(state.contest.sides[side].hand)  # one drawn in place of each set aside
    assert total(put) == pl.copies()


def test_the_blind_exchange_takes_the_tile_the_draw_code_picks():
    blind = ss.Readings("by-number", "wins", "blind", "overpay", "gm-returns")
    events, state = _contest_until({"my_win", "their_win"}, blind)
    pick = ss.blind_take(state, state.contest)
    side = ss.winner(state, state.contest)
    give = state.contest.sides[side].hand[0]
    others = [k for k in state.contest.sides[1 - side].hand if k != pick]
    if others:
        with pytest.raises(ss.Refused, match="blind reading"):
            fresh([*events, ss.Exchange(give, others[0])], blind)
    assert fresh([*events, ss.Exchange(give, pick)], blind).contest is None


# --- kept tiles: techniques, the Sky, the pool ---------------------------------------------------


def _kept() -> tuple[list[ss.Event], ss.State]:
    """Three contests, so that seats keep tiles."""
    events: list[ss.Event] = [ss.Scene((2, 1, 5, 4))]
    for n, pair in enumerate(((0, 1), (2, 3), (0, 2))):
        events += [ss.Declare(pair, ("water", "metal"), (2, 3))]
        state = fresh(events)
        for draw_code in range(100 * n + 1, 100 * n + 100):
            state = fresh([*events, ss.Draw(draw_code)])
            if ss.winner(state, state.contest) is not None:
                events.append(ss.Draw(draw_code))
                break
        side = ss.winner(state, state.contest)
        events.append(ss.Exchange(state.contest.sides[side].hand[0], state.contest.sides[1 - side].hand[0]))
    return events, fresh(events)


def test_discarding_for_a_technique_and_returning_the_discard():
    events, state = _kept()
    lan = state.piles[0]
    tile = pl.listed(lan)[0]
    after = fresh([*events, ss.Discard(0, pl.of([tile]))])
    assert after.discard == pl.of([tile]) and pl.size(after.piles[0]) == pl.size(lan) - 1
    returned = fresh([*events, ss.Discard(0, pl.of([tile])), ss.Return()])
    assert pl.size(returned.discard) == 0 and returned.pool == pl.plus(after.pool, pl.of([tile]))
    at_once = ss.Readings("by-number", "wins", "winner-chooses", "overpay", "at-once")
    straight = ss.replay(ss.start(at_once, 1, NAMES), [*events, ss.Discard(0, pl.of([tile]))])
    assert pl.size(straight.discard) == 0 and straight.pool == returned.pool
    with pytest.raises(ss.Refused, match="does not hold"):
        fresh([*events, ss.Discard(0, pl.of([tile, tile, tile, tile, tile]))])


@pytest.mark.parametrize(("pile", "paid", "cost", "payment", "problem"), [
    (["bamboo-1", "north"], ["north"], 2, "overpay", ""),
    (["bamboo-1", "bamboo-2"], ["bamboo-1"], 2, "overpay", "worth 1, and the turn costs 2"),
    (["north", "bamboo-1", "bamboo-2"], ["north", "bamboo-1"], 2, "overpay", "can pay exactly 2"),
    (["north", "south"], ["north", "south"], 3, "overpay", ""),  # no exact payment: the least over it
    (["north", "south", "east"], ["north", "south", "east"], 3, "overpay", "not all of them are needed"),
    (["north", "south"], ["north", "south"], 3, "exact", "exactly 3"),
    (["plum"], ["plum"], 3, "overpay", ""),
])
def test_a_sky_payment_follows_the_payment_reading(pile, paid, cost, payment, problem):
    counts = pl.of(pl.index()[t] for t in pile)
    said = ss.payment_problem(counts, pl.of(pl.index()[t] for t in paid), cost, payment)
    assert (problem in said) if problem else said == ""


def test_a_sky_turn_costs_what_rain_sky_move_says_and_its_tiles_go_to_the_sky():
    events, state = _kept()
    seat = next(s for s in range(4) if pl.size(state.piles[s]))
    costs = ss.turn_cost((1,), False)
    assert costs == [("straight 1", 1)]
    sky_move = engine().run("rain.sky_move", {"move_1": "straight", "length_1": 3, "move_2": "knight",
                                              "interrupting": True})
    assert sum(c for _, c in ss.turn_cost((3, 0), True)) == sky_move["total_cost"]
    tile = pl.listed(state.piles[seat])[0]
    value = pl.value(pl.of([tile]))
    moves = (value,) if value < 4 else (2, 1)  # a straight line worth the tile (4 = 2, then 1 × 2)
    after = fresh([*events, ss.Pay(seat, "metal", moves, False, pl.of([tile]))])
    assert after.sky == pl.of([tile]) and total(after) == pl.copies()


# --- the codes -----------------------------------------------------------------------------------


def test_session_codes_read_back_as_written():
    events, state = _kept()
    events += [ss.Split(1, 1), ss.Place("water"), ss.Back(0, state.piles[0]), ss.Place("fire")]
    text = code.written(BOOK, 123456, events)
    assert code.read(text) == (BOOK, 123456, events)
    assert code.read(" ".join(text[i:i + 7] for i in range(0, len(text), 7))) == (BOOK, 123456, events)


@pytest.mark.parametrize(("text", "words"), [
    ("R2123456", "starts with R1"),
    ("R1123", "6-digit id"),
    ("R11234569", "a reading of tile-rank-order"),
    ("R112345609000", "character 10 should name a reading of lone-guardian"),
    ("R112345600000Z", "'Z' does not start any event"),
    ("R112345600000D12", "ends in the middle"),
])
def test_a_bad_session_code_says_where(text, words):
    with pytest.raises(code.CodeError, match=words):
        code.read(text)


def test_a_changed_session_code_is_refused_at_its_step_and_the_form_says_so_beside_the_field():
    events, state = _kept()
    lan = pl.listed(state.piles[0])
    missing = next(k for k in range(len(pl.kinds())) if k not in lan)
    text = code.written(BOOK, 123456, [*events, ss.Discard(0, pl.of([missing]))])
    with pytest.raises(InputError) as caught:
        engine().run(CALC, {"session": text, "seats": SEATS})
    assert caught.value.field == "session"
    assert f"step {len(events) + 1}: Lan does not hold {pl.named(missing)}" in caught.value.message


def test_a_players_code_pasted_as_the_session_is_told_apart():
    state = fresh([ss.Scene((2, 1, 5, 4))])
    with pytest.raises(InputError, match="player's code") as caught:
        engine().run(CALC, {"session": sc.write(sc.of_state(state, 1)), "seats": SEATS})
    assert caught.value.field == "session"


def test_a_session_with_more_seats_than_the_form_asks_for_them():
    with pytest.raises(InputError) as caught:
        engine().run(CALC, {"session": code.written(BOOK, 1, [ss.Declare((0, 3), ("water", "fire"), (1, 1))]),
                            "seats": SEATS[:3]})
    assert caught.value.field == "seats" and "seat 4" in caught.value.message


def test_the_gm_table_has_no_view_of_a_seat_a_seat_sees_only_its_code():
    """A seat's or the table's view of the GM's form held the whole session in its link: there is none now."""
    inputs = play({"seats": SEATS}, "start")
    with pytest.raises(InputError) as caught:
        engine().run(CALC, {**inputs, "view": "3"})
    assert caught.value.field == "view"


def test_seat_codes_read_back_as_written_for_every_seat():
    _events, state = _kept()
    for seat in range(4):
        view = sc.of_state(state, seat)
        assert sc.read(sc.write(view)) == view
        assert sc.read(sc.write(view).lower().replace("-", " ")) == view  # read out, typed any way


def _packed(view: sc.SeatView) -> str:
    """A seat code for a view whatever it holds (as someone who changed a code would make it)."""
    return sc.write(view)


@pytest.mark.parametrize(("change", "words"), [
    ({"mine": ["north"] * 5}, "5 × North, and the set has 4"),
    ({"mine": ["plum"] * 2}, r"2 × Plum \(Flower\), and the set has 1"),
    ({"seat": 5}, "seat 6, and its table has only 4 seats"),
])
def test_a_changed_seat_code_is_refused_with_what_is_wrong(change, words):
    _events, state = _kept()
    view = sc.of_state(state, 0)
    if "mine" in change:
        mine = pl.of(pl.index()[t] for t in change["mine"])
        counts = list(view.counts)
        counts[0] = pl.size(mine)
        change = {"mine": mine, "counts": tuple(counts)}
    changed = sc.SeatView(**{**{f: getattr(view, f) for f in view.__dataclass_fields__}, **change})
    with pytest.raises(sc.SeatCodeError, match=words):
        sc.read(_packed(changed))


def test_a_misread_character_is_caught_by_the_check():
    view = sc.of_state(_kept()[1], 2)
    text = sc.write(view).replace("-", "")
    caught = 0
    for i in range(len(text)):
        for ch in crockford.ALPHABET[:6]:
            if ch == text[i]:
                continue
            try:
                sc.read(text[:i] + ch + text[i + 1:])
            except sc.SeatCodeError:
                caught += 1
    assert caught >= 0.99 * len(text) * 5


# --- what each seat sees -------------------------------------------------------------------------


def test_a_seat_code_carries_only_what_that_seat_may_see():
    _events, state = _kept()
    for seat in range(4):
        view = sc.read(sc.write(sc.of_state(state, seat)))
        assert view.mine == state.piles[seat]
        assert view.counts == tuple(pl.size(p) for p in state.piles)
        assert view.discard == state.discard and view.sky == state.sky and view.taiji == state.taiji
        assert view.pool() == sum(state.pool)
    shown = engine().show("rain.tile_seat", {"code": sc.write(sc.of_state(state, 0))})
    faces = {pl.kinds()[k].name for k in pl.listed(state.piles[0])}
    others = {pl.kinds()[k].name for s in (1, 2, 3) for k in pl.listed(state.piles[s])} - faces
    page = shown["mine"] + shown["others"] + shown["table"]
    assert faces and all(f">{name}<" in shown["mine"] for name in faces)
    assert not [name for name in others if f">{name}<" in page]


def test_a_code_from_another_session_is_refused_and_the_session_followed_is_kept():
    state = fresh([ss.Scene((2, 1, 5, 4))])
    mine = sc.write(sc.of_state(state, 1))
    assert engine().run("rain.tile_seat", {"code": mine, "follow": "123456"})["session"] == "123456"
    with pytest.raises(InputError) as caught:
        engine().run("rain.tile_seat", {"code": mine, "follow": "654321"})
    assert caught.value.field == "code" and "another" not in caught.value.message.split(":")[0]
    assert "from session 123456, and you play in session 654321" in caught.value.message


# --- a long session: every tile accounted for, and how long the codes grow ------------------------


def random_session(seed: int, steps: int) -> tuple[dict[str, Any], list[int]]:
    """A GM tapping the page's buttons at random (contests mostly), with random draw codes."""
    rng = random.Random(seed)
    inputs: dict[str, Any] = {"seats": SEATS, "planet": "metal"}
    lengths = []
    for _ in range(steps):
        result = engine().run(CALC, inputs)
        state = state_of(inputs) if inputs.get("session") else None
        assert state is None or total(state) == pl.copies()
        choices = [a for a in acts(result) if a["key"] not in ("start",) or state is None]
        choices = [a for a in choices if not a["key"].startswith(("taiji-", "unpick"))]
        weights = [8 if a["key"] in ("declare", "draw", "exchange", "pay") else 1 for a in choices]
        act = rng.choices(choices, weights)[0]
        inputs = tap(inputs, act, rng.randint(*ss.CODE_RANGE))
        inputs["moves"] = inputs.get("moves") or rng.choice(["1", "2", "K", "1 1"])
        if act["key"] == "declare":
            pair = rng.sample(range(4), 2)
            inputs |= {"side_a": str(pair[0] + 1), "side_b": str(pair[1] + 1)}
        lengths.append(len(inputs.get("session", "")))
    return inputs, lengths


@pytest.mark.slow
def test_a_long_random_evening_keeps_all_144_tiles_and_its_codes_stay_short():
    inputs, lengths = random_session(7, 600)
    state = state_of(inputs)
    assert total(state) == pl.copies()
    contests = sum(1 for line in state.log if line.startswith("Contest:"))
    assert contests >= 40 and any(" Planet" in line for line in state.log)
    per_contest = lengths[-1] / contests
    assert per_contest < 30, per_contest  # a long evening of 40 contests stays near a thousand characters
    seats = [sc.write(sc.of_state(state, s)) for s in range(4)]
    assert max(len(c) for c in seats) < 60, seats


# --- the seams are shown -------------------------------------------------------------------------


def test_every_rain_note_is_beside_its_rule_and_every_calculator_offering_it_offers_its_readings():
    from pathlib import Path

    from codex.note_links import users_of

    from tests.support.engine import rules_data

    root = Path(__file__).resolve().parent.parent
    pages = "".join(p.read_text(encoding="utf-8") for p in (root / "docs").rglob("*.md"))
    notes = [n for key, value in rules_data().items() if key.startswith("rain/source_notes") for n in value["notes"]]
    for note in notes:
        assert f"<!-- codex:note rain.{note['id']} -->" in pages, note["id"]
        options = {o["id"] for o in note["options"]}
        for calc_id in users_of(engine(), f"rain.{note['id']}").offer:
            offered = [{c["value"] for c in i.get("choices", [])} for i in engine().describe(calc_id)["inputs"]]
            assert options in offered, (note["id"], calc_id)
    assert {"lone-guardian", "spent-tiles", "technique-tiles", "taiji-start"} <= {n["id"] for n in notes}
