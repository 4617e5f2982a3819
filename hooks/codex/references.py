"""Reference checks across rules files: every id one file names exists in the file it points at.

These run at load time with the other checks, whether or not any page shows the data, and
report each problem at the YAML line that names the missing thing. The block renderers in
blocks/ trust them and only render.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from calculators import by_id

from .load import BESTIARY, RulesData
from .problems import Problem
from .yamlsafe import JsonPath, dotted

RESERVED_PAGE_IDS = ("index",)  # a folder's own page: a page made from an entry with this id would replace it


def _problem(data: RulesData, key: str, where: JsonPath, message: str) -> Problem:
    return Problem(data.source_of(key), data.line_of(key, where), dotted(where), message)


def ids_of(entries: Iterable[Mapping[str, Any]], field: str = "id") -> set[str]:
    """The ids (or another field) of a data list's entries: what a reference to one of them may name."""
    return {e[field] for e in entries if field in e}


def _has(data: RulesData, *keys: str) -> bool:
    return all(k in data for k in keys)


def check_wbs(data: RulesData) -> Iterator[Problem]:
    """Tiers, Sparks, techniques and creatures name only what the WBS files define."""
    if not _has(data, "wbs/tiers", "wbs/target_numbers", "wbs/reiki", "wbs/monsters", "wbs/weapons", "wbs/skills"):
        return
    # The Target Number ladder's tiers are checked in checks_refs, with their TN values.
    reiki = data["wbs/reiki"]
    kinds, techniques = ids_of(reiki["kinds"]), ids_of(reiki["techniques"])
    for i, t in enumerate(reiki["techniques"]):
        if t["kind"] not in kinds:
            yield _problem(data, "wbs/reiki", ("techniques", i, "kind"),
                           f"technique '{t['id']}' has an unknown kind '{t['kind']}' "
                           f"(there are: {', '.join(sorted(kinds))})")
        if "requires" in t and t["requires"] not in techniques:
            yield _problem(data, "wbs/reiki", ("techniques", i, "requires"),
                           f"technique '{t['id']}' builds on unknown technique '{t['requires']}'")
    yield from _check_clock_example(data)
    yield from _check_phases(data)
    yield from _check_creatures(data)


def _check_phases(data: RulesData) -> Iterator[Problem]:
    """The round has a phase a second, in the order phases.reflex_order gives; a tier's phases share out
    evenly over the round's seconds, each named by a sub-phase letter."""
    if "wbs/combat" not in data:
        return
    seconds = data["wbs/combat"]["round"]["seconds"]
    letters = data["wbs/combat"]["phases"]["subphase_letters"]
    order = data["wbs/combat"]["phases"]["reflex_order"]
    if sorted(order) != list(range(1, seconds + 1)):  # the round's seconds are its phases, one each
        yield _problem(data, "wbs/combat", ("round", "seconds"),
                       f"a round of {seconds} seconds has a phase a second, but phases.reflex_order orders "
                       f"{len(order)} ({', '.join(map(str, order))}): change both together, with the tiers' phases")
        return
    for i, tier in enumerate(data["wbs/tiers"]["tiers"]):
        phases = tier["phases"]
        if phases % seconds or phases // seconds > max(len(letters), 1):
            yield _problem(data, "wbs/tiers", ("tiers", i, "phases"),
                           f"{phases} phases do not share out over a round of {seconds} seconds: give each second "
                           f"the same number of phases, at most {max(len(letters), 1)} (one per sub-phase letter "
                           f"in rules_data/wbs/combat.yaml)")


def _check_clock_example(data: RulesData) -> Iterator[Problem]:
    if "wbs/checks" not in data:
        return
    example = data["wbs/checks"]["skill_clock"]["example"]
    ladder = data["wbs/target_numbers"]
    tiers, difficulties = set(ladder["tiers"]), ids_of(ladder["difficulties"])
    for field, known in (("tier", tiers), ("difficulty", difficulties)):
        if example[field] not in known:
            yield _problem(data, "wbs/checks", ("skill_clock", "example", field),
                           f"the clock example's {field} '{example[field]}' is not in target_numbers.yaml "
                           f"(there are: {', '.join(sorted(known))})")


def _check_creatures(data: RulesData) -> Iterator[Problem]:
    # What a creature names (tier, Spark, skills, attacks) is checked in bestiary_checks, field by field.
    for key in data.creatures():
        slug = key.removeprefix(BESTIARY)
        if data[key]["id"] != slug:
            yield _problem(data, key, ("id",),
                           f"id '{data[key]['id']}': a creature's id must be its file name ('{slug}')")
        elif slug in RESERVED_PAGE_IDS:
            yield _problem(data, key, ("id",), f"id '{slug}' is the name of the Bestiary's own page "
                                               f"({BESTIARY}{slug}.md): choose another id, and name the file after it")


def check_xia(data: RulesData) -> Iterator[Problem]:
    """The example characters have only Traits and trigrams that exist; the tracker's conditions name terms."""
    yield from _check_condition_terms(data)
    yield from _check_style_deeds(data)
    if not _has(data, "xia/characters", "xia/conflicts", "xia/trigrams"):
        return
    traits, trigrams = ids_of(data["xia/conflicts"]["conflicts"]), ids_of(data["xia/trigrams"]["trigrams"])
    for i, ch in enumerate(data["xia/characters"]["characters"]):
        for field, known, what in (("traits", traits, "Trait (a conflict id)"), ("trigrams", trigrams, "trigram")):
            for name in ch.get(field, {}):
                if name not in known:
                    yield _problem(data, "xia/characters", ("characters", i, field, name),
                                   f"{ch['id']} has an unknown {what} '{name}'")


def _check_condition_terms(data: RulesData) -> Iterator[Problem]:
    # The conflict tracker names each condition and gives its rule in the words of a glossary term.
    if not _has(data, "xia/tracker", "xia/conflicts"):
        return
    terms = ids_of(t for key in data.family("xia", "glossary") for t in data[key]["terms"])
    named: list[tuple[str, tuple[str | int, ...], Any]] = [
        ("xia/tracker", ("condition_terms", role), term)
        for role, term in data["xia/tracker"]["condition_terms"].items()]
    named += [("xia/conflicts", ("conflicts", i, "defeat"), c["defeat"])
              for i, c in enumerate(data["xia/conflicts"]["conflicts"])]
    for key, where, term in named:
        if term not in terms:
            yield _problem(data, key, where, f"'{term}' is no term of the Xia glossary (the conflict tracker shows "
                                             "this condition in that term's words)")


def _check_style_deeds(data: RulesData) -> Iterator[Problem]:
    # The conflict tracker finds the deed a style bonus rewards by who made it and whether in an attack.
    if not _has(data, "xia/chi"):
        return
    chi = data["xia/chi"]
    kinds = ids_of(chi["kinds"])
    seen: set[tuple[str, bool]] = set()
    for i, deed in enumerate(chi["style_actions"]):
        if deed["chi"] not in kinds:
            yield _problem(data, "xia/chi", ("style_actions", i, "chi"),
                           f"'{deed['chi']}' is no kind of chi (they are: {', '.join(sorted(kinds))})")
        case = (deed["by"], deed["with_attack"])
        if case in seen:
            yield _problem(data, "xia/chi", ("style_actions", i),
                           f"a second deed by the {deed['by']} {'with' if deed['with_attack'] else 'without'} "
                           "an attack: the tracker could not tell them apart")
        seen.add(case)
    for by in ("actor", "target"):
        for with_attack in (True, False):
            if (by, with_attack) not in seen:
                yield _problem(data, "xia/chi", ("style_actions",),
                               f"no deed by the {by} {'with' if with_attack else 'without'} an attack: the tracker "
                               "needs one for each (an attack, an active task, a defence, a reaction)")


def check_rain(data: RulesData) -> Iterator[Problem]:
    """Elements have their tiles and Qi, the cycles are rings, the set's size is its tiles' copies, the rank
    order and combat roles exist."""
    if not _has(data, "rain/elements", "rain/tiles", "rain/qi", "rain/combat"):
        return
    elements = data["rain/elements"]
    ids = [e["id"] for e in elements["elements"]]
    directions = ids_of(data["rain/tiles"]["honours"], "element")
    splits = ids_of(data["rain/qi"]["splits"], "element")
    for i, element in enumerate(ids):
        if element not in directions:
            yield _problem(data, "rain/elements", ("elements", i, "id"),
                           f"element '{element}' has no Direction tile in rules_data/rain/tiles.yaml")
        if element not in splits:
            yield _problem(data, "rain/elements", ("elements", i, "id"),
                           f"element '{element}' has no Qi split in rules_data/rain/qi.yaml")
    for cycle in ("creative_cycle", "destructive_cycle"):
        links = elements[cycle]["links"]
        nxt = {link["from"]: link["to"] for link in links}
        ring, here = [], links[0]["from"] if links else None
        while here is not None and here not in ring:
            ring.append(here)
            here = nxt.get(here)
        if sorted(ring) != sorted(ids) or len(links) != len(ids) or sorted(nxt.values()) != sorted(ids):
            yield _problem(data, "rain/elements", (cycle, "links"),
                           f"the {cycle.replace('_', ' ')} must be one ring through every element, each once")
    tiles = data["rain/tiles"]
    for key in data.family("rain", "source_notes"):
        notes = data[key]["notes"]
        note = by_id(notes, tiles.get("rank_orders_note"), None)
        if note is not None and note["reading"] not in ids_of(tiles["rank_orders"]):
            yield _problem(data, key, ("notes", notes.index(note), "reading"),
                           f"rules_data/rain/tiles.yaml has no rank order '{note['reading']}'")
    roles = data["rain/combat"]["roles"]
    played = ids_of(tiles["suits"], "combat_role")
    for i, role in enumerate(roles):
        if role["id"] not in played:
            yield _problem(data, "rain/combat", ("roles", i, "id"),
                           f"no suit in rules_data/rain/tiles.yaml plays the role '{role['id']}'")
        if role["breaks"] not in ids_of(roles):
            yield _problem(data, "rain/combat", ("roles", i, "breaks"), f"no combat role '{role['breaks']}'")
    # last: a tile's copies with a problem stop this check alone
    copies = sum(t["copies"] * len(t.get("tiles", [t]))  # a suit's copies are of each of its tiles
                 for kind in ("suits", "honours", "guardians") for t in tiles[kind])
    if copies != tiles["set_size"]:
        yield _problem(data, "rain/tiles", ("set_size",),
                       f"the set holds {copies} tiles (every tile's copies added up), not {tiles['set_size']}: "
                       "change the copies and the set's size together")


REFERENCE_CHECKS = (check_wbs, check_xia, check_rain)
