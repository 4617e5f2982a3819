"""Every number a book states is written once, in rules_data/: prose takes it from there.

A page, a summary or a worked example that types a rule's number keeps a second copy, which an
edit of the YAML leaves wrong: the tie halving of wbs/combat.yaml `attack.tie_divide_by` was
"halves" in attacks.md; a worked example's conclusion said "÷ 2 = 3" after the rule changed.
`tests/support/prose_numbers.py` finds such numbers, in every page and every text of every rules
file as written (glossaries, source notes, the bestiary); each must come from a value marker. A
calculator's own text may compose its numbers in Python instead: a number there that follows a
change of its field is composed, not typed. There is no list of exceptions.
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from codex.load import load_rules_data
from codex.marker_scan import code_ranges
from codex.prose import expanded_value
from codex.values import VALUE

from calculators import GAMES, Engine
from tests.support.engine import engine, rules_data
from tests.support.prose_numbers import Found, RuleNumber, rule_numbers, typed_numbers

ROOT = Path(__file__).resolve().parent.parent
_COMMENT = re.compile(r"<!--.*?-->|<[a-zA-Z/][^>]*>", re.S)  # markers, and tags with their attributes
ABOUT = ("term", "name", "title")  # what an entry's sentences are about
NOT_PROSE = ("id", "_note", "glyph", "hanzi", "calculator", "defined_in")


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
    """Every text of every rules file as written (glossaries, source notes, the bestiary too)."""
    loaded = load_rules_data(ROOT / "rules_data")
    for key in sorted(data):
        game, operators_only = key.split("/")[0], key.split("/")[-1].startswith("examples")
        for where, value, about in _texts(data[key]):
            shown = f"{loaded.source_of(key)}:{loaded.line_of(key, where)}"
            yield from typed_numbers(_COMMENT.sub(" ", value), game, numbers, lambda _o, shown=shown: shown,
                                     operators_only=operators_only, context=about)


def _texts(value: Any, where: tuple[str | int, ...] = (), about: str = "") -> Iterator[tuple[tuple, str, str]]:
    """Every prose text in a rules file (a string with a space, not an id or a reference), with what it is
    about: the nearest entry's term, name or title."""
    if isinstance(value, dict):
        about = " ".join(str(value[k]) for k in ABOUT if isinstance(value.get(k), str)) or about
        for name, item in value.items():
            yield from _texts(item, (*where, name), about)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _texts(item, (*where, index), about)
    elif isinstance(value, str) and " " in value.strip() and where and not str(where[-1]).endswith(NOT_PROSE):
        yield where, value, about


def catalog_numbers(rules_engine: Engine, numbers: list[RuleNumber]) -> Iterator[Found]:
    for calc in rules_engine.catalog():
        game = calc["id"].split(".")[0]
        texts = [("summary", calc["summary"]), *((f"{i['name']}.help", i.get("help", "")) for i in calc["inputs"])]
        for what, text in texts:
            yield from typed_numbers(text, game, numbers, lambda _o, what=what, c=calc["id"]: f"{c}: {what}")


def everything(docs: Path, data: dict[str, Any], rules_engine: Engine) -> list[Found]:
    numbers = rule_numbers(data)
    found = [*page_numbers(docs, numbers), *data_numbers(data, numbers), *catalog_numbers(rules_engine, numbers)]
    return [f for f in found if not _composed(f, data)]


def _composed(found: Found, data: dict[str, Any]) -> bool:
    """Whether a number in a calculator's own text is composed from the data: the text follows a change of
    the field the checker took it for or, failing that, of one of the game's other fields of the same value
    (a "1" the text takes from `using.channel_reflex` is not `channel_force.reiki`, the checker's guess)."""
    if found.where.startswith(("docs/", "rules_data/")) or "*" in found.field:
        return False  # pages and rules text compose with markers only
    if _follows(found, data, {found.field: 997}):
        return True
    value = _value_of(data, found.field)
    alike = [n.field for n in rule_numbers(data) if n.game == found.field.split("/")[0] and n.value == value
             and "*" not in n.field and n.field != found.field and not isinstance(value, bool)]
    if found.number.isdigit():
        return _follows_one_of(found, data, alike)
    # A number written as a word ("half", "third") is shown by a format that reads a few values only: each
    # field is changed alone to another such value, and the word is gone from the text when it follows.
    other = value % 5 + 1 if isinstance(value, int) else None
    return other is not None and any(_words_follow(found, data, field, other) for field in [found.field, *alike])


def _words_follow(found: Found, data: dict[str, Any], field: str, other: int) -> bool:
    before, after = _text(found, data), _text(found, changed_rules(data, field, other))
    word = re.compile(rf"\b{re.escape(found.number)}\b", re.I)
    return before is not None and after is not None and len(word.findall(after)) < len(word.findall(before))


def _text(found: Found, data: dict[str, Any], strict: bool = False) -> str | None:
    """The found calculator text with these rules: None where the calculator cannot describe itself with
    them (with `strict`, that raises)."""
    calc_id, _, what = found.where.partition(": ")
    try:
        # The engine reads the rules' texts with their markers filled in, as the build's loader gives them.
        entry = Engine(_filled(data)).describe(calc_id)
    except Exception:
        if strict:
            raise
        return None
    return entry["summary"] if what == "summary" else next(
        i.get("help", "") for i in entry["inputs"] if f"{i['name']}.help" == what)


# Each rules file with its markers filled in, by identity (each kept, so its id is no other's), with the
# files its markers read: a changed copy of the rules shares most files, and the markers of a file read no
# file that changed fill in as before.
_FILLED: dict[int, tuple[Any, dict[str, Any], Any]] = {}


def _filled(data: dict[str, Any]) -> dict[str, Any]:
    """The rules with their markers filled in, as the build's loader gives them to the engine."""
    filled = {}
    for key, value in data.items():
        kept = _FILLED.get(id(value))
        if kept is None or kept[0] is not value or any(data.get(k) is not v for k, v in kept[1].items()):
            read = {part.partition(":")[0] for m in VALUE.finditer(json.dumps(value))
                    for part in re.split(r"[*+]", m["arg"] or "")}
            kept = _FILLED[id(value)] = (value, {k: data.get(k) for k in read},
                                         expanded_value(value, data, lambda _where: ("", 0))[0])
        filled[key] = kept[2]
    return filled


def _follows_one_of(found: Found, data: dict[str, Any], fields: list[str]) -> bool:
    """Whether the text follows one of `fields`: each set to its own value, all at once (one build, not one
    each); where that many changes leave the calculator unable to describe itself, half of them at a time."""
    if not fields:
        return False
    try:
        return _follows(found, data, {field: 9001 + i for i, field in enumerate(fields)}, strict=True)
    except Exception:
        if len(fields) == 1:
            return False
        half = len(fields) // 2
        return _follows_one_of(found, data, fields[:half]) or _follows_one_of(found, data, fields[half:])


def _value_of(data: dict[str, Any], field: str) -> Any:
    key, _, path = field.partition(":")
    node: Any = data[key]
    for name in path.split("."):
        node = node[int(name) if name.isdigit() else name]
    return node


def _follows(found: Found, data: dict[str, Any], changes: dict[str, int], strict: bool = False) -> bool:
    """Whether the found text, with `changes` made to the rules, shows one of the changed values (with
    `strict`, a calculator that cannot describe itself with them raises; without, it does not follow)."""
    changed = data
    for field, value in changes.items():
        changed = changed_rules(changed, field, value)
    text = _text(found, changed, strict)
    return text is not None and any(str(v) in text for v in changes.values())


def changed_rules(data: dict[str, Any], field: str, value: Any) -> dict[str, Any]:
    """A copy of the rules with one field (`FILE:dotted.path`, list entries by index) set to `value`."""
    key, _, path = field.partition(":")
    names = [int(p) if p.isdigit() else p for p in path.split(".")]
    top = copy.deepcopy(data[key])
    node = top
    for name in names[:-1]:
        node = node[name]
    node[names[-1]] = value
    return {**data, key: top}


def written_data() -> dict[str, Any]:
    """rules_data/ as typed, value markers and all: what a contributor wrote."""
    return load_rules_data(ROOT / "rules_data").as_written()


def test_no_rule_number_is_typed_in_prose() -> None:
    found = everything(ROOT / "docs", written_data(), engine())
    typed = [str(f) for f in found]
    assert typed == [], "use <!-- codex:value FILE:FIELD --> (or compose the text from the data):\n" + "\n".join(typed)


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


@pytest.mark.parametrize(("text", "context", "number", "field"), [
    ("Easing off for a round; upkeep −1.", "Relax", "−1", "wbs/combat:upkeep.relaxed"),
    ("Easing off for a round; upkeep -1.", "Relax", "-1", "wbs/combat:upkeep.relaxed"),
    ("At the end of every third round you lose a point.", "Exhaustion", "third", "wbs/stamina:losing.1.every_rounds"),
    ("A point at the end of every round (every 12 seconds).", "Exhaustion", "12",
     "*wbs/stamina:losing.1.every_rounds"),  # a product: the interval times some number of seconds
    ("Knocks two points out of you.", "Stagger", "two", "wbs/stamina:losing.2.stamina"),
    ("Relaxing takes 1 off the upkeep.", "", "1", "wbs/combat:upkeep.relaxed"),
])
def test_the_check_reads_numbers_as_a_reader_does(text: str, context: str, number: str, field: str) -> None:
    found = list(typed_numbers(text, "wbs", rule_numbers(rules_data()), lambda _o: "x", context=context))
    assert found and found[0].number == number and found[0].field.endswith(field), found
