"""Checks across rules files and calculators, run after every file has passed its schema."""

from __future__ import annotations

from collections.abc import Iterator

import calculators

from . import examples
from .bestiary_checks import BESTIARY_CHECKS
from .checks_refs import REF_CHECKS
from .load import RulesData
from .problems import Problem
from .references import REFERENCE_CHECKS


def check_examples(data: RulesData) -> Iterator[Problem]:
    """Every worked example runs through its calculator (step by step when it has steps) to the book's numbers."""
    engine = calculators.Engine(data.export())
    for key in data.files:
        if data.kind_of(key) != "examples":
            continue
        shown = data.source_of(key)
        for index, example in enumerate(data[key]["examples"]):
            where = ("examples", index)
            try:
                stages = examples.play(engine, example)
            except examples.ExampleError as exc:
                yield Problem(shown, data.line_of(key, (*where, *exc.where)), _dotted(index, exc.where[:-1]),
                              exc.message)
                continue
            for check in examples.checks(example, stages):
                line = data.line_of(key, (*where, *check.where))
                if check.kind == "output" and check.name not in stages[0].result:
                    yield Problem(shown, line, _dotted(index, check.where),
                                  f"{example['calculator']} has no output '{check.name}'")
                elif not check.agrees:
                    whose = "the book" if example.get("source", "book") == "book" else "the example"
                    yield Problem(shown, line, _dotted(index, check.where),
                                  f"{whose} says {check.expected!r} but {example['calculator']} "
                                  f"computes {check.got!r}")


def _dotted(index: int, path: tuple[str | int, ...]) -> str:
    return f"examples[{index}]" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path)


def check_source_note_calculators(data: RulesData) -> Iterator[Problem]:
    """Every calculator a source note says it affects exists."""
    known = {c["id"] for c in calculators.Engine(data.export()).catalog()}
    for key in data.files:
        if data.kind_of(key) != "source_notes":
            continue
        for index, note in enumerate(data[key]["notes"]):
            for j, calc_id in enumerate(note["affects"]):
                if calc_id not in known:
                    yield Problem(data.source_of(key), data.line_of(key, ("notes", index, "affects", j)),
                                  f"notes[{index}].affects[{j}]", f"no calculator '{calc_id}'")


def check_npc_budget(data: RulesData) -> Iterator[Problem]:
    """The NPC guide's recipe, priced by the XP rules (the site's reading), costs its `budget` exactly."""
    if "wbs/npcs" not in data:
        return
    key, guide = "wbs/npcs", data["wbs/npcs"]
    try:
        result = calculators.Engine(data.export()).run("wbs.npc", {})
    except calculators.InputError as exc:
        yield Problem(data.source_of(key), data.line_of(key, ()), "", f"wbs.npc cannot build the recipe: {exc}")
        return
    if result["xp_total"] != guide["budget"]:
        yield Problem(data.source_of(key), data.line_of(key, ("budget",)), "budget",
                      f"the recipe costs {result['xp_total']} points by the XP rules (attributes "
                      f"{result['xp_attributes']}, derived bonuses {result['xp_derived']}, "
                      f"skills {result['xp_skills']}), not {guide['budget']}: change the recipe or the budget")


def check_xia_fighters(data: RulesData) -> Iterator[Problem]:
    """Every Xia example character can join the conflict tracker as the page's button adds it."""
    if "xia/characters" not in data:
        return
    engine = calculators.Engine(data.export())
    for index, character in enumerate(data["xia/characters"]["characters"]):
        try:
            engine.xia_add_to_fight(character["id"])
        except calculators.InputError as exc:
            field = exc.field.rsplit(".", 1)[-1]
            where = ("characters", index, field) if field in character else ("characters", index)
            yield Problem(data.source_of("xia/characters"), data.line_of("xia/characters", where),
                          f"characters[{index}]", f"the conflict tracker cannot take {character['id']}: {exc.message}")


def check_all(data: RulesData) -> Iterator[Problem]:
    """References first; the calculators run on the data only once every reference holds."""
    found = [p for check in (*REF_CHECKS, *REFERENCE_CHECKS, *BESTIARY_CHECKS) for p in check(data)]
    if found:
        yield from found
        return
    yield from check_examples(data)
    yield from check_source_note_calculators(data)
    yield from check_npc_budget(data)
    yield from check_xia_fighters(data)


CHECKS = (check_all,)
