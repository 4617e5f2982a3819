"""The bestiary's site examples: built strictly with the book's rules, labelled as not the book's.

Each site example passes the point-buy audit against the totals it was designed to, stays
inside its tier's limits and the derived-attribute limit, and the ones tagged `npc-guide`
follow the NPC guide's 150-point recipe exactly (read from rules_data/wbs/npcs.yaml).
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from codex.blocks.wbs_bestiary import bestiary_block, creature_block
from codex.check_only import load_checked
from codex.render import PageInfo, Site, make_env
from codex.yamlsafe import load_yaml
from markupsafe import escape

import calculators

ROOT = Path(__file__).resolve().parent.parent
BESTIARY = ROOT / "rules_data" / "wbs" / "bestiary"
DATA = load_checked(ROOT)
ENGINE = calculators.Engine(DATA.export())


def _creature(path: Path) -> dict:
    loaded, problems = load_yaml(path, path.name)
    assert not problems and loaded is not None
    return loaded.value


CREATURES = {path.stem: _creature(path) for path in sorted(BESTIARY.glob("*.yaml"))}
EXAMPLES = sorted(k for k, c in CREATURES.items() if c["source"] == "site-example")


def test_the_book_has_two_creatures_and_the_site_adds_five_to_eight() -> None:
    assert sorted(k for k, c in CREATURES.items() if c["source"] == "book") == ["goblin", "orc"]
    assert 5 <= len(EXAMPLES) <= 8
    assert all("book_points" not in CREATURES[k] and "book_lists" not in CREATURES[k] for k in EXAMPLES)


@pytest.mark.parametrize("name", EXAMPLES)
def test_site_example_passes_the_point_buy_audit(name: str) -> None:
    creature = CREATURES[name]
    lines = ENGINE.ask("wbs.stat_block", creature)["audit"]
    assert all(line.agrees for line in lines), [(line.part, line.book, line.computed) for line in lines]
    assert lines[-1].computed == creature["design_points"]["total"]


@pytest.mark.parametrize("name", EXAMPLES)
def test_site_example_stays_inside_its_tier_and_the_derived_limit(name: str) -> None:
    creature = CREATURES[name]
    tier = next(t for t in DATA["wbs/tiers"]["tiers"] if t["id"] == creature["tier"])
    assert max(creature["attributes"].values()) <= tier["attribute_limit"]
    ranks = [r for entry in creature["skills"] for r in entry["ranks"].values()]
    assert max([*ranks, *creature["spirit_skills"].values()]) <= tier["rank_limit"]
    bonuses = {f"{k}_bonus": v for k, v in creature["derived_bought"].items()}
    ENGINE.run("wbs.derived", {**creature["attributes"], **bonuses})  # InputError past the limit


def _recipe_problems(creature: dict) -> list[str]:
    guide = DATA["wbs/npcs"]
    problems = []
    groups = {g["id"]: [a["id"] for a in g["attributes"]] for g in DATA["wbs/attributes"]["primary"]["groups"]}
    for group, values in guide["attributes"].items():
        got = sorted((creature["attributes"][a] for a in groups[group]), reverse=True)
        if got != sorted(values, reverse=True):
            problems.append(f"{group} attributes are {got}, not {values}")
    bought = sorted(v for v in creature["derived_bought"].values() if v)
    if bought != [guide["derived"]["value"]] * guide["derived"]["count"]:
        problems.append(f"derived bonuses {bought}")
    bands = Counter(tuple(sorted(e["ranks"].values(), reverse=True)) for e in creature["skills"])
    wanted = Counter({tuple(b["ranks"]): b["cores"] for b in guide["skill_bands"]})
    if bands != wanted:
        problems.append(f"skill bands {dict(bands)}, not {dict(wanted)}")
    return problems


@pytest.mark.parametrize("name", [k for k in EXAMPLES if "npc-guide" in CREATURES[k]["tags"]])
def test_npc_guide_archetypes_follow_the_recipe(name: str) -> None:
    creature = CREATURES[name]
    assert _recipe_problems(creature) == []
    spirit = sum(r * (r + 3) // 2 for r in creature["spirit_skills"].values())  # 2, 5, 9 XP for ranks 1, 2, 3
    assert creature["design_points"]["total"] == DATA["wbs/npcs"]["budget"] + spirit


def test_the_recipe_check_can_fail() -> None:
    archetype = next(CREATURES[k] for k in EXAMPLES if "npc-guide" in CREATURES[k]["tags"])
    broken = {**archetype, "attributes": {**archetype["attributes"], "strength": 5}}
    assert _recipe_problems(broken)
    assert len([k for k in EXAMPLES if "npc-guide" in CREATURES[k]["tags"]]) >= 3


def test_pages_say_which_creatures_are_the_books() -> None:
    site = Site(DATA, make_env(), engine=ENGINE)
    index = bestiary_block(site, "wbs", PageInfo("wbs/bestiary/index.md", "wbs/bestiary/"))
    assert '<th scope="col" data-key="source" data-type="text" data-filter="select">Source</th>' in index
    for key, creature in CREATURES.items():
        label = "Book" if creature["source"] == "book" else "Site example"
        assert f'data-source="{creature["source"]}"' in index
        html = creature_block(site, f"wbs.{key}", PageInfo(f"wbs/bestiary/{key}.md", f"wbs/bestiary/{key}/"))
        if creature["source"] == "book":
            assert "<strong>From the book</strong>" in html and "Why the figures differ" in html
            assert ">Book</th>" in html and "Site example" not in html
        else:
            assert "<strong>Site example</strong>: built by the Codex with the book's rules, not from the book." in html
            assert ">Designed</th>" in html and "wbs-creature__differs" not in html
            assert "Why the figures differ" not in html  # the book's seam, not theirs
            plan = DATA.export()[f"wbs/bestiary/{key}"]["design_points"]["plan"]  # its values filled in
            assert "codex:value" not in plan and str(escape(plan.strip())) in html
        assert f'{creature["name"]}</a></th><td>{label}</td>' in index
