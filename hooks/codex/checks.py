"""The checks after the schemas, in the order the loader runs them: references, then the engine.

Every check runs, whatever an earlier one found; a value with a problem is out of use
(`unsound.py`), so an example or a creature that reads one waits, and says so, instead of
reporting that problem again in other words.
"""

from __future__ import annotations

from collections.abc import Iterator

import calculators

from . import examples
from .bestiary_checks import check_bestiary_numbers, check_bestiary_references
from .checks_refs import REF_CHECKS
from .load import Checks, Finding, RulesData
from .note_links import check_note_links
from .problems import Problem
from .references import REFERENCE_CHECKS
from .unsound import require_sound, waiting


def check_examples(data: RulesData, engine: calculators.Engine) -> Iterator[Finding]:
    """Every worked example runs through its calculator (step by step when it has steps) to the book's numbers."""
    for key in data.files:
        if data.kind_of(key) != "examples":
            continue
        for index, example in enumerate(data[key]["examples"]):
            shown, line = data.source_of(key), data.line_of(key, ("examples", index))
            yield from waiting(f"examples[{index}]", _example(data, engine, key, index, example),
                               file=shown, line=line)


def _dotted(index: int, path: tuple[str | int, ...]) -> str:
    return f"examples[{index}]" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path)


def _example(data: RulesData, engine: calculators.Engine, key: str, index: int, example: dict) -> Iterator[Problem]:
    where = ("examples", index)
    shown = data.source_of(key)
    try:
        stages = examples.play(engine, example)
    except examples.ExampleError as exc:
        yield Problem(shown, data.line_of(key, (*where, *exc.where)), _dotted(index, exc.where[:-1]), exc.message)
        return
    except (RecursionError, MemoryError, ArithmeticError) as exc:  # a rule number too big to compute with
        yield Problem(shown, data.line_of(key, where), f"examples[{index}]",
                      f"{example['calculator']} could not compute this example ({type(exc).__name__}): "
                      "a number in the rules it reads is too large")
        return
    for check in examples.checks(example, stages):
        line = data.line_of(key, (*where, *check.where))
        if check.kind == "output" and check.name not in stages[0].result:
            yield Problem(shown, line, _dotted(index, check.where),
                          f"{example['calculator']} has no output '{check.name}'")
        elif not check.agrees:
            whose = "the book" if example.get("source", "book") == "book" else "the example"
            yield Problem(shown, line, _dotted(index, check.where),
                          f"{whose} says {check.expected!r} but {example['calculator']} computes {check.got!r}")


def check_npc_budget(data: RulesData, engine: calculators.Engine) -> Iterator[Problem]:
    """The NPC guide's recipe, priced by the XP rules (the site's reading), costs its `budget` exactly."""
    if "wbs/npcs" not in data:
        return
    key, guide = "wbs/npcs", data["wbs/npcs"]
    try:
        result = engine.run("wbs.npc", {})
    except calculators.InputError as exc:
        yield Problem(data.source_of(key), data.line_of(key, ()), "", f"wbs.npc cannot build the recipe: {exc}")
        return
    if result["xp_total"] != guide["budget"]:
        yield Problem(data.source_of(key), data.line_of(key, ("budget",)), "budget",
                      f"the recipe costs {result['xp_total']} points by the XP rules (attributes "
                      f"{result['xp_attributes']}, derived bonuses {result['xp_derived']}, "
                      f"skills {result['xp_skills']}), not {guide['budget']}: change the recipe or the budget")


def check_xia_fighters(data: RulesData, engine: calculators.Engine) -> Iterator[Finding]:
    """Every Xia example character can join the conflict tracker as the page's button adds it."""
    if "xia/characters" not in data:
        return
    shown = data.source_of("xia/characters")
    for index, character in enumerate(data["xia/characters"]["characters"]):
        yield from waiting(f"characters[{index}]", _xia_fighter(data, engine, index, character),
                           file=shown, line=data.line_of("xia/characters", ("characters", index)))


def _xia_fighter(data: RulesData, engine: calculators.Engine, index: int, character: dict) -> Iterator[Problem]:
    require_sound(character)
    try:
        engine.ask("xia.add_to_fight", character["id"])
    except calculators.InputError as exc:
        field = exc.field.rsplit(".", 1)[-1]
        where = ("characters", index, field) if field in character else ("characters", index)
        yield Problem(data.source_of("xia/characters"), data.line_of("xia/characters", where),
                      f"characters[{index}]", f"the conflict tracker cannot take {character['id']}: {exc.message}")


CHECKS = Checks(
    references=(*REF_CHECKS, *REFERENCE_CHECKS, check_bestiary_references),
    computations=(check_bestiary_numbers, check_examples, check_note_links, check_npc_budget,
                  check_xia_fighters),
)
