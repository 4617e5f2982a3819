"""Random WBS fights played forward with Next, checked against what the book implies at every press.

Defeats land at every place in the round, Relax and EV change at rounds' starts, energy runs out,
rounds pass exhaustion; Aura and Kiai ranks at every tier, Strain and All In near no Stamina, Saving
Grace at each Health threshold, a group's shared pool running dry, every reading of the rules the
tracker took from the table's memory; whatever happens: every fighter standing for a whole round
gets each of their ticks once, in order; nobody who cannot act has a tick; energy never rises with
Next but by an Energy Recover resolving, and Stamina rises only by SeiKi's rule; Aura is never lost;
a price never takes the last point of Stamina under the site's reading; a group whose pool covers
its upkeep takes no ShinKi; the display never says "of 0" nor shows a fighter unconscious and awake;
the round moves forward one at a time, and its end is settled exactly once.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from calculators import InputError
from calculators.wbs import fighters as rows_rules
from calculators.wbs import round_end, tick_pointer, upkeep
from tests.support.engine import engine, rules_data
from tests.support.properties import examples

TRACKER = "wbs.combat_tracker"
RECOVER_STAMINA = next(use["stamina"] for use in rules_data()["wbs/stamina"]["spending"]
                       if use["id"] == "energy-recover")
KINDS = ("quick", "movement", "attacks", "energy", "other")


@st.composite
def fighter(draw: st.DrawFn, n: int) -> dict[str, Any]:
    energy = draw(st.integers(0, 40))
    monster = draw(st.booleans())
    core = draw(st.integers(0, energy))
    row = {
        "name": f"F{n}", "reflex": draw(st.integers(0, 8)), "health": draw(st.integers(3, 10)),
        "damage": draw(st.integers(0, 12)), "stamina": draw(st.integers(0, 8)), "energy": energy,
        "monster": monster, "spark": draw(st.sampled_from(("jaki", "seiki", "yoki"))),
        "tier": draw(st.sampled_from(("experienced", "adept"))), "efficiency": draw(st.integers(0, 3)),
        "core": core, "core_low": max(0, core - 5), "core_high": core + draw(st.integers(0, 5)),
        "reflex_half": draw(st.booleans()), "relaxing": draw(st.booleans()), "kiai": draw(st.integers(0, 2)),
        "last_gasp": draw(st.booleans()), "hold": draw(st.booleans()), "concentration": draw(st.integers(0, 2)),
        "durability": draw(st.integers(0, 2)), "shinki": draw(st.integers(0, 2)),
        # Ranks up to each tier's limit (Experienced 3, Adept 6, Epic 10).
        "aura": draw(st.sampled_from((0, 1, 3, 6, 10))), "kiai_ranks": draw(st.sampled_from((0, 1, 3, 6, 10))),
        "kiai_next": draw(st.booleans()), "strain": draw(st.booleans()), "saving_grace": draw(st.booleans()),
        "group": draw(st.sampled_from(("", "", "Pack", "pack "))), "energy_full": energy + draw(st.integers(0, 10)),
    }
    row["stamina_full"] = row["stamina"] + draw(st.integers(0, 3))
    if not monster:
        row["reiki"] = draw(st.integers(0, 20))
    pool = row["energy"] if monster else row.get("reiki", 0)
    row["channelled"] = draw(st.integers(0, max(0, pool - row["aura"])))
    with engine().active():
        row["ev"] = draw(st.sampled_from(rows_rules.ev_allowed({**row})))
    return row


@st.composite
def fights(draw: st.DrawFn) -> dict[str, Any]:
    count = draw(st.integers(1, 5))
    readings = {i["name"]: draw(st.sampled_from([c["value"] for c in i["choices"]]))
                for i in engine().describe(TRACKER)["inputs"] if i["name"] in rows_rules.ROUND_READINGS}
    return {"combatants": [draw(fighter(n)) for n in range(1, count + 1)],
            "tier": draw(st.sampled_from(("experienced", "adept", "epic"))),
            "round": draw(st.integers(1, 4)), **readings}


def _run(state: dict[str, Any]) -> dict[str, Any]:
    return engine().run(TRACKER, state)


def _readings(state: dict[str, Any]) -> rows_rules.Readings:
    values = {i["name"]: i["default"] for i in engine().describe(TRACKER)["inputs"] if "note" in i}
    values["phase_reading"] = next(i["default"] for i in engine().describe(TRACKER)["inputs"]
                                   if i["name"] == "phase_reading")
    with engine().active():
        return rows_rules.reading_values({**values, **{k: v for k, v in state.items() if k.endswith("_reading")}})


def _counts(state: dict[str, Any]) -> list[list[int]]:
    phases = {"experienced": 4, "adept": 8, "epic": 12}[state.get("tier", "experienced")]
    readings = _readings(state)
    with engine().active():
        return [rows_rules.tick_counts(_full(r), phases, readings) for r in state["combatants"]]


def _full(row: dict[str, Any]) -> dict[str, Any]:
    fields = next(i for i in engine().describe(TRACKER)["inputs"] if i["name"] == "combatants")["fields"]
    return {**{f["name"]: f["default"] for f in fields}, **row}


def _acting(state: dict[str, Any]) -> list[bool]:
    readings = _readings(state)
    with engine().active():
        return [rows_rules.standing(_full(r), readings) in rows_rules.ACTING for r in state["combatants"]]


def _apply(state: dict[str, Any], **typed: Any) -> dict[str, Any]:
    try:
        result = _run({**state, **typed})
    except InputError:
        return state  # a change the rules refuse (out of range, not free to declare): the table types again
    if result["apply"]["type"] != "apply":
        return state
    return {**state, **dict(result["apply"]["sets"]), "target": "", "change": ""}


@pytest.mark.slow  # 60 random fights: 8-11 s, left out of ./dev test --fast
@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(fights(), st.data())
def test_random_fights_keep_the_books_order(start: dict[str, Any], data: st.DataObject) -> None:
    state = dict(start)
    ended: list[int] = []
    ticks_had: dict[str, int] = {}
    round_counts: list[list[int]] | None = None
    standing_all_round: set[int] = set()
    for _ in range(data.draw(st.integers(5, 40), label="presses")):
        n = len(state["combatants"])
        what = data.draw(st.sampled_from(("next", "next", "next", "hit", "declare", "choose", "spend", "toggle")),
                         label="what")
        who = data.draw(st.integers(0, n - 1), label="who")
        name = state["combatants"][who]["name"]
        _check_display(state)
        if what == "hit":
            before = state
            state = _apply(state, target=name, what="damage",
                           change=data.draw(st.sampled_from(("+1", "+3", "+6", "+12", "-2")), label="hit"))
            _check_saving_grace(before, state, who)
            # A fighter knocked out of the fight mid-round misses the ticks they were out for, even
            # if healed back before the round ends: not "standing the whole round".
            standing_all_round &= {i for i, a in enumerate(_acting(state)) if a}
            continue
        if what == "declare":
            kind = data.draw(st.sampled_from(KINDS), label="kind")
            before = state
            state = _apply(state, target=name, what=f"declare-{kind}", change=str(data.draw(st.integers(0, 3))))
            _check_last_point(before, state, who)
            continue
        if what == "spend":
            change = data.draw(st.sampled_from((("all_in", "1"), ("all_in", "2"), ("recover", "1"), ("pass", "0"),
                                                ("energy", "-3"), ("defense", "1"))), label="spend")
            before = state
            state = _apply(state, target=name, what=change[0], change=change[1])
            _check_last_point(before, state, who)
            continue
        if what == "toggle":
            rows = [dict(r) for r in state["combatants"]]
            key = data.draw(st.sampled_from(("kiai_next", "strain", "saving_grace")), label="toggle")
            rows[who][key] = not rows[who].get(key, False)
            state = {**state, "combatants": rows}
            continue
        if what == "choose" and not state.get("phase"):
            rows = [dict(r) for r in state["combatants"]]
            rows[who]["relaxing"] = not rows[who].get("relaxing", False)
            with engine().active():
                rows[who]["ev"] = data.draw(st.sampled_from(rows_rules.ev_allowed(_full(rows[who]))), label="ev")
            state = {**state, "combatants": rows}
            continue
        before = state
        result = _run(before)
        if result["next"]["type"] != "apply":
            break
        after = {**before, **dict(result["next"]["sets"])}
        # The round moves forward one at a time, and only when its end is settled.
        r0, r1 = before.get("round", 1), after["round"]
        assert r1 in (r0, r0 + 1)
        assert (r1 == r0 + 1) == result["next"]["label"].startswith("End round")
        if r1 == r0 + 1:
            assert after["phase"] == 0 and after["tick"] == 0
            ended.append(r0)
        # Energy never rises with Next but by an Energy Recover resolving (never past full); Stamina only by
        # SeiKi's rule, at the round's end, up to full. Aura stays what the row says.
        for old, new in zip(before["combatants"], after["combatants"], strict=True):
            old = _full(old)
            assert new["energy"] <= max(old["energy"], old["energy_full"] if old["recover"] else 0)
            assert new["reiki"] <= old["reiki"] and new["aura"] == old["aura"]
            if new["stamina"] > old["stamina"]:
                assert r1 == r0 + 1 and old["monster"] and old["spark"] == "seiki"
                assert new["stamina"] <= max(old["stamina_full"], old["stamina"])
        if r1 == r0 + 1:
            _check_group_upkeep(before, after)
        # Nobody who cannot act has a tick; everyone who can, and has that many ticks in the phase, does.
        if after["phase"]:
            counts, acting = _counts(after), _acting(after)
            step = tick_pointer.Step(after["phase"], after["tick"])
            chart = _run(after)["chart"]["active"]
            for i, (count, can) in enumerate(zip(counts, acting, strict=True)):
                has = tick_pointer.has_tick(count, step)
                assert not has or can
                assert all(not s[i] for phase in chart for s in phase) or can
                if has:
                    ticks_had[after["combatants"][i]["name"]] = ticks_had.get(after["combatants"][i]["name"], 0) + 1
        # A fighter standing the whole round, with nothing changed, had each of their ticks once.
        if before.get("phase", 0) == 0 and after.get("phase"):
            round_counts = _counts(after)
            standing_all_round = {i for i, a in enumerate(_acting(after)) if a}
            ticks_had = {}
            for i, count in enumerate(round_counts):
                if tick_pointer.has_tick(count, tick_pointer.Step(after["phase"], after["tick"])):
                    ticks_had[after["combatants"][i]["name"]] = 1
        # A fighter an action's end took out of the round (an Energy Recover paying the last Stamina, as
        # Next leaves its step) missed the ticks left: not standing the whole round either.
        standing_all_round &= {i for i, a in enumerate(_acting(after)) if a}
        if r1 == r0 + 1:
            # The same, as the round's last step is left: an Energy Recover paying the last Stamina took
            # them out for the ticks left, though SeiKi's upkeep, in this very Next, gives Stamina back.
            standing_all_round -= {i for i, row in enumerate(before["combatants"])
                                   if row.get("recover") and row.get("stamina", 0) <= RECOVER_STAMINA}
        if r1 == r0 + 1 and round_counts is not None:
            for i in standing_all_round:
                name = before["combatants"][i]["name"]
                if _acting(before)[i] and _counts(before)[i] == round_counts[i]:
                    assert ticks_had.get(name, 0) == sum(round_counts[i]), (name, round_counts[i], ticks_had)
            round_counts = None
        if after.get("phase") == 0:
            ticks_had = {}
        state = after
    assert len(ended) == len(set(ended)) and ended == sorted(ended)


def _check_display(state: dict[str, Any]) -> None:
    """Never "of 0", never a fighter unconscious and awake at once, never "Fighting" beside a threshold."""
    try:
        result = _run(state)
    except InputError:
        return
    assert "of 0" not in result["now"] + result["next_up"]
    if result["next"]["type"] == "apply":
        assert "of 0" not in result["next"]["label"]
    for row in result["fighters"]["rows"]:
        names = [c["name"] for c in row["cells"][0]["conditions"]]
        awake = any(n.startswith("Awake at") for n in names)
        assert not (awake and "Unconscious" in names), names
        if row["cells"][0]["value"] == "Fighting":
            assert not any(n in names for n in ("Unconscious", "Dying", "Out of the fight", "No Stamina")), names


def _check_last_point(before: dict[str, Any], after: dict[str, Any], who: int) -> None:
    """Under the site's reading, Strain, All In and Energy Recover never take the last point of Stamina."""
    if before.get("last_point_reading", "refused") != "refused" or after is before:
        return
    old, new = _full(before["combatants"][who]), after["combatants"][who]
    if old["stamina"] > 0:
        assert new["stamina"] > 0


def _check_saving_grace(before: dict[str, Any], after: dict[str, Any], who: int) -> None:
    """A fighter who means to use Saving Grace, pushed past Health, is kept awake wherever a limb can hold them."""
    row = _full(after["combatants"][who])
    if after is before or not row["saving_grace"] or row["stamina"] <= 0:
        return
    readings = _readings(after)
    with engine().active():
        level = rows_rules.level_of(row, readings) - 1
        needed = rows_rules.limbs_needed(level, readings.grace) if level >= 1 else None
        if needed is not None:
            assert rows_rules.standing(row, readings) == rows_rules.SAVED
            assert row["limbs"] >= needed


def _check_group_upkeep(before: dict[str, Any], after: dict[str, Any]) -> None:
    """A group of characters pays its upkeep from its pool as far as it goes (running dry, the rest falls to ReiKi and
    ShinKi); a pool that covers every member's upkeep leaves no ShinKi and no ReiKi spent on it."""
    readings = _readings(before)
    rows = [_full(r) for r in before["combatants"]]
    if readings.pool != "genki-first":
        return
    with engine().active():
        for i in range(len(rows)):
            members = rows_rules.group_members(rows, i)
            if len(members) < 2 or i != members[0] or any(rows[j]["monster"] or rows[j]["recover"] for j in members):
                continue
            owed = sum(upkeep.due(round_end.upkeep_cost(rows[j]), rows[j]["efficiency"], False) for j in members)
            pool = sum(rows[j]["energy"] for j in members)
            if readings.group != "pool-stays":
                continue
            # The pool pays what it can of everyone's upkeep, no more and no less: energy is neither made nor lost.
            assert pool - sum(after["combatants"][j]["energy"] for j in members) == min(pool, owed)
            if pool >= owed:
                for j in members:
                    assert after["combatants"][j]["shinki"] == rows[j]["shinki"]
                    assert after["combatants"][j]["reiki"] == rows[j]["reiki"]


@settings(max_examples=examples(40), deadline=None)
@given(fights())
def test_a_round_with_no_changes_visits_every_step_in_order(start: dict[str, Any]) -> None:
    state = {**start, "phase": 0, "tick": 0}
    state = {**state, **dict(_run(state)["next"]["sets"])}
    if not state["phase"]:
        return  # nobody could act: the round ended at once
    counts = _counts(state)
    expected = tick_pointer.steps(counts)
    seen = []
    while state["phase"]:
        seen.append(tick_pointer.Step(state["phase"], state["tick"]))
        state = {**state, **dict(_run(state)["next"]["sets"])}
    assert seen == expected
    assert state["round"] == start["round"] + 1
