"""The hostile corpus (tests/hostile/cases/): one case per way around the escaping (issue 12).

A case changes a temporary copy of the project (`edits`) or is a page of its own (`page`,
`text`). It is either `rejected` at build time, each problem as `file:line: what is wrong`
(`file:@:` for the line its edit changed), or `inert`: built, then checked in the HTML and, for
`browser` cases, in headless Chromium (hovered, focused: no dialog, no console error, no script ran).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import markdown
import pytest
import yaml
from codex.check_only import site_markdown
from codex.checks import CHECKS
from codex.load import load_rules_data
from codex.problems import DataError
from codex.render import page_clashes
from codex.site import Codex

import calculators
from tests.support.browser import chromium, local_only
from tests.support.project_copy import copy_project
from tests.support.server import serve

ROOT = Path(__file__).resolve().parent.parent


def edited_line(edits: list[dict[str, Any]], file: str) -> int:
    """The line of `file` (as it is in the project now) where a case's first replacement in it begins."""
    for edit in edits:
        if edit["file"] == file and (edit.get("replace") or edit.get("replace_first")):
            old = (edit.get("replace") or edit["replace_first"])[0][0]
            text = (ROOT / edit.get("copy_from", file)).read_text(encoding="utf-8")
            assert old in text, f"{file}: {old!r} is not in the file any more"
            return text.count("\n", 0, text.index(old) + len(old) - len(old.lstrip("\n"))) + 1
    raise LookupError(f"no replacement in {file} to find the line of")


def _case(text: str) -> dict[str, Any]:
    """A case, its problems' `FILE:@:` read as the line its edit of FILE changed: a case pins no line
    number, so an edit of the file above it never breaks it."""
    case = yaml.safe_load(text)
    if "rejected" in case and "edits" in case:
        def line(m: re.Match[str]) -> str:
            return f"{m.group(1)}:{edited_line(case['edits'], m.group(1))}:"

        case["rejected"] = [re.sub(r"^([^:\s]+):@:", line, want) for want in case["rejected"]]
    return case


CASES = {p.stem: _case(p.read_text(encoding="utf-8"))
         for p in sorted((ROOT / "tests" / "hostile" / "cases").glob("*.yaml"))}
DATA_CASES = [name for name, case in CASES.items() if "edits" in case and "rejected" in case]
PAGE_CASES = [name for name, case in CASES.items() if "page" in case]
BROWSER_CASES = [name for name, case in CASES.items() if "browser" in case]
RUN_CASES = [(name, i) for name, case in CASES.items() for i in range(len(case.get("runs", [])))]
STORAGE_CASES = [(name, value) for name, case in CASES.items() for value in case.get("storage", [])]
EXTENSIONS = ["admonition", "attr_list", "def_list", "md_in_html", "tables", "pymdownx.superfences"]


def apply_edits(root: Path, edits: list[dict[str, Any]]) -> None:
    """Change files under `root` as a case says (each replaced text must be there)."""
    for edit in edits:
        path = root / edit["file"]
        text = (root / edit.get("copy_from", edit["file"])).read_text(encoding="utf-8")
        for old, new in edit.get("replace", []):
            assert old in text, f"{edit['file']}: {old!r} is not in the file any more"
            text = text.replace(old, new)
        for old, new in edit.get("replace_first", []):
            assert old in text, f"{edit['file']}: {old!r} is not in the file any more"
            text = text.replace(old, new, 1)
        if "replace_repeat" in edit:
            old, new, times = edit["replace_repeat"]
            assert old in text
            text = text.replace(old, new * times)
        text = edit.get("prepend", "") + text + edit.get("append", "")
        if "append_repeat" in edit:
            text += edit["append_repeat"][0] * edit["append_repeat"][1]
        path.write_bytes(text.encode(edit.get("encoding", "utf-8")))


def test_every_item_of_the_issue_has_a_case() -> None:
    assert {case["item"] for case in CASES.values()} >= set(range(1, 13))


_LOAD = """
import sys
sys.path[:0] = [{root!r}, {hooks!r}]
from pathlib import Path
from codex.checks import CHECKS
from codex.load import load_rules_data
from codex.problems import DataError
from codex.render import page_clashes
try:
    load_rules_data(Path({data!r}), CHECKS, base=Path({base!r}))
except DataError as exc:
    print(exc)
"""


@pytest.mark.parametrize("name", DATA_CASES)
def test_hostile_data_is_rejected_with_file_and_line(tmp_path: Path, name: str) -> None:
    case = CASES[name]
    shutil.copytree(ROOT / "rules_data", tmp_path / "rules_data")
    apply_edits(tmp_path, case["edits"])
    if "timeout" in case:  # a case that would exhaust the machine runs apart, with a time and memory limit
        script = _LOAD.format(root=str(ROOT), hooks=str(ROOT / "hooks"), data=str(tmp_path / "rules_data"),
                              base=str(tmp_path))
        try:
            proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                                  timeout=case["timeout"], preexec_fn=_limit_memory)
        except subprocess.TimeoutExpired:
            pytest.fail(f"loading took more than {case['timeout']} s")
        assert proc.returncode == 0, proc.stderr[-2000:]
        reported = [line.strip() for line in proc.stdout.splitlines()[1:]]
    else:
        with pytest.raises(DataError) as caught:
            load_rules_data(tmp_path / "rules_data", CHECKS, base=tmp_path)
        reported = [str(p) for p in caught.value.problems]
    for want in case["rejected"]:
        assert any(r.startswith(want) for r in reported), f"expected {want}\nreported:\n" + "\n".join(reported)


def _limit_memory() -> None:
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (1 << 31, 1 << 31))


@pytest.fixture(scope="module")
def codex() -> Codex:
    return Codex(ROOT)


@pytest.mark.parametrize("name", PAGE_CASES)
def test_hostile_pages(codex: Codex, name: str) -> None:
    case = CASES[name]
    src = case["page"]
    url = src.removesuffix(".md") + "/"
    result = codex.page(case["text"], src, url)
    # and what the HTML Markdown made of it holds live, as the build reads it (on_page_content)
    made = codex.markup_problems(site_markdown().convert(result.markdown), result)
    reported = [str(p) for p in result.problems + made]
    if "rejected" in case:
        for want in case["rejected"]:
            assert any(r.startswith(want) for r in reported), f"expected {want}\nreported:\n" + "\n".join(reported)
        assert len(reported) == case.get("only", len(reported)), "\n".join(reported)
        return
    assert reported == []
    html = codex.page_html(markdown.markdown(result.markdown, extensions=EXTENSIONS), result)
    inert = case["inert"]
    for text in inert.get("html_lacks", []):
        assert text not in html
    for text in inert.get("html_has", []):
        assert text in html
    if inert.get("unique_ids"):
        ids = re.findall(r'\sid="([^"]+)"', html)
        assert len(ids) > 10 and len(ids) == len(set(ids)), sorted({i for i in ids if ids.count(i) > 1})
        for attr, value in re.findall(r'\s(for|aria-describedby|aria-labelledby)="([^"]+)"', html):
            assert set(value.split()) <= set(ids), (attr, value)


@pytest.mark.parametrize(("name", "index"), RUN_CASES, ids=[f"{n}-{i}" for n, i in RUN_CASES])
def test_hostile_calculator_input_gets_a_plain_message(codex: Codex, name: str, index: int) -> None:
    run = CASES[name]["runs"][index]
    inputs = {**run["inputs"], **{field: "9" * count for field, count in run.get("digits", {}).items()}}
    with pytest.raises(calculators.InputError) as caught:
        codex.engine.run(run["calc"], inputs)
    assert caught.value.field == run["field"]
    assert caught.value.message.startswith(run["says"]), caught.value.message
    assert "int" not in caught.value.message.split() and "digits" not in caught.value.message


# ---- built with every inert case at once, then read in Chromium ---------------------------

@pytest.fixture(scope="module")
def hostile_site(tmp_path_factory: pytest.TempPathFactory, site_port: int) -> Iterator[str]:
    if not (ROOT / "node_modules" / "pyodide" / "pyodide.mjs").is_file():
        pytest.skip("node_modules/pyodide is missing: run ./dev test")
    base = tmp_path_factory.mktemp("hostile")
    repo = base / "repo"
    copy_project(repo, shared=("node_modules",))
    for name in BROWSER_CASES:
        apply_edits(repo, CASES[name]["edits"])
    out = base / "site"
    with serve(out.parent) as (probe, _):
        pass  # a free port for this site: instant navigation needs site_url to match it
    port = int(probe.rsplit(":", 1)[1].strip("/"))
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "CODEX_SITE_URL": f"http://127.0.0.1:{port}/"}
    proc = subprocess.run([sys.executable, "-m", "mkdocs", "build", "-q", "-d", str(out)], cwd=repo, env=env,
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr[-4000:]
    with serve(out, port) as (url, _):
        yield url


@pytest.mark.slow
def test_hostile_build_holds_no_live_markup(hostile_site: str, tmp_path_factory: pytest.TempPathFactory) -> None:
    site = Path(tmp_path_factory.getbasetemp()) / next(
        p.name for p in Path(tmp_path_factory.getbasetemp()).iterdir() if p.name.startswith("hostile"))
    pages = list((site / "site").rglob("*.html"))
    assert pages
    for page in pages:
        text = page.read_text(encoding="utf-8")
        assert "<img src=x" not in text and "<script>window.__pwned" not in text, page
        assert "<b onmouseover" not in text, page
        for value in re.findall(r'\stitle="([^"]*)"', text):
            assert "pwned" not in value and "onerror" not in value, (page, value)


class HostileTab:
    """One tab for the module's browser cases: what they saw is gathered from it (dialogs, console
    errors, requests off 127.0.0.1), and each case starts it afresh (its storage cleared, on a page
    with no calculator); a tab that can no longer open that page is replaced by a new one. Each case
    loads its page whole, as a link from elsewhere opens it: the tab keeps only the HTTP cache, so
    the engine's downloads come once for the module, not once a case."""

    def __init__(self, browser: Any, base: str) -> None:
        self.browser, self.base = browser, base
        self.context: Any = None
        self.page: Any = None
        self.dialogs: list[str] = []
        self.console: list[str] = []
        self.blocked: list[str] = []

    def fresh(self) -> Any:
        try:
            self._start()
        except Exception:  # a tab a case left unable to load a page (crashed, closed): a new one
            self.close()
            self._start()
        self.dialogs.clear()
        self.console.clear()
        self.blocked.clear()
        return self.page

    def _start(self) -> None:
        if self.page is None or self.page.is_closed():
            self.close()
            self.context = self.browser.new_context(viewport={"width": 1280, "height": 900}, service_workers="block")
            self.page = self.context.new_page()
            local_only(self.page, self.blocked)
            self.page.on("dialog", lambda d: (self.dialogs.append(d.message), d.dismiss()))
            self.page.on("console", lambda m: self.console.append(f"{m.type}: {m.text}") if m.type == "error" else None)
            self.page.on("pageerror", lambda e: self.console.append(f"pageerror: {e}"))
        self.page.goto(self.base + "404.html")  # the site's origin, no calculator: storage cleared there
        self.page.evaluate("() => { localStorage.clear(); sessionStorage.clear(); }")

    def close(self) -> None:
        if self.context is not None:
            self.context.close()
        self.context = self.page = None


@pytest.fixture(scope="module")
def hostile_tabs(hostile_site: str) -> Iterator[HostileTab]:
    with chromium() as browser:
        tabs = HostileTab(browser, hostile_site)
        yield tabs
        tabs.close()


@pytest.fixture()
def hostile_tab(hostile_tabs: HostileTab) -> HostileTab:
    hostile_tabs.fresh()
    return hostile_tabs


STEPS = [(name, index) for name in BROWSER_CASES for index in range(len(CASES[name]["browser"]))]


@pytest.mark.browser
@pytest.mark.slow
@pytest.mark.parametrize(("name", "step"), STEPS, ids=[f"{n}-{i}" for n, i in STEPS])
def test_hostile_data_is_inert_in_the_browser(hostile_site: str, hostile_tab: HostileTab, name: str,
                                             step: int) -> None:
    visit = CASES[name]["browser"][step]
    page = hostile_tab.page
    page.goto(hostile_site + visit["visit"])
    page.wait_for_load_state("load")
    if "search" in visit:
        page.locator("input.md-search__input").click()
        page.keyboard.type(visit["search"])
        page.wait_for_selector(".md-search-result__item", timeout=20_000)
        page.locator(".md-search-result__item").first.hover()
    if "hover" in visit:
        page.locator(visit["hover"]).first.hover()
    if "focus" in visit:
        page.locator(visit["focus"]).first.focus()
    page.wait_for_timeout(300)
    if "hover" in visit or "focus" in visit:
        assert page.locator(".codex-term-bubble").is_visible(), "the tooltip did not show"
    if "title" in visit:
        assert page.title() == visit["title"]
    if "heading" in visit:
        shown = page.evaluate("""() => { const h = document.querySelector('article h1').cloneNode(true);
            h.querySelectorAll('.headerlink').forEach((a) => a.remove()); return h.textContent.trim(); }""")
        assert shown == visit["heading"]
    assert hostile_tab.dialogs == [], hostile_tab.dialogs
    assert page.evaluate("window.__pwned") is None
    assert hostile_tab.console == [], hostile_tab.console
    assert hostile_tab.blocked == []


@pytest.mark.browser
@pytest.mark.slow
@pytest.mark.parametrize(("name", "stored"), STORAGE_CASES, ids=[f"{n}-{i}" for i, (n, _) in enumerate(STORAGE_CASES)])
def test_a_bad_stored_reading_is_ignored_and_repairable(hostile_site: str, hostile_tab: HostileTab, name: str,
                                                       stored: str) -> None:
    page = hostile_tab.page
    # The value is stored before the page opens, from a page of the site's origin with no calculator
    # (where the tab starts each case: one engine start per case, not two).
    page.evaluate("value => localStorage.setItem('codex.readings', value)", stored)
    page.goto(hostile_site + CASES[name]["visit"])
    # Bound: a form's code marks it busy or not from the moment it binds it (codex.mjs bind).
    page.wait_for_function("() => [...document.querySelectorAll('form.calc')].every((f) => 'busy' in f.dataset)")
    assert page.evaluate("document.querySelectorAll('form.calc').length") >= 4
    select = page.locator("select[data-reading-for]").first
    note = select.get_attribute("data-reading-for")
    other = select.evaluate("s => [...s.options].find((o) => !o.defaultSelected).value")
    select.select_option(other)
    repaired = page.evaluate("JSON.parse(localStorage.getItem('codex.readings'))")
    assert repaired == {note: other}
    assert [c for c in hostile_tab.console if c.startswith("pageerror")] == []


@pytest.mark.parametrize("page", ["wbs/bestiary/goblin.md", "wbs/bestiary/goblin/index.md",
                                  "wbs/bestiary/goblin/README.md"])
def test_a_creatures_page_cannot_be_written_where_a_page_of_docs_is(codex: Codex, tmp_path: Path, page: str) -> None:
    # Issue 23, item 5: a generated page replaced a written one (the id `index`, in the case
    # checker_a-creature-called-index); any page of docs/ that MkDocs writes at the same address clashes.
    (tmp_path / page).parent.mkdir(parents=True)
    (tmp_path / page).write_text("# Mine\n", encoding="utf-8")
    found = [str(p) for p in page_clashes(codex.generated_pages, tmp_path, codex.data)]
    assert found == [f"rules_data/wbs/bestiary/goblin.yaml:4: id: its page would be written where docs/{page} is, "
                     "a page of the site already: choose another id"]
    assert page_clashes(codex.generated_pages, ROOT / "docs", codex.data) == []
