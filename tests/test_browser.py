"""End to end in Debian's headless Chromium, against the built site served on 127.0.0.1."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.support.browser import chromium, local_only
from tests.support.engine import engine, rules_data
from tests.support.server import serve

pytestmark = [pytest.mark.browser, pytest.mark.slow]
LIVE_TIMEOUT = 60_000  # ms; Pyodide starts in a few seconds on a quiet machine


@pytest.fixture(scope="module")
def site(built_site: Path, site_port: int) -> Iterator[tuple[str, list[str]]]:
    with serve(built_site, site_port) as served:
        yield served


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not Path("/usr/bin/chromium").exists():
        pytest.fail("Debian's chromium is missing: ./dev test installs it (apt-get install chromium)")
    with chromium() as b:
        yield b


@pytest.fixture()
def tab(browser: Any) -> Iterator[tuple[Any, dict[str, list]]]:
    # No service worker here: these tests see the site as a private window does (and stay quick).
    context = browser.new_context(viewport={"width": 1280, "height": 900}, service_workers="block")
    page = context.new_page()
    seen: dict[str, list] = {"blocked": [], "responses": [], "prefetched": [], "console": []}
    local_only(page, seen["blocked"])
    # What the page's code asked for; apart, what its head asked for ahead (early_engine.py's prefetch of
    # the engine's downloads, which the worker's own request then finds in the HTTP cache).
    context.on("response", lambda r: seen["prefetched" if r.request.headers.get("sec-purpose") == "prefetch"
                                          else "responses"].append((r.url, r.headers.get("content-type", ""))))
    page.on("console", lambda m: seen["console"].append(f"{m.type}: {m.text}"))
    page.on("pageerror", lambda e: seen["console"].append(f"pageerror: {e}"))
    yield page, seen
    assert seen["blocked"] == [], f"requests left 127.0.0.1: {seen['blocked']}"
    assert not [c for c in seen["console"] if c.startswith("pageerror")], seen["console"]
    context.close()


def settled(page: Any, calc: str) -> None:
    """Wait until the form has a live answer, none is on its way, and a control that advances the
    fight takes taps again (rows.mjs holds them off briefly after one); then the address holds its
    inputs (written at once, as before a link is followed: the page alone waits for a pause, which
    test_links checks)."""
    page.wait_for_function(
        f"""() => {{ const f = document.querySelector('form[data-calc="{calc}"]');
                    const d = f.dataset;
                    if (d.live !== "yes" || d.busy !== "no" || d.applying === "yes") return false;
                    window.__codex.writeAddress();
                    return !window.__codex.addressPending(); }}""",
        timeout=LIVE_TIMEOUT)


def change(page: Any, calc: str, values: dict[str, object]) -> None:
    """Set inputs the way a reader does, then wait for the live answer to the last change."""
    form = f'form[data-calc="{calc}"]'
    for name, value in values.items():
        control = page.locator(f'{form} [name="{name}"]:is(input, select)')
        if isinstance(value, bool):
            control.set_checked(value)
        elif control.evaluate("el => el.tagName") == "SELECT":
            control.select_option(str(value))
        else:
            control.fill(str(value))
    settled(page, calc)


def outputs(page: Any, calc: str) -> dict[str, str]:
    return page.eval_on_selector_all(
        f'form[data-calc="{calc}"] output',
        "els => Object.fromEntries(els.map(e => [e.getAttribute('name'), e.innerHTML]))")


CASES = [
    {"strength": 3, "constitution": 2, "dexterity": 4, "smarts": 2, "charisma": 4, "wits": 3},
    {"strength": 7, "dexterity": 9, "smarts": 5, "health_bonus": 2, "derived_limit": "lower"},
    {"dexterity": 5, "wits": 12, "stamina_bonus": 1},
]


def test_live_answers_equal_cpython(site: tuple[str, list[str]], tab: tuple[Any, dict]) -> None:
    base, _ = site
    page, seen = tab
    page.goto(base + "wbs/attributes/")
    defaults = {i["name"]: i["default"] for i in engine().describe("wbs.derived")["inputs"]}
    assert outputs(page, "wbs.derived") == engine().show("wbs.derived", defaults)  # baked at build time
    current = dict(defaults)
    for case in CASES:
        change(page, "wbs.derived", case)
        current.update(case)
        assert outputs(page, "wbs.derived") == engine().show("wbs.derived", current), case
    wasm = [ctype for url, ctype in seen["responses"] if url.endswith(".wasm")]
    assert wasm == ["application/wasm"]


COUNT_RUNS = """(() => { window.__runs = [];
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (message, ...rest) {
    if (message && message.type === "run") window.__runs.push(JSON.stringify(message.inputs));
    return post.call(this, message, ...rest);
  }; })();"""


def test_one_run_per_change(site: tuple[str, list[str]], tab: tuple[Any, dict]) -> None:
    """A select's one change, a number typed then left, a value set again as it was, and a burst
    of typing: each change asks the worker once, an unchanged value never, a burst only its newest."""
    base, _ = site
    page, _ = tab
    page.add_init_script(COUNT_RUNS)
    page.goto(base + "wbs/attributes/")
    form = 'form[data-calc="wbs.derived"]'
    change(page, "wbs.derived", {"strength": 5})
    runs = lambda: page.evaluate("window.__runs.length")  # noqa: E731
    before = runs()
    page.focus(f'{form} select[name="derived_limit"]')
    page.keyboard.press("ArrowDown")  # the reader's own select: an input and a change event
    settled(page, "wbs.derived")
    assert runs() == before + 1, "a select's change asked more than once"
    field = page.locator(f'{form} input[name="strength"]')
    field.focus()
    page.keyboard.press("Control+A")
    page.keyboard.type("6")
    settled(page, "wbs.derived")
    page.keyboard.press("Tab")  # leaving the field: a change event, the same values
    page.wait_for_timeout(300)
    settled(page, "wbs.derived")
    assert runs() == before + 2, "typing then leaving a field asked twice"
    field.fill("6")  # the value it already has
    page.wait_for_timeout(300)
    assert runs() == before + 2, "inputs equal to the last answered ones were sent again"
    field.focus()
    page.keyboard.press("Control+A")
    page.keyboard.type("987", delay=0)  # a burst: the newest change supersedes the ones waiting
    settled(page, "wbs.derived")
    sent = page.evaluate("window.__runs")
    assert len(sent) <= before + 2 + 3 and '"strength":"987"' in sent[-1]
    assert outputs(page, "wbs.derived") == engine().show("wbs.derived", {
        **{i["name"]: i["default"] for i in engine().describe("wbs.derived")["inputs"]},
        "strength": 987, "derived_limit": page.input_value(f'{form} select[name="derived_limit"]')})


def test_wrong_value_shows_a_message_beside_the_field(site: tuple[str, list[str]], tab: tuple[Any, dict]) -> None:
    base, _ = site
    page, _ = tab
    page.goto(base + "wbs/attributes/")
    change(page, "wbs.derived", {"strength": 0})
    alert = page.locator('form[data-calc="wbs.derived"] [id$="-strength-error"][role="alert"]')
    assert alert.is_visible()
    assert "whole number from 1" in alert.inner_text()
    assert page.locator('form[data-calc="wbs.derived"] input[name="strength"]').get_attribute("aria-invalid") == "true"
    change(page, "wbs.derived", {"strength": 4, "reflex_bonus": 5})  # cross-field limits need valid attributes
    reflex_alert = page.locator('form[data-calc="wbs.derived"] [id$="-reflex_bonus-error"]')
    assert "at most" in reflex_alert.inner_text()
    text = page.inner_text("body")
    assert "Traceback" not in text and "NaN" not in text
    change(page, "wbs.derived", {"strength": 4, "reflex_bonus": 0})
    assert not alert.is_visible()


def test_inputs_live_in_the_url(site: tuple[str, list[str]], tab: tuple[Any, dict]) -> None:
    base, _ = site
    page, _ = tab
    page.goto(base + "wbs/energy/")
    change(page, "wbs.energy", {"strength": 6, "spark": "warrior"})
    assert "wbs.energy.strength=6" in page.url and "wbs.energy.spark=warrior" in page.url
    page.reload()
    settled(page, "wbs.energy")
    assert page.input_value('form[data-calc="wbs.energy"] input[name="strength"]') == "6"
    expected = engine().show("wbs.energy", {"strength": 6, "spark": "warrior"})
    assert outputs(page, "wbs.energy") == expected


def test_instant_navigation_keeps_the_worker(site: tuple[str, list[str]], tab: tuple[Any, dict]) -> None:
    base, _ = site
    page, seen = tab
    page.goto(base + "wbs/attributes/")
    change(page, "wbs.derived", {"strength": 5})
    page.evaluate("window.__sameDocument = true")
    page.click('nav.md-nav--primary a[href$="energy/"]')
    page.wait_for_selector('form[data-calc="wbs.energy"]')
    change(page, "wbs.energy", {"dexterity": 4})
    page.click('nav.md-nav--primary a[href$="attributes/"]')
    page.wait_for_selector('form[data-calc="wbs.derived"]')
    change(page, "wbs.derived", {"wits": 6})
    assert page.evaluate("window.__sameDocument") is True, "navigation reloaded the page"
    loads = [url for url, _ in seen["responses"] if url.endswith("pyodide.asm.wasm")]
    bundles = sorted(url.rsplit("/", 1)[1].rsplit("-", 1)[0] for url, _ in seen["responses"] if "/calculators-" in url)
    assert len(loads) == 1 and bundles == ["calculators", "calculators-wbs"], "the core and WBS's code, once each"
    # Another game's page in the same document: its code comes once, before its first answer; no
    # page of this walk is Rain's, so Rain's code never comes.
    page.evaluate("(address) => window.location$.next(new URL(address))", base + "xia/attacks/")
    page.wait_for_selector('form[data-calc="xia.attack"]')
    before = outputs(page, "xia.attack")
    change(page, "xia.attack", {"attacker_trait": 3})
    assert outputs(page, "xia.attack") != before, "the Xia calculator answered"
    assert page.evaluate("window.__sameDocument") is True
    bundles = sorted(url.rsplit("/", 1)[1].rsplit("-", 1)[0] for url, _ in seen["responses"] if "/calculators-" in url)
    assert bundles == ["calculators", "calculators-wbs", "calculators-xia"]


def test_a_game_whose_code_cannot_come_says_so_and_answers_once_it_can(site: tuple[str, list[str]],
                                                                       tab: tuple[Any, dict]) -> None:
    """Another game's code comes when one of its pages opens in the same document: a link that fails
    then is said as the link's fault (not as a bug of the calculator), and the next change asks again."""
    base, _ = site
    page, _ = tab
    page.goto(base + "wbs/attributes/")
    change(page, "wbs.derived", {"strength": 5})
    page.route("**/assets/codex/calculators-xia-*.zip", lambda route: route.abort())
    page.evaluate("(address) => window.location$.next(new URL(address))", base + "xia/attacks/")
    page.wait_for_selector('form[data-calc="xia.attack"]')
    before = outputs(page, "xia.attack")
    change(page, "xia.attack", {"attacker_trait": 3})
    status = page.locator('form[data-calc="xia.attack"] .calc__status')
    assert "could not be downloaded" in status.inner_text() and status.get_attribute("data-state") == "failed"
    assert outputs(page, "xia.attack") == before, "the results shown are the last good ones"
    page.unroute("**/assets/codex/calculators-xia-*.zip")
    change(page, "xia.attack", {"attacker_trait": 4})
    assert outputs(page, "xia.attack") != before and status.get_attribute("data-state") == "live"


def test_pages_without_widgets_load_no_pyodide(site: tuple[str, list[str]], tab: tuple[Any, dict]) -> None:
    base, _ = site
    page, seen = tab
    for path in ("", "wbs/tiers/", "wbs/glossary/", "source-notes/"):
        page.goto(base + path)
        page.wait_for_timeout(400)
    page.wait_for_timeout(2500)  # longer than the idle prewarm on widget pages
    assert not [url for url, _ in seen["responses"] + seen["prefetched"] if "pyodide" in url or "/calculators-" in url]


def test_house_rule_reading_is_chosen_once_and_followed(site: tuple[str, list[str]], tab: tuple[Any, dict]) -> None:
    base, _ = site
    page, _ = tab
    page.goto(base + "wbs/attributes/")
    note = page.locator('select[data-reading-for="wbs.derived-limit"]').first
    assert note.is_visible()
    note.select_option("lower")
    settled(page, "wbs.derived")
    assert page.input_value('form[data-calc="wbs.derived"] select[name="derived_limit"]') == "lower"
    page.goto(base + "wbs/energy/")  # a new page load: the choice is remembered on this device
    page.goto(base + "wbs/attributes/")
    settled(page, "wbs.derived")
    assert page.input_value('form[data-calc="wbs.derived"] select[name="derived_limit"]') == "lower"
    expected = engine().show("wbs.derived", {"derived_limit": "lower"})
    assert outputs(page, "wbs.derived") == expected
    # A shared link's own value wins over the house rule.
    page.goto(base + "wbs/attributes/?wbs.derived.derived_limit=average")
    page.wait_for_timeout(300)
    assert page.input_value('form[data-calc="wbs.derived"] select[name="derived_limit"]') == "average"


def test_bestiary_index_sorts_and_filters_after_instant_navigation(
    site: tuple[str, list[str]], tab: tuple[Any, dict]
) -> None:
    base, _ = site
    page, _ = tab
    page.goto(base + "wbs/combat/")
    page.click('nav.md-nav--primary a[href$="bestiary/"]')  # instant navigation, then bind
    page.wait_for_selector("table.wbs-bestiary__table button.codex-sort")
    # What the rows show is read from the bestiary's files, so a creature added from the template
    # changes no line here.
    creatures = [v for k, v in rules_data().items() if k.startswith("wbs/bestiary/")]
    shown = lambda: page.eval_on_selector_all(  # noqa: E731
        "table.wbs-bestiary__table tbody tr:not([hidden])",
        "rows => rows.map(r => [r.querySelector('th').textContent.trim(), Number(r.dataset.points),"
        " r.dataset.source, r.textContent.toLowerCase()])")
    names = lambda: [row[0] for row in shown()]  # noqa: E731
    assert names() == sorted(c["name"] for c in creatures) and len(creatures) >= 2
    page.click('table.wbs-bestiary__table th[data-key="points"] button')
    page.click('table.wbs-bestiary__table th[data-key="points"] button')  # descending
    points = [row[1] for row in shown()]
    assert points == sorted(points, reverse=True) and len(set(points)) > 1, points
    page.fill(".codex-filter input[type=search]", "sneak")
    page.wait_for_timeout(100)
    kept = shown()
    assert kept and all("sneak" in row[3] for row in kept), kept
    assert len(kept) < len(creatures)
    page.fill(".codex-filter input[type=search]", "")
    page.locator("label.codex-filter__field", has_text="Source").locator("select").select_option("book")
    page.wait_for_timeout(100)
    from_book = shown()
    assert sorted(row[0] for row in from_book) == sorted(c["name"] for c in creatures if c.get("source") == "book")
    assert [row[1] for row in from_book] == sorted((row[1] for row in from_book), reverse=True)  # still by points
