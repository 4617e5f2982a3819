"""xia.attack: one attack after chi is spent: its Motion, Accuracy and Power, and its exact odds."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from math import comb
from typing import Any

from .. import rules
from ..chances import Chances
from ..errors import Problems
from ..readings import reading_input
from ..results import Distribution
from ..spec import Calculator, Input, Output
from .common import (
    GAME,
    RESILIENCE_DEFAULT,
    character_value,
    conflict,
    conflict_input,
    ranges,
    trait_input,
    trigram,
    trigram_input,
    trigrams,
)

CELERITY = "thunder"
ATTACK_LIMIT = "attack_limit"  # the reading input of the Thunder trigram's cap on attacks
BREAKER = "mountain"


def _attacks() -> Mapping[str, Any]:
    return rules.table("xia/attacks")


def _trigrams_for(use: str) -> list[Mapping[str, Any]]:
    return [t for t in trigrams() if t["use"] == use]


def _inputs() -> list[Input]:
    bounds = ranges()
    out = [
        conflict_input(group="Attack"),
        trait_input("attacker_trait", "Attacker's active Trait", group="Attack",
                    default=character_value("moon-shadow", "traits", "physical")),
    ]
    for t in _trigrams_for("attack"):
        out.append(trigram_input(t["id"], f"{t['name']} trigram", group="Attack"))
        out.append(Input(f"channel_{t['id']}", f"Channel {t['name']} ({t['channel']})", "bool", default=False,
                         group="Attack", help=" ".join(t["effect"].split())))
    out.append(trait_input("defender_trait", "Defender's active Trait", group="Defence",
                            default=character_value("guardsman", "traits", "physical")))
    for t in _trigrams_for("defence"):
        out.append(trigram_input(t["id"], f"{t['name']} trigram", group="Defence"))
        out.append(Input(f"channel_{t['id']}", f"Channel {t['name']} ({t['channel']})", "bool", default=False,
                         group="Defence", help=" ".join(t["effect"].split())))
    out.append(Input("defender_resilience", "Defender's resilience left", "int", default=RESILIENCE_DEFAULT, minimum=1,
                     maximum=bounds["resilience_max"], group="Defence",
                     help="The resilience of the kind this conflict damages"))
    out.append(limit_input("Reading"))
    return out


def _outputs() -> list[Output]:
    numbers = [Output(n["id"], f"{n['name']} after defence") for n in _attacks()["numbers"]]
    return [
        *numbers,
        Output("yang_spent", "Yang chi spent"),
        Output("yin_spent", "Yin chi spent"),
        Output("hit_chance", "Chance each die hits", "percent"),
        Output("expected_damage", "Average damage", "number"),
        Output("defeat_chance", "Chance this attack defeats the defender", "percent"),
        Output("on_defeat", "A hero brought to 0 is", "text"),
        Output("max_attacks", "Most attacks this turn (Thunder trigram)"),
        Output("follow_up_chance", "Chance of a follow-up attack (Chi Celerity)", "percent"),
        Output("stop_chance", "Chance the attacker suffers a Stop (Chi Breaker)", "percent"),
        Output("damage_chart", "Damage dealt", "chart"),
    ]


def _check(values: Mapping[str, Any]) -> None:
    """Channelling a trigram needs a rating in it: with none there is nothing to channel."""
    problems = Problems()
    least = rules.table("xia/trigrams")["channel_minimum"]
    for t in trigrams():
        if values[f"channel_{t['id']}"] and values[t["id"]] < least:
            problems.add(t["id"], f"{t['name']} trigram must be {least} or more to channel {t['name']} "
                                  f"({t['channel']}); it is {values[t['id']]}. Raise it or untick the channel box.")
    problems.raise_if_any()


def attack_numbers(values: Mapping[str, Any]) -> dict[str, int]:
    """Motion, Accuracy and Power after channelling and defence, floors applied."""
    adds = {t["adds_to"]: t for t in trigrams() if t.get("adds_to")}
    floor = _attacks()["floor"]
    out = {}
    for number in _attacks()["numbers"]:
        value = values["attacker_trait"]
        bonus = adds.get(number["id"])
        if bonus and values[f"channel_{bonus['id']}"]:
            value += values[bonus["id"]]
        defence = values["defender_trait"]
        extra = adds.get(number["defence"])
        if extra and values[f"channel_{extra['id']}"]:
            defence += values[extra["id"]]
        out[number["id"]] = max(floor, value - defence)
    return out


def hit_chance(accuracy: int) -> Fraction:
    """Chance one die hits: it shows the Accuracy or less (every die hits past the last face)."""
    sides = _attacks()["dice_sides"]
    return Fraction(min(max(accuracy, 0), sides), sides)


def hits_distribution(motion: int, accuracy: int) -> Chances[int]:
    """Exact chance of each possible number of hits when `motion` dice are rolled (impossible ones left out)."""
    p = hit_chance(accuracy)
    return Chances((k, comb(motion, k) * p**k * (1 - p) ** (motion - k)) for k in range(motion + 1))


def damage_distribution(motion: int, accuracy: int, power: int) -> Chances[int]:
    """Exact chance of each damage total: every hit deals Power."""
    return hits_distribution(motion, accuracy).grouped(lambda hits: hits * power)


def limit_note() -> str:
    """The source note on how the Thunder trigram caps a turn's attacks."""
    return trigram(CELERITY)["limit_note"]


def limit_input(group: str) -> Input:
    """The reading input of that note, in every calculator it affects."""
    return reading_input(GAME, ATTACK_LIMIT, limit_note(), group=group)


def least_attacks(reading: str | None = None) -> int:
    """The fewest attacks a turn allows whatever the Thunder trigram, under `reading` (default: the site's)."""
    note_id = limit_note()
    return rules.reading_option(GAME, note_id, reading or rules.note(GAME, note_id)["reading"])["set"]["min_attacks"]


def max_attacks(thunder: int, reading: str | None = None) -> int:
    """Attacks allowed in a turn: the Thunder trigram, but never fewer than the reading allows."""
    return max(least_attacks(reading), thunder)


def compute(values: Mapping[str, Any]) -> dict[str, Any]:
    """Numbers, chi spent and exact odds of one attack."""
    _check(values)
    cost = rules.table("xia/trigrams")["channel_cost"]
    numbers = attack_numbers(values)
    damage = damage_distribution(numbers["motion"], numbers["accuracy"], numbers["power"])
    resilience = values["defender_resilience"]
    defeat = sum((p for d, p in damage.items() if d >= resilience), Fraction(0))
    expected = sum((d * p for d, p in damage.items()), Fraction(0))
    spent = {"yang": 0, "yin": 0}
    for t in trigrams():
        if values[f"channel_{t['id']}"]:
            spent[t["chi"]] += cost
    most = max_attacks(values[CELERITY], values[ATTACK_LIMIT])
    follow_up = defeat if values[f"channel_{CELERITY}"] and most > 1 else Fraction(0)
    stop = damage.get(0, Fraction(0)) if values[f"channel_{BREAKER}"] else Fraction(0)
    kind = conflict(values["conflict"])
    chart = Distribution.of(
        {d: p for d, p in damage.items()},
        caption=f"Damage to {kind['resilience']} (highlighted: enough to defeat at {resilience} left)",
        outcome="Damage",
        highlight={d for d in damage if d >= resilience},
    )
    return {
        **numbers,
        "yang_spent": spent["yang"],
        "yin_spent": spent["yin"],
        "hit_chance": float(hit_chance(numbers["accuracy"])),
        "expected_damage": float(expected),
        "defeat_chance": float(defeat),
        "on_defeat": f"{kind['defeat'].capitalize()}. {' '.join(kind['defeat_summary'].split())}",
        "max_attacks": most,
        "follow_up_chance": float(follow_up),
        "stop_chance": float(stop),
        "damage_chart": chart,
    }


def exact_odds(values: Mapping[str, Any]) -> dict[str, Fraction]:
    """The same odds as fractions, for tests and anyone who wants them exact."""
    _check(values)
    numbers = attack_numbers(values)
    damage = damage_distribution(numbers["motion"], numbers["accuracy"], numbers["power"])
    return {"defeat": damage.at_least(values["defender_resilience"]), "expected": damage.mean(),
            "no_damage": damage.get(0, Fraction(0))}


CALCULATORS = (
    Calculator(
        id="xia.attack",
        title="Attack",
        summary="A single attack after chi is spent: Motion, Accuracy and Power once the defence is taken off, "
                "the chi it costs, and the exact chances of each damage total, of defeat and of a follow-up.",
        inputs=_inputs,
        outputs=_outputs,
        compute=compute,
        follows=(f"{GAME}.earth-and-wind", f"{GAME}.accuracy-above-six", f"{GAME}.resilience-values",
                 f"{GAME}.value-ranges"),
    ),
)

