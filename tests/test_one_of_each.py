"""One of each: a job the engine and the build share is written once (issue 22, item 4).

The lookup by id, the family of a kind's files, the number words, the reading input and the
bestiary's place each have one definition; a second hand-written copy of a lookup by id is
found by its shape, wherever in calculators/ or hooks/ it is written.
"""

from __future__ import annotations

import ast
import functools
from collections.abc import Iterator
from pathlib import Path

import pytest

from calculators import by_id, family, number_word
from calculators.present import count_word

ROOT = Path(__file__).resolve().parent.parent
THE_LOOKUP = ("calculators/rules.py", "by_id")  # the one place that may compare ids in a loop


def _is_id(node: ast.AST) -> bool:
    """`x["id"]` or `x.get("id")`."""
    if isinstance(node, ast.Subscript):
        return isinstance(node.slice, ast.Constant) and node.slice.value == "id"
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get"
            and bool(node.args) and isinstance(node.args[0], ast.Constant) and node.args[0].value == "id")


def _id_of(node: ast.AST) -> str | None:
    """The name whose id `node` reads (`entry` in `entry["id"]`), if it reads one."""
    if _is_id(node):
        owner = node.value if isinstance(node, ast.Subscript) else node.func.value  # type: ignore[attr-defined]
        return owner.id if isinstance(owner, ast.Name) else ""
    return None


def _id_equalities(test: ast.AST) -> Iterator[str]:
    """The names whose ids `test` compares with `==` (`entry` in `entry["id"] == wanted`)."""
    for node in ast.walk(test):
        if isinstance(node, ast.Compare) and any(isinstance(op, ast.Eq) for op in node.ops):
            for side in (node.left, *node.comparators):
                name = _id_of(side)
                if name is not None:
                    yield name


def _names(target: ast.AST) -> set[str]:
    return {n.id for n in ast.walk(target) if isinstance(n, ast.Name)}


def _loops(node: ast.AST) -> set[int]:
    """Ids of every node inside a loop or comprehension below `node`."""
    inside: set[int] = set()
    for loop in ast.walk(node):
        if isinstance(loop, ast.For | ast.While | ast.ListComp | ast.SetComp | ast.GeneratorExp | ast.DictComp):
            inside |= {id(n) for n in ast.walk(loop)}
    return inside


@functools.cache
def _parsed(path: Path) -> ast.Module:
    """A module's syntax tree, parsed once for the tests of this file (they only read it)."""
    return ast.parse(path.read_text())


def hand_written_lookups(path: Path, shown: str) -> list[str]:
    """Lookups by id written by hand in one module: an id compared in a comprehension's `if` or in a loop
    over the entries, or a dict keyed by id that is read once."""
    tree = _parsed(path)
    found = []
    functions = [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)]
    allowed = {id(n) for f in functions if (shown, f.name) == THE_LOOKUP for n in ast.walk(f)}
    for node in ast.walk(tree):
        if id(node) in allowed:
            continue
        if isinstance(node, ast.comprehension):
            if any(name in _names(node.target) for test in node.ifs for name in _id_equalities(test)):
                found.append(f"{shown}:{node.target.lineno}: a comprehension picks an entry by its id")
        elif isinstance(node, ast.For):
            targets = _names(node.target)
            for inner in ast.walk(node):
                if isinstance(inner, ast.If) and any(name in targets for name in _id_equalities(inner.test)):
                    found.append(f"{shown}:{inner.lineno}: a loop searches its entries for an id")
    for function in functions:
        once = _keyed_by_id_read_once(function)
        found += [f"{shown}:{line}: a dict keyed by id, built to be read once" for line in once]
    return sorted(found, key=lambda p: int(p.split(":")[1]))


def _keyed_by_id_read_once(function: ast.FunctionDef) -> list[int]:
    built = {}
    for node in ast.walk(function):
        if (isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)
                and isinstance(node.value, ast.DictComp) and _is_id(node.value.key)):
            built[node.targets[0].id] = node.lineno
    if not built:  # most functions build none: nothing more to look at
        return []
    looped = _loops(function)
    reads: dict[str, list[ast.Name]] = {name: [] for name in built}
    for node in ast.walk(function):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load) and node.id in reads:
            reads[node.id].append(node)
    looked_up = {id(n.value) for n in ast.walk(function) if isinstance(n, ast.Subscript)}
    looked_up |= {id(n.func.value) for n in ast.walk(function)
                  if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr == "get"}
    return [built[name] for name, uses in reads.items()
            if len(uses) == 1 and id(uses[0]) in looked_up and id(uses[0]) not in looped]


def _sources(root: Path) -> Iterator[tuple[Path, str]]:
    for folder in ("calculators", "hooks"):
        for path in sorted((root / folder).rglob("*.py")):
            yield path, path.relative_to(root).as_posix()


def test_every_lookup_by_id_is_the_one() -> None:
    found = [problem for path, shown in _sources(ROOT) for problem in hand_written_lookups(path, shown)]
    assert found == [], "use calculators.rules.by_id (hooks: calculators.by_id, or blocks.common.entry/find)"


def test_the_lookup_test_finds_each_shape(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text(
        "def a(entries, wanted):\n"
        "    return next(e for e in entries if e['id'] == wanted)\n"
        "def b(entries, wanted):\n"
        "    for entry in entries:\n"
        "        if isinstance(entry, dict) and entry.get('id') == wanted:\n"
        "            return entry\n"
        "def c(entries, wanted):\n"
        "    names = {e['id']: e['name'] for e in entries}\n"
        "    return names[wanted]\n"
        "def fine(entries, rows, reached, order):\n"
        "    names = {e['id']: e['name'] for e in entries}\n"
        "    shown = [names[r] for r in rows]\n"
        "    return shown, reached['id'] == order[-1], [e for e in entries if e['id'] != 'x']\n")
    assert [p.split(": ", 1)[0] for p in hand_written_lookups(module, "m.py")] == ["m.py:2", "m.py:5", "m.py:8"]


@functools.cache
def _definitions(root: Path) -> dict[str, list[str]]:
    """Where each module-level function, class and constant of calculators/ and hooks/ is defined."""
    found: dict[str, list[str]] = {}
    for path, shown in _sources(root):
        for node in _parsed(path).body:
            if isinstance(node, ast.FunctionDef | ast.ClassDef):
                found.setdefault(node.name, []).append(shown)
            elif isinstance(node, ast.Assign):
                for name in (t.id for t in node.targets if isinstance(t, ast.Name)):
                    found.setdefault(name, []).append(shown)
    return found


@pytest.mark.parametrize("name", ["by_id", "family", "reading_input", "BESTIARY", "ids_of", "number_word"])
def test_one_definition(name: str) -> None:
    assert len(_definitions(ROOT).get(name, [])) == 1, _definitions(ROOT).get(name)


@pytest.mark.parametrize("name", ["_by_id", "_ids", "_WORDS"])
def test_no_second_copy_under_another_name(name: str) -> None:
    assert _definitions(ROOT).get(name) is None


def test_the_family_rule_is_written_once() -> None:
    # Which keys make a family (`wbs/glossary`, `wbs/glossary-combat`): the engine and the loader both ask family().
    rule = 'startswith(f"{game}/{stem}-")'
    assert [shown for path, shown in _sources(ROOT) if rule in path.read_text()] == ["calculators/rules.py"]


def test_one_table_of_number_words() -> None:
    # Any tuple or list of "one", "two", "three" … in the engine or the build is a second table.
    tables = []
    for path, shown in _sources(ROOT):
        for node in ast.walk(_parsed(path)):
            if isinstance(node, ast.Tuple | ast.List):
                words = [e.value for e in node.elts if isinstance(e, ast.Constant)]
                if {"one", "two", "three"} <= set(words):
                    tables.append(shown)
    assert tables == ["calculators/present.py"]  # NUMBER_WORDS (by file: a line added above it moves nothing)


def test_number_words_read_zero_as_the_caller_says() -> None:
    assert [number_word(n) for n in (0, 2, 20)] == ["zero", "two", "twenty"]
    assert number_word(0, zero="no") == "no"
    assert [count_word(n) for n in (0, 3, 12, 13, -1)] == ["no", "three", "twelve", "13", "-1"]
    for bad in (21, -1, True, 2.0):
        with pytest.raises(ValueError, match="from 0 to 20"):
            number_word(bad)  # type: ignore[arg-type]


def test_by_id_finds_or_says_what_is_there() -> None:
    tiers = [{"id": "novice", "n": 1}, {"id": "heroic", "n": 3}]
    assert by_id(tiers, "heroic") == {"id": "heroic", "n": 3}
    assert by_id(tiers, "mythic", None) is None
    with pytest.raises(LookupError, match=r"^no tier 'mythic' \(there are: novice, heroic\)$"):
        by_id(tiers, "mythic", what="tier")


def test_a_family_is_the_file_and_its_parts() -> None:
    keys = ["wbs/source_notes-combat", "wbs/source_notes", "wbs/source_notesx", "xia/source_notes", "wbs/glossary"]
    assert family(keys, "wbs", "source_notes") == ["wbs/source_notes", "wbs/source_notes-combat"]
