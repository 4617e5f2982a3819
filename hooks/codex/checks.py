"""The checks after the schemas, in the order the loader runs them: references, then the engine.

Every check runs, whatever an earlier one found; a value with a problem is out of use
(`unsound.py`), so an example or a creature that reads one waits, and says so, instead of
reporting that problem again in other words.
"""

from __future__ import annotations

from collections.abc import Iterator

import calculators

from .bestiary_checks import check_bestiary_numbers, check_bestiary_references
from .checks_refs import REF_CHECKS
from .load import Checks, Finding, RulesData
from .problems import Problem
from .references import REFERENCE_CHECKS
from .unsound import waiting


def check_examples(data: RulesData, engine: calculators.Engine) -> Iterator[Finding]:
    """Every worked example runs through its calculator and arrives at the book's numbers."""
    for key in data.files:
        if data.kind_of(key) != "examples":
            continue
        for index, example in enumerate(data[key]["examples"]):
            shown, line = data.source_of(key), data.line_of(key, ("examples", index))
            yield from waiting(f"examples[{index}]", _example(data, engine, key, index, example),
                               file=shown, line=line)


def _example(data: RulesData, engine: calculators.Engine, key: str, index: int, example: dict) -> Iterator[Problem]:
    where = ("examples", index)
    shown = data.source_of(key)
    try:
        result = engine.run(example["calculator"], example["inputs"])
    except calculators.InputError as exc:
        line = data.line_of(key, (*where, "inputs", exc.field))
        yield Problem(shown, line, f"examples[{index}].inputs", exc.message)
        return
    except (RecursionError, MemoryError, ArithmeticError) as exc:  # a rule number too big to compute with
        yield Problem(shown, data.line_of(key, where), f"examples[{index}]",
                      f"{example['calculator']} could not compute this example ({type(exc).__name__}): "
                      "a number in the rules it reads is too large")
        return
    for name, expected in example["expect"].items():
        line = data.line_of(key, (*where, "expect", name))
        if name not in result:
            yield Problem(shown, line, f"examples[{index}].expect.{name}",
                          f"{example['calculator']} has no output '{name}'")
        elif result[name] != expected:
            yield Problem(shown, line, f"examples[{index}].expect.{name}",
                          f"the book says {expected!r} but {example['calculator']} "
                          f"computes {result[name]!r}")


def check_source_note_calculators(data: RulesData, _engine: calculators.Engine) -> Iterator[Problem]:
    """Every calculator a source note says it affects exists."""
    known = set(calculators.modules())  # the ids alone: no calculator's form is read
    for key in data.files:
        if data.kind_of(key) != "source_notes":
            continue
        for index, note in enumerate(data[key]["notes"]):
            for j, calc_id in enumerate(note["affects"]):
                if calc_id not in known:
                    yield Problem(data.source_of(key), data.line_of(key, ("notes", index, "affects", j)),
                                  f"notes[{index}].affects[{j}]", f"no calculator '{calc_id}'")


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


CHECKS = Checks(
    references=(*REF_CHECKS, *REFERENCE_CHECKS, check_bestiary_references),
    computations=(check_bestiary_numbers, check_examples, check_source_note_calculators, check_npc_budget),
)
