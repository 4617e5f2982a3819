"""wbs.upkeep: what a fighter pays as the round ends, from GenKi, ReiKi, monster energy or Stamina."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .. import limits, rules
from ..errors import Problems
from ..rules import by_id
from ..spec import Calculator, Choice, Input, Output
from . import tiers
from .combat_rules import combat
from .spirit_energy import monsters, per_rank, tier_number


def per_ev() -> int:
    """Energy each point of EV costs (checks.yaml), paid with the round's upkeep in a fight."""
    return rules.table("wbs/checks")["enhancement_value"]["energy_per_point"]


def per_kiai_die() -> int:
    """Energy each Kiai die costs (checks.yaml), paid with the round's upkeep in a fight."""
    return rules.table("wbs/checks")["kiai"]["energy_per_die"]


def exhaustion_every() -> int:
    """Rounds between two points of Stamina lost to exhaustion (stamina.yaml)."""
    return by_id(rules.table("wbs/stamina")["losing"], "exhaustion")["every_rounds"]


def exhaustion(round_number: int) -> int:
    """Stamina lost to exhaustion as round `round_number` ends."""
    rule = by_id(rules.table("wbs/stamina")["losing"], "exhaustion")
    return rule["stamina"] if round_number % rule["every_rounds"] == 0 else 0


def upkeep_cost(ev: int, kiai_dice: int, relaxed: bool, one_major_action: bool, kiai_skill: int = 0) -> int:
    """Upkeep before skills: base, plus EV and Kiai dice (`kiai_skill`: what the Kiai skill's dice add), less Relax
    and a lone major action; never below the floor."""
    rules_ = combat()["upkeep"]
    cost = (rules_["base"] + ev * per_ev() + kiai_dice * per_kiai_die() + kiai_skill
            + (rules_["relaxed"] if relaxed else 0) + (rules_["one_major_action"] if one_major_action else 0))
    return max(rules_["minimum"], cost)


def efficiency_per_rank(monster: bool) -> int:
    """What one rank of Efficiency takes off an energy cost: the GenKi skill's, or the spirit skill's."""
    if monster:
        return per_rank("efficiency")
    return by_id(rules.table("wbs/energy")["skills"]["genki"], "efficiency")["per_rank"]


def due(cost: int, efficiency: int, monster: bool) -> int:
    """Energy a cost takes once Efficiency is counted (GenKi or a monster's pool; never below 0)."""
    return max(0, cost - efficiency_per_rank(monster) * efficiency)


def energy_per_stamina(tier_id: str) -> int:
    """Energy one point of Stamina pays for a monster of this tier."""
    return monsters()["energy"]["stamina_pays_per_tier"] * tier_number(tier_id)


def stamina_for(energy: int, tier_id: str) -> int:
    """Whole points of Stamina a monster of this tier pays to cover `energy` (a part of a point is a point)."""
    return -(-energy // energy_per_stamina(tier_id))


@dataclass(frozen=True, slots=True)
class Payment:
    """What an upkeep took, pool by pool (`energy` is GenKi for a character, the pool for a monster)."""

    energy: int = 0
    reiki: int = 0
    shinki: int = 0
    stamina: int = 0
    unpaid: int = 0

    def words(self, pool: str) -> str:
        """`2 GenKi and 1 ReiKi`, or `nothing`."""
        parts = [f"{n} {what}" for n, what in ((self.energy, pool), (self.reiki, "ReiKi"), (self.shinki, "ShinKi"),
                                              (self.stamina, "Stamina")) if n]
        if self.unpaid:
            parts.append(f"{self.unpaid} left unpaid")
        return " and ".join(parts) or "nothing"


def pay_character(cost: int, efficiency: int, genki: int, reiki: int, genki_first: bool = True) -> Payment:
    """A character's upkeep: GenKi (less Efficiency) and ReiKi in the chosen order, ShinKi for what neither covers."""
    per_shinki = rules.table("wbs/reiki")["shinki"]["reiki_per_shinki"]
    if genki_first:
        from_genki = min(due(cost, efficiency, False), genki)
        rest = due(cost, efficiency, False) - from_genki
        from_reiki = min(rest, reiki)
        rest -= from_reiki
    else:
        from_reiki = min(cost, reiki)
        from_genki = min(due(cost - from_reiki, efficiency, False), genki)
        rest = due(cost - from_reiki, efficiency, False) - from_genki
    return Payment(energy=from_genki, reiki=from_reiki, shinki=-(-rest // per_shinki))


def pay_monster(cost: int, efficiency: int, energy: int, stamina: int, tier_id: str,
                stamina_first: bool = False) -> Payment:
    """A monster's upkeep: its pool (less Efficiency), and Stamina for what the pool cannot cover.

    With `stamina_first` (YoKi, by the site's reading) Stamina pays first while more than one point is left.
    """
    owed = due(cost, efficiency, True)
    per = energy_per_stamina(tier_id)
    from_stamina = min(stamina_for(owed, tier_id), max(0, stamina - 1)) if stamina_first else 0
    covered = min(owed, from_stamina * per)
    from_pool = min(owed - covered, energy)
    short = owed - covered - from_pool
    more = min(stamina_for(short, tier_id), stamina - from_stamina)
    unpaid = max(0, short - more * per)
    return Payment(energy=from_pool, stamina=from_stamina + more, unpaid=unpaid)


def _inputs() -> list[Input]:
    return [
        Input("ev", "EV used this round", "int", default=0, minimum=0, maximum=limits.RANKS, group="This round"),
        Input("kiai_dice", "Kiai dice rolled this round", "int", default=0, minimum=0, maximum=limits.RANKS,
              group="This round"),
        Input("relaxed", "Relaxed this round", "bool", default=False, group="This round"),
        Input("one_major_action", "Took only one major action", "bool", default=False, group="This round",
              help="The book never says what a major action is; see the note for the reading used here"),
        Input("round", "Round number", "int", default=1, minimum=1, maximum=limits.VALUES, group="This round",
              help="Exhaustion costs Stamina every few rounds"),
        Input("pool", "Paid from", "choice", default="genki",
              choices=(Choice("genki", "GenKi"), Choice("reiki", "ReiKi"), Choice("spirit", "Monster energy"),
                       Choice("stamina", "Stamina (monsters)")), group="Payment"),
        Input("efficiency", "Efficiency ranks", "int", default=0, minimum=0, maximum=limits.RANKS, group="Payment",
              help="The GenKi skill for GenKi, the spirit skill for monster energy; ReiKi gets no reduction"),
        Input("tier", "Tier", "choice", default=tiers.choices()[0].value, choices=tiers.choices(), group="Payment"),
        Input("peak_or_damper", "Has ranks in Peak or Damper", "bool", default=False, group="Core GenKi"),
        Input("spark", "Monster Spark", "choice", default="none",
              choices=(Choice("none", "None"), *(Choice(s["id"], s["name"]) for s in monsters()["sparks"])),
              group="Payment"),
    ]


def _outputs() -> list[Output]:
    return [
        Output("upkeep", "Upkeep cost"),
        Output("paid", "Paid from the chosen pool"),
        Output("exhaustion", "Stamina lost to exhaustion this round"),
        Output("stamina_regained", "Stamina regained (SeiKi)"),
        Output("breakdown", "How it adds up", "list"),
        Output("core_genki_move", "Core GenKi at the End of Round", "text"),
    ]


def compute(values: Mapping[str, Any]) -> dict[str, Any]:
    """The round's upkeep and what it takes from the chosen pool."""
    rules_ = combat()["upkeep"]
    cost = upkeep_cost(values["ev"], values["kiai_dice"], values["relaxed"], values["one_major_action"])
    pool = values["pool"]
    if pool in ("spirit", "stamina") and values["spark"] == "none":
        problems = Problems()
        what = "monster energy" if pool == "spirit" else "Stamina"
        sparks = " or ".join(s["name"] for s in monsters()["sparks"])
        problems.add("pool", f"Only a character with a monster Spark ({sparks}) pays upkeep in {what}; "
                             "choose the Monster Spark below, or pay from GenKi or ReiKi")
        problems.raise_if_any()
    if pool in ("genki", "spirit"):
        paid = due(cost, values["efficiency"], pool == "spirit")
    elif pool == "stamina":
        paid = stamina_for(due(cost, values["efficiency"], True), values["tier"])
    else:
        paid = cost
    regained = 0
    if values["spark"] != "none":
        regained = by_id(monsters()["sparks"], values["spark"])["upkeep_stamina_per_tier"] * tier_number(values["tier"])
    breakdown = [f"base {rules_['base']}"]
    if values["ev"]:
        breakdown.append(f"EV +{values['ev'] * per_ev()}")
    if values["kiai_dice"]:
        breakdown.append(f"Kiai dice +{values['kiai_dice'] * per_kiai_die()}")
    if values["relaxed"]:
        breakdown.append(f"relaxed {rules_['relaxed']}")
    if values["one_major_action"]:
        breakdown.append(f"one major action {rules_['one_major_action']}")
    shift = rules.table("wbs/energy")["core_genki"]["end_of_round_shift"]
    return {
        "core_genki_move": (f"may move up to {shift}, up or down, inside the range Peak and Damper allow"
                            if values["peak_or_damper"] else "stays where it is (no Peak or Damper)"),
        "upkeep": cost,
        "paid": paid,
        "exhaustion": exhaustion(values["round"]),
        "stamina_regained": regained,
        "breakdown": breakdown,
    }


CALCULATORS = (
    Calculator(
        id="wbs.upkeep",
        title="End-of-round upkeep",
        summary="The Energy a fighter pays as a round ends, with EV, Kiai, Relax and Efficiency, paid from GenKi, "
                "ReiKi, monster energy or Stamina, and the Stamina a long fight takes.",
        inputs=_inputs,
        outputs=_outputs,
        compute=compute,
        follows=("wbs.upkeep-floor", "wbs.major-action"),
    ),
)
