"""The Content Security Policy: on every built page, right for the theme's inline scripts, and
quiet on a normal visit (calculator, search, bestiary, tooltips) while it blocks injected scripts."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from codex.csp import refused_scripts, script_hashes

from tests.test_browser import browser, change, settled, site, tab  # noqa: F401  (shared fixtures)

META = re.compile(r'<head[^>]*>\s*<meta http-equiv="Content-Security-Policy" content="([^"]*)">')
WATCH = """document.addEventListener('securitypolicyviolation',
    (e) => (window.__csp = window.__csp || []).push(e.violatedDirective + ' ' + e.blockedURI));"""


def test_every_page_carries_the_policy_first_in_its_head(built_site: Path) -> None:
    pages = list(built_site.rglob("*.html"))
    assert len(pages) > 30
    policies = set()
    for page in pages:
        text = page.read_text(encoding="utf-8")
        found = META.search(text)
        assert found, f"{page}: no CSP meta tag at the top of <head>"
        rules = dict(part.strip().split(" ", 1) for part in found.group(1).split(";"))
        assert rules["default-src"] == "'self'" and rules["object-src"] == "'none'"
        assert rules["base-uri"] == "'self'" and rules["form-action"] == "'self'"
        scripts = rules["script-src"].split()
        assert scripts[:2] == ["'self'", "'wasm-unsafe-eval'"] and "'unsafe-inline'" not in scripts
        assert script_hashes(text) <= set(scripts), page
        assert refused_scripts(text) == [], f"{page}: an inline script that is not the theme's"
        policies.add(found.group(1))
        allowed = {s for s in scripts if s.startswith("'sha256-")}
    # One policy for all: instant navigation adds the next page's policy to the first page's.
    assert len(policies) == 1
    # It allows the theme's known inline scripts (a few, one per page depth for the first) and our three
    # (styles-first.js, palette-first.js, engine-start.js), and no other.
    theme = set().union(*(script_hashes(page.read_text(encoding="utf-8")) for page in pages))
    assert allowed == theme and len(theme) <= 11


def test_pages_written_before_a_new_script_was_seen_are_brought_up_to_date(tmp_path: Path) -> None:
    from codex.csp import PolicyWriter, policy

    from tests.test_hostile_runtime import theme_base_script

    pages = {"a.html": theme_base_script("."), "b/index.html": theme_base_script("..")}
    writer = PolicyWriter()
    for name, script in pages.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        html = writer.page(f"<html><head><script>{script}</script></head><body></body></html>", str(tmp_path / name))
        (tmp_path / name).write_text(html)
    (tmp_path / "theme.html").write_text(f"<html><head><script>{theme_base_script('/')}</script></head></html>")
    assert writer.finish(tmp_path) == 3  # all three: theme.html, not seen by the hook, adds its script
    final = policy(writer.hashes)
    assert len(writer.hashes) == 3 and writer.refused == []
    for name in [*pages, "theme.html"]:
        assert f'content="{final}"' in (tmp_path / name).read_text()


def _visit(page: Any) -> None:
    page.add_init_script(WATCH)


def _violations(page: Any, seen: dict) -> list[str]:
    refused = [c for c in seen["console"] if "Content Security Policy" in c or "Refused to" in c]
    return (page.evaluate("window.__csp || []") or []) + refused


@pytest.mark.browser
@pytest.mark.slow
def test_a_normal_visit_sees_no_violation(site: tuple[str, list[str]], tab: tuple[Any, dict]) -> None:  # noqa: F811
    page, seen = tab
    _visit(page)
    page.goto(site[0] + "wbs/energy/")
    change(page, "wbs.energy", {"strength": 5})
    settled(page, "wbs.energy")
    page.locator("article a.codex-term").first.hover()
    assert _violations(page, seen) == []
    page.goto(site[0] + "wbs/bestiary/")
    page.wait_for_load_state("load")
    page.locator("table th").first.click()
    page.goto(site[0])
    page.locator("input.md-search__input").click()
    page.keyboard.type("genki")
    page.wait_for_selector(".md-search-result__item", timeout=20_000)
    page.locator(".md-search-result__item a").first.click()  # instant navigation to the hit
    page.wait_for_load_state("load")
    assert _violations(page, seen) == []


@pytest.mark.browser
@pytest.mark.slow
def test_the_policy_refuses_a_script_that_escaping_let_through(site: tuple[str, list[str]],  # noqa: F811
                                                              tab: tuple[Any, dict]) -> None:  # noqa: F811
    page, _ = tab
    _visit(page)
    page.goto(site[0] + "wbs/energy/")
    page.evaluate("""() => {
        document.body.insertAdjacentHTML('beforeend', '<img src="x" onerror="window.__pwned = 1">');
        const s = document.createElement('script'); s.textContent = 'window.__pwned = 2'; document.body.append(s);
        const bubble = document.createElement('div'); bubble.innerHTML = '<img src=y onerror="window.__pwned=3">';
        document.body.append(bubble); }""")
    page.wait_for_timeout(500)
    assert page.evaluate("window.__pwned") is None
    assert any("script-src" in v for v in page.evaluate("window.__csp || []"))


FUNCTION = re.compile(r"\s*(\(|async\b|function\b|[A-Za-z_$][\w$]*\s*=>)")


def _predicates(tree: Any) -> list[tuple[int, str]]:
    """Every wait_for_function's first argument in a module, as its literal text (an f-string's
    constant parts joined, a name read from the module's own string constants)."""
    import ast

    constants = {target.id: node.value.value for node in tree.body if isinstance(node, ast.Assign)
                 and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)
                 for target in node.targets if isinstance(target, ast.Name)}
    found = []
    for node in ast.walk(tree):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and node.func.attr == "wait_for_function" and node.args):
            first = node.args[0]
            if isinstance(first, ast.Constant) and isinstance(first.value, str):
                found.append((node.lineno, first.value))
            elif isinstance(first, ast.JoinedStr):
                found.append((node.lineno, "".join(part.value for part in first.values
                                                   if isinstance(part, ast.Constant)) or "?"))
            elif isinstance(first, ast.Name) and first.id in constants:
                found.append((node.lineno, constants[first.id]))
    return found


def test_every_wait_for_function_in_the_tests_is_a_function_not_an_expression() -> None:
    """Playwright evaluates an expression predicate with eval() on every poll after the first, and
    the site's policy refuses eval: such a wait passes when its first check is true and fails when
    it is not (CI failed so once). A function is evaluated once, in the first check."""
    import ast

    root = Path(__file__).parent
    wrong = [f"{path.relative_to(root.parent)}:{line}: {text.strip()[:60]!r}"
             for path in sorted(root.rglob("*.py"))
             for line, text in _predicates(ast.parse(path.read_text(encoding="utf-8")))
             if not FUNCTION.match(text)]
    assert not wrong, "wait_for_function with an expression, not a function:\n" + "\n".join(wrong)
