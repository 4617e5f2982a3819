"""A table tool's game is a log of changes (store.mjs), as a game master meets it on a phone.

An applied change is consumed (a double tap, a later tap or a reload applies nothing more); a pick
or a typed amount is never a step of Undo; Undo works across a reload and in a shared link's
copy, whose history the engine folds from the link's changes; a link from before the log opens.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

import pytest

from tests import test_browser as shared
from tests import test_table_browser as table
from tests.support.says import says
from tests.test_table_browser import BAR, FIGHT, PHONE, WBS, open_table, rows, value

site, browser = shared.site, shared.browser
phone, phones = table.phone, table.phones  # the phone fixture and its warm tab, shared
settled = shared.settled

pytestmark = [pytest.mark.browser, pytest.mark.slow]
APPLY = f'{BAR} [data-table-action="apply"]'
UNDO = f'{BAR} [data-table-action="undo"]'
STEP = f"{BAR} [data-table-step]"


def damage(page: Any, row: int) -> str:
    return page.locator(f'{FIGHT} tr[data-row="{row}"] [data-field="damage"]').input_value()


def enter(page: Any, who: str, amount: str) -> None:
    """Tap a fighter's name, type an amount: the change being entered, as a GM makes it."""
    page.tap(f'{FIGHT} .codex-pick[data-pick="{who}"]')
    page.locator(f'{BAR} input[name="change"]').fill(amount)
    settled(page, WBS)


def test_a_double_tap_on_apply_applies_once_also_after_a_reload(site: tuple[str, list[str]], phone: Any) -> None:
    page = phone
    open_table(page, site[0] + "wbs/fight/")
    enter(page, "Bandit", "+3")
    box = page.locator(APPLY).bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.touchscreen.tap(x, y)
    page.touchscreen.tap(x, y)
    settled(page, WBS)
    assert damage(page, 2) == "3"
    assert page.locator(f'{BAR} input[name="change"]').input_value() == "", "the applied change stayed entered"
    page.wait_for_timeout(600)  # past the double-tap guard: a later tap finds nothing to apply
    assert page.locator(APPLY).is_disabled(), "Apply stayed ready after its change was applied"
    page.tap(APPLY, force=True)
    settled(page, WBS)
    assert damage(page, 2) == "3"
    page.reload()
    page.wait_for_selector(f'{FIGHT}[data-table-ready="yes"]')
    settled(page, WBS)
    assert damage(page, 2) == "3"
    assert page.locator(f'{BAR} input[name="change"]').input_value() == ""
    assert page.locator(APPLY).is_disabled(), "a reload made the applied change ready again"
    page.tap(APPLY, force=True)
    settled(page, WBS)
    assert damage(page, 2) == "3", "a reload applied the change again"


def test_pick_change_and_undo_undoes_the_change_and_leaves_no_pick_step(site: tuple[str, list[str]],
                                                                         phone: Any) -> None:
    page = phone
    open_table(page, site[0] + "wbs/fight/")
    # The last step is the example fight the page was opened with, before and after a pick and an amount.
    example = "Undo: Tried an example fight"
    assert page.locator(UNDO).get_attribute("title") == example
    enter(page, "Bandit", "+3")
    assert page.locator(UNDO).get_attribute("title") == example, "a pick or a typed amount became a step of Undo"
    page.tap(APPLY)
    settled(page, WBS)
    assert damage(page, 2) == "3"
    says(page.locator(STEP).inner_text(), "Bandit", 3, "damage")
    page.tap(UNDO)
    settled(page, WBS)
    assert damage(page, 2) == "0"
    says(page.locator(STEP).inner_text(), "Undone", "Bandit", 3, "damage")
    assert page.locator(UNDO).get_attribute("title") == example, "Undo walked back into the pick"
    page.tap(f'{BAR} [data-table-action="redo"]')
    settled(page, WBS)
    assert damage(page, 2) == "3", "Redo changed nothing visible"


def test_undo_works_across_a_reload_and_in_a_shared_links_copy(site: tuple[str, list[str]], phone: Any,
                                                                browser: Any) -> None:
    page = phone
    open_table(page, site[0] + "wbs/fight/")
    where = lambda p: [value(p, n) for n in ("round", "phase", "tick")]  # noqa: E731
    start = where(page)
    enter(page, "Hero", "+2")
    page.tap(APPLY)
    settled(page, WBS)
    for _ in range(2):
        page.tap(f'{BAR} [data-table-action="next"]')
        settled(page, WBS)
        page.wait_for_timeout(550)
    after = where(page)
    assert after != start and damage(page, 1) == "2"
    page.reload()
    page.wait_for_selector(f'{FIGHT}[data-table-ready="yes"]')
    settled(page, WBS)
    assert where(page) == after
    page.tap(UNDO)
    settled(page, WBS)
    assert where(page) != after, "Undo did nothing after a reload"
    page.tap(f'{BAR} [data-table-action="redo"]')
    settled(page, WBS)
    assert where(page) == after
    page.wait_for_timeout(400)  # the log goes into the address once the GM pauses (with the kept copy)
    settled(page, WBS)
    link = page.url
    assert f"log.{WBS}=" in link, "the page's link carries no log"

    other = browser.new_context(**PHONE, service_workers="block")
    try:
        second = other.new_page()
        open_table(second, link)
        settled(second, WBS)
        assert where(second) == after and damage(second, 1) == "2"
        second.wait_for_function(f"() => !document.querySelector('{UNDO}').disabled")  # the engine folded the log
        assert second.locator(STEP).inner_text().startswith("Next")
        for _ in range(3):
            second.tap(UNDO)
            settled(second, WBS)
        assert where(second) == start and damage(second, 1) == "0", "the link's copy could not undo to its start"
        second.tap(UNDO)  # and the example fight the first page was opened with
        settled(second, WBS)
        assert rows(second) == [] and second.locator(UNDO).is_disabled()
    finally:
        other.close()


def test_a_fight_from_the_link_format_before_the_log_opens(site: tuple[str, list[str]], phone: Any) -> None:
    """A link from before the log (inputs only) opens as it did: its game is the log's start."""
    page = phone
    open_table(page, site[0] + "wbs/fight/?" + urlencode({f"{WBS}.round": "3"}))
    settled(page, WBS)
    assert value(page, "round") == "3" and rows(page) == ["Hero", "Bandit"]
    assert page.locator(UNDO).is_disabled()
    page.tap(f'{BAR} [data-table-action="next"]')
    settled(page, WBS)
    page.tap(UNDO)
    settled(page, WBS)
    assert value(page, "round") == "3" and value(page, "phase") == "0"


def test_an_exported_fight_keeps_its_history_and_undo_walks_it_back_to_the_fight_it_replaced(
        site: tuple[str, list[str]], phone: Any, browser: Any, tmp_path: Any) -> None:
    page = phone
    open_table(page, site[0] + "wbs/fight/")
    enter(page, "Bandit", "+4")
    page.tap(APPLY)
    settled(page, WBS)
    page.tap(f'{BAR} [data-table-action="next"]')
    settled(page, WBS)
    box = f"{FIGHT} [data-saves]"
    with page.expect_download() as download:
        page.click(f'{box} [data-save="export"]')
    exported = tmp_path / "fight.json"
    download.value.save_as(exported)

    other = browser.new_context(**PHONE, service_workers="block")
    try:
        second = other.new_page()
        open_table(second, site[0] + "wbs/fight/?" + urlencode({f"{WBS}.round": "7"}))
        second.set_input_files(f'{box} [data-save="import"]', str(exported))
        second.wait_for_function(f"() => document.querySelector('{FIGHT} input[name=\"phase\"]').value === '1'")
        settled(second, WBS)
        assert damage(second, 2) == "4" and value(second, "round") == "1"
        second.tap(UNDO)
        settled(second, WBS)
        assert value(second, "phase") == "0" and damage(second, 2) == "4", "Undo did not walk the file's history"
        second.tap(UNDO)
        settled(second, WBS)
        assert damage(second, 2) == "0"
        second.tap(UNDO)  # the file's example fight
        settled(second, WBS)
        assert rows(second) == []
        second.tap(UNDO)
        settled(second, WBS)
        assert value(second, "round") == "7", "Undo did not bring back the fight the file replaced"
        assert second.locator(UNDO).is_disabled()
    finally:
        other.close()
