"""Source notes and calculators, linked once: in the calculator's code, the note's side derived.

A calculator names a note in one of two ways, both in its own module: a reading input
(`calculators.readings.reading_input`, which sets `Input.note`) offers the note's readings as a
choice, and `Calculator(follows=...)` names the notes whose site reading it uses without offering
one. Its form links both (`describe()["source_notes"]`). A note's page lists the same calculators,
worked out here from the catalog (`note_users`), so the two sides cannot disagree.

What can still be wrong is in the calculator, and `check_note_links` says it at the calculator's
line: a followed note that does not exist, a note followed twice, or followed while a reading input
already offers it (then the link would be written twice, and "follows" would be untrue).
"""

from __future__ import annotations

import ast
import functools
import re
import weakref
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import calculators
from calculators import GAMES, Engine

from .load import Finding, RulesData
from .problems import Problem
from .unsound import NotChecked, Unsound, not_run

PACKAGE_ROOT = Path(calculators.__file__).resolve().parent.parent  # calculators/… files are shown from here
_NOTE_ID = re.compile(r"(?P<game>[a-z]+)\.(?P<note>[a-z0-9][a-z0-9-]*)")


@dataclass(frozen=True, slots=True)
class NoteUsers:
    """The calculators that link one source note, by id, in the catalog's order."""

    offer: tuple[str, ...] = ()  # a reading input of theirs offers the note's readings
    follow: tuple[str, ...] = ()  # they use the site's reading alone (`follows`)


def offered_notes(entry: Mapping[str, Any]) -> dict[str, str]:
    """The notes a catalog entry's reading inputs offer, each with the name of the input (or rows field) offering it."""
    offered: dict[str, str] = {}
    for spec in entry["inputs"]:
        for each in (spec, *spec.get("fields", ())):
            if each.get("note"):
                offered.setdefault(each["note"], each["name"])
    return offered


def note_users(catalog: Iterable[Mapping[str, Any]]) -> dict[str, NoteUsers]:
    """Every linked note (`game.note-id`) with the calculators that offer it and those that follow it."""
    offer: dict[str, list[str]] = {}
    follow: dict[str, list[str]] = {}
    for entry in catalog:
        offered = offered_notes(entry)
        for note in offered:
            offer.setdefault(note, []).append(entry["id"])
        for note in dict.fromkeys(entry["follows"]):
            if note not in offered:
                follow.setdefault(note, []).append(entry["id"])
    return {note: NoteUsers(tuple(offer.get(note, ())), tuple(follow.get(note, ())))
            for note in sorted({*offer, *follow})}


_USERS: weakref.WeakKeyDictionary[Engine, dict[str, NoteUsers]] = weakref.WeakKeyDictionary()


def users_of(engine: Engine, note_id: str) -> NoteUsers:
    """The calculators of `engine` that link note `note_id` (the catalog is read once per engine)."""
    if engine not in _USERS:
        _USERS[engine] = note_users(engine.catalog())
    return _USERS[engine].get(note_id, NoteUsers())


# ---- the check ------------------------------------------------------------------------------------


def check_note_links(data: RulesData, engine: Engine) -> Iterator[Finding]:
    """Every source note a calculator links exists, and each link is written once."""
    known, unsure = _known_notes(data)
    for calc_id, module in calculators.modules().items():
        try:
            found = list(_links(engine, calc_id, module, known, unsure))
        except NotChecked as exc:  # its form reads a value with a problem, or a note may hide behind one
            written = where_written(module, calc_id)
            yield not_run(f"the source notes of {calc_id}", exc, file=written.file, line=written.line)
            continue
        yield from found


def _links(engine: Engine, calc_id: str, module: str, known: set[str],
           unsure: dict[str, Unsound]) -> Iterator[Problem]:
    # Where it is written is read from its source only for a problem: most runs have none.
    try:
        entry = engine.describe(calc_id)
    except LookupError as exc:  # a note or table its code names by id is not in the data
        written = where_written(module, calc_id)
        yield Problem(written.file, written.line, "", f"{calc_id}: its form cannot be read: {exc}")
        return
    offered = offered_notes(entry)
    for note, name in offered.items():
        if note not in known:
            _wait_for(note, unsure)
            written = where_written(module, calc_id)
            yield Problem(written.file, written.line, "",
                          f"{calc_id}: its input '{name}' offers the readings of {note!r}, which is no source note")
    seen: set[str] = set()
    for index, note in enumerate(entry["follows"]):
        wrong = _wrong_follow(calc_id, note, seen, offered, known, unsure)
        seen.add(note)
        if wrong:
            written = where_written(module, calc_id)
            yield Problem(written.file, written.follows_line(index), f"follows[{index}]", wrong)


def _wrong_follow(calc_id: str, note: str, seen: set[str], offered: Mapping[str, str], known: set[str],
                  unsure: dict[str, Unsound]) -> str:
    """What is wrong with one entry of a calculator's `follows`, or nothing."""
    if note in seen:
        return f"{calc_id} lists {note!r} twice: list a note once"
    if note in offered:
        return (f"{calc_id} offers {note!r} as a choice (its input '{offered[note]}'), which links it already: "
                "`follows` lists only the notes whose site reading it uses without a choice")
    if note not in known:
        _wait_for(note, unsure)
        match = _NOTE_ID.fullmatch(note)
        where = f"rules_data/{match['game']}/source_notes*.yaml" if match else "`game.note-id`"
        return f"{calc_id} follows {note!r}, which is no source note ({where})"
    return ""


def _wait_for(note: str, unsure: dict[str, Unsound]) -> None:
    """A note not found in a game whose notes have a problem of their own: the verdict waits for it."""
    match = _NOTE_ID.fullmatch(note)
    if match and match["game"] in unsure:
        raise NotChecked(unsure[match["game"]])


def _known_notes(data: RulesData) -> tuple[set[str], dict[str, Unsound]]:
    """Every note id (`game.note-id`) of the data; and, by game, a value with a problem that may hide one."""
    known: set[str] = set()
    unsure: dict[str, Unsound] = {}
    for game in GAMES:
        for key in data.family(game, "source_notes"):
            value = data[key]
            notes = value.get("notes") if isinstance(value, dict) else value
            if not isinstance(notes, list):
                if isinstance(notes, Unsound):
                    unsure.setdefault(game, notes)
                continue
            for note in notes:
                note_id = note.get("id") if isinstance(note, dict) else note
                if isinstance(note_id, str):
                    known.add(f"{game}.{note_id}")
                elif isinstance(note_id, Unsound):
                    unsure.setdefault(game, note_id)
    return known, unsure


# ---- where a calculator is written ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Written:
    """Where a calculator is declared: its module's file, the line of its `Calculator(`, and of each `follows` entry."""

    file: str
    line: int
    follows: tuple[int, ...] = ()  # the line of each entry; the keyword's own where it is not written out
    follows_at: int = 0

    def follows_line(self, index: int) -> int:
        """The line of `follows[index]` (the `follows=` line where the tuple is built, the call's without one)."""
        if index < len(self.follows):
            return self.follows[index]
        return self.follows_at or self.line


def where_written(module: str, calc_id: str) -> Written:
    """Where calculator `calc_id` of `module` (`calculators.wbs.defense`) is declared, read from its source."""
    path = PACKAGE_ROOT / Path(*module.split(".")).with_suffix(".py")
    shown = path.relative_to(PACKAGE_ROOT).as_posix()
    calls = _calculator_calls(path)
    literal = [c for c in calls if _literal_id(c) == calc_id]
    unnamed = [c for c in calls if _literal_id(c) is None]
    call = literal[0] if literal else unnamed[0] if len(unnamed) == 1 else calls[0] if calls else None
    if call is None:
        return Written(shown, 1)
    follows = next((k.value for k in call.keywords if k.arg == "follows"), None)
    if follows is None:
        return Written(shown, call.lineno)
    entries: tuple[int, ...] = ()
    if isinstance(follows, ast.Tuple | ast.List) and not any(isinstance(e, ast.Starred) for e in follows.elts):
        entries = tuple(e.lineno for e in follows.elts)
    return Written(shown, call.lineno, entries, follows.lineno)


@functools.cache
def _calculator_calls(path: Path) -> tuple[ast.Call, ...]:
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    calls = [node for node in ast.walk(tree) if isinstance(node, ast.Call) and _called(node) == "Calculator"]
    return tuple(sorted(calls, key=lambda c: (c.lineno, c.col_offset)))


def _called(call: ast.Call) -> str:
    func = call.func
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""


def _literal_id(call: ast.Call) -> str | None:
    value = next((k.value for k in call.keywords if k.arg == "id"), None)
    return value.value if isinstance(value, ast.Constant) and isinstance(value.value, str) else None
