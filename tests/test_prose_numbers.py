"""Every number a book states is written once, in rules_data/: prose takes it from there.

A page, a summary or a worked example that types a rule's number keeps a second copy, which an
edit of the YAML leaves wrong: the tie halving of wbs/combat.yaml `attack.tie_divide_by` was
"halves" in attacks.md; a worked example's conclusion said "÷ 2 = 3" after the rule changed.
`tests/support/prose_numbers.py` finds such numbers; each must come from a value marker, or be
in the list of exceptions (tests/fixtures/prose_numbers.yaml), with its reason.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from codex.load import load_rules_data, walk
from codex.marker_scan import code_ranges

from calculators import GAMES, Engine
from tests.support.engine import engine, rules_data
from tests.support.prose_numbers import Found, RuleNumber, rule_numbers, typed_numbers

ROOT = Path(__file__).resolve().parent.parent
EXCEPTIONS = ROOT / "tests" / "fixtures" / "prose_numbers.yaml"
_COMMENT = re.compile(r"<!--.*?-->|<[a-zA-Z/][^>]*>", re.S)  # markers, and tags with their attributes
PROSE_FIELDS = ("summary", "tooltip", "tactics", "story", "conclusion", "help", "label", "plan")


def _blanked(markdown: str) -> str:
    """The page with markers and code blanked out (lines kept): what a reader reads as typed prose."""
    keep = list(_COMMENT.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), markdown))
    for start, end in code_ranges(markdown):
        for i in range(start, end):
            if keep[i] != "\n":
                keep[i] = " "
    return "".join(keep)


def page_numbers(docs: Path, numbers: list[RuleNumber]) -> Iterator[Found]:
    for path in sorted(docs.rglob("*.md")):
        src = path.relative_to(docs).as_posix()
        text = _blanked(path.read_text(encoding="utf-8"))
        game = src.split("/")[0] if src.split("/")[0] in GAMES else None
        yield from typed_numbers(text, game, numbers,
                                 lambda offset, src=src, text=text: f"docs/{src}:{text.count(chr(10), 0, offset) + 1}")


def data_numbers(data: dict[str, Any], numbers: list[RuleNumber]) -> Iterator[Found]:
    loaded = load_rules_data(ROOT / "rules_data")
    for key in sorted(data):
        if "/bestiary/" in f"/{key}" or key.split("/")[-1].startswith("source_notes"):
            continue  # a creature's text describes it; a source note quotes what the book says, by design

        game, operators_only = key.split("/")[0], key.split("/")[-1].startswith("examples")
        for where, value in walk(data[key]):
            if isinstance(value, str) and where and where[-1] in PROSE_FIELDS:
                shown = f"{loaded.source_of(key)}:{loaded.line_of(key, where)}"
                yield from typed_numbers(_COMMENT.sub(" ", value), game, numbers, lambda _o, shown=shown: shown,
                                         operators_only=operators_only)


def catalog_numbers(rules_engine: Engine, numbers: list[RuleNumber]) -> Iterator[Found]:
    for calc in rules_engine.catalog():
        game = calc["id"].split(".")[0]
        texts = [("summary", calc["summary"]), *((f"{i['name']}.help", i.get("help", "")) for i in calc["inputs"])]
        for what, text in texts:
            yield from typed_numbers(text, game, numbers, lambda _o, what=what, c=calc["id"]: f"{c}: {what}")


def everything(docs: Path, data: dict[str, Any], rules_engine: Engine) -> list[Found]:
    numbers = rule_numbers(data)
    return [*page_numbers(docs, numbers), *data_numbers(data, numbers), *catalog_numbers(rules_engine, numbers)]


def _exceptions() -> list[dict[str, str]]:
    return yaml.safe_load(EXCEPTIONS.read_text(encoding="utf-8"))["exceptions"]


def _excused(found: Found, exceptions: list[dict[str, str]]) -> dict[str, str] | None:
    place = found.where.rsplit(":", 1)[0] if found.where.startswith(("docs/", "rules_data/")) else found.where
    for entry in exceptions:
        if entry["where"] == place and entry["number"] == found.number and entry["words"] in found.sentence:
            return entry
    return None


def test_no_rule_number_is_typed_in_prose() -> None:
    exceptions = _exceptions()
    found = everything(ROOT / "docs", dict(rules_data()), engine())
    typed = [str(f) for f in found if _excused(f, exceptions) is None]
    assert typed == [], "use <!-- codex:value FILE:FIELD --> (or compose the text from the data):\n" + "\n".join(typed)
    unused = [e for e in exceptions if not any(_excused(f, [e]) for f in found)]
    assert unused == [], "exceptions that match nothing any more: remove them"


def test_every_exception_says_why() -> None:
    for entry in _exceptions():
        assert set(entry) == {"where", "number", "words", "why"} and len(entry["why"]) > 10, entry


def test_the_tie_halving_typed_in_a_page_is_found(tmp_path: Path) -> None:
    # attacks.md said "halves" where wbs/combat.yaml says attack.tie_divide_by: 2.
    (tmp_path / "wbs").mkdir()
    (tmp_path / "wbs" / "attacks.md").write_text("A roll that exactly ties the TN halves\nthe damage.\n",
                                                 encoding="utf-8")
    found = list(page_numbers(tmp_path, rule_numbers(rules_data())))
    assert [(f.where, f.number, f.field) for f in found] == [
        ("docs/wbs/attacks.md:1", "halves", "wbs/combat:attack.tie_divide_by")]


def test_a_stale_conclusion_of_a_worked_example_is_found() -> None:
    # The derived attributes' conclusion, typed: Reflex (Dexterity + Smarts) ÷ 2.
    data = dict(rules_data())
    examples = {**data["wbs/examples"], "examples": [dict(e) for e in data["wbs/examples"]["examples"]]}
    examples["examples"][0]["conclusion"] = "Health 3 + 3 = 6, Reflex (4 + 2) ÷ 2 = 3."
    found = list(data_numbers({**data, "wbs/examples": examples}, rule_numbers(data)))
    assert any(f.number == "2" and f.field.endswith(".divide_by") and "Reflex" in f.sentence for f in found), found


def test_a_summary_with_a_hard_coded_number_is_found() -> None:
    # A calculator summary that says "3 or 4" tiles where rain/contest.yaml has draw.base_tiles: 3.
    numbers = rule_numbers(rules_data())
    found = list(typed_numbers("Each side draws 3 or 4 tiles.", "rain", numbers, lambda _o: "rain.contest: summary"))
    assert [(f.number, f.field) for f in found] == [("3", "rain/contest:draw.base_tiles")]


@pytest.mark.parametrize("text", ["Every strike costs one Reflex.", "Speed 4 ÷ 2 = 2."])
def test_prose_without_a_rule_number_passes(text: str) -> None:
    assert list(typed_numbers(text, "xia", rule_numbers(rules_data()), lambda _o: "x")) == []
