"""References inside the rules data that would otherwise fail silently, reported at the YAML line.

Each check reads files that have passed their schemas. A glossary `see:` naming no term, a
creature's attack using a skill nobody has (it would count as 0 ranks), a technique of an
unknown kind (it would vanish from its table), two glossary entries with the same text (one
tooltip would be dropped), a Target Number tier without its numbers (a KeyError later).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from .problems import Problem
from .references import ids_of

if TYPE_CHECKING:
    from .load import RulesData


def _files(data: RulesData, game: str, kind: str) -> Iterator[tuple[str, Any]]:
    for key in data.family(game, kind):
        yield key, data[key]


def _games(data: RulesData) -> list[str]:
    return sorted({key.split("/", 1)[0] for key in data.files})


def check_glossary(data: RulesData) -> Iterator[Problem]:
    """Every `see:` names a term of the same game; no two terms of a game share their text."""
    for game in _games(data):
        entries = [(key, index, term) for key, value in _files(data, game, "glossary")
                   for index, term in enumerate(value["terms"])]
        known = ids_of(term for _, _, term in entries)
        texts: dict[str, str] = {}
        for key, index, term in entries:
            shown = data.source_of(key)
            for j, other in enumerate(term.get("see", [])):
                if other not in known:
                    yield Problem(shown, data.line_of(key, ("terms", index, "see", j)), f"terms[{index}].see[{j}]",
                                  f"no glossary term '{other}' in rules_data/{game}/glossary*.yaml")
            text = term["term"].strip()
            line = data.line_of(key, ("terms", index, "term"))
            if text in texts:
                yield Problem(shown, line, f"terms[{index}].term",
                              f"the term '{text}' is already defined ({texts[text]}): one would lose its tooltip")
            else:
                texts[text] = f"{shown}:{line}"
            if text != term["term"]:
                yield Problem(shown, line, f"terms[{index}].term", "the term has spaces at its start or end")


def check_target_number_tiers(data: RulesData) -> Iterator[Problem]:
    """The TN ladder's tiers are tiers, and every difficulty gives a TN for each of them."""
    if "wbs/target_numbers" not in data or "wbs/tiers" not in data:
        return
    key, table = "wbs/target_numbers", data["wbs/target_numbers"]
    shown = data.source_of(key)
    tiers = ids_of(data["wbs/tiers"]["tiers"])
    for i, tier in enumerate(table["tiers"]):
        if tier not in tiers:
            yield Problem(shown, data.line_of(key, ("tiers", i)), f"tiers[{i}]",
                          f"no tier '{tier}' in rules_data/wbs/tiers.yaml")
    for i, difficulty in enumerate(table["difficulties"]):
        missing = [t for t in table["tiers"] if t not in difficulty["tn"]]
        if missing:
            yield Problem(shown, data.line_of(key, ("difficulties", i, "tn")), f"difficulties[{i}].tn",
                          f"no TN for {', '.join(missing)} (every tier in 'tiers' needs one)")


def check_npc_recipe(data: RulesData) -> Iterator[Problem]:
    """The NPC guide's recipe fits the attributes and skills it spreads its numbers over."""
    if not {"wbs/npcs", "wbs/attributes", "wbs/skills"} <= set(data.files):
        return
    key, guide = "wbs/npcs", data["wbs/npcs"]
    shown = data.source_of(key)
    attributes = data["wbs/attributes"]
    for group in attributes["primary"]["groups"]:
        names = [a["name"] for a in group["attributes"]]
        spread = guide["attributes"].get(group["id"])
        if spread is None:
            yield Problem(shown, data.line_of(key, ("attributes",)), "attributes",
                          f"no values for the {group['id']} attributes ({', '.join(names)})")
        elif len(spread) != len(names):
            yield Problem(shown, data.line_of(key, ("attributes", group["id"])), f"attributes.{group['id']}",
                          f"{len(spread)} values for {len(names)} {group['id']} attributes ({', '.join(names)}): "
                          "give one value each")
    derived = attributes["derived"]["attributes"]
    if guide["derived"]["count"] > len(derived):
        yield Problem(shown, data.line_of(key, ("derived", "count")), "derived.count",
                      f"{guide['derived']['count']} derived bonuses, but there are only {len(derived)} derived "
                      "attributes")
    cores = [core for category in data["wbs/skills"]["categories"] for group in category["groups"]
             for core in group["core_skills"]]
    wanted = sum(band["cores"] for band in guide["skill_bands"])
    if wanted > len(cores):
        yield Problem(shown, data.line_of(key, ("skill_bands",)), "skill_bands",
                      f"the bands pick {wanted} core skills, but there are only {len(cores)}")
    sizes = {len(core["sub_skills"]) for core in cores}
    for i, band in enumerate(guide["skill_bands"]):
        other = [c["name"] for c in cores if len(c["sub_skills"]) != len(band["ranks"])]
        if not other:
            continue
        which = (f"each core skill has {next(iter(sizes))} sub skills" if len(sizes) == 1 else
                 f"{', '.join(other[:3])}{', …' if len(other) > 3 else ''} have another number of sub skills")
        yield Problem(shown, data.line_of(key, ("skill_bands", i, "ranks")), f"skill_bands[{i}].ranks",
                      f"{len(band['ranks'])} ranks, but {which}: give one rank per sub skill")


# Creatures' references are checked in bestiary_checks, techniques' in references.
REF_CHECKS = (check_glossary, check_target_number_tiers, check_npc_recipe)
