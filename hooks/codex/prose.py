"""Value markers in the rules data's own prose, expanded once, as the data is loaded.

A glossary entry, a tooltip, a source note, a summary or a creature's description that types a
rule's number keeps a second copy of it, which an edit of the YAML leaves wrong. It takes the
number from the data instead, with the marker pages use:

    tooltip: Easing off for a round; upkeep <!-- codex:value wbs/combat:upkeep.relaxed signed -->.

Every reader of the data (the block renderers, the tooltips, the search index, the browser's
rules, the engine) reads text, not markers: the loader replaces each marker here, before the
engine is made, so no page can print one and no renderer needs to know of them. In rules text a
marker names a number (`values.in_rules_text`); a bad one is a problem at the text's
`file:line`. The text as written stays in `RulesData.written`, for the tests that read what a
contributor typed (tests/test_prose_numbers.py, tests/test_number_mutation.py).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from .load import Finding, RulesData
from .problems import NotRun, Problem
from .unsound import NotChecked, Unsound
from .values import VALUE, ValueProblem, in_rules_text
from .yamlsafe import JsonPath, dotted

MARK = "codex:value"


def expand_prose(data: RulesData) -> Iterator[Finding]:
    """Replace every value marker in every text of the rules data with the number it names.

    A file with markers keeps its text as written in `data.written[key]`; the data in use holds
    the expanded copy. A text whose marker names a value with a problem of its own is taken out
    of use (what reads it waits); a marker that names nothing showable is a problem at its line.
    """
    for key, loaded in sorted(data.files.items()):
        if not loaded.may_hold(MARK):  # about half the files: none of their texts can hold a marker
            continue
        value = data.written.get(key, loaded.value)  # markers name numbers, which expansion never changes
        expanded, found = expanded_value(value, data, lambda where, k=key: (data.source_of(k), data.line_of(k, where)))
        if expanded is not value:
            data.written.setdefault(key, value)
            loaded.value = expanded
        yield from found


def expanded_value(value: Any, data: RulesData | Mapping[str, Any], at: Any, where: JsonPath = ()
                   ) -> tuple[Any, list[Finding]]:
    """`value` with the markers of its texts expanded (the same object when it has none), and
    what was wrong; `at(where)` gives the (file, line) of a value."""
    found: list[Finding] = []
    if isinstance(value, str):
        if MARK not in value:
            return value, found
        file, line = at(where)
        try:
            return expand_text(value, data), found
        except ValueProblem as exc:
            found.append(Problem(file, line, dotted(where), str(exc)))
            return Unsound(file, line, dotted(where)), found
        except NotChecked as exc:
            found.append(NotRun(file, line, f"{dotted(where)}: its value marker", exc.unsound.where))
            return Unsound(file, line, dotted(where)), found
    if isinstance(value, dict):
        changed = {}
        for name, item in value.items():
            new, more = expanded_value(item, data, at, (*where, name))
            found.extend(more)
            if new is not item:
                changed[name] = new
        return ({**value, **changed} if changed else value), found
    if isinstance(value, list):
        items = []
        for index, item in enumerate(value):
            new, more = expanded_value(item, data, at, (*where, index))
            found.extend(more)
            items.append(new)
        return (items if any(a is not b for a, b in zip(items, value, strict=True)) else value), found
    return value, found


def expand_text(text: str, data: RulesData | Mapping[str, Any]) -> str:
    """One text of the rules data with its value markers replaced by the numbers they name, as
    plain text (whoever shows it escapes it, as any text of the data); ValueProblem says what is wrong."""

    def replace(match: Any) -> str:
        arg = match["arg"] or ""
        try:
            return in_rules_text(data, arg, match["format"])
        except ValueProblem as exc:
            raise ValueProblem(f"codex:value {arg}: {exc}") from None

    out = VALUE.sub(replace, text)
    if MARK in out:
        raise ValueProblem("a 'codex:value' that is no marker: write <!-- codex:value FILE:FIELD.PATH [FORMAT] -->")
    return out
