"""The Xia conflict tracker played as the book runs a conflict: turn after turn, with `next` and changes.

Issue 19's Xia bullets and rules, each tested where it fails on the tracker that counted turns.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Mapping
from typing import Any

import pytest

from calculators import Engine, InputError
from tests.support.engine import engine, rules_data
from tests.support.says import saying, says, says_none

CALC = "xia.initiative_order"
HOSTILE = "<img src=x onerror=alert(1)>"


def run(state: Mapping[str, Any], eng: Engine | None = None) -> dict[str, Any]:
    return (eng or engine()).run(CALC, state)


def press(state: Mapping[str, Any], output: str = "next", eng: Engine | None = None) -> dict[str, Any]:
    """The state after pressing an output's button: its `sets` over the inputs, as the page does."""
    answer = run(state, eng)[output]
    assert answer["type"] == "apply", f"{output} offers no button: {answer}"
    return {**state, **dict(answer["sets"])}


def problems(state: Mapping[str, Any]) -> dict[str, str]:
    with pytest.raises(InputError) as caught:
        run(state)
    return {p.field: p.message for p in caught.value.problems}


def npc(name: str, physical: int, **more: Any) -> dict[str, Any]:
    return {"name": name, "side": "npc", "physical": physical, **more}


def pc(name: str, physical: int, **more: Any) -> dict[str, Any]:
    return {"name": name, "side": "pc", "physical": physical, **more}


def row(state: Mapping[str, Any], name: str) -> dict[str, Any]:
    return next(r for r in state["combatants"] if r["name"] == name)


def acting(state: Mapping[str, Any]) -> str:
    return run(state)["acting_now"]


# ---- issue 19: a defeat breaks the turn order -------------------------------------------------

ABC = {"combatants": [npc("A", 5), npc("B", 4), npc("C", 3)]}


def test_a_defeat_on_turn_2_leaves_the_rest_of_the_round_as_it_was() -> None:
    # A (5), B (4), C (3): on turn 2 B takes A out and ends the turn; C still acts in round 1.
    state = press(ABC)
    says(acting(state), "Turn 2", "B", "NPC")
    state = press({**state, "target": "A", "change": "4", "attack": True})
    assert row(state, "A")["physical_resilience"] == 0
    answer = run(state)
    assert answer["round"] == 1
    says(answer["acting_now"], "Turn 3", "C", "NPC")
    says(answer["next_up"], "Round 2", "turn 1", "B", "NPC")
    state = press(state)
    answer = run(state)
    assert answer["round"] == 2
    says(answer["acting_now"], "Turn 1", "B", "NPC")
    says(answer["next_up"], "Turn 2", "C", "NPC")
    state = press(press(state))
    assert run(state)["round"] == 3
    says(acting(state), "Turn 1", "B")


@pytest.mark.parametrize("victim", ["A", "B", "C"])
def test_a_defeat_at_any_place_in_the_order_takes_no_turn_from_anyone_else(victim: str) -> None:
    # The GM knocks one out while B is acting: whoever is left acts once, in order; nobody twice.
    state = press(ABC)
    state = {**state, "target": victim, "change": "9", "what": "physical"}
    acted = [run(state)["acting_now"]]
    state = press(state)
    while run(state)["round"] == 1:
        acted.append(run(state)["acting_now"])
        state = press(state)
    names = [n for a in acted for n in "ABC" if saying(n).search(a)]  # who each turn names, however worded
    assert names == [n for n in "BC" if n != victim or victim == "B"]
    says(acting(state), "Turn 1", "A" if victim != "A" else "B")


def test_the_round_state_is_which_turns_are_taken_so_a_defeat_cannot_shift_it() -> None:
    # No counter over a list that changes: each row says which of its turns are done this round.
    state = press(press(ABC))
    assert [r["physical_done"] for r in state["combatants"]] == [True, True, False]
    shown = [(r["head"], r["cells"][3]["value"]) for r in run(state)["order"]["rows"]]
    assert shown == [("1", "turn taken"), ("2", "turn taken"), ("3", "acting now")]
    beaten = press({**state, "target": "A", "change": "9"}, "apply")  # A, who has acted, is beaten now
    says(acting(beaten), "Turn 3", "C")
    assert [c["value"] for c in run(beaten)["order"]["rows"][0]["cells"]][3] == "turn taken"


def test_a_combatant_added_above_the_turn_under_way_waits_for_the_next_round() -> None:
    # The order moves down (000 line 28): a newcomer whose place has passed acts from the next round.
    state = press(press(ABC))
    state = {**state, "combatants": [*state["combatants"], npc("D", 6)]}
    answer = run(state)
    says(answer["acting_now"], "Turn 3", "C")
    assert ("D (NPC)", "waits for round 2") in [(r["cells"][0]["value"], r["cells"][3]["value"])
                                                  for r in answer["order"]["rows"]]
    state = press(state)
    says(acting(state), "Turn 1", "D")


# ---- issue 19: an incapacitated hero takes no turn of any kind --------------------------------

THREE_KINDS = {"physical_on": True, "mental_on": True, "social_on": True}
IN_ALL = {"mental_in": True, "social_in": True}  # picked for the argument and the battle of wits too


def test_a_hero_at_0_physical_resilience_takes_no_mental_or_social_turn() -> None:
    hero = pc("Hero", 3, mental=3, social=3, physical_resilience=0, **IN_ALL)
    state = {**THREE_KINDS, "combatants": [hero, npc("Villain", 2, mental=2, social=2, **IN_ALL)]}
    order = run(state)["order"]["rows"]
    statuses = {(r["cells"][0]["value"], r["cells"][1]["value"]): r["cells"][3]["value"] for r in order}
    assert statuses[("Hero (PC)", "Mental")] == statuses[("Hero (PC)", "Social")] == "no turn: incapacitated"
    assert run(state)["turns"] == 3  # the Villain's three
    says(acting(state), "Turn 1", "Villain")


def test_a_hero_discredited_still_fights() -> None:
    hero = pc("Hero", 3, social=3, social_resilience=0, **IN_ALL)
    state = {**THREE_KINDS, "combatants": [hero, npc("Villain", 2, mental=2, social=2, **IN_ALL)]}
    kinds = [r["cells"][1]["value"] for r in run(state)["order"]["rows"] if r["cells"][0]["value"] == "Hero (PC)"
             and r["head"] != "–"]
    assert kinds == ["Physical", "Mental"]


@pytest.mark.parametrize(("reading", "mental_turn"), [("out-of-every-conflict", False), ("physical-only", True)])
def test_a_beaten_npc_is_the_gms_call_offered_as_a_reading(reading: str, mental_turn: bool) -> None:
    state = {**THREE_KINDS, "npc_defeat": reading,
             "combatants": [pc("Hero", 3, mental=3, social=3, **IN_ALL),
                            npc("Soldier", 2, mental=2, social=2, physical_resilience=0, **IN_ALL)]}
    turns = [(r["cells"][0]["value"], r["cells"][1]["value"]) for r in run(state)["order"]["rows"] if r["head"] != "–"]
    assert (("Soldier (NPC)", "Mental") in turns) is mental_turn
    assert ("Soldier (NPC)", "Physical") not in turns


def test_the_npc_reading_is_a_source_note_reading_input() -> None:
    entry = engine().describe(CALC)
    notes = {i["name"]: i.get("note") for i in entry["inputs"]}
    assert notes["npc_defeat"] == "xia.npc-physical-defeat" and notes["equal_ratings"] == "xia.equal-rating-kinds"
    assert {"xia.npc-physical-defeat", "xia.equal-rating-kinds"} <= set(entry["source_notes"])


# ---- the rules of an attack: Thunder, Mountain, chi --------------------------------------------

def duel(**more: Any) -> dict[str, Any]:
    """Moon Shadow (Thunder 2: at most two attacks a turn) against three guardsmen."""
    return {"combatants": [pc("Moon Shadow", 3, thunder=2, yang=3, yin=1),
                           npc("G1", 1, physical_resilience=2), npc("G2", 1, physical_resilience=2, yin=1),
                           npc("G3", 1, physical_resilience=2)], **more}


def attack(state: Mapping[str, Any], target: str, damage: str, **more: Any) -> dict[str, Any]:
    return {**state, "target": target, "change": damage, "attack": True, **more}


def test_chi_celerity_gives_an_attack_on_a_new_target_after_a_defeat() -> None:
    state = press(attack(duel(), "G1", "2", channel_thunder=True), "apply")
    assert state["follow_up"] == "G1" and state["attacks_made"] == 1 and row(state, "Moon Shadow")["yang"] == 2
    says(acting(state), "new target")
    says(problems(attack(state, "G1", "1"))["target"], "Chi Celerity", "new target")
    state = press(attack(state, "G2", "2"), "apply")
    assert state["attacks_made"] == 2 and state["follow_up"] == ""


@pytest.mark.parametrize("reading", ["not-the-defeated", "not-yet-attacked"])
def test_who_counts_as_a_new_target_follows_the_reading_chosen(reading: str) -> None:
    # 000 line 141: Chi Celerity's extra attack goes to "a new target", which the celerity-new-target note reads.
    state = {**duel(celerity_target=reading), "combatants": [{**duel()["combatants"][0], "thunder": 3},
                                                              *duel()["combatants"][1:]]}
    state = press(attack(state, "G2", "1"), "apply")
    state = press(attack(state, "G1", "2", secret_attack=True, channel_thunder=True), "apply")
    assert (state["follow_up"], state["attacked"]) == ("G1", "G2; G1")
    says(problems(attack(state, "G1", "1"))["target"], "Chi Celerity", "new target")
    again = attack(state, "G2", "1")
    if reading == "not-yet-attacked":
        says(problems(again)["target"], "G2", "Moon Shadow", "attacked", "this turn")
    else:
        assert press(again, "apply")["attacks_made"] == 3
    assert press(attack(state, "G3", "1"), "apply")["attacks_made"] == 3  # never attacked: new under both
    assert press(state)["attacked"] == ""  # the next turn starts its own list
    label = next(o for n in rules_data()["xia/source_notes-conflict"]["notes"] if n["id"] == "celerity-new-target"
                 for o in n["options"] if o["id"] == reading)["label"]
    assert " ".join(label.split()) in rules_shown(state)["Chi Celerity (Thunder)"]


def test_no_second_attack_without_an_extra_one_and_never_past_the_thunder_trigram() -> None:
    once = press(attack(duel(), "G1", "1"), "apply")
    says(problems(attack(once, "G2", "1"))["attack"], "Moon Shadow", "attacked", "this turn")
    twice = press(attack(once, "G2", "1", secret_attack=True), "apply")  # a kung fu secret's extra attack
    says(problems(attack(twice, "G3", "1", secret_attack=True))["attack"], "Moon Shadow", "2 attacks",
         "Thunder trigram", 2)


def test_a_defeat_at_the_thunder_limit_earns_no_extra_attack() -> None:
    state = {"combatants": [pc("Moon Shadow", 3, thunder=1, yang=1), npc("G1", 1, physical_resilience=1),
                            npc("G2", 1)]}
    answer = run(attack(state, "G1", "2", channel_thunder=True))["apply"]
    says(answer["summary"], 1, "most", "Thunder trigram", 1)
    assert dict(answer["sets"])["follow_up"] == ""


@pytest.mark.parametrize("reading", ["at-least-one", "as-written"])
def test_the_thunder_limit_follows_the_reading_chosen(reading: str) -> None:
    # 000 line 141: no more attacks in a turn than the Thunder trigram; a trigram of 0 is the open point.
    state = {"combatants": [npc("Guard", 2, yang=1), npc("G1", 1, physical_resilience=1), npc("G2", 1)],
             "attack_limit": reading}
    if reading == "as-written":
        says(problems(attack(state, "G1", "1"))["attack"], "Guard", "Thunder trigram", 0)
    else:
        assert press(attack(state, "G1", "1"), "apply")["attacks_made"] == 1
    shown = rules_shown(state)["Attacks in a turn"]
    labels = {o["id"]: " ".join(o["label"].split()) for o in next(
        n for n in rules_data()["xia/source_notes"]["notes"] if n["id"] == "thunder-attack-limit")["options"]}
    assert labels[reading] in shown and all(label not in shown for i, label in labels.items() if i != reading)


def test_mountain_stops_the_attacker_for_the_round_and_the_round_lifts_it() -> None:
    state = press(attack(duel(), "G2", "0", channel_mountain=True), "apply")
    assert row(state, "Moon Shadow")["stopped_by"] == "G2" and row(state, "G2")["yin"] == 0
    assert "Stop (G2)" in [c["name"] for c in run(state)["fighters"]["rows"][0]["cells"][0]["conditions"]]
    found = problems(attack(state, "G2", "1", secret_attack=True))
    says(found["target"], "G2", "Chi Breaker", "Stop", "Moon Shadow", "no more attacks", "G2", "this round")
    state = press(attack(state, "G3", "1", secret_attack=True), "apply")  # others are still fair game
    for _ in range(4):
        summary = run(state)["next"]["summary"]
        state = press(state)
    says(summary, "Stops lifted", "Moon Shadow")
    assert row(state, "Moon Shadow")["stopped_by"] == ""
    assert run(state)["round"] == 2


def test_mountain_does_nothing_when_damage_gets_through() -> None:
    state = press(attack(duel(), "G2", "1", channel_mountain=True), "apply")
    assert row(state, "Moon Shadow")["stopped_by"] == "" and row(state, "G2")["yin"] == 0


def test_each_channelled_trigram_is_paid_once_for_its_one_attack() -> None:
    # 000 line 103: an effect once per action; line 104: a second action pays again; line 105: pay first.
    state = press(attack(duel(), "G1", "2", channel_wind=True, channel_thunder=True), "apply")
    me = row(state, "Moon Shadow")
    assert (me["yang"], me["yang_spent"]) == (1, 2)
    assert not any(state[f"channel_{t}"] for t in ("wind", "thunder", "heaven", "fire"))  # the effect ended
    state = press(attack(state, "G2", "2", channel_fire=True), "apply")
    assert (row(state, "Moon Shadow")["yang"], row(state, "Moon Shadow")["yang_spent"]) == (0, 3)
    broke = {**duel(), "combatants": [{**duel()["combatants"][0], "yang": 1}, *duel()["combatants"][1:]]}
    found = problems(attack(broke, "G1", "1", channel_wind=True, channel_fire=True))
    says(found["channel_wind"], "Moon Shadow", 1, "Yang chi", "Wind", "Fire", 2)


def test_a_helpless_defender_cannot_channel() -> None:
    state = {"physical_on": False, "mental_on": True,
             "combatants": [pc("Hero", 0, mental=3, physical_resilience=0, yin=2, mental_in=True),
                            npc("Sage", 0, mental=4, mental_in=True)]}
    found = problems(attack(state, "Hero", "1", what="mental", channel_mist=True))
    says(found["channel_mist"], "Hero", "cannot act", "defend", "chi")


@pytest.mark.parametrize("reading", ["out-of-every-conflict", "physical-only"])
@pytest.mark.parametrize("as_attack", [True, False])
def test_nobody_who_cannot_act_earns_a_style_bonus_for_a_defence(reading: str, as_attack: bool) -> None:
    # 000 line 83: an incapacitated hero can do nothing at all, so no stylish defence either.
    state = {"physical_on": False, "mental_on": True, "npc_defeat": reading,
             "combatants": [pc("Hero", 0, mental=3, physical_resilience=0, yin=2, mental_in=True),
                            npc("Sage", 0, mental=4, mental_in=True),
                            npc("Thug", 1, mental=1, physical_resilience=0, mental_in=True),
                            npc("Monk", 0, mental=2, mental_in=True)]}
    for name, helpless in (("Hero", True), ("Thug", reading == "out-of-every-conflict")):
        change = attack(state, name, "1", what="mental") if as_attack else {**state, "target": name}
        change = {**change, "defence_style": "good"}
        if helpless:
            deed = "defence" if as_attack else "reaction"  # 000 line 190: a reaction earns it as a defence does
            says(problems(change)["defence_style"], name, "cannot act", "style bonus", deed)
        else:
            assert row(press(change, "apply"), name)["yin"] == 1
    standing = press(attack(state, "Monk", "1", what="mental", defence_style="good"), "apply")  # others still do
    assert row(standing, "Monk")["yin"] == 1


def test_catching_breath_brings_back_spent_chi_and_style_adds_the_books_bonus() -> None:
    state = press(attack(duel(), "G2", "0", channel_fire=True, channel_earth=True, style="amazing",
                         defence_style="good"), "apply")
    me, g2 = row(state, "Moon Shadow"), row(state, "G2")
    assert (me["yang"], me["yang_spent"]) == (3 + 2 - 1, 1)  # +2 for the stunt, 1 for Fire
    assert (g2["yin"], g2["yin_spent"]) == (1 + 1 - 1, 1)
    rested = press(state, "breath")
    assert [(r["yang"], r["yin"], r["yang_spent"], r["yin_spent"]) for r in rested["combatants"][:3:2]] == \
        [(5, 1, 0, 0), (0, 2, 0, 0)]
    one = press({**state, "target": "g2", "what": "breath"}, "apply")
    assert (row(one, "G2")["yin"], row(one, "Moon Shadow")["yang_spent"]) == (2, 1)


def test_the_style_bonuses_come_from_the_data() -> None:
    import copy

    changed = copy.deepcopy(rules_data())
    changed["xia/chi"]["style_bonuses"][1]["bonus"] = 3
    after = press({**duel(), "style": "amazing"}, "apply", Engine(changed))
    assert row(after, "Moon Shadow")["yang"] == 6


# ---- issue 30: the round's rules the table kept in memory -------------------------------------

def test_chi_celerity_s_extra_attack_takes_nothing_from_the_attack_that_earned_it() -> None:
    # 000 line 141: chi effects or powers of the previous attack do not apply to the new one; the tracker keeps
    # which trigrams the last attack channelled, to say so on the extra attack and to charge any channelled again.
    state = press(attack(duel(), "G1", "2", channel_wind=True, channel_thunder=True), "apply")
    assert (state["channelled"], state["follow_up"]) == ("wind; thunder", "G1")
    bare = run(attack(state, "G2", "1"))["apply"]
    says(bare["summary"], "Chi Celerity", "nothing", "applies", "Wind", "Thunder", "channelled there")
    after = {**state, **dict(bare["sets"])}
    assert row(after, "Moon Shadow")["yang"] == 1 and after["channelled"] == ""  # nothing charged, nothing kept
    again = run(attack(state, "G2", "1", channel_wind=True))["apply"]
    says(again["summary"], "Thunder channelled there", "Wind channelled again", "new cost")
    says_none(again["summary"], "Wind and Thunder")
    assert row({**state, **dict(again["sets"])}, "Moon Shadow")["yang"] == 0
    assert press(state)["channelled"] == ""  # the next turn starts with nothing channelled
    says(problems({**duel(), "channelled": "wind; lotus"})["channelled"], "lotus", "not a trigram")


@pytest.mark.parametrize("reading", ["next-attack", "later-this-turn"])
def test_chi_celerity_s_extra_attack_is_made_at_once_or_as_the_reading_says(reading: str) -> None:
    # 000 line 141: the extra attack comes "immediately"; an attack a kung fu secret grants, made first, ends it
    # (Thunder's effect belongs to the attack that earned it), or under the other reading it waits.
    start = {**duel(celerity_at_once=reading),
             "combatants": [{**duel()["combatants"][0], "thunder": 3}, *duel()["combatants"][1:]]}
    state = press(attack(start, "G1", "2", channel_thunder=True), "apply")
    answer = run(attack(state, "G2", "1", secret_attack=True))["apply"]
    state = {**state, **dict(answer["sets"])}
    if reading == "next-attack":
        assert state["follow_up"] == ""
        says(answer["summary"], "Chi Celerity", "not the next attack", "lost")
        says(problems(attack(state, "G3", "1"))["attack"], "Moon Shadow", "attacked", "this turn")
    else:
        assert state["follow_up"] == "G1"
        says_none(answer["summary"], "lost")
        assert press(attack(state, "G3", "1"), "apply")["attacks_made"] == 3
    shown = rules_shown(start)["Chi Celerity (Thunder)"]
    label = next(o for n in rules_data()["xia/source_notes-conflict"]["notes"] if n["id"] == "celerity-at-once"
                 for o in n["options"] if o["id"] == reading)["label"]
    assert " ".join(label.split()) in shown


def _poor_duel(reading: str) -> dict[str, Any]:
    return {"style_timing": reading, "combatants": [pc("Moon Shadow", 3, thunder=2, yang=0, yin=1),
                                                    npc("G1", 1, physical_resilience=2, yin=0), npc("G2", 1)]}


@pytest.mark.parametrize("reading", ["when-it-resolves", "awarded-first"])
def test_a_style_bonus_arrives_when_the_action_resolves_or_as_the_reading_says(reading: str) -> None:
    # 000 line 186: the bonus comes "when that action resolves", so it cannot pay for that action's own chi;
    # line 194: it comes the moment the GM awards it, so style noticed before any chi is spent can pay.
    state = _poor_duel(reading)
    deeds: list[tuple[dict[str, Any], str, tuple[str | int, ...]]] = [
        (attack(state, "G1", "1", channel_thunder=True, style="good"), "channel_thunder",
         ("Moon Shadow", 0, "Yang chi", "Thunder", 1)),
        (attack(state, "G1", "1", channel_mist=True, defence_style="good"), "channel_mist",
         ("G1", 0, "Yin chi", "Mist", 1)),
        ({**state, "target": "Moon Shadow", "change": "-1", "what": "yang", "style": "good"}, "change",
         ("Moon Shadow", 0, "Yang chi")),
        ({**state, "target": "G1", "change": "-1", "what": "yin", "defence_style": "good"}, "change",
         ("G1", 0, "Yin chi"))]
    for change, field, facts in deeds:
        if reading == "when-it-resolves":
            says(problems(change)[field], *facts)
        else:
            after = press(change, "apply")
            me, g1 = row(after, "Moon Shadow"), row(after, "G1")
            assert (me["yang"], g1["yin"]) == (0, 0) and me["yang_spent"] + g1["yin_spent"] == 1
    done = press(attack(state, "G1", "1", style="good", defence_style="amazing"), "apply")  # paid after: no cost
    assert (row(done, "Moon Shadow")["yang"], row(done, "G1")["yin"]) == (1, 2)
    label = next(o for n in rules_data()["xia/source_notes-conflict"]["notes"] if n["id"] == "style-bonus-timing"
                 for o in n["options"] if o["id"] == reading)["label"]
    assert " ".join(label.split()) in rules_shown(state)["Style bonus"]


def test_active_tasks_and_reactions_earn_a_style_bonus_in_the_chi_of_their_kind() -> None:
    # 000 line 190: stylish attacks and active tasks earn Yang chi, stylish defences and reactions Yin chi.
    import copy

    state = duel()
    said = {deed: run(change)["apply"]["summary"] for deed, change in (
        ("attack", attack(state, "G1", "1", style="good")), ("task", {**state, "style": "good"}),
        ("defence", attack(state, "G2", "1", defence_style="good")),
        ("reaction", {**state, "target": "G2", "defence_style": "good"}))}
    says(said["attack"], "Moon Shadow", "gains 1", "Yang chi", "attack", 4)
    says(said["task"], "Moon Shadow", "gains 1", "Yang chi", "active task", 4)
    says(said["defence"], "G2", "gains 1", "Yin chi", "defence", 2)
    says(said["reaction"], "G2", "gains 1", "Yin chi", "reaction", 2)
    changed = copy.deepcopy(rules_data())
    next(d for d in changed["xia/chi"]["style_actions"] if d["id"] == "reaction")["chi"] = "yang"
    after = press({**state, "target": "G2", "defence_style": "good"}, "apply", Engine(changed))
    assert (row(after, "G2")["yang"], row(after, "G2")["yin"]) == (1, 1)
    labels = {i["name"]: i["label"] for i in engine().describe(CALC)["inputs"]}
    assert labels["style"].endswith("(attack or active task)") and labels["defence_style"].endswith(
        "(defence or reaction)")


def test_a_log_of_style_presses_made_before_the_deed_was_named_still_folds() -> None:
    # A shared link carries its presses with their buttons' words: a style bonus's button keeps them.
    press_made = {"do": "press", "output": "apply", "label": "Moon Shadow gains 1 Yang chi (4)",
                  "draft": {"style": "good"}}
    after = engine().fold(CALC, duel(), [press_made])[-1]
    assert row(after, "Moon Shadow")["yang"] == 4


SIX = [pc("Moon Shadow", 3, social=3), pc("Iron Crane", 2, social=2), npc("Captain", 2, social=2),
       npc("G1", 1), npc("G2", 1), npc("G3", 1)]


def test_a_social_conflict_takes_only_the_combatants_the_gm_picks() -> None:
    # Two of six argue while the rest fight: turning the social conflict on drags nobody in, and says how to pick.
    state = {"combatants": SIX, "social_on": True}
    found = problems(state)
    assert list(found) == ["social_on"]
    says(found["social_on"], "social conflict", "at least 2", "nobody", "“In the social conflict”", "Social Trait",
         "above 0")
    one = {**state, "combatants": [{**SIX[0], "social_in": True}, *SIX[1:]]}
    says(problems(one)["social_on"], "social conflict", "at least 2", "only Moon Shadow")
    two = {**state, "combatants": [{**SIX[0], "social_in": True}, SIX[1], {**SIX[2], "social_in": True}, *SIX[3:]]}
    turns = [(r["cells"][0]["value"].split(" (")[0], r["cells"][1]["value"]) for r in run(two)["order"]["rows"]]
    assert [t for t in turns if t[1] == "Social"] == [("Moon Shadow", "Social"), ("Captain", "Social")]
    assert len([t for t in turns if t[1] == "Physical"]) == 6
    fighters = {r["head"]: [c["value"] for c in r["cells"][1:3]] for r in run(two)["fighters"]["rows"]}
    assert fighters["Iron Crane"] == [4, "not in it"] and fighters["Captain"] == [4, 4]
    everyone = [t for t in run({**state, "participants": "everyone-with-the-trait"})["order"]["rows"]
                if t["cells"][1]["value"] == "Social"]
    assert len(everyone) == 6  # the other reading: everyone with a Social Trait, as the tracker did before
    kept_out = {**two, "combatants": [{**r, "physical_in": r["name"] != "G3"} for r in two["combatants"]]}
    assert ("G3", "Physical") not in [(r["cells"][0]["value"].split(" (")[0], r["cells"][1]["value"])
                                      for r in run(kept_out)["order"]["rows"]]


def test_a_row_from_before_the_conflicts_it_is_in_reads_as_the_data_s_defaults() -> None:
    from calculators import rowcode

    fields = [f for f in next(i for i in engine().describe(CALC)["inputs"] if i["name"] == "combatants")["fields"]]
    old = [f for f in fields if not f["name"].endswith("_in")]
    assert [f["name"] for f in fields[:len(old)]] == [f["name"] for f in old]  # the new fields come last
    code = rowcode.encode(old, [{**{f["name"]: f["default"] for f in old}, "name": "Lu", "social": 3}])
    state = {"combatants": code + "_Guard", "social_on": False}
    rows = run(state)["fighters"]["rows"]
    assert [r["head"] for r in rows] == ["Lu", "Guard"]
    decoded = rowcode.decode(fields, code)[0]  # the data's defaults: a fight takes in everyone, an argument nobody
    assert (decoded["physical_in"], decoded["social_in"], decoded["mental_in"]) == (True, False, False)
    defaults = {f["name"]: f["default"] for f in fields}
    assert (defaults["physical_in"], defaults["social_in"], defaults["mental_in"]) == (True, False, False)


# ---- changes in the GM's terms ------------------------------------------------------------------

@pytest.mark.parametrize(("change", "what", "resilience", "yang"), [
    ("3", "physical", 1, 3), ("+3", "physical", 1, 3), ("-2", "physical", 6, 3), ("\u22122", "physical", 6, 3),
    ("1", "yang", 4, 4), ("+4", "yang", 4, 7), (" \u2212 2 ", "yang", 4, 1), ("=0", "yang", 4, 0),
])
def test_a_change_is_typed_as_the_gm_says_it(change: str, what: str, resilience: int, yang: int) -> None:
    state = {"combatants": [pc("Moon Shadow", 3, yang=3), npc("Guardsman", 1)],
             "target": "guardsman" if what == "physical" else "MOON SHADOW", "change": change, "what": what}
    after = press(state, "apply")
    assert row(after, "Guardsman")["physical_resilience"] == resilience and row(after, "Moon Shadow")["yang"] == yang
    assert after["target"] == "" and after["change"] == ""


def test_the_button_says_what_it_does_in_the_gms_words() -> None:
    state = {"combatants": [pc("Moon Shadow", 3), npc("Guardsman", 1)], "target": "Guardsman", "change": "3"}
    assert run(state)["apply"]["label"] == "Guardsman takes 3 physical damage"
    assert run(state)["next"]["label"] == "Apply and end Moon Shadow's turn"


@pytest.mark.parametrize(("state", "field", "facts"), [
    ({"target": "", "change": "3"}, "target", ("who", "name")),
    ({"target": "Nobody", "change": "3"}, "target", ("No combatant", "'Nobody'", "Moon Shadow", "Guardsman")),
    ({"target": "Guardsman", "change": "3", "two": True}, "target", (2, "'Guardsman'", "rows 2", 3)),
    ({"target": "Guardsman", "change": "+abc"}, "change", ("whole number", "99,999", "'+abc'")),
    ({"target": "Guardsman", "change": "4.5"}, "change", ("whole number", "'4.5'")),
    ({"target": "Guardsman", "change": "-99"}, "change", ("Guardsman", "physical resilience", 103)),
    ({"target": "Guardsman", "change": "=3"}, "change", ("damage", 4, "healed")),
    ({"target": "Moon Shadow", "change": "-9", "what": "yin"}, "change", ("Moon Shadow", 0, "Yin chi")),
    ({"target": "Guardsman", "change": "3", "channel_fire": True}, "channel_fire", ("“This is the acting",)),
    ({"target": "Guardsman", "attack": True}, "change", ("damage", "attack")),
    ({"target": "Guardsman", "change": "-2", "attack": True}, "change", ("attack", "damage", 2)),
    ({"target": "Guardsman", "change": "2", "attack": True, "what": "yang"}, "what", ("attack", "physical")),
    ({"target": "Moon Shadow", "change": "2", "attack": True}, "target", ("Moon Shadow", "cannot attack")),
    ({"target": "Guardsman", "what": "breath", "change": "2"}, "change", ("Catching breath",)),
])
def test_a_change_that_cannot_be_applied_gets_a_message_beside_its_field(state: dict, field: str,
                                                                           facts: tuple[str | int, ...]) -> None:
    rows = [pc("Moon Shadow", 3), npc("Guardsman", 1)]
    if state.pop("two", False):
        rows.append(npc("guardsman ", 2))
    found = problems({"combatants": rows, **state})
    says(found[field], *facts)


def test_nothing_to_apply_says_so_instead_of_a_button() -> None:
    answer = run({"combatants": [pc("Moon Shadow", 3), npc("Guardsman", 1)], "target": "Guardsman"})
    assert answer["apply"]["type"] == "table"
    says(answer["apply"]["empty"], "Nothing to apply")
    assert 'data-apply' not in engine().present(CALC, answer)["apply"]


def test_a_name_that_would_break_the_list_of_stops_is_refused_at_its_field() -> None:
    found = problems({"combatants": [pc("Moon; Shadow", 3), npc("Guardsman", 1)]})
    assert list(found) == ["combatants.1.name"]
    says(found["combatants.1.name"], "Combatant 1", "Name", "';'", "Stops")


# ---- the turn pointer and the round's end -------------------------------------------------------

def test_next_moves_the_round_on_by_one_and_pressing_it_twice_changes_nothing_more() -> None:
    state = press(press(ABC))
    button = run(state)["next"]
    assert button["label"] == "End C's turn"  # a log's press is found again by its label: the exact words
    says(button["summary"], "Round 2", "A", "NPC")
    once = {**state, **dict(button["sets"])}
    twice = {**once, **dict(button["sets"])}  # a second tap on the same button: the same state, not round 3
    assert once == twice and run(twice)["round"] == 2


def test_when_the_last_turn_s_actor_falls_the_next_button_starts_the_next_round() -> None:
    state = press(press(ABC))
    state = press({**state, "target": "C", "change": "9"}, "apply")
    answer = run(state)
    says(answer["acting_now"], "Nobody", "every turn", "round 1")
    assert answer["next"]["label"] == "Start round 2"
    says(run(press(state))["acting_now"], "Turn 1", "A")


def test_when_nobody_can_act_next_says_so() -> None:
    state = {"combatants": [npc("A", 2, physical_resilience=0), npc("B", 1, physical_resilience=0)]}
    answer = run(state)
    assert answer["acting_now"] == "nobody" and answer["next"]["type"] == "table"
    says(answer["next"]["empty"], "Nobody", "act")


def test_equal_ratings_across_kinds_and_sides_follow_the_reading() -> None:
    # An NPC's physical turn and a PC's mental turn, both rating 5, all turns sorted by rating.
    state = {"physical_on": True, "mental_on": True, "precedence": "rating-first",
             "participants": "everyone-with-the-trait",  # each alone in a conflict: only this reading allows it
             "combatants": [npc("Brute", 5, mental=0), pc("Scholar", 0, mental=5)]}
    says(acting(state), "Turn 1", "Brute", "NPC", "physical")
    first = run({**state, "equal_ratings": "side-decides"})
    says(first["acting_now"], "Turn 1", "Scholar", "PC", "mental")
    ties = [r["cells"][-1]["value"] for r in first["order"]["rows"]]
    assert ties == ["player characters before non-player characters"] * 2


# ---- the table of combatants: pick and conditions -----------------------------------------------

def test_each_combatant_is_picked_by_name_and_shows_the_rules_conditions() -> None:
    state = {**THREE_KINDS, "combatants": [pc("Hero", 3, physical_resilience=0, mental=2, social=2, **IN_ALL),
                                           npc(HOSTILE, 2, mental_resilience=0, mental=1, social=1, **IN_ALL),
                                           pc("Talker", 2, social_resilience=0, mental=2, social=2, **IN_ALL)]}
    rows = run(state)["fighters"]["rows"]
    assert [r["pick"] for r in rows] == ["Hero", HOSTILE, "Talker"]
    names = [[c["name"] for c in r["cells"][0]["conditions"]] for r in rows]
    assert names == [["Incapacitated"], ["Defeated (mental)"], ["Discredited"]]
    glossary = {t["id"]: " ".join(t["definition"].split()) for t in rules_data()["xia/glossary"]["terms"]}
    assert rows[0]["cells"][0]["conditions"][0]["rule"] == glossary["incapacitated"]
    assert rows[1]["cells"][0]["conditions"][0]["rule"].startswith(glossary["defeated"])
    shown = engine().show(CALC, state)["fighters"]
    assert f'data-pick="{html.escape(HOSTILE)}"' in shown and "<img" not in shown
    assert '<details class="codex-condition"><summary>Incapacitated</summary>' in shown


def test_a_conditions_words_change_with_the_glossary() -> None:
    import copy

    changed = copy.deepcopy(rules_data())
    term = next(t for t in changed["xia/glossary"]["terms"] if t["id"] == "incapacitated")
    term["term"], term["definition"] = "Out cold", "Cannot act."
    rows = run({"combatants": [pc("Hero", 3, physical_resilience=0), npc("B", 1)]}, Engine(changed))["fighters"]
    assert rows["rows"][0]["cells"][0]["conditions"][0] == {"name": "Out cold", "rule": "Cannot act."}


# ---- from the book to the conflict ---------------------------------------------------------------

@pytest.mark.parametrize("character", rules_data()["xia/characters"]["characters"], ids=lambda c: c["id"])
def test_each_example_character_joins_the_conflict_with_exactly_its_numbers(character: dict) -> None:
    shown = engine().ask("xia.add_to_fight", character["id"])
    row_json = html.unescape(re.search(r'data-row="([^"]*)"', shown).group(1))
    assert re.search(r'data-recruit="xia\.initiative_order"', shown)
    carried = json.loads(row_json)
    assert carried == {"name": character["name"], "side": character["side"], **character["traits"],
                       **({"thunder": character["trigrams"]["thunder"]} if "thunder" in character["trigrams"] else {})}
    state = {"combatants": [carried, npc("Someone", 1)]}
    assert any(r["head"] == character["name"] for r in run(state)["fighters"]["rows"])


# ---- the tracker's help: every rule it says it applies is held to by a test here ------------

APPLIES_TESTED_BY = {
    "order": (test_a_defeat_on_turn_2_leaves_the_rest_of_the_round_as_it_was,
              test_equal_ratings_across_kinds_and_sides_follow_the_reading,
              test_a_combatant_added_above_the_turn_under_way_waits_for_the_next_round),
    "defeat": (test_a_defeat_at_any_place_in_the_order_takes_no_turn_from_anyone_else,
               test_the_round_state_is_which_turns_are_taken_so_a_defeat_cannot_shift_it),
    "incapacitated": (test_a_hero_at_0_physical_resilience_takes_no_mental_or_social_turn,
                      test_a_beaten_npc_is_the_gms_call_offered_as_a_reading, test_a_helpless_defender_cannot_channel,
                      test_nobody_who_cannot_act_earns_a_style_bonus_for_a_defence),
    "one-attack": (test_no_second_attack_without_an_extra_one_and_never_past_the_thunder_trigram,
                   test_the_thunder_limit_follows_the_reading_chosen),
    "participants": (test_a_social_conflict_takes_only_the_combatants_the_gm_picks,
                     test_a_row_from_before_the_conflicts_it_is_in_reads_as_the_data_s_defaults),
    "celerity": (test_chi_celerity_gives_an_attack_on_a_new_target_after_a_defeat,
                 test_who_counts_as_a_new_target_follows_the_reading_chosen,
                 test_a_defeat_at_the_thunder_limit_earns_no_extra_attack,
                 test_chi_celerity_s_extra_attack_takes_nothing_from_the_attack_that_earned_it,
                 test_chi_celerity_s_extra_attack_is_made_at_once_or_as_the_reading_says),
    "channel-cost": (test_each_channelled_trigram_is_paid_once_for_its_one_attack,),
    "stop": (test_mountain_stops_the_attacker_for_the_round_and_the_round_lifts_it,
             test_mountain_does_nothing_when_damage_gets_through),
    "style": (test_catching_breath_brings_back_spent_chi_and_style_adds_the_books_bonus,
              test_the_style_bonuses_come_from_the_data, test_nobody_who_cannot_act_earns_a_style_bonus_for_a_defence,
              test_a_style_bonus_arrives_when_the_action_resolves_or_as_the_reading_says,
              test_active_tasks_and_reactions_earn_a_style_bonus_in_the_chi_of_their_kind),
    "breath": (test_catching_breath_brings_back_spent_chi_and_style_adds_the_books_bonus,),
}


def test_every_rule_the_tracker_says_it_applies_is_tested() -> None:
    assert {r["id"] for r in rules_data()["xia/tracker"]["applies"]} == set(APPLIES_TESTED_BY)


# ---- the tracker's own help (its `rules` output): each rule it applies, with the data's numbers ----

RULE_ROWS = {  # each row of the output → the tests holding the tracker to what the row says
    "Order": APPLIES_TESTED_BY["order"],
    "Who is in which conflict": APPLIES_TESTED_BY["participants"],
    "Turns and rounds": (test_next_moves_the_round_on_by_one_and_pressing_it_twice_changes_nothing_more,
                         test_when_the_last_turn_s_actor_falls_the_next_button_starts_the_next_round,
                         test_mountain_stops_the_attacker_for_the_round_and_the_round_lifts_it),
    "Defeat": APPLIES_TESTED_BY["defeat"],
    "Incapacitated": APPLIES_TESTED_BY["incapacitated"],
    "Attacks in a turn": APPLIES_TESTED_BY["one-attack"],
    "Chi Celerity (Thunder)": APPLIES_TESTED_BY["celerity"],
    "Chi Breaker (Mountain)": APPLIES_TESTED_BY["stop"],
    "Chi for effects": APPLIES_TESTED_BY["channel-cost"],
    "Style bonus": APPLIES_TESTED_BY["style"],
    "Catching breath": APPLIES_TESTED_BY["breath"],
    "Names": (test_a_change_that_cannot_be_applied_gets_a_message_beside_its_field,),
}
APPLIES_ROW = {"order": "Order", "participants": "Who is in which conflict", "defeat": "Defeat",
               "incapacitated": "Incapacitated",
               "one-attack": "Attacks in a turn", "celerity": "Chi Celerity (Thunder)",
               "channel-cost": "Chi for effects", "stop": "Chi Breaker (Mountain)", "style": "Style bonus",
               "breath": "Catching breath"}


def rules_shown(state: Mapping[str, Any] | None = None, eng: Engine | None = None) -> dict[str, str]:
    """The `rules` output as row heading → its text."""
    table = run(state or {}, eng)["rules"]
    assert table["style"] == "prose"
    return {r["head"]: r["cells"][0]["value"] for r in table["rows"]}


def test_the_trackers_help_lists_each_rule_it_applies_then_what_it_leaves() -> None:
    assert list(rules_shown()) == [*RULE_ROWS, "Left to the table"]
    assert {r["id"] for r in rules_data()["xia/tracker"]["applies"]} == set(APPLIES_ROW)
    assert set(APPLIES_ROW.values()) <= set(RULE_ROWS)


def test_the_trackers_help_states_the_datas_numbers_and_follows_them() -> None:
    import copy

    def numbers(data: Mapping[str, Any]) -> dict[str, Any]:
        chi, trigrams = data["xia/chi"], data["xia/trigrams"]
        note = next(n for n in data["xia/source_notes"]["notes"] if n["id"] == "thunder-attack-limit")
        return {"Chi for effects": f"{trigrams['channel_cost']} chi a trigram channelled",
                "Chi Celerity (Thunder)": f"(Thunder {trigrams['channel_minimum']} or more)",
                "Style bonus": " or ".join(f"+{b['bonus']}" for b in chi["style_bonuses"]) + " for a stylish",
                "Who is in which conflict": f"fewer than {data['xia/conflicts']['least_participants']} in it",
                "Attacks in a turn": f"trigram ({note['options'][0]['set']['min_attacks']} if the trigram is lower)",
                "Left to the table": f"up to {data['xia/conflicts']['movement']['seconds']} seconds"}

    before = rules_shown()
    for head, said in numbers(rules_data()).items():
        assert said in before[head], (head, before[head])
    changed = copy.deepcopy(dict(rules_data()))
    changed["xia/trigrams"]["channel_cost"] = 3
    changed["xia/trigrams"]["channel_minimum"] = 2
    for bonus, value in zip(changed["xia/chi"]["style_bonuses"], (4, 7), strict=True):
        bonus["bonus"] = value
    next(n for n in changed["xia/source_notes"]["notes"]
         if n["id"] == "thunder-attack-limit")["options"][0]["set"]["min_attacks"] = 2
    changed["xia/conflicts"]["movement"]["seconds"] = 6
    changed["xia/conflicts"]["least_participants"] = 3
    after = rules_shown({"combatants": [pc("A", 1), npc("B", 1), npc("C", 1)]}, eng=Engine(changed))
    for head, said in numbers(changed).items():
        assert said in after[head], (head, after[head])
    assert after != before


def test_the_trackers_help_names_the_reading_in_force_and_offers_the_other() -> None:
    notes = {n["id"]: n for n in rules_data()["xia/source_notes-conflict"]["notes"]}
    labels = {o["id"]: " ".join(o["label"].split()) for o in notes["npc-physical-defeat"]["options"]}
    usual = rules_shown()["Incapacitated"]
    assert labels["out-of-every-conflict"] in usual and labels["physical-only"] not in usual
    assert "the other is offered under Reading" in usual
    chosen = rules_shown({"npc_defeat": "physical-only"})["Incapacitated"]
    assert labels["physical-only"] in chosen and labels["out-of-every-conflict"] not in chosen


def test_a_conditions_rule_text_is_text_whatever_the_glossary_holds() -> None:
    import copy

    changed = copy.deepcopy(rules_data())
    term = next(t for t in changed["xia/glossary"]["terms"] if t["id"] == "incapacitated")
    term["term"], term["definition"] = HOSTILE, f"<script>alert(1)</script>{HOSTILE}"
    shown = Engine(changed).show(CALC, {"combatants": [pc("Hero", 3, physical_resilience=0), npc("B", 1)]})
    assert "<img" not in shown["fighters"] and "<script" not in shown["fighters"]
    assert html.escape(HOSTILE, quote=False) in shown["fighters"]
