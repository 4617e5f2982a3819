"""Numbers a calculator states or obeys come from rules_data/: edit the YAML and the calculator follows.

One case per number moved out of Python: the edit, the calculator, and what it now says. (The
tie halving has its own test in test_wbs_combat_damage.py; the form limits that are no rule live
in calculators/limits.py.)
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from calculators import Engine
from tests.support.engine import engine, rules_data

Edit = Callable[[dict[str, Any]], None]


def _input(entry: dict[str, Any], name: str) -> dict[str, Any]:
    return next(i for i in entry["inputs"] if i["name"] == name)


def _field(entry: dict[str, Any], rows: str, name: str) -> dict[str, Any]:
    return next(f for f in _input(entry, rows)["fields"] if f["name"] == name)


def _xia_ranges(data: dict[str, Any]) -> dict[str, Any]:
    note = next(n for n in data["xia/source_notes"]["notes"] if n["id"] == "value-ranges")
    return next(o for o in note["options"] if o["id"] == note["reading"])["set"]


def _more_guardians(data: dict[str, Any]) -> None:
    """One more of a guardian, and the set's size that the build checks against every tile's copies."""
    data["rain/tiles"]["guardians"][0]["copies"] += 1
    data["rain/tiles"]["set_size"] += 1


def _one_attribute_less(data: dict[str, Any]) -> None:
    data["wbs/attributes"]["primary"]["groups"][1]["attributes"].pop()


def _set(path: tuple[str | int, ...], value: object) -> Edit:
    def edit(data: dict[str, Any]) -> None:
        target: Any = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
    return edit


def _set_xia_range(name: str, value: int) -> Edit:
    def edit(data: dict[str, Any]) -> None:
        _xia_ranges(data)[name] = value
    return edit


CASES: list[tuple[str, Edit, str, Callable[[dict[str, Any]], object], object, object]] = [
    # (what, edit, calculator, what to read of its description, before, after)
    ("the tile set's size in the contest's summary", _more_guardians, "rain.contest",
     lambda e: "145-tile set" in e["summary"], False, True),
    ("the tile set's size in the tile draw's summary", _more_guardians, "rain.tile_draw",
     lambda e: "virtual 145-tile set" in e["summary"], False, True),
    ("ReiKi a point of ShinKi pays for", _set(("wbs/reiki", "shinki", "reiki_per_shinki"), 3), "wbs.health_state",
     lambda e: _input(e, "shinki")["help"].startswith("Each point pays for 3 ReiKi and lowers Health by 1"), False,
     True),
    ("Health a point of ShinKi costs", _set(("wbs/reiki", "shinki", "health_per_shinki"), 2), "wbs.health_state",
     lambda e: "lowers Health by 2 until" in _input(e, "shinki")["help"], False, True),
    ("encumbrance of an extra critical die", _set(("wbs/weapons", "encumbrance", "per_extra_critical_die"), 2),
     "wbs.weapon", lambda e: _input(e, "extra_critical_dice")["help"],
     "Every extra die adds 1 to the weapon's encumbrance", "Every extra die adds 2 to the weapon's encumbrance"),
    ("where primary attributes start", _set(("wbs/attributes", "primary", "start"), 2), "wbs.xp_cost",
     lambda e: _input(e, "from_value")["help"], "Primary attributes start at 1, derived bonuses and skills at 0",
     "Primary attributes start at 2, derived bonuses and skills at 0"),
    ("where skills start", _set(("wbs/skills", "sub_skills", "start"), 1), "wbs.xp_cost",
     lambda e: _input(e, "from_value")["help"], "Primary attributes start at 1, derived bonuses and skills at 0",
     "Primary attributes start at 1, derived bonuses at 0 and skills at 1"),
    ("tiles a point of Yang draws", _set(("rain/contest", "draw", "per_yang"), 2), "rain.contest",
     lambda e: _input(e, "my_yang")["help"], "Each point draws one more tile", "Each point draws two more tiles"),
    ("places a point of Yin moves up", _set(("rain/contest", "compare", "places_up_per_yin"), 2), "rain.contest",
     lambda e: _input(e, "my_yin")["help"], "Each point compares the next tile up",
     "Each point compares a tile 2 places higher"),
    ("the mentor's share of the price", _set(("wbs/progression", "mentor", "price_divide_by"), 3), "wbs.xp_cost",
     lambda e: e["summary"].endswith("a mentor's price (the XP divided by 3)."), False, True),
    ("how many primary attributes there are", _one_attribute_less, "wbs.derived",
     lambda e: e["summary"], "Health, Speed, Reflex and Stamina from the six primary attributes, with the most of "
     "each that XP may buy.", "Health, Speed, Reflex and Stamina from the five primary attributes, with the most "
     "of each that XP may buy."),
    ("how many attributes a monster has", _one_attribute_less, "wbs.spirit_energy",
     lambda e: "pool from its five attributes" in e["summary"], False, True),
    ("Xia's chi bound (the site's reading)", _set_xia_range("chi_max", 40), "xia.initiative_order",
     lambda e: (_field(e, "combatants", "yang")["max"], _field(e, "combatants", "yin_spent")["max"]), (99, 99),
     (40, 40)),
    ("Xia's most combatants (the site's reading)", _set_xia_range("combatants", 8), "xia.initiative_order",
     lambda e: _input(e, "combatants")["max_rows"], 12, 8),
]


@pytest.mark.parametrize(("edit", "calc_id", "read", "before", "after"), [c[1:] for c in CASES],
                         ids=[c[0] for c in CASES])
def test_editing_the_yaml_changes_the_calculator(edit: Edit, calc_id: str, read: Callable[[dict[str, Any]], object],
                                                  before: object, after: object) -> None:
    changed = copy.deepcopy(rules_data())
    edit(changed)
    assert read(engine().describe(calc_id)) == before
    assert read(Engine(changed).describe(calc_id)) == after
