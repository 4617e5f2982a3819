"""Building the fight without leaving it (issue 29, part 4), on a phone: 390 × 844, touch.

A new fight starts empty and says so, with "Add fighters" and a one-tap example that Undo takes
back; the last fighter can be removed; "3 × Goblin" in three taps and no page load; parties and
encounters kept on the device, added at once after a reload, deleted and put back, carried by the
backup file; full storage refused in words; a link from before the empty start opens as it did.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import pytest
from playwright.sync_api import expect

from tests import test_browser as shared
from tests.support.says import saying, says, says_none
from tests.test_device_store_browser import FILL, UNFILL
from tests.test_table_browser import BAR, CONFLICT, FIGHT, WBS, XIA, open_table, phone, phones, rows, value

site, browser = shared.site, shared.browser
settled = shared.settled

pytestmark = [pytest.mark.browser, pytest.mark.slow]
__all__ = ["phone", "phones"]  # the table tests' phone fixture (downloads allowed: the backup file)
GROUPS = f"codex.group.{WBS}."


def tap_undo(page: Any, calc: str = WBS) -> None:
    page.tap(f'form[data-calc="{calc}"] {BAR} [data-table-action="undo"]')
    settled(page, calc)


def fighters(page: Any) -> Any:
    return page.get_by_role("list", name="Fighters").get_by_role("listitem")


def picker(page: Any) -> Any:
    return page.get_by_role("dialog", name="Add fighters")


def serious(page: Any) -> list[dict[str, Any]]:
    """What axe (target size on) finds serious on the page as it is now."""
    from tests.test_accessibility import ALSO_FAILS, SERIOUS, axe_violations

    return [v for v in axe_violations(page) if v["impact"] in SERIOUS or v["id"] in ALSO_FAILS]


def no_sideways_scroll(page: Any) -> None:
    width = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], width


@pytest.mark.parametrize(("calc", "form", "url", "example"), [
    (WBS, FIGHT, "wbs/fight/", ["Hero", "Bandit"]),
    (XIA, CONFLICT, "xia/conflict/", ["Moon Shadow", "Guardsman"]),
])
def test_a_new_fight_starts_empty_and_its_example_is_one_step_undo_takes_back(
        site: tuple[str, list[str]], phone: Any, calc: str, form: str, url: str, example: list[str]) -> None:
    page = phone
    open_table(page, site[0] + url, form, example=False)
    assert rows(page, form) == []
    build = page.locator(f"{form} .codex-build")
    expect(build.get_by_text("No fighters yet.")).to_be_visible()
    expect(build.get_by_role("button", name="Add fighters")).to_be_visible()
    if calc == WBS:  # a fight of nobody has no round to run: no Next in the bar
        expect(page.locator(f'{BAR} [data-table-action="next"]')).to_be_hidden()
    no_sideways_scroll(page)
    assert serious(page) == []  # the empty fight, with its two buttons
    prompt = page.locator(f"{form} {BAR}").get_by_role("button", name="Round choices")
    if calc == WBS:  # nobody to ask for the round's choices yet
        expect(prompt).to_be_hidden()
    page.get_by_role("button", name="Try an example fight").tap()
    settled(page, calc)
    assert rows(page, form) == example
    expect(build.get_by_text("No fighters yet.")).to_be_hidden()
    expect(page.get_by_role("button", name="Try an example fight")).to_be_hidden()
    says(page.locator(f"{form} {BAR} [data-table-step]").inner_text(), "example fight")
    if calc == WBS:
        expect(prompt).to_be_visible()
    tap_undo(page, calc)  # one change: the whole example goes
    assert rows(page, form) == []
    expect(page.get_by_role("button", name="Try an example fight")).to_be_visible()
    expect(page.locator(f"{form} {BAR} [data-table-action='undo']")).to_be_disabled()


def test_the_last_fighter_can_be_removed(site: tuple[str, list[str]], phone: Any) -> None:
    page = phone
    open_table(page, site[0] + "wbs/fight/", example=False)
    page.get_by_role("button", name="Try an example fight").tap()
    settled(page, WBS)
    for _ in range(2):
        page.tap(f'{FIGHT} tr[data-row="1"] [data-rows-action="remove"]')
        settled(page, WBS)
    assert rows(page) == []
    says(page.locator(f"{BAR} [data-table-step]").inner_text(), "Removed", "Bandit")
    expect(page.get_by_role("button", name="Try an example fight")).to_be_visible()
    says(page.locator(f"{FIGHT} output[name=acting_now]").text_content() or "", "No fighters")


@pytest.mark.parametrize(("calc", "form", "url", "who", "count", "said"), [
    (WBS, FIGHT, "wbs/fight/", "Goblin", "3", ("Goblin 1", 3, "joined", "3 combatants")),
    (XIA, CONFLICT, "xia/conflict/", "Guardsman", "2", ("Guardsman 1", "Guardsman 2", "joined", "2 combatants")),
])
def test_a_count_of_one_creature_in_three_taps_and_no_navigation(
        site: tuple[str, list[str]], phone: Any, calc: str, form: str, url: str, who: str, count: str,
        said: tuple[str | int, ...]) -> None:
    page = phone
    open_table(page, site[0] + url, form, example=False)
    path = urlparse(page.url).path
    loads: list[str] = []
    navigations: list[str] = []

    def loaded() -> None:
        loads.append(page.url)

    def navigated(frame: Any) -> None:
        if frame == page.main_frame:
            navigations.append(frame.url)

    page.on("load", loaded)
    page.on("framenavigated", navigated)
    taps = 0
    for target in (page.get_by_role("button", name="Add fighters"),
                   picker(page).get_by_role("button", name=count, exact=True),
                   picker(page).get_by_role("button", name=who, exact=True)):
        target.tap()
        taps += 1
    settled(page, calc)
    page.remove_listener("load", loaded)  # the tab is kept warm for the next test (tests/support/warm.py)
    page.remove_listener("framenavigated", navigated)
    assert taps == 3 and loads == [] and urlparse(page.url).path == path
    # The address follows the fight (history.replaceState), which is no navigation and no load.
    assert all(urlparse(u).path == path for u in navigations), navigations
    wanted = [f"{who} {n}" for n in range(1, int(count) + 1)]
    assert rows(page, form) == wanted
    says(picker(page).get_by_role("status").first.inner_text(), *said)
    box = picker(page).bounding_box()
    assert box and box["width"] <= 390
    page.get_by_role("button", name="Done").tap()
    expect(fighters(page)).to_have_count(int(count))
    tap_undo(page, calc)  # one step takes them all out
    assert rows(page, form) == []


def keep_party(page: Any, name: str) -> None:
    page.get_by_role("button", name="Add fighters").tap()
    picker(page).get_by_role("textbox", name="Name of a party or encounter").fill(name)
    picker(page).get_by_role("button", name="Save these as a party or encounter").tap()


def test_a_party_is_kept_and_after_a_reload_added_at_once(site: tuple[str, list[str]], phone: Any,
                                                          tmp_path: Path) -> None:
    page = phone
    open_table(page, site[0] + "wbs/fight/", example=False)
    # Nobody to keep yet: said beside the name.
    keep_party(page, "Nobody")
    expect(picker(page).get_by_role("alert")).to_have_text(saying("nobody", "keep", "add fighters"))
    picker(page).get_by_role("button", name="Done").tap()

    page.get_by_role("button", name="Try an example fight").tap()
    settled(page, WBS)
    keep_party(page, "The heroes")
    expect(picker(page).get_by_role("status").first).to_contain_text(
        saying("Kept", "The heroes", "this device", "Hero", "Bandit"))
    kept = json.loads(page.evaluate(f"() => localStorage.getItem({json.dumps(GROUPS + 'The heroes')})"))
    assert [r["name"] for r in kept["rows"]] == ["Hero", "Bandit"] and kept["calc"] == WBS
    # The same name again is refused, never replaced.
    picker(page).get_by_role("textbox", name="Name of a party or encounter").fill("The heroes")
    picker(page).get_by_role("button", name="Save these as a party or encounter").tap()
    expect(picker(page).get_by_role("alert")).to_contain_text("is kept already")
    # Or only some of them.
    picker(page).get_by_text("Only some of them").tap()
    picker(page).get_by_role("checkbox", name="Hero").uncheck()
    picker(page).get_by_role("textbox", name="Name of a party or encounter").fill("The bandit")
    picker(page).get_by_role("button", name="Save these as a party or encounter").tap()
    expect(picker(page).get_by_role("status").first).to_contain_text(
        saying("Kept", "The bandit", "this device", "Bandit"))
    says_none(picker(page).get_by_role("status").first.inner_text(), "Hero")  # only some of them
    picker(page).get_by_role("button", name="Done").tap()

    # A new fight on another visit: the party is offered and comes in one tap, one step.
    page.evaluate(f"() => localStorage.removeItem('codex.table.{WBS}')")
    open_table(page, site[0] + "wbs/fight/", example=False)
    assert rows(page) == []
    page.get_by_role("button", name="Add fighters").tap()
    expect(picker(page).get_by_role("heading", name="Parties and encounters")).to_be_visible()
    picker(page).get_by_text("Only some of them").tap()
    assert serious(page) == []  # the picker open, with its parties and its choices shown
    picker(page).get_by_text("Only some of them").tap()
    picker(page).get_by_role("button", name="The heroes", exact=True).tap()
    settled(page, WBS)
    assert rows(page) == ["Hero", "Bandit"]
    expect(picker(page).get_by_role("status").first).to_contain_text("“The heroes” joined the fight")
    picker(page).get_by_role("button", name="The heroes", exact=True).tap()  # again: named on
    settled(page, WBS)
    assert rows(page) == ["Hero", "Bandit", "Hero 2", "Bandit 2"]
    picker(page).get_by_role("button", name="Done").tap()
    says(page.locator(f"{BAR} [data-table-step]").inner_text(), "Added", "The heroes")
    tap_undo(page)
    assert rows(page) == ["Hero", "Bandit"]

    # The backup file of "On this device" carries it.
    page.goto(site[0] + "device/")
    page.wait_for_selector("[data-device-list] li")
    expect(page.locator("[data-device-list]")).to_contain_text("the party or encounter “The heroes”")
    with page.expect_download() as download:
        page.get_by_role("button", name="Export a backup file").tap()
    backup = json.loads(Path(download.value.path()).read_text())
    assert GROUPS + "The heroes" in json.dumps(backup)

    # Deleted, and put back.
    open_table(page, site[0] + "wbs/fight/", example=False)
    page.get_by_role("button", name="Add fighters").tap()
    picker(page).get_by_role("button", name="Delete The heroes").tap()
    expect(picker(page).get_by_role("status").first).to_contain_text(saying("Deleted", "The heroes"))
    expect(picker(page).get_by_role("button", name="The heroes", exact=True)).to_have_count(0)
    picker(page).get_by_role("button", name="Put it back").tap()
    expect(picker(page).get_by_role("button", name="The heroes", exact=True)).to_be_visible()


def test_full_storage_refuses_to_keep_a_party_and_says_so(site: tuple[str, list[str]], phone: Any) -> None:
    page = phone
    open_table(page, site[0] + "wbs/fight/", example=False)
    page.get_by_role("button", name="Try an example fight").tap()
    settled(page, WBS)
    page.wait_for_timeout(500)  # the fight is kept first (written a moment after a change)
    page.evaluate(FILL)
    try:
        keep_party(page, "Big party")
        expect(picker(page).get_by_role("alert")).to_contain_text(
            "This browser's storage for this site is full, so “Big party” was not kept")
        assert page.evaluate(f"() => Object.keys(localStorage).filter(k => k.startsWith({json.dumps(GROUPS)}))") == []
    finally:
        page.evaluate(UNFILL)


def test_a_link_from_before_the_empty_start_opens_with_the_example(site: tuple[str, list[str]], phone: Any) -> None:
    page = phone
    # Made before a fight started empty: its fighters left out because they were the default then.
    open_table(page, site[0] + f"wbs/fight/?{WBS}.round=3", example=False)
    assert rows(page) == ["Hero", "Bandit"] and value(page, "round") == "3"
    # A link made now carries its fighters beside any other input, even none.
    page.evaluate(f"() => localStorage.removeItem('codex.table.{WBS}')")
    open_table(page, site[0] + "wbs/fight/", example=False)
    page.locator(f'{FIGHT} input[name="round"]').fill("2")
    settled(page, WBS)
    query = urlparse(page.url).query
    assert f"{WBS}.round=2" in query and f"{WBS}.combatants=1" in query
    open_table(page, page.url, example=False)
    assert rows(page) == [] and value(page, "round") == "2"


def test_a_xia_encounter_is_kept_and_added_at_once(site: tuple[str, list[str]], phone: Any) -> None:
    page = phone
    open_table(page, site[0] + "xia/conflict/", CONFLICT, example=False)
    page.get_by_role("button", name="Try an example fight").tap()
    settled(page, XIA)
    keep_party(page, "At the bridge")
    expect(picker(page).get_by_role("status").first).to_contain_text(saying("Kept", "At the bridge", "this device"))
    picker(page).get_by_role("button", name="Done").tap()
    tap_undo(page, XIA)
    assert rows(page, CONFLICT) == []
    page.get_by_role("button", name="Add fighters").tap()
    picker(page).get_by_role("button", name="At the bridge", exact=True).tap()
    settled(page, XIA)
    assert rows(page, CONFLICT) == ["Moon Shadow", "Guardsman"]
    picker(page).get_by_role("button", name="Done").tap()
    tap_undo(page, XIA)  # one change
    assert rows(page, CONFLICT) == []
