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
        ids = {term["id"] for _, _, term in entries}
        texts: dict[str, str] = {}
        for key, index, term in entries:
            shown = data.source_of(key)
            for j, other in enumerate(term.get("see", [])):
                if other not in ids:
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
    tiers = {t["id"] for t in data["wbs/tiers"]["tiers"]}
    for i, tier in enumerate(table["tiers"]):
        if tier not in tiers:
            yield Problem(shown, data.line_of(key, ("tiers", i)), f"tiers[{i}]",
                          f"no tier '{tier}' in rules_data/wbs/tiers.yaml")
    for i, difficulty in enumerate(table["difficulties"]):
        missing = [t for t in table["tiers"] if t not in difficulty["tn"]]
        if missing:
            yield Problem(shown, data.line_of(key, ("difficulties", i, "tn")), f"difficulties[{i}].tn",
                          f"no TN for {', '.join(missing)} (every tier in 'tiers' needs one)")


# Creatures' references are checked in bestiary_checks, techniques' in references.
REF_CHECKS = (check_glossary, check_target_number_tiers)
