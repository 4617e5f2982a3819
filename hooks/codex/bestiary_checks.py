"""Checks on bestiary files, with the line of each mistake: what a contributor adding a creature needs.

They run with the build's other checks, through `check_only.check_project`, so `./dev check`,
the tests and the build report the same problems, each creature on its own (one creature's
mistake never hides another's):

- every id a creature names exists: its tier and Spark, spirit skills, core and sub skills,
  and each attack's strike, weapon, damage type and skills;
- a site example is built within the book's limits: attributes and ranks inside its tier's
  limits, derived bonuses inside the derived limit (the reading the site uses), and its
  `design_points` are what the XP rules give for what it bought, part by part.
  (The book's own creatures are what the book prints: where they differ from its rules, their
  audit shows that seam instead of failing the build.)
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import calculators

from .load import Finding, RulesData
from .problems import Problem
from .references import ids_of
from .unsound import waiting
from .yamlsafe import JsonPath, dotted

AUDIT_PARTS = ("primary", "derived", "skills", "total")  # the order of creature.audit's lines


class _Creature:
    """One bestiary file and a way to report a problem at a field of it."""

    def __init__(self, data: RulesData, key: str) -> None:
        self.data, self.key, self.value = data, key, data[key]
        self.shown = data.source_of(key)

    def problem(self, where: JsonPath, message: str) -> Problem:
        return Problem(self.shown, self.data.line_of(self.key, where), dotted(where), message)


def _references(c: _Creature, data: RulesData) -> Iterator[Problem]:
    tiers = ids_of(data["wbs/tiers"]["tiers"])
    sparks = ids_of(data["wbs/monsters"]["sparks"])
    spirit = ids_of(data["wbs/monsters"]["spirit_skills"])
    cores = {core["id"]: ids_of(core["sub_skills"]) for category in data["wbs/skills"]["categories"]
             for group in category["groups"] for core in group["core_skills"]}
    weapons = data["wbs/weapons"]
    strikes, damage = ids_of(weapons["strikes"]), ids_of(weapons["damage_types"]) | {"none"}
    weapon_types = ids_of(t for g in weapons["weapon_groups"] for t in g["types"])
    value = c.value
    if value["tier"] not in tiers:
        yield c.problem(("tier",), f"no tier '{value['tier']}' (there are: {', '.join(sorted(tiers))})")
    if value["spark"] not in sparks:
        yield c.problem(("spark",), f"no monster Spark '{value['spark']}' (there are: {', '.join(sorted(sparks))})")
    for name in value["spirit_skills"]:
        if name not in spirit:
            yield c.problem(("spirit_skills", name), f"no spirit skill '{name}' in rules_data/wbs/monsters.yaml")
    subs: set[str] = set()
    for index, entry in enumerate(value["skills"]):
        options: list[tuple[JsonPath, Any]] = [
            ((), entry), *([(("alternative",), entry["alternative"])] if "alternative" in entry else [])]
        for inner, option in options:
            where = ("skills", index, *inner)
            if option["core"] not in cores:
                yield c.problem((*where, "core"), f"no core skill '{option['core']}' in rules_data/wbs/skills.yaml")
                continue
            for sub in option["ranks"]:
                if sub not in cores[option["core"]]:
                    allowed = ", ".join(sorted(cores[option["core"]]))
                    yield c.problem((*where, "ranks", sub), f"'{sub}' is not a sub skill of {option['core']} "
                                                            f"(its sub skills: {allowed})")
            subs |= cores[option["core"]]
    for index, attack in enumerate(value.get("attacks", [])):
        where = ("attacks", index)
        for field, known in (("strike", strikes), ("weapon", weapon_types), ("damage_type", damage)):
            if attack[field] not in known:
                yield c.problem((*where, field), f"no {field.replace('_', ' ')} '{attack[field]}' "
                                                 f"(there are: {', '.join(sorted(known))})")
        for j, sub in enumerate(attack["skills"]):
            if sub not in subs:
                yield c.problem((*where, "skills", j), f"'{sub}' is not a sub skill of any core skill it lists")


def _limits(c: _Creature, data: RulesData, engine: calculators.Engine) -> Iterator[Problem]:
    value = c.value
    if value["source"] != "site-example":  # the book's own creatures are what the book prints
        return
    tier = calculators.by_id(data["wbs/tiers"]["tiers"], value["tier"], None)
    if tier is None:
        return
    top, rank_top = tier.get("attribute_limit"), tier.get("rank_limit")
    tier_name = engine.ask("wbs.tier_name", tier["id"])
    for name, number in value["attributes"].items():
        if top is not None and number > top:
            yield c.problem(("attributes", name),
                            f"{number} is past the {tier_name} tier's attribute limit of {top}")
    if rank_top is not None:
        ranked: list[tuple[JsonPath, int]] = [(("spirit_skills", n), r) for n, r in value["spirit_skills"].items()]
        for index, entry in enumerate(value["skills"]):
            ranked += [(("skills", index, "ranks", n), r) for n, r in entry["ranks"].items()]
        for where, rank in ranked:
            if rank > rank_top:
                yield c.problem(where, f"rank {rank} is past the {tier_name} tier's rank limit "
                                       f"of {rank_top}")
    bonuses = {f"{name}_bonus": number for name, number in value["derived_bought"].items()}
    try:
        engine.run("wbs.derived", {**value["attributes"], **bonuses})
    except calculators.InputError as exc:
        field = exc.field.removesuffix("_bonus")
        at: JsonPath = ("derived_bought", field) if field in value["derived_bought"] else ("derived_bought",)
        yield c.problem(at, exc.message)


def _design(c: _Creature, engine: calculators.Engine) -> Iterator[Problem]:
    design = c.value.get("design_points")
    if design is None or c.value["source"] != "site-example":
        return
    for part, line in zip(AUDIT_PARTS, engine.ask("wbs.stat_block", c.value)["audit"], strict=True):
        if design[part] != line.computed:
            yield c.problem(("design_points", part),
                            f"designed as {design[part]} points, but the XP rules give {line.computed} for what it "
                            f"buys: change what it buys or this total")


def _creatures(data: RulesData) -> Iterator[_Creature]:
    for key in data.creatures():
        yield _Creature(data, key)


def check_bestiary_references(data: RulesData) -> Iterator[Finding]:
    """Every id a bestiary file names exists."""
    for creature in _creatures(data):
        yield from waiting("its references", _references(creature, data), file=creature.shown, line=1)


def check_bestiary_numbers(data: RulesData, engine: calculators.Engine) -> Iterator[Finding]:
    """A site example stays within the book's limits and adds up to its design points."""
    for creature in _creatures(data):
        yield from waiting("its limits", _limits(creature, data, engine), file=creature.shown, line=1)
        yield from waiting("its design points", _design(creature, engine), file=creature.shown,
                           line=creature.data.line_of(creature.key, ("design_points",)))
