"""The skill list as the rules data gives it: categories, groups, core skills, sub skills."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .. import rules


def skill_rules() -> Mapping[str, Any]:
    """rules_data/wbs/skills.yaml."""
    return rules.table("wbs/skills")


def core_skills() -> list[Mapping[str, Any]]:
    """Every core skill, in the book's order, each with its category and group ids added."""
    found: list[Mapping[str, Any]] = []
    for category in skill_rules()["categories"]:
        for group in category["groups"]:
            for core in group["core_skills"]:
                found.append({**core, "category": category["id"], "group": group["id"], "group_name": group["name"]})
    return found


def sub_skills() -> list[Mapping[str, Any]]:
    """Every sub skill, each with its core skill's id and name added."""
    return [{**sub, "core": core["id"], "core_name": core["name"]}
            for core in core_skills() for sub in core["sub_skills"]]


def core_rank(sub_ranks: Sequence[int]) -> int:
    """A core skill's rank: its sub skills' ranks added up, a rank per full step (3 by the book)."""
    return sum(sub_ranks) // skill_rules()["core_skills"]["sub_ranks_per_core_rank"]
