"""Generated bestiary creatures, for the scale test and the benchmark: valid files, each different.

`creature_yaml(n)` is a creature file as a contributor would write it; `creature_markdown(n)` is
the same creature written as a plain Markdown page (the benchmark's anchor: what a plain
mkdocs-material bestiary of the same creatures would build).
"""

from __future__ import annotations

from pathlib import Path

SPARKS = ("jaki", "seiki", "yoki")
TAGS = ("beast", "spirit", "demon", "shrine", "swarm", "brute", "sneak", "undead")
ATTRIBUTES = ("strength", "constitution", "dexterity", "smarts", "charisma", "wits")


def _attributes(n: int) -> list[int]:
    return [1 + (n * k) % 5 for k in (1, 2, 3, 5, 7, 11)]


def _tags(n: int) -> list[str]:
    return sorted({TAGS[n % len(TAGS)], TAGS[(n // 7) % len(TAGS)]})


def creature_yaml(n: int) -> str:
    """A valid creature file, different for each n."""
    a = _attributes(n)
    spark = SPARKS[n % len(SPARKS)]
    return (
        "# yaml-language-server: $schema=../../schema/wbs-bestiary.schema.json\n"
        f"id: beast-{n:05d}\n"
        f"name: Generated beast {n}\n"
        "source: book\n"  # it carries book_points, as the book's own creatures do
        "tier: experienced\n"
        f"spark: {spark}\n"
        f"tags: [{', '.join(_tags(n))}]\n"
        "summary: A creature made up by the scale test.\n"
        f"attributes: {{strength: {a[0]}, constitution: {a[1]}, dexterity: {a[2]}, smarts: {a[3]}, "
        f"charisma: {a[4]}, wits: {a[5]}}}\n"
        f"derived_bought: {{health: {n % 3}, speed: 0, reflex: {n % 2}, stamina: 1}}\n"
        "skills:\n"
        "  - core: melee\n"
        f"    ranks: {{medium: {1 + n % 3}}}\n"
        "  - core: strikes\n"
        f"    ranks: {{strong: {1 + n % 2}}}\n"
        f"spirit_skills: {{barrier: {1 + n % 4}, efficiency: 1}}\n"
        "attacks:\n"
        "  - name: Claws\n"
        "    strike: strong\n"
        "    weapon: medium\n"
        "    damage_type: slash\n"
        "    skills: [medium, strong]\n"
        f"book_points: {{total: {100 + n % 60}, primary: 60, derived: 10, skills: 30}}\n"
    )


def creature_markdown(n: int) -> str:
    """The same creature as a plain Markdown page: its facts as a reader would type them."""
    a = _attributes(n)
    spark = SPARKS[n % len(SPARKS)]
    header = " | ".join(name.capitalize() for name in ATTRIBUTES)
    return (
        f"# Generated beast {n}\n\n"
        f"*Experienced tier · {spark} · {', '.join(_tags(n))}*\n\n"
        "A creature made up by the scale test.\n\n"
        f"| {header} |\n|{'---|' * len(ATTRIBUTES)}\n| {' | '.join(map(str, a))} |\n\n"
        f"Health\n:   {a[1] + n % 3}\n\nSpeed\n:   {a[2] // 2}\n\nReflex\n:   {(a[2] + a[3]) // 2 + n % 2}\n\n"
        f"Stamina\n:   {a[1] + 1}\n\n"
        f"**Skills:** Melee (Medium {1 + n % 3}); Strikes (Strong {1 + n % 2})\n\n"
        f"**Spirit skills:** Barrier {1 + n % 4}, Efficiency 1\n\n"
        f"**Claws:** strong medium slash, 2 × d12 + {a[0]}\n\n"
        "| Points | Book |\n|---|---|\n"
        f"| Primary attributes | 60 |\n| Derived attributes | 10 |\n| Skills | 30 |\n| Total | {100 + n % 60} |\n"
    )


def write_creatures(bestiary: Path, count: int) -> None:
    """`count` generated creature files in a bestiary folder."""
    for n in range(count):
        (bestiary / f"beast-{n:05d}.yaml").write_text(creature_yaml(n), encoding="utf-8")
