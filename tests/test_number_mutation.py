"""Every book number the prose states follows the data: change it, and every sentence that states it changes.

For each field a value marker names (in a page of docs/ or a text of rules_data/), the number is
changed in a copy of the rules data, the prose is rendered again through the build's own functions
(`prose.expand_prose` for the rules' texts, `values.expand_values` for pages, the glossary's
tooltips), and each sentence that states it must show the new value where it showed the old one.
No site is built: a number takes milliseconds.
"""

from __future__ import annotations

import copy
import dataclasses
import functools
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from codex.load import RulesData, walk
from codex.prose import expand_prose
from codex.terms import glossary_from, tips_html
from codex.values import VALUE, ValueProblem, expand_values, lookup, shown

from calculators import GAMES
from tests.support.engine import project

ROOT = Path(__file__).resolve().parent.parent


@functools.cache
def _base() -> RulesData:
    return project().data


def _pages() -> dict[str, str]:
    docs = ROOT / "docs"
    return {p.relative_to(docs).as_posix(): p.read_text(encoding="utf-8") for p in sorted(docs.rglob("*.md"))}


@dataclasses.dataclass(frozen=True)
class Stated:
    """One marker in the prose: where it stands, and what it names."""

    where: str       # `docs/wbs/combat.md` or `rules_data/wbs/glossary.yaml terms[3].tooltip`
    key: str | None  # the rules file of a text of the data, None for a page
    path: tuple      # the text's path in its file
    arg: str
    form: str | None

    def fields(self) -> list[str]:
        return re.split(r"[*+]", self.arg)


@functools.cache
def stated() -> list[Stated]:
    """Every value marker of the prose, as written."""
    data = _base()
    out = []
    for key, value in sorted(data.written.items()):
        for where, text in walk(value):
            if isinstance(text, str):
                for match in VALUE.finditer(text):
                    out.append(Stated(f"{data.source_of(key)} {where}", key, where, match["arg"], match["format"]))
    for src, text in _pages().items():
        for match in VALUE.finditer(text):
            out.append(Stated(f"docs/{src}", None, (), match["arg"], match["format"]))
    return out


@functools.cache
def _fields() -> list[str]:
    """Every number a marker names (a page's marker may also name a text, such as an attribute's id)."""
    return sorted({field for s in stated() for field in s.fields() if _is_number(field)})


def _is_number(field: str) -> bool:
    value = lookup(_base(), field)
    return isinstance(value, int | float) and not isinstance(value, bool)


def _set(value: Any, path: list[str], new: Any) -> Any:
    """`value` with the field at `path` (a list entry by id or position) replaced, the rest shared."""
    name, rest = path[0], path[1:]
    if isinstance(value, list):
        index = next((i for i, e in enumerate(value) if isinstance(e, dict) and e.get("id") == name), None)
        index = int(name) if index is None else index
        return [*value[:index], _set(value[index], rest, new) if rest else new, *value[index + 1:]]
    return {**value, name: _set(value[name], rest, new) if rest else new}


def changed(field: str, new: Any) -> tuple[RulesData, list]:
    """The rules data as written with one number changed, its prose expanded again as the loader does."""
    base = _base()
    key, _, path = field.partition(":")
    files = {k: dataclasses.replace(loaded, value=base.written.get(k, loaded.value))
             for k, loaded in base.files.items()}
    files[key] = dataclasses.replace(files[key], value=_set(copy.deepcopy(files[key].value), path.split("."), new))
    data = RulesData(base.root, files, dict(base.unreadable))
    return data, list(expand_prose(data))


def _new_value(field: str) -> Any:
    """A different value every marker naming `field` can still show (a share stays 1 to 5, an ordinal above 0)."""
    old = shown(_base(), field, None)
    number = float(old) if "." in old else int(old)
    for candidate in (number + 1, number - 1, number + 2):
        if all(_shows(s, field, candidate) for s in stated() if field in s.fields()):
            return candidate
    pytest.fail(f"no other value of {field} that its markers can show")


def _shows(s: Stated, field: str, value: Any) -> bool:
    data = {**_base().export()}
    key, _, path = field.partition(":")
    data[key] = _set(data[key], path.split("."), value)
    try:
        shown(data, s.arg, s.form)
    except ValueProblem:
        return False
    return True


def _texts(data: RulesData, s: Stated) -> str:
    """The prose a marker stands in, rendered by the build's functions."""
    if s.key is not None:
        node: Any = data[s.key]
        for step in s.path:
            node = node[step]
        return node
    markdown = _pages()[s.where.removeprefix("docs/")]
    out, values, problems = expand_values(markdown, data, s.where)
    assert problems == [], problems
    for token, text in values.items():
        out = out.replace(token, text)
    return out


def _sentences(text: str, value_text: str) -> Iterator[str]:
    for sentence in re.split(r"(?<=[.!?])\s+", text):
        if value_text in sentence:
            yield sentence


@pytest.mark.parametrize("field", _fields())
def test_every_sentence_stating_a_number_follows_it(field: str) -> None:
    new = _new_value(field)
    data, problems = changed(field, new)
    assert [p for p in problems if not str(p).startswith("rules_data/templates")] == [], problems
    for s in stated():
        if field not in s.fields():
            continue
        before, after = shown(_base(), s.arg, s.form), shown(data, s.arg, s.form)
        assert before != after, f"{s.where}: {s.arg} shows {before!r} whatever {field} is"
        old_text, new_text = _texts(_base(), s), _texts(data, s)
        assert "codex:value" not in new_text or s.key is None, new_text
        assert _count(new_text, after) > _count(old_text, after) and _count(new_text, before) < _count(
            old_text, before), f"{s.where}: the sentence does not follow {field} from {before!r} to {after!r}"
        assert list(_sentences(new_text, after)), f"{s.where}: no sentence states {after!r}"


def _count(text: str, value: str) -> int:
    """How often `value` stands in `text` as a number or word of its own (not inside 12 or −1; 1d6 counts both)."""
    if value[-1].isdigit():
        return len(re.findall(rf"(?<![\d.\u2212-]){re.escape(value)}(?!\.?\d)", text))
    return len(re.findall(rf"\b{re.escape(value)}\b", text))


GLOSSARY_CASES = [  # the review's examples, as a reader sees them in a tooltip
    ("wbs/combat:upkeep.relaxed", -2, "wbs", "Relax", "upkeep \u22122", "upkeep \u22121"),
    ("wbs/stamina:losing.exhaustion.every_rounds", 4, "wbs", "Exhaustion", "every fourth round", "third"),
    ("xia/experience:awards.success.xp", 2, "xia", "XP", "1 to 4 a session", "1 to 3"),
    ("rain/tiles:set_size", 136, "rain", "Ma Jiang", "The 136-tile set", "144"),
]


@pytest.mark.parametrize(("field", "new", "game", "term", "want", "gone"), GLOSSARY_CASES)
def test_the_tooltips_follow_the_data(field: str, new: int, game: str, term: str, want: str, gone: str) -> None:
    data, problems = changed(field, new)
    assert problems == []
    terms = glossary_from(data, GAMES).by_text[term]
    tip = tips_html([terms[game]])
    assert want in tip and gone not in tip, tip


def test_the_exhaustion_definition_derives_its_seconds() -> None:
    data, _ = changed("wbs/stamina:losing.exhaustion.every_rounds", 4)
    entry = next(t for t in data["wbs/glossary"]["terms"] if t["id"] == "exhaustion")
    assert "every fourth round (every 16 seconds)" in entry["definition"], entry["definition"]
    data, _ = changed("wbs/combat:round.seconds", 5)
    entry = next(t for t in data["wbs/glossary"]["terms"] if t["id"] == "exhaustion")
    assert "(every 15 seconds)" in entry["definition"], entry["definition"]


def test_the_examples_of_the_review_are_marked() -> None:
    fields = set(_fields())
    assert {"wbs/combat:upkeep.relaxed", "wbs/stamina:losing.exhaustion.every_rounds", "wbs/combat:round.seconds",
            "wbs/energy:skills.genki.efficiency.per_rank", "wbs/combat:defense.basic.divide_by",
            "wbs/combat:defense.basic.base", "xia/experience:awards.attendance.xp", "rain/tiles:set_size"} <= fields
