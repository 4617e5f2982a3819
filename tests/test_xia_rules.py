"""Xia calculators other than the attack: initiative, initiative order, speed, unopposed tasks, XP."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from codex.note_links import users_of
from hypothesis import given, settings
from hypothesis import strategies as st

from calculators import InputError, registry, rules
from tests.support.engine import engine

pytestmark = pytest.mark.usefixtures("rules_in_use")  # these tests call calculator internals

ROOT = Path(__file__).resolve().parent.parent
XIA = ("xia.initiative", "xia.initiative_order", "xia.attack", "xia.speed", "xia.unopposed", "xia.xp")


def test_all_xia_calculators_exist_and_run_on_defaults() -> None:
    ids = {entry["id"] for entry in engine().catalog()}
    assert set(XIA) <= ids
    for calc_id in XIA:
        json.dumps(engine().run(calc_id, {}))
        json.dumps(engine().show(calc_id, {}))


# --- initiative --------------------------------------------------------------------------------

@pytest.mark.parametrize(("trait", "thunder", "initiative"), [(3, 4, 7), (1, 0, 1), (5, 0, 5), (20, 20, 40)])
def test_initiative(trait: int, thunder: int, initiative: int) -> None:
    assert engine().run("xia.initiative", {"trait": trait, "thunder": thunder}) == {"initiative": initiative}


def test_initiative_defaults_are_moon_shadow() -> None:
    assert engine().run("xia.initiative", {}) == {"initiative": 7}


@pytest.mark.parametrize(("inputs", "field"), [({"trait": 0}, "trait"), ({"trait": 21}, "trait"),
                                               ({"thunder": -1}, "thunder"), ({"thunder": "x"}, "thunder")])
def test_initiative_bad_inputs(inputs: dict, field: str) -> None:
    with pytest.raises(InputError) as caught:
        engine().run("xia.initiative", inputs)
    assert caught.value.field == field and "whole number from" in caught.value.message


# --- initiative order --------------------------------------------------------------------------

def fight(**inputs: object) -> dict[str, object]:
    """Inputs of the tracker from slot-style keywords (c2_side="pc", c2_physical=3; absent slots left out).

    Everyone with a Trait is in every running conflict (the conflict-participants reading that picks nobody),
    unless `participants` says otherwise: these tests are about the order, not about who is in which conflict.
    """
    rows, rest = [], {"participants": "everyone-with-the-trait", **inputs}
    for slot in range(1, 7):
        side = rest.pop(f"c{slot}_side", "pc" if slot == 1 else "npc" if slot == 2 else "absent")
        row = {key.removeprefix(f"c{slot}_"): rest.pop(key) for key in list(rest) if key.startswith(f"c{slot}_")}
        if side != "absent":
            rows.append({"name": "", "side": side, **row})
    return {**rest, "combatants": rows}


def order(**inputs: object) -> list[tuple[int, str, int, str]]:
    from calculators.spec import parse_inputs
    from calculators.xia.initiative import turns

    values = parse_inputs(registry.find("xia.initiative_order").inputs(), fight(**inputs))
    return [(t["slot"], t["conflict"], t["rating"], t["side"]) for t in turns(values)]


def test_order_highest_rating_first() -> None:
    got = order(c1_side="npc", c1_physical=2, c2_side="pc", c2_physical=3, c2_thunder=2, c3_side="npc",
                c3_physical=4)
    assert got == [(2, "physical", 5, "pc"), (3, "physical", 4, "npc"), (1, "physical", 2, "npc")]


def test_order_pcs_before_npcs_on_equal_ratings() -> None:
    got = order(c1_side="npc", c1_physical=4, c2_side="pc", c2_physical=3, c2_thunder=1)
    assert [t[0] for t in got] == [2, 1]
    result = engine().run("xia.initiative_order", fight(c1_side="npc", c1_physical=4, c2_side="pc",
                                                        c2_physical=3, c2_thunder=1))
    assert result["first"].startswith("Combatant 2 (PC)")
    assert "player characters before non-player characters" in engine().present("xia.initiative_order", result)["order"]


def test_order_same_side_ties_keep_numbering_and_say_who_decides() -> None:
    result = engine().run("xia.initiative_order", fight(c1_side="npc", c2_side="npc"))
    assert "the GM picks the order" in engine().present("xia.initiative_order", result)["order"]
    result = engine().run("xia.initiative_order", fight(c1_side="pc", c2_side="pc"))
    assert "players agree the order" in engine().present("xia.initiative_order", result)["order"]


def test_order_kind_first_and_rating_first_readings() -> None:
    inputs = dict(c1_side="pc", c1_physical=1, c1_mental=5, c2_side="npc", c2_physical=3, c2_mental=1,
                  mental_on=True, social_on=True, c1_social=0, c2_social=2)
    kind_first = order(**inputs)
    assert [t[1] for t in kind_first] == ["physical", "physical", "mental", "mental", "social"]
    rating_first = order(**inputs, precedence="rating-first")
    assert rating_first[0] == (1, "mental", 5, "pc")
    assert [t[2] for t in rating_first] == sorted((t[2] for t in rating_first), reverse=True)
    # equal ratings of different kinds: physical before mental before social
    tied = order(c1_side="pc", c2_side="absent", c1_physical=2, c1_mental=2, c1_social=2, mental_on=True,
                 social_on=True, precedence="rating-first")
    assert [t[1] for t in tied] == ["physical", "mental", "social"]


def test_order_zero_trait_means_not_in_that_conflict() -> None:
    got = order(c1_side="pc", c1_physical=0, c1_mental=3, c2_side="npc", mental_on=True)
    assert (1, "physical", 0, "pc") not in got and (1, "mental", 3, "pc") in got


@settings(deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["absent", "pc", "npc"]), st.integers(0, 6), st.integers(0, 4)),
                min_size=6, max_size=6))
def test_order_is_sorted_by_rating_within_a_conflict(slots: list[tuple[str, int, int]]) -> None:
    inputs: dict[str, object] = {}
    for n, (side, trait, thunder) in enumerate(slots, start=1):
        inputs.update({f"c{n}_side": side, f"c{n}_physical": trait, f"c{n}_thunder": thunder})
    got = order(**inputs)
    keys = [(-rating, 0 if side == "pc" else 1, slot) for slot, _, rating, side in got]
    assert keys == sorted(keys)
    assert len(got) == sum(1 for side, trait, _ in slots if side != "absent" and trait > 0)


@pytest.mark.parametrize(("inputs", "field", "words"), [
    ({"physical_on": False}, "physical_on", "At least one kind of conflict"),
    ({"c1_side": "ally"}, "combatants.1.side", "Combatant 1, Side: must be one of: pc, npc"),
    ({"c2_mental": -1}, "combatants.2.mental", "from 0 to 20"),
    ({"precedence": "random"}, "precedence", "one of: kind-first, rating-first"),
])
def test_order_bad_inputs(inputs: dict, field: str, words: str) -> None:
    with pytest.raises(InputError) as caught:
        engine().run("xia.initiative_order", fight(**inputs))
    assert caught.value.field == field and words in caught.value.message


# --- speed and unopposed tasks -----------------------------------------------------------------

@pytest.mark.parametrize(("physical", "wind", "speed"), [(1, 0, 1), (3, 2, 5), (5, 5, 10)])
def test_speed(physical: int, wind: int, speed: int) -> None:
    assert engine().run("xia.speed", {"physical": physical, "wind": wind}) == {"speed": speed}


@pytest.mark.parametrize(("trait", "trigram", "score", "scale"), [
    (1, 0, 1, "typical of an average human"),
    (1, 1, 2, "between an average human and an average kung fu hero"),
    (2, 1, 3, "between an average human and an average kung fu hero"),
    (3, 1, 4, "typical of an average kung fu hero"),
    (3, 2, 5, "typical of an average kung fu hero"),
    (4, 2, 6, "beyond an average kung fu hero"),
])
def test_unopposed(trait: int, trigram: int, score: int, scale: str) -> None:
    assert engine().run("xia.unopposed", {"trait": trait, "trigram": trigram}) == {"score": score, "scale": scale}


@pytest.mark.parametrize(("calc_id", "inputs", "field"), [
    ("xia.speed", {"physical": 0}, "physical"), ("xia.speed", {"wind": 99}, "wind"),
    ("xia.unopposed", {"trait": 0}, "trait"), ("xia.unopposed", {"trigram": -2}, "trigram"),
])
def test_speed_and_unopposed_bad_inputs(calc_id: str, inputs: dict, field: str) -> None:
    with pytest.raises(InputError) as caught:
        engine().run(calc_id, inputs)
    assert caught.value.field == field


# --- experience --------------------------------------------------------------------------------

@pytest.mark.parametrize(("start", "end", "secrets", "trigram_cost", "total"), [
    (4, 5, 0, 4, 4), (4, 4, 0, 0, 0), (1, 4, 0, 6, 6), (0, 3, 2, 3, 5), (2, 6, 3, 14, 17), (0, 0, 5, 0, 5),
])
def test_xp(start: int, end: int, secrets: int, trigram_cost: int, total: int) -> None:
    result = engine().run("xia.xp", {"from_level": start, "to_level": end, "secrets": secrets})
    assert (result["trigram_cost"], result["total"], result["secrets_cost"]) == (trigram_cost, total, secrets)
    assert len(result["steps"]) == end - start
    assert result["sessions_fewest"] == -(-total // 3) and result["sessions_most"] == total


def test_xp_reading_for_raising_from_zero() -> None:
    literal = engine().run("xia.xp", {"from_level": 0, "to_level": 2})
    at_least_one = engine().run("xia.xp", {"from_level": 0, "to_level": 2, "trigram_minimum": "at-least-one"})
    assert (literal["trigram_cost"], at_least_one["trigram_cost"]) == (1, 2)
    assert literal["steps"] == ["0→1: 0 XP", "1→2: 1 XP"]


@settings(deadline=None)  # a loaded machine makes a 200 ms deadline flaky; the answer is what is tested
@given(st.integers(0, 20), st.integers(0, 20), st.integers(0, 20))
def test_xp_is_the_sum_of_current_levels(a: int, b: int, c: int) -> None:
    low, mid, high = sorted((a, b, c))
    cost = lambda x, y: engine().run("xia.xp", {"from_level": x, "to_level": y})["trigram_cost"]  # noqa: E731
    assert cost(low, high) == sum(range(low, high)) == cost(low, mid) + cost(mid, high)


@pytest.mark.parametrize(("inputs", "field", "words"), [
    ({"from_level": 5, "to_level": 4}, "to_level", "at least the trigram now (5)"),
    ({"from_level": 21}, "from_level", "from 0 to 20"),
    ({"secrets": -1}, "secrets", "from 0 to 99"),
    ({"trigram_minimum": "free"}, "trigram_minimum", "one of: literal, at-least-one"),
])
def test_xp_bad_inputs(inputs: dict, field: str, words: str) -> None:
    with pytest.raises(InputError) as caught:
        engine().run("xia.xp", inputs)
    assert caught.value.field == field and words in caught.value.message


# --- data --------------------------------------------------------------------------------------

def test_eight_trigrams_four_each_way() -> None:
    trigrams = rules.table("xia/trigrams")["trigrams"]
    assert len(trigrams) == 8
    attack = {t["id"] for t in trigrams if t["use"] == "attack"}
    defence = {t["id"] for t in trigrams if t["use"] == "defence"}
    assert attack == {"wind", "heaven", "fire", "thunder"} and defence == {"mist", "earth", "water", "mountain"}
    assert all(t["chi"] == ("yang" if t["use"] == "attack" else "yin") for t in trigrams)


def test_examples_use_the_example_characters() -> None:
    chars = {c["id"]: c for c in rules.table("xia/characters")["characters"]}
    examples = {e["id"]: e for e in rules.table("xia/examples")["examples"]}
    moon = chars["moon-shadow"]
    assert examples["moon-shadow-initiative"]["inputs"] == {"trait": moon["traits"]["physical"],
                                                            "thunder": moon["trigrams"]["thunder"]}
    for example, foe in (("moon-shadow-guardsman", "guardsman"), ("moon-shadow-demon", "demon")):
        assert examples[example]["inputs"] == {"attacker_trait": moon["traits"]["physical"],
                                               "defender_trait": chars[foe]["traits"]["physical"]}


def _examples() -> list[dict]:
    return list(rules.entries("xia", "examples", "examples"))


def test_xia_examples_agree_with_calculators() -> None:
    from codex import examples as played

    for example in _examples():
        stages = played.play(engine(), example)
        for check in played.checks(example, stages):
            assert check.agrees, (example["id"], check.where, check.expected, check.got)


def test_source_notes_with_a_choice_are_offered_and_are_used() -> None:
    notes = rules.table("xia/source_notes")["notes"]
    for note in notes:
        if len(note["options"]) > 1:
            assert users_of(engine(), f"xia.{note['id']}").offer, f"no calculator offers note {note['id']}"
    pages = "".join(p.read_text(encoding="utf-8") for p in (ROOT / "docs" / "xia").glob("*.md"))
    for note in notes:
        assert f"<!-- codex:note xia.{note['id']} -->" in pages, f"note {note['id']} is on no page"


def test_yaml_files_start_with_modeline_and_have_no_yes_no_booleans() -> None:
    for path in sorted((ROOT / "rules_data" / "xia").glob("*.yaml")):
        text = path.read_text(encoding="utf-8")
        first = text.splitlines()[0]
        assert first.startswith("# yaml-language-server: $schema=../schema/"), path.name
        assert (path.parent / first.split("=", 1)[1]).resolve().is_file(), path.name
        for word in ("yes", "no", "on", "off"):
            assert f": {word}\n" not in text.lower(), (path.name, word)
        yaml.safe_load(text)


def test_every_example_is_shown_on_a_page_beside_its_calculator() -> None:
    for example in _examples():
        marker = f"<!-- codex:example xia.{example['id']} -->"
        pages = [p for p in (ROOT / "docs" / "xia").glob("*.md") if marker in p.read_text(encoding="utf-8")]
        assert len(pages) == 1, example["id"]
        text = pages[0].read_text(encoding="utf-8")  # the calculator's form, or a table page's tool
        assert any(f"<!-- codex:{kind} {example['calculator']} -->" in text for kind in ("calc", "table-tool"))


def test_initiative_order_steps_through_rounds() -> None:
    base = fight(c1_side="pc", c2_side="npc", c1_physical=3, c1_thunder=4, c2_physical=5)
    start = engine().run("xia.initiative_order", base)
    assert start["round"] == 1 and start["acting_now"].startswith("Turn 1: Combatant 1 (PC)")
    assert start["next_up"].startswith("Turn 2: Combatant 2 (NPC)")
    second = {**base, **dict(start["next"]["sets"])}
    answer = engine().run("xia.initiative_order", second)
    assert answer["acting_now"].startswith("Turn 2") and answer["next_up"].startswith("Round 2, turn 1")
    third = engine().run("xia.initiative_order", {**second, **dict(answer["next"]["sets"])})
    assert third["round"] == 2 and third["acting_now"].startswith("Turn 1")
    assert 'aria-current="step"' in engine().present("xia.initiative_order", third)["order"]


def test_who_goes_first_on_equal_ratings_comes_from_the_data() -> None:
    import copy

    from calculators import Engine
    from tests.support.engine import rules_data

    tied = fight(c1_side="npc", c1_physical=4, c2_side="pc", c2_physical=3, c2_thunder=1)
    assert engine().run("xia.initiative_order", tied)["first"].startswith("Combatant 2 (PC)")
    changed = copy.deepcopy(rules_data())
    changed["xia/conflicts"]["initiative"]["side_order"] = ["npc", "pc"]
    assert Engine(changed).run("xia.initiative_order", tied)["first"].startswith("Combatant 1 (NPC)")


def test_the_tie_column_says_what_the_data_says() -> None:
    """The words of 'settled by' are conflicts.yaml's (initiative.kinds_tie, ties[].note): edit them, they change."""
    import copy

    from calculators import Engine
    from tests.support.engine import rules_data

    changed = copy.deepcopy(rules_data())
    initiative = changed["xia/conflicts"]["initiative"]
    initiative["kinds_tie"] = "which fight ({order})"
    for tie in initiative["ties"]:
        tie["note"] = f"rule {tie['id']}"
    mixed = fight(c1_side="npc", c1_physical=4, c2_side="pc", c2_physical=3, c2_thunder=1, c3_side="npc",
                  c3_physical=4, mental_on=True, c1_mental=2, c2_mental=3)

    def column(eng: Engine, inputs: dict[str, object]) -> str:
        return eng.present("xia.initiative_order", eng.run("xia.initiative_order", inputs))["order"]

    book, ours = column(engine(), mixed), column(Engine(changed), mixed)
    assert "player characters before non-player characters" in book and "the GM picks the order" in book
    assert "kind of conflict (Physical before Mental before Social)" in book
    assert "rule pcs-first" in ours and "rule gm-chooses" in ours and "which fight (Physical before Mental" in ours
    assert "player characters" not in ours and "GM" not in ours
    pcs = fight(c1_side="pc", c2_side="pc")
    assert "rule players-choose; rule eldest-player" in column(Engine(changed), pcs)
    del initiative["ties"][1]["note"], initiative["ties"][2]["note"]
    assert "players agree" not in column(Engine(changed), pcs) and "rule" not in column(Engine(changed), pcs)
