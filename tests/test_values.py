"""`<!-- codex:value FILE:FIELD.PATH -->`: a rule's value inside a sentence, taken from the data."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import markdown as md
import pytest
from codex.check_only import check_pages
from codex.site import Codex

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def codex() -> Codex:
    return Codex(ROOT)


def _html(codex: Codex, markdown: str, src: str = "wbs/t.md") -> str:
    result = codex.page(markdown, src, src.removesuffix(".md") + "/")
    assert not result.problems, [str(p) for p in result.problems]


    return codex.page_html(md.markdown(result.markdown, extensions=["fenced_code", "tables"]), result)


@contextlib.contextmanager
def _changed(codex: Codex, key: str, path: tuple[str, ...], value: Any) -> Iterator[None]:
    node = codex.data[key]
    for name in path[:-1]:
        node = node[name]
    saved = node[path[-1]]
    node[path[-1]] = value
    try:
        yield
    finally:
        node[path[-1]] = saved


@pytest.mark.parametrize(("marker", "shown"), [
    ("wbs/combat:round.seconds", "4"),
    ("wbs/combat:round.seconds words", "four"),
    ("wbs/combat:phases.reflex_order", "2, 4, 1, 3"),
    ("wbs/combat:relax.physical_attributes", "-2"),
    ("wbs/combat:relax.physical_attributes abs", "2"),
    ("wbs/combat:movement.ev_speed_share share", "half"),
    ("wbs/combat:attack.attribute capital", "Dexterity"),
    ("wbs/combat:movement.actions.walk.reflex", "0"),  # a list entry picked by its id
    ("wbs/combat:health.thresholds.1.name", "Unconscious"),  # or by its position
])
def test_a_value_stands_in_its_sentence(codex: Codex, marker: str, shown: str) -> None:
    out = _html(codex, f"A round <!-- codex:value {marker} --> long.\n")
    assert out == f"<p>A round {shown} long.</p>"


def test_editing_the_yaml_changes_the_page(codex: Codex) -> None:
    page = (ROOT / "docs" / "wbs" / "combat.md").read_text(encoding="utf-8")
    assert "codex:value wbs/combat:round.hex_metres words" in page
    before = _html(codex, page, "wbs/combat.md")
    assert "map, one metre to a hex" in before
    with _changed(codex, "wbs/combat", ("round", "hex_metres"), 2):
        after = _html(codex, page, "wbs/combat.md")
    assert "map, two metre to a hex" in after and "one metre" not in after


def test_values_are_escaped(codex: Codex) -> None:
    hostile = '<script>alert("x")</script>\r<img src=x onerror=alert(1)> *not* [a](b) & ok'
    with _changed(codex, "wbs/combat", ("health", "saving_grace"), hostile):
        out = _html(codex, "**Grace.** <!-- codex:value wbs/combat:health.saving_grace -->\n")
    assert "<script" not in out and "<img" not in out and "<em>" not in out and "<a " not in out
    assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &lt;img" in out  # the \r is a plain space
    assert "*not* [a](b) &amp; ok" in out


@pytest.mark.parametrize(("marker", "message"), [
    ("wbs/combat:round.nope", "no field 'nope' under 'round' (there: hex_metres, seconds)"),
    ("wbs/nothing:round", "no rules file rules_data/wbs/nothing.yaml"),
    ("wbs/combat", "expected FILE:FIELD.PATH"),
    ("wbs/combat:round", "only a number, a text or a list of them"),
    ("wbs/combat:movement.actions.fly", "no entry with id 'fly' in the list 'movement.actions'"),
    ("wbs/combat:round.seconds.more", "'round.seconds' is a single value; it has no 'more'"),
    ("wbs/combat:round.seconds loud", "unknown format 'loud' (known: abs, capital, ordinal, share, signed, words)"),
    ("wbs/combat:attack.attribute words", "'words' spells whole numbers"),
    ("wbs/combat:movement.actions.walk.quick", "a yes/no or empty field is not prose"),
])
def test_a_bad_value_marker_is_a_problem_at_its_line(codex: Codex, marker: str, message: str) -> None:
    result = codex.page(f"# T\n\nSome prose,\nthen <!-- codex:value {marker} --> here.\n", "wbs/t.md", "wbs/t/")
    assert len(result.problems) == 1, result.problems
    shown = str(result.problems[0])
    assert shown.startswith(f"docs/wbs/t.md:4: codex:value {marker.split()[0]}: ") and message in shown, shown


def test_a_value_in_a_heading_or_code_is_not_expanded(codex: Codex) -> None:
    result = codex.page("## Round of <!-- codex:value wbs/combat:round.seconds -->\n", "wbs/t.md", "wbs/t/")
    assert [p.line for p in result.problems] == [1] and "heading" in result.problems[0].message
    result = codex.page("Round of <!-- codex:value wbs/combat:round.seconds -->\n-----\n", "wbs/t.md", "wbs/t/")
    assert [p.line for p in result.problems] == [1] and "heading" in result.problems[0].message
    assert not codex.page("A round: <!-- codex:value wbs/combat:round.seconds -->\n\n---\n", "wbs/t.md",
                          "wbs/t/").problems  # a rule after a blank line is no underline
    out = _html(codex, "```\n<!-- codex:value wbs/combat:round.nope -->\n```\n")
    assert "&lt;!-- codex:value wbs/combat:round.nope --&gt;" in out  # shown as written, not looked up


def test_dev_check_finds_a_bad_value_in_a_page(codex: Codex, tmp_path: Path) -> None:
    (tmp_path / "docs" / "wbs").mkdir(parents=True)
    (tmp_path / "docs" / "wbs" / "page.md").write_text("# P\n\nA round is <!-- codex:value wbs/combat:round.secs -->"
                                                       " seconds.\n", encoding="utf-8")
    problems = check_pages(tmp_path, codex.data, codex.engine).problems
    shown = [str(p) for p in problems if p.file == "docs/wbs/page.md"]
    assert shown == ["docs/wbs/page.md:3: codex:value wbs/combat:round.secs: no field 'secs' under 'round' "
                     "(there: hex_metres, seconds)"]

