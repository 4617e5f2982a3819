"""The questions pages ask the rules besides running a calculator, in one registry.

A renderer or a build check asks `engine.ask("wbs.tier_name", "epic")`; the engine makes its rules
the rules in use and calls the question's function here, which hands it to the game's own module
(imported when first asked: the browser imports none of them). A new question is one function
here, under the game's name; the Engine grows no method. What a page shows of a rule is worked out
by the game's module, never by the page: a renderer only lays it out.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

QUERIES: dict[str, Callable[..., Any]] = {}


def query(name: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Register a question under `game.name` (once)."""

    def register(fn: Callable[..., Any]) -> Callable[..., Any]:
        if name in QUERIES:
            raise ValueError(f"the question {name!r} is registered twice")
        QUERIES[name] = fn
        return fn

    return register


def find(name: str) -> Callable[..., Any]:
    try:
        return QUERIES[name]
    except KeyError:
        raise LookupError(f"no question {name!r}: the engine answers {', '.join(sorted(QUERIES))}") from None


# ---- Weapons of Body and Soul ------------------------------------------------------------------


@query("wbs.attack_dice")
def wbs_attack_dice(strike: str, weapon: str, damage_type: str) -> tuple[str, str]:
    """The damage die and critical effect die of an attack (ids of the dice size chart)."""
    from .wbs import damage

    return damage.attack_dice(strike, weapon, damage_type)


@query("wbs.reflex_cost")
def wbs_reflex_cost(strike: str, weapon: str) -> int:
    """The Reflex an attack costs."""
    from .wbs import damage

    return damage.reflex_cost(strike, weapon)


@query("wbs.dice_chart")
def wbs_dice_chart() -> list[dict[str, Any]]:
    """Each die of the dice size chart, smallest first: what it counts, and its fumble and critical faces."""
    from .wbs import combat_rules

    return combat_rules.chart_rows()


@query("wbs.phase_names")
def wbs_phase_names(phases: int) -> list[str]:
    """Names of a round's phases in resolution order (1–4, or 1A, 1B, …)."""
    from .wbs import ticks

    return ticks.phase_names(phases)


@query("wbs.phase_ticks")
def wbs_phase_ticks(reflex: int, phases: int, reading: str | None = None) -> list[int]:
    """Ticks in each phase for a fighter with `reflex` (by the site's reading unless given)."""
    from .rules import default_reading
    from .wbs import ticks

    return ticks.phase_ticks(reflex, phases, reading or default_reading("wbs", ticks.NOTE))


@query("wbs.tier_name")
def wbs_tier_name(tier_id: str) -> str:
    """A tier's name as the site shows it (`Epic (Elite)`)."""
    from .wbs import tiers

    return tiers.tier_name(tiers.tier(tier_id))


@query("wbs.stat_block")
def wbs_stat_block(creature: Mapping[str, Any]) -> dict[str, Any]:
    """Everything a creature's stat block shows (CreatureError if its file names unknown rules)."""
    from .wbs import creature as creatures

    return creatures.stat_block(creature)


@query("wbs.creature_fighter")
def wbs_creature_fighter(creature: Mapping[str, Any]) -> dict[str, Any]:
    """A creature as one combatant row of the combat tracker (the numbers its stat block shows).

    Worked out once per creature for these rules (its stat block page and every table page's
    picker ask); the creature is kept with its row, so its id is never another's while it is kept.
    """
    from . import rules
    from .wbs import creature as creatures

    kept = rules.memo(("wbs.creature_fighter", id(creature)), lambda: (creature, creatures.fighter_row(creature)))
    return dict(kept[1])


@query("wbs.add_to_fight")
def wbs_add_to_fight(creature: Mapping[str, Any]) -> str:
    """A creature's "Add to fight" button, as the HTML the page shows (its row carried as data)."""
    from .present import value_html
    from .wbs import fighters

    return value_html("", fighters.add_to_fight(wbs_creature_fighter(creature)))


@query("wbs.creature_summary")
def wbs_creature_summary(creature: Mapping[str, Any]) -> dict[str, Any]:
    """The few numbers the bestiary index shows for a creature."""
    from .wbs import creature as creatures

    return creatures.summary_row(creature)


# ---- Refreshing Rain ---------------------------------------------------------------------------


@query("rain.cycle_walk")
def rain_cycle_walk(element: str, alchemy: int) -> dict[str, list[str]]:
    """Element ids that Create an Aspect (`created_by`) and those it Destroys."""
    from .rain import elements

    return {"created_by": elements.created_by(element, alchemy), "destroys": elements.destroys(element, alchemy)}


@query("rain.trigram_after")
def rain_trigram_after(trigram: str, spend: str) -> Mapping[str, Any]:
    """The trigram the Taiji moves to when a point of `spend` (yang, yin) is spent."""
    from .rain import taiji

    return taiji.after_spending(trigram, spend)


@query("rain.set_size")
def rain_set_size() -> int:
    """Tiles in the whole set."""
    from .rain import tiles

    return tiles.set_size()


# ---- Xia ---------------------------------------------------------------------------------------


@query("xia.add_to_fight")
def xia_add_to_fight(character_id: str) -> str:
    """An example character's button that adds it, with exactly its numbers, to the conflict tracker."""
    from .present import value_html
    from .xia import conflict

    return value_html("table", conflict.add_to_fight(character_id))


@query("xia.combatant")
def xia_combatant(character_id: str) -> dict[str, Any]:
    """An example character as one row of the conflict tracker (only the numbers given for it)."""
    from .xia import conflict

    return conflict.character_row(character_id)


@query("xia.session_xp")
def xia_session_xp() -> tuple[int, int]:
    """The XP a character earns in a session: the awards every session gives, and all of them."""
    from .xia import experience

    return experience.session_range()
