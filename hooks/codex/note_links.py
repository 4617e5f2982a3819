"""Source notes and calculators, linked once: in the calculator's code, the note's side derived.

A calculator names a note in one of two ways, both in its own module: a reading input
(`calculators.readings.reading_input`, which sets `Input.note`) offers the note's readings as a
choice, and `Calculator(follows=...)` names the notes whose site reading it uses without offering
one. Its form links both (`describe()["source_notes"]`). A note's page lists the same calculators,
worked out here from the catalog (`note_users`), so the two sides cannot disagree.
"""

from __future__ import annotations

import weakref
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from calculators import Engine


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
