"""A source note and a calculator are linked once, in the calculator's code; the note's page follows.

A reading input offers a note's readings (`Input.note`) and `Calculator(follows=...)` names the notes
a calculator uses at the site's reading alone. The calculator's form links both; the note's page
lists the same calculators, derived (`codex.note_links`). `./dev check` refuses what can still
disagree, at the calculator's line, every problem at once.
"""

from __future__ import annotations

import dataclasses
import functools
import html
import re
import shutil
from pathlib import Path

import pytest
from codex.checks import CHECKS
from codex.load import Loaded, load_rules
from codex.note_links import NoteUsers, check_note_links, note_users, offered_notes, where_written
from codex.render import BLOCKS, PageInfo, Site, make_env

import calculators
from calculators import Engine
from tests.support.engine import engine, project, rules_data

ROOT = Path(__file__).resolve().parent.parent
PAGE = PageInfo("wbs/test.md", "wbs/test/")


@functools.cache
def loaded() -> Loaded:
    return project()


@functools.cache
def site() -> Site:
    return Site(loaded().data, make_env(), engine=loaded().engine)


def _note_ids() -> list[str]:
    return [f"{key.split('/')[0]}.{note['id']}" for key, value in rules_data().items()
            if key.split("/")[-1].split("-")[0] == "source_notes" for note in value["notes"]]


@functools.cache  # each note's test reads every form: drawn once each
def _form_links(calc_id: str) -> tuple[str, ...]:
    """The notes a calculator's form links, as the page draws them (`#note-<game>-<id>`)."""
    form = BLOCKS["calc"](site(), calc_id, PAGE)
    listed = re.search(r'<p class="calc__notes">(.*?)</p>', form, re.S)
    anchors = re.findall(r'href="[^"]*#note-([a-z]+)-([a-z0-9-]+)"', listed.group(1)) if listed else []
    return tuple(f"{game}.{note}" for game, note in anchors)


def _page_lists(note_id: str) -> tuple[list[str], list[str]]:
    """The calculator titles a note's page says offer it as a choice, and those it says use the site's reading."""
    game, name = note_id.split(".", 1)
    page = BLOCKS["note"](site(), note_id, PAGE)
    assert f'id="note-{game}-{name}"' in page

    def titles(sentence: str) -> list[str]:
        found = re.search(rf"The calculators? ((?:<em>[^<]*</em>(?:, )?)+) {sentence}", page)
        return [html.unescape(t) for t in re.findall(r"<em>([^<]*)</em>", found.group(1))] if found else []

    return titles(r"offers? it as a choice"), titles(r"uses? this site's reading")


# ---- the form and the note's page agree ----------------------------------------------------------


@pytest.mark.parametrize("calc_id", sorted(calculators.modules()))
def test_every_reading_input_links_its_note_from_the_form(calc_id: str) -> None:
    entry = engine().describe(calc_id)
    offered = offered_notes(entry)
    links = list(_form_links(calc_id))
    assert links == entry["source_notes"], calc_id
    for note, name in offered.items():
        assert note in links, f"{calc_id}: the reading input '{name}' offers {note}, but the form does not link it"
    assert links[: len(offered)] == list(offered), "the notes of the form's choices come first, in the form's order"
    assert set(links) == {*offered, *entry["follows"]}, "the form links nothing its code does not name"


@pytest.mark.parametrize("note_id", _note_ids())
def test_a_notes_page_lists_every_calculator_whose_form_links_it(note_id: str) -> None:
    titles = {entry["id"]: entry["title"] for entry in engine().catalog()}
    linking = [calc_id for calc_id in sorted(calculators.modules()) if note_id in _form_links(calc_id)]
    offer, follow = _page_lists(note_id)
    assert sorted(offer + follow) == sorted(titles[c] for c in linking), note_id
    offering = {c for c in linking if note_id in offered_notes(engine().describe(c))}
    assert sorted(offer) == sorted(titles[c] for c in offering), "it offers a note when its form has the choice"


def test_every_calculator_that_offers_a_note_offers_all_its_readings() -> None:
    notes = {f"{key.split('/')[0]}.{n['id']}": n for key, value in rules_data().items()
             if key.split("/")[-1].split("-")[0] == "source_notes" for n in value["notes"]}
    for entry in engine().catalog():
        for spec in entry["inputs"]:
            if spec.get("note"):
                note = notes[spec["note"]]
                values = [c["value"] for c in spec["choices"]]
                assert values[0] == note["reading"], (entry["id"], spec["name"])  # the site's reading first
                assert set(values) == {o["id"] for o in note["options"]}, (entry["id"], spec["name"])


def test_the_users_of_a_note_come_from_the_catalog_alone() -> None:
    catalog = [
        {"id": "g.one", "inputs": [{"name": "r", "note": "g.a"}], "follows": ["g.b"]},
        {"id": "g.two", "inputs": [{"name": "rows", "fields": [{"name": "f", "note": "g.b"}]}], "follows": ["g.a"]},
        {"id": "g.three", "inputs": [], "follows": ["g.b", "g.b"]},
    ]
    assert note_users(catalog) == {"g.a": NoteUsers(offer=("g.one",), follow=("g.two",)),
                                   "g.b": NoteUsers(offer=("g.two",), follow=("g.one", "g.three"))}


def test_no_source_note_lists_its_calculators_any_more() -> None:
    for key, value in rules_data().items():
        if key.split("/")[-1].split("-")[0] == "source_notes":
            assert all("affects" not in note for note in value["notes"]), key


# ---- ./dev check refuses a disagreement, at the calculator's line --------------------------------


def _line_of(path: Path, text: str, after: int = 0) -> int:
    lines = path.read_text(encoding="utf-8").splitlines()
    return next(n for n, line in enumerate(lines, start=1) if n > after and text in line)


def test_the_check_refuses_every_bad_link_at_once_at_its_line(monkeypatch: pytest.MonkeyPatch) -> None:
    everything = calculators.registry.everything()
    defense, energy = everything["wbs.basic_defense"], everything["wbs.energy"]
    # Mutations as a contributor might write them: a misspelt note, the same note twice, and a note
    # the form already offers as a choice (wbs.energy's input 'core_rounding') listed as followed.
    monkeypatch.setitem(everything, "wbs.basic_defense", dataclasses.replace(
        defense, follows=("wbs.halves-in-defense", "wbs.halves-in-defence", "wbs.halves-in-defence")))
    monkeypatch.setitem(everything, "wbs.energy", dataclasses.replace(energy, follows=("wbs.core-genki-rounding",)))
    found = sorted(str(p) for p in check_note_links(loaded().data, Engine(rules_data())))
    defense_py = ROOT / "calculators" / "wbs" / "defense.py"
    call = _line_of(defense_py, "Calculator(")
    follows = _line_of(defense_py, "follows=", call)
    energy_call = _line_of(ROOT / "calculators" / "wbs" / "energy.py", "Calculator(")
    assert found == sorted([
        f"calculators/wbs/defense.py:{follows}: follows[0]: wbs.basic_defense follows 'wbs.halves-in-defense', "
        "which is no source note (rules_data/wbs/source_notes*.yaml)",
        f"calculators/wbs/defense.py:{follows}: follows[2]: wbs.basic_defense lists 'wbs.halves-in-defence' twice: "
        "list a note once",
        f"calculators/wbs/energy.py:{energy_call}: follows[0]: wbs.energy offers 'wbs.core-genki-rounding' as a "
        "choice (its input 'core_rounding'), which links it already: `follows` lists only the notes whose site "
        "reading it uses without a choice",
    ])


def test_todays_calculators_link_their_notes_once() -> None:
    assert list(check_note_links(loaded().data, engine())) == []


def test_where_a_calculator_is_written_is_read_from_its_source() -> None:
    tasks = ROOT / "calculators" / "xia" / "tasks.py"
    unopposed = where_written("calculators.xia.tasks", "xia.unopposed")
    assert unopposed.line == _line_of(tasks, 'id="xia.unopposed"') - 1
    assert unopposed.follows_line(0) == _line_of(tasks, "follows=", unopposed.line)
    conflict = where_written("calculators.xia.conflict", "xia.initiative_order")  # its id is a name, not text
    assert conflict.file == "calculators/xia/conflict.py"
    assert conflict.line == _line_of(ROOT / "calculators" / "xia" / "conflict.py", "Calculator(")


def test_a_removed_note_and_an_old_affects_list_are_refused_in_one_run(tmp_path: Path) -> None:
    data = tmp_path / "rules_data"
    shutil.copytree(ROOT / "rules_data", data)
    notes = data / "wbs" / "source_notes-combat.yaml"
    text = notes.read_text(encoding="utf-8")
    start = text.index("\n  - id: halves-in-defence\n")
    end = text.index("\n  - id: ", start + 1)
    text = text[:start] + text[end:]  # the note wbs.basic_defense follows is gone
    text = text.replace("    reading: chain-capped\n", "    reading: chain-capped\n    affects: [wbs.damage]\n", 1)
    notes.write_text(text, encoding="utf-8")
    found = [str(p) for p in load_rules(data, CHECKS, base=tmp_path).problems]
    defense_py = ROOT / "calculators" / "wbs" / "defense.py"
    follows = _line_of(defense_py, "follows=", _line_of(defense_py, "Calculator("))
    affects = text.splitlines().index("    affects: [wbs.damage]") + 1
    assert f"calculators/wbs/defense.py:{follows}: follows[0]: wbs.basic_defense follows 'wbs.halves-in-defence', " \
           "which is no source note (rules_data/wbs/source_notes*.yaml)" in found
    assert any(p.startswith(f"rules_data/wbs/source_notes-combat.yaml:{affects}: notes[") and
               "unknown field 'affects'" in p for p in found), found


def test_a_followed_note_in_a_file_that_cannot_be_read_waits_for_it(tmp_path: Path) -> None:
    data = tmp_path / "rules_data"
    shutil.copytree(ROOT / "rules_data", data)
    notes = data / "wbs" / "source_notes-combat.yaml"
    notes.write_text(notes.read_text(encoding="utf-8").replace("notes:\n", "notes: [\n", 1), encoding="utf-8")
    checked = load_rules(data, CHECKS, base=tmp_path)
    assert [str(p) for p in checked.problems if p.file.startswith("calculators/")] == []
    defense = where_written("calculators.wbs.defense", "wbs.basic_defense")
    assert any((n.file, n.line, n.what) == (defense.file, defense.line, "the source notes of wbs.basic_defense")
               and n.because.startswith("rules_data/wbs/source_notes-combat.yaml") for n in checked.not_run)
