"""xia.attack: attack numbers after defence, chi spent, and exact odds checked against brute force."""

from __future__ import annotations

import itertools
import json
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from calculators import InputError, registry
from calculators.xia import attack
from tests.support.engine import engine
from tests.support.properties import examples

pytestmark = pytest.mark.usefixtures("rules_in_use")  # these tests call calculator internals

ATTACK_TRIGRAMS = ("wind", "heaven", "fire", "thunder")
DEFENCE_TRIGRAMS = ("mist", "earth", "water", "mountain")


def run(**inputs: object) -> dict:
    return engine().run("xia.attack", inputs)


@pytest.mark.parametrize(
    ("inputs", "motion", "accuracy", "power"),
    [
        ({"attacker_trait": 3, "defender_trait": 1}, 2, 2, 2),  # the guardsman
        ({"attacker_trait": 3, "defender_trait": 5}, 1, 1, 1),  # the demon: floors of 1
        ({"attacker_trait": 4, "defender_trait": 4}, 1, 1, 1),
        ({"attacker_trait": 5, "defender_trait": 1}, 4, 4, 4),
        ({"attacker_trait": 3, "defender_trait": 1, "wind": 2, "channel_wind": True}, 4, 2, 2),
        ({"attacker_trait": 3, "defender_trait": 1, "heaven": 3, "channel_heaven": True}, 2, 5, 2),
        ({"attacker_trait": 3, "defender_trait": 1, "fire": 4, "channel_fire": True}, 2, 2, 6),
        ({"attacker_trait": 3, "defender_trait": 1, "wind": 2}, 2, 2, 2),  # rating alone adds nothing
        ({"attacker_trait": 3, "defender_trait": 1, "mist": 1, "channel_mist": True}, 1, 2, 2),
        ({"attacker_trait": 3, "defender_trait": 1, "earth": 5, "channel_earth": True}, 2, 1, 2),
        ({"attacker_trait": 3, "defender_trait": 1, "water": 1, "channel_water": True}, 2, 2, 1),
        ({"attacker_trait": 2, "defender_trait": 2, "wind": 3, "channel_wind": True,
          "mist": 1, "channel_mist": True}, 2, 1, 1),
    ],
)
def test_attack_numbers(inputs: dict, motion: int, accuracy: int, power: int) -> None:
    result = run(**inputs)
    assert (result["motion"], result["accuracy"], result["power"]) == (motion, accuracy, power)


@pytest.mark.parametrize(
    ("channels", "yang", "yin"),
    [
        ((), 0, 0),
        (("wind",), 1, 0),
        (("wind", "heaven", "fire", "thunder"), 4, 0),
        (("mist", "earth", "water", "mountain"), 0, 4),
        (("fire", "water", "mountain"), 1, 2),
    ],
)
def test_chi_spent(channels: tuple[str, ...], yang: int, yin: int) -> None:
    inputs: dict[str, object] = {name: 2 for name in ATTACK_TRIGRAMS + DEFENCE_TRIGRAMS}
    inputs.update({f"channel_{name}": True for name in channels})
    result = run(**inputs)
    assert (result["yang_spent"], result["yin_spent"]) == (yang, yin)


def test_guardsman_odds_are_exact() -> None:
    # 2 dice hitting on 1-2 (1/3 each), 2 damage per hit, 4 resilience left: both must hit.
    result = run(attacker_trait=3, defender_trait=1, defender_resilience=4)
    assert result["defeat_chance"] == float(Fraction(1, 9))
    assert result["expected_damage"] == float(Fraction(4, 3))
    assert result["hit_chance"] == float(Fraction(1, 3))
    odds = attack.exact_odds(_parsed(attacker_trait=3, defender_trait=1))
    assert odds == {"defeat": Fraction(1, 9), "expected": Fraction(4, 3), "no_damage": Fraction(4, 9)}


def _parsed(**raw: object) -> dict:
    from calculators.spec import parse_inputs

    return parse_inputs(registry.find("xia.attack").inputs(), raw)


def test_demon_single_die() -> None:
    result = run(attacker_trait=3, defender_trait=5, defender_resilience=1)
    assert result["defeat_chance"] == float(Fraction(1, 6))
    assert result["expected_damage"] == float(Fraction(1, 6))


def test_accuracy_above_six_always_hits() -> None:
    result = run(attacker_trait=4, defender_trait=1, heaven=6, channel_heaven=True, defender_resilience=9)
    assert result["accuracy"] == 9
    assert result["hit_chance"] == 1.0
    assert result["defeat_chance"] == 1.0  # 3 sure hits for 3 damage each


def brute_force(motion: int, accuracy: int, power: int) -> dict[int, Fraction]:
    """Every face combination of `motion` d6, counted: the damage distribution by enumeration."""
    counts: dict[int, int] = {}
    for faces in itertools.product(range(1, 7), repeat=motion):
        damage = sum(power for f in faces if f <= accuracy)
        counts[damage] = counts.get(damage, 0) + 1
    total = 6**motion
    return {d: Fraction(c, total) for d, c in counts.items()}


@pytest.mark.parametrize(("motion", "accuracy", "power"),
                         [(1, 1, 1), (2, 2, 2), (3, 3, 1), (4, 5, 3), (3, 6, 2), (2, 8, 1)])
def test_distribution_matches_enumeration(motion: int, accuracy: int, power: int) -> None:
    assert attack.damage_distribution(motion, accuracy, power) == brute_force(motion, accuracy, power)


small = st.integers(min_value=1, max_value=6)
rating = st.integers(min_value=0, max_value=4)


@st.composite
def attacks(draw: st.DrawFn) -> dict[str, object]:
    inputs: dict[str, object] = {"attacker_trait": draw(small), "defender_trait": draw(small),
                                 "defender_resilience": draw(st.integers(min_value=1, max_value=30))}
    for name in ATTACK_TRIGRAMS + DEFENCE_TRIGRAMS:
        value = draw(rating)
        inputs[name] = value
        inputs[f"channel_{name}"] = value > 0 and draw(st.booleans())
    return inputs


@settings(max_examples=examples(150), deadline=None)
@given(attacks())
def test_probabilities_are_exact_and_in_range(inputs: dict[str, object]) -> None:
    result = run(**inputs)
    for name in ("defeat_chance", "follow_up_chance", "stop_chance", "hit_chance"):
        assert 0.0 <= result[name] <= 1.0
    dist = attack.damage_distribution(result["motion"], result["accuracy"], result["power"])
    assert sum(dist.values()) == 1
    assert all(isinstance(p, Fraction) for p in dist.values())
    defeat = sum((p for d, p in dist.items() if d >= inputs["defender_resilience"]), Fraction(0))
    assert result["defeat_chance"] == float(defeat)
    json.dumps(result)


@settings(max_examples=examples(40), deadline=None)
@given(attacks())
def test_small_attacks_match_brute_force(inputs: dict[str, object]) -> None:
    result = run(**inputs)
    if result["motion"] <= 4:
        assert attack.damage_distribution(result["motion"], result["accuracy"], result["power"]) == brute_force(
            result["motion"], result["accuracy"], result["power"])


@settings(max_examples=examples(100), deadline=None)
@given(attacks(), st.sampled_from(ATTACK_TRIGRAMS[:3]), st.sampled_from(DEFENCE_TRIGRAMS[:3]), st.integers(1, 4))
def test_monotonic_in_trigrams(inputs: dict[str, object], boost: str, guard: str, level: int) -> None:
    def odds(**changes: object) -> dict[str, Fraction]:
        return attack.exact_odds(_parsed(**{**inputs, **changes}))

    base = odds()
    # A channelled attack trigram one level higher never lowers the odds; a defence one never raises them.
    for more, less in ((odds(**{boost: level + 1, f"channel_{boost}": True}),
                        odds(**{boost: level, f"channel_{boost}": True})),
                       (odds(**{guard: level, f"channel_{guard}": True}),
                        odds(**{guard: level + 1, f"channel_{guard}": True}))):
        assert more["defeat"] >= less["defeat"]
        assert more["expected"] >= less["expected"]
    # Channelling at all helps the side that channels.
    boosted, plain = (odds(**{boost: level, f"channel_{boost}": on}) for on in (True, False))
    assert boosted["expected"] >= plain["expected"]
    guarded, open_guard = (odds(**{guard: level, f"channel_{guard}": on}) for on in (True, False))
    assert guarded["defeat"] <= open_guard["defeat"]
    higher_trait = odds(attacker_trait=int(inputs["attacker_trait"]) + 1)
    assert higher_trait["defeat"] >= base["defeat"]
    tougher = odds(defender_resilience=int(inputs["defender_resilience"]) + 1)
    assert tougher["defeat"] <= base["defeat"]


@pytest.mark.parametrize(("reading", "thunder", "channel", "most", "follow_up"),
                         [("at-least-one", 0, False, 1, False), ("at-least-one", 1, True, 1, False),
                          ("at-least-one", 2, True, 2, True), ("at-least-one", 4, False, 4, False),
                          ("at-least-one", 4, True, 4, True),
                          # the other reading of the thunder-attack-limit note: the trigram caps every attack
                          ("as-written", 0, False, 0, False), ("as-written", 1, True, 1, False),
                          ("as-written", 2, True, 2, True)])
def test_chi_celerity(reading: str, thunder: int, channel: bool, most: int, follow_up: bool) -> None:
    result = run(attacker_trait=5, defender_trait=1, thunder=thunder, channel_thunder=channel,
                 defender_resilience=4, attack_limit=reading)
    assert result["max_attacks"] == most
    assert result["follow_up_chance"] == (result["defeat_chance"] if follow_up else 0.0)
    assert result["defeat_chance"] > 0


@pytest.mark.parametrize("channel", [True, False])
def test_chi_breaker_stop_is_no_hit(channel: bool) -> None:
    result = run(attacker_trait=3, defender_trait=1, mountain=1, channel_mountain=channel)
    assert result["stop_chance"] == (float(Fraction(4, 6) ** 2) if channel else 0.0)


def test_conflict_sets_defeat_words() -> None:
    assert run(conflict="social")["on_defeat"].startswith("Discredited")
    assert run(conflict="mental")["on_defeat"].startswith("Shattered")
    assert "mental resilience" in run(conflict="mental")["damage_chart"]["caption"]


def test_chart_highlights_defeating_totals() -> None:
    chart = engine().show("xia.attack", {"attacker_trait": 3, "defender_trait": 1,
                                         "defender_resilience": 4})["damage_chart"]
    assert chart.startswith("<table") and chart.count("calc-chart__row--highlight") == 1
    assert "11.1%" in chart and "44.4%" in chart


@pytest.mark.parametrize(
    ("inputs", "field", "words"),
    [
        ({"attacker_trait": 0}, "attacker_trait", "from 1 to 20"),
        ({"attacker_trait": 21}, "attacker_trait", "from 1 to 20"),
        ({"defender_trait": "three"}, "defender_trait", "whole number"),
        ({"wind": -1}, "wind", "from 0 to 20"),
        ({"water": 21}, "water", "from 0 to 20"),
        ({"defender_resilience": 0}, "defender_resilience", "from 1 to 99"),
        ({"channel_fire": "maybe"}, "channel_fire", "on or off"),
        ({"conflict": "spiritual"}, "conflict", "physical, social, mental"),
        ({"channel_wind": True}, "wind", "Wind trigram must be 1 or more"),
        ({"channel_mountain": True}, "mountain", "Mountain trigram must be 1 or more"),
        ({"chi": 3}, "chi", "not an input"),
    ],
)
def test_bad_inputs_name_the_field(inputs: dict, field: str, words: str) -> None:
    with pytest.raises(InputError) as caught:
        run(**inputs)
    assert caught.value.field == field
    assert words in caught.value.message


def test_all_problems_reported_at_once() -> None:
    with pytest.raises(InputError) as caught:
        run(channel_wind=True, channel_earth=True)
    assert {p.field for p in caught.value.problems} == {"wind", "earth"}
