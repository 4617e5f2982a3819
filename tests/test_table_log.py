"""A table tool's game as a log of changes: the engine's fold (calculators/table_log.py), and the
rule that the page's modules tell each other of a change by direct calls (form-changes.mjs), never
by synthetic events, capture listeners or timers."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from calculators import InputError
from calculators.limits import LOG_CHANGES
from tests.support.engine import engine
from tests.support.says import says

WBS = "wbs.combat_tracker"
XIA = "xia.initiative_order"
RAIN = "rain.tile_table"
SCRIPTS = Path(__file__).resolve().parents[1] / "docs" / "assets" / "javascripts"


def example(calc: str) -> dict[str, Any]:
    """The tool's example fight ("Try an example fight"): a new fight starts empty."""
    rows = next(i for i in engine().describe(calc)["inputs"] if i["type"] == "rows")
    return {rows["name"]: rows["example"]}


def press(output: str, state: dict[str, Any], calc: str = WBS, **draft: Any) -> dict[str, Any]:
    """The press of the button `output` offers in `state`, as the page logs it."""
    label = engine().run(calc, {**state, **draft})[output]["label"]
    return {"do": "press", "output": output, "label": label, "draft": draft}


def test_next_and_an_applied_change_fold_as_the_buttons_set_them() -> None:
    e = engine()
    changes: list[dict[str, Any]] = []
    state: dict[str, Any] = example(WBS)
    for _ in range(3):
        changes.append(press("next", state))
        state = e.fold(WBS, example(WBS), changes)[-1]
    changes.append(press("apply", state, target="bandit", change="+3"))
    states = e.fold(WBS, example(WBS), changes)
    assert [s["phase"] for s in states[:3]] == [1, 1, 2] or states[2]["phase"] >= 1
    last = states[-1]
    assert [c["damage"] for c in last["combatants"]] == [0, 3]
    assert last["change"] == "", "a press consumes the amount it applied"
    # Each state is what the button the engine offered sets: the same as pressing it by hand.
    by_hand = e.run(WBS, {**states[-2], "target": "bandit", "change": "+3"})["apply"]["sets"]
    assert dict(by_hand)["combatants"] == last["combatants"]


def test_an_edit_sets_inputs_and_a_press_the_state_does_not_offer_is_refused_with_its_number() -> None:
    e = engine()
    changes = [{"do": "edit", "label": "Changed Round", "sets": {"round": 4}},
               {"do": "press", "output": "next", "label": "Next: phase 9, tick 9", "draft": {}}]
    with pytest.raises(InputError) as caught:
        e.fold(WBS, {}, changes)
    assert caught.value.field == "log"
    says(str(caught.value), "Change 2", "log", "Next: phase 9, tick 9")  # the change's number and its label
    assert e.fold(WBS, {}, changes[:1])[-1]["round"] == 4


@pytest.mark.parametrize(("change", "said"), [
    ({"do": "zap"}, "a change is one of"),
    ({"do": "edit", "sets": {"nope": 1}}, "sets inputs of this tool"),
    ({"do": "edit", "sets": {"round": "abc"}}, "Round must be"),
    ({"do": "press", "output": "apply", "label": "x", "draft": {"round": 3}}, "only the change being entered"),
    ({"do": "press", "output": "nowhere", "label": "x", "draft": {}}, "no result called"),
    ("next", "a change is one of"),
])
def test_a_bad_change_is_refused_in_the_readers_words(change: Any, said: str) -> None:
    with pytest.raises(InputError, match=said):
        engine().fold(WBS, {}, [change])


def test_a_log_longer_than_the_limit_is_refused_before_it_is_folded() -> None:
    with pytest.raises(InputError, match=f"at most {LOG_CHANGES}"):
        engine().fold(WBS, {}, [{"do": "edit", "sets": {}}] * (LOG_CHANGES + 1))


@pytest.mark.parametrize(("calc", "game", "draft"), [
    (WBS, {"combatants", "round", "phase", "tick"}, {"target", "change", "what"}),
    (XIA, {"combatants", "round"}, {"target", "change", "what", "attack"}),
    (RAIN, {"session", "seats"}, {"check", "side_a", "give", "tiles"}),
])
def test_each_table_tool_names_its_draft_inputs_and_its_game_is_the_rest(calc: str, game: set[str],
                                                                        draft: set[str]) -> None:
    inputs = {i["name"]: i for i in engine().describe(calc)["inputs"]}
    drafts = {name for name, i in inputs.items() if i.get("draft")}
    assert draft <= drafts
    assert not game & drafts


def test_the_xia_conflicts_end_of_turn_folds_as_its_button_sets_it() -> None:
    e = engine()
    shown = e.run(XIA, example(XIA))["next"]
    folded = e.fold(XIA, example(XIA), [press("next", example(XIA), XIA)])[-1]
    for name, value in shown["sets"]:
        assert folded[name] == value


# ---- no module sequences another ----------------------------------------------------------------

# Window-wide news of the engine (ready, failed, the first answer, the offline copy) is not a form's
# change; `codex:answer` is dispatched for observers outside our modules (tests, the benchmark).
ALLOWED_EVENTS = {"codex:ready", "codex:failed", "codex:answered", "codex:offline", "codex:answer"}


def _scripts() -> list[tuple[str, str]]:
    return [(p.name, p.read_text()) for p in sorted(SCRIPTS.glob("*.mjs"))]


def test_no_module_sends_a_synthetic_input_or_change_event() -> None:
    found = [f"{name}: {m.group(0)}" for name, text in _scripts()
             for m in re.finditer(r"new (?:Custom)?Event\(\s*[\"']([^\"']+)[\"']", text)
             if m.group(1) not in ALLOWED_EVENTS]
    assert found == [], "tell the others through form-changes.mjs (changed, answered) instead"


def test_no_module_listens_for_another_modules_form_events_or_in_capture() -> None:
    found = []
    for name, text in _scripts():
        found += [f"{name}: {m.group(0)}" for m in re.finditer(r"form\.addEventListener\(\s*\"codex:[a-z]+\"", text)]
        # On a form, a capture listener runs before the form's own modules: sequencing them. (On the
        # document, a few run before the theme's instant navigation: that is the theme, not us.)
        capture = r"form\.addEventListener\([^;]*(capture: true|, true\))"
        found += [f"{name}: {m.group(0)}" for m in re.finditer(capture, text)]
    assert found == []


def test_no_module_waits_a_timer_for_another_to_act() -> None:
    found = [f"{name}: {m.group(0)}" for name, text in _scripts()
             for m in re.finditer(r"setTimeout\([^;]*?,\s*0\s*\)", text)]
    assert found == [], "a timer of 0 ms waits for another module: call it instead"


def test_a_pressed_output_alone_is_the_whole_answers_own() -> None:
    """A tool's `press` (one output worked out alone, for the fold) gives what `compute` gives, and
    refuses what it refuses: Next across a round's end, an applied change, a change refused."""
    from calculators import registry
    from calculators.results import as_data
    from calculators.spec import parse_inputs

    e = engine()
    calc = registry.find(WBS)
    state: dict[str, Any] = example(WBS)
    with e.active():
        specs = calc.inputs()
        for _ in range(12):
            values = parse_inputs(specs, {**state, "target": "bandit", "change": "+2"})
            whole = calc.compute(values)
            for output in ("next", "apply", "now"):
                assert as_data(calc.output(values, output)) == as_data(whole[output])
            state = {**state, **dict(whole["next"].sets)}
        refused = parse_inputs(specs, {**state, "target": "nobody", "change": "+2"})
        with pytest.raises(InputError) as whole_error:
            calc.compute(refused)
        with pytest.raises(InputError) as pressed_error:
            calc.output(refused, "next")
        assert pressed_error.value.as_dict() == whole_error.value.as_dict()
