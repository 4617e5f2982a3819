"""Nothing a GM keeps is lost: the table tools' store against full storage, two tabs, damaged
records and hostile files, and one backup file that restores into a fresh browser (issue 32).

Each of the issue's five findings is reproduced here as it was found, on a 390 px touch profile.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest

from tests import test_browser as shared
from tests.support.browser import local_only
from tests.test_table_browser import BAR, FIGHT, PHONE, WBS, kept, open_table, phone, phones, rows, wait_kept

site, browser = shared.site, shared.browser
settled = shared.settled
__all__ = ["phone", "phones"]  # a phone's tab kept warm for the module (tests/support/warm.py)

pytestmark = [pytest.mark.browser, pytest.mark.slow]
KEPT = f"codex.table.{WBS}"
SAVES = f"codex.save.{WBS}."
NOTICE = f"{FIGHT} [data-table-notice]"
BOX = f"{FIGHT} [data-saves]"

# Fills what localStorage has left with records that are not the site's (another app on the same
# origin, a browser extension's), to the last few characters; returns how many it wrote.
FILL = """() => { let n = 0;
  for (const size of [1 << 20, 1 << 16, 1 << 12, 1 << 8, 16, 1]) {
    const text = 'x'.repeat(size);
    for (;;) { try { localStorage.setItem('filler.' + (n++), text); } catch { break; } }
  }
  return n; }"""
UNFILL = "() => { for (const k of Object.keys(localStorage)) if (k.startsWith('filler.')) localStorage.removeItem(k); }"


@pytest.fixture()
def context(browser: Any) -> Iterator[Any]:
    """A phone's browser profile whose pages are checked for outside requests and errors."""
    ctx = browser.new_context(**PHONE, service_workers="block", accept_downloads=True)
    blocked: list[str] = []
    errors: list[str] = []
    ctx.on("page", lambda page: (local_only(page, blocked), page.on("pageerror", lambda e: errors.append(str(e)))))
    yield ctx
    ctx.close()
    assert blocked == [] and errors == []


def saves(page: Any) -> dict[str, dict[str, Any]]:
    """The fight's saves on the device, by name."""
    found = page.evaluate(f"""() => Object.fromEntries(Object.keys(localStorage)
        .filter(k => k.startsWith({json.dumps(SAVES)})).map(k => [k, localStorage.getItem(k)]))""")
    return {key[len(SAVES):]: json.loads(text) for key, text in found.items()}


def names_in(record: dict[str, Any]) -> list[str]:
    return [row["name"] for row in record["inputs"]["combatants"]]


def rename(page: Any, row: int, name: str) -> None:
    page.locator(f'{FIGHT} tr[data-row="{row}"] [data-field="name"]').fill(name)
    settled(page, WBS)


def notice_says(page: Any, words: str) -> None:
    page.wait_for_function(f"""() => (document.querySelector({json.dumps(NOTICE)})?.textContent || '')
        .includes({json.dumps(words)})""")


def link_to(page: Any, url: str, *names: str) -> str:
    """A shared link to a fight of `names` (the fighters' names changed in this page's own code)."""
    code = page.locator(f'{FIGHT} input[name="combatants"]').input_value()
    for old, new in zip(rows(page), names, strict=False):
        code = code.replace(old.replace(" ", "+"), new).replace(old, new)
    return url + "?" + urlencode({f"{WBS}.combatants": code})


# ---- 1. full storage never deletes the kept fight ------------------------------------------------

def test_full_storage_keeps_the_old_fight_and_says_the_new_one_is_not_kept(site: tuple[str, list[str]],
                                                                        phone: Any) -> None:
    page = phone
    url = site[0] + "wbs/fight/"
    open_table(page, url)
    rename(page, 1, "Mei Lin")
    rename(page, 2, "Old Zhao")
    wait_kept(page)
    open_table(page, link_to(page, url, "Linked", "Stranger"))
    assert "Resume the fight kept on this device" in page.locator(NOTICE).inner_text()  # ignored
    assert page.evaluate(FILL) > 0
    rename(page, 1, "Linked twice")
    notice_says(page, "there is no room to save it")
    assert names_in(kept(page)) == ["Mei Lin", "Old Zhao"], "the old fight was replaced with no copy"
    assert saves(page) == {}
    # Room again: the old fight becomes a save, then the link's fight is kept; nothing was lost.
    page.evaluate(UNFILL)
    rename(page, 2, "Stranger twice")
    notice_says(page, "is now the save")
    wait_kept(page)
    assert names_in(kept(page)) == ["Linked twice", "Stranger twice"]
    (copy,) = saves(page).values()
    assert names_in(copy) == ["Mei Lin", "Old Zhao"] and copy["kept"] is True and copy["log"]["entries"]


def test_a_fight_played_on_a_full_device_is_said_and_can_be_exported(site: tuple[str, list[str]],
                                                                      phone: Any) -> None:
    page = phone
    open_table(page, site[0] + "wbs/fight/")
    rename(page, 1, "Before full")
    wait_kept(page)
    before = kept(page)
    page.evaluate(FILL)
    for _ in range(3):
        page.tap(f'{BAR} [data-table-action="next"]')
        settled(page, WBS)
    rename(page, 2, "After full")
    notice_says(page, "storage for this site is full")
    assert kept(page) == before, "a failed write spoiled the record kept before"
    with page.expect_download() as download:
        page.tap(f"{NOTICE} button:has-text('Export this fight as a file')")
    exported = json.loads(Path(download.value.path()).read_text())
    assert names_in(exported) == ["Before full", "After full"] and len(exported["log"]["entries"]) >= 5
    page.evaluate(UNFILL)
    rename(page, 2, "Room again")
    notice_says(page, "kept on this device again")
    wait_kept(page)
    assert names_in(kept(page)) == ["Before full", "Room again"]


def test_a_nearly_full_device_is_said_before_a_write_fails(site: tuple[str, list[str]], phone: Any) -> None:
    page = phone
    open_table(page, site[0] + "wbs/fight/")
    # Saves of another tool taking 85% of the room the site plans for.
    page.evaluate("""() => localStorage.setItem('codex.save.wbs.attributes.Ballast',
        JSON.stringify({ big: 'x'.repeat(4_250_000) }))""")
    rename(page, 1, "Nearly")
    notice_says(page, "full: export a backup file now")
    assert page.locator(f"{NOTICE} button:has-text('Export a backup file')").is_visible()


# ---- 2. two tabs ------------------------------------------------------------------------------

def test_two_tabs_of_two_fights_make_one_copy_each_not_a_save_per_edit(site: tuple[str, list[str]],
                                                                        context: Any) -> None:
    url = site[0] + "wbs/fight/"
    a = context.new_page()
    open_table(a, url)
    rename(a, 1, "Tab A")
    wait_kept(a)
    b = context.new_page()
    open_table(b, link_to(a, url, "Tab B"))
    for n in range(4):
        rename(b, 2, f"B edit {n}")
        b.wait_for_timeout(400)
        rename(a, 2, f"A edit {n}")
        a.wait_for_timeout(400)
    wait_kept(a)
    found = saves(a)
    assert len(found) <= 2, sorted(found)
    by_fight = {record["fight"]: record for record in found.values()}
    assert len(by_fight) == len(found), "a fight has two copies"
    everything = [names_in(r) for r in found.values()] + [names_in(kept(a))]
    assert ["Tab A", "A edit 3"] in everything and ["Tab B", "B edit 3"] in everything


def test_a_tab_follows_the_same_fight_changed_in_another(site: tuple[str, list[str]], context: Any) -> None:
    url = site[0] + "wbs/fight/"
    a = context.new_page()
    open_table(a, url)
    rename(a, 1, "Shared")
    wait_kept(a)
    b = context.new_page()
    open_table(b, url)  # resumes the same fight
    assert rows(b)[0] == "Shared"
    rename(b, 2, "Changed in B")
    wait_kept(b)
    a.wait_for_function(f"""() => document.querySelector('{FIGHT} tr[data-row="2"] [data-field="name"]')
        .value === 'Changed in B'""")
    assert saves(a) == {}


# ---- 3 and 4. damaged records ---------------------------------------------------------------------

def damaged(start: dict[str, Any], saved: str = "2026-12-01T21:40:00Z") -> str:
    return json.dumps({"format": "jianghu-codex-table", "version": 2, "calc": WBS, "fight": "abc",
                       "saved": saved, "log": {"start": start, "entries": [], "at": 0}})


def test_a_damaged_record_is_set_aside_and_the_tool_opens_clean(site: tuple[str, list[str]], phone: Any) -> None:
    page = phone
    url = site[0] + "wbs/fight/"
    open_table(page, url)
    wait_kept(page)  # the page's own write of its fight is done: the record damaged below stays as written
    first = damaged({"round": {"toString": 1}})
    page.evaluate(f"localStorage.setItem({json.dumps(KEPT)}, {json.dumps(first)})")
    open_table(page, url)
    notice_says(page, "could not be read")
    assert "set aside" in page.locator(NOTICE).inner_text()
    rename(page, 1, "Clean")
    wait_kept(page)  # keeping works again
    page.tap(f'{BAR} [data-table-action="undo"]')
    settled(page, WBS)
    assert rows(page)[0] == "Hero"
    wait_kept(page)

    # A second unreadable record is set aside beside the first, never over it.
    second = damaged({"combatants": [{"name": {"toString": 1}}]}, "2026-12-02T21:40:00Z")
    page.evaluate(f"localStorage.setItem({json.dumps(KEPT)}, {json.dumps(second)})")
    open_table(page, url)
    notice_says(page, "set aside")
    aside = page.evaluate(f"""() => Object.keys(localStorage).filter(k => k.startsWith('{KEPT}.unreadable.'))
        .sort().map(k => localStorage.getItem(k))""")
    assert sorted(aside) == sorted([first, second])


def test_a_damaged_record_on_a_full_device_stays_and_is_not_written_over(site: tuple[str, list[str]],
                                                                         phone: Any) -> None:
    page = phone
    url = site[0] + "wbs/fight/"
    open_table(page, url)
    wait_kept(page)  # the page's own write of its fight is done: the record damaged below stays as written
    # Large (a long history, say): no room for its copy, though a new, smaller fight would fit over it.
    bad = damaged({"round": [[[[1]]]], "notes": "x" * 500_000})
    page.evaluate(f"localStorage.setItem({json.dumps(KEPT)}, {json.dumps(bad)})")
    page.evaluate(FILL)
    open_table(page, url)
    notice_says(page, "no room to set it aside")
    assert "was set aside" not in page.locator(NOTICE).inner_text()
    rename(page, 1, "Not over it")
    page.wait_for_timeout(700)
    assert page.evaluate(f"localStorage.getItem({json.dumps(KEPT)})") == bad, "the unreadable fight was written over"
    with page.expect_download() as download:
        page.tap(f"{NOTICE} button:has-text('Download it')")
    assert Path(download.value.path()).read_text() == bad
    page.tap(f"{NOTICE} button:has-text('Delete it')")
    wait_kept(page)
    assert rows(page)[0] == "Not over it"


# ---- 5. every import gets an answer -----------------------------------------------------------

def save_file(inputs: Any, **more: Any) -> dict[str, Any]:
    return {"format": "jianghu-codex-save", "version": 1, "calc": WBS, "name": "Hostile",
            "saved": "2026-12-01T21:40:00Z", "inputs": inputs, **more}


def deep(inputs: str, depth: int = 5000) -> str:
    """A save whose `inputs` (JSON text with DEEP in it) holds a list nested `depth` deep."""
    return json.dumps(save_file({})).replace('"inputs": {}', f'"inputs": {inputs}').replace(
        "DEEP", "[" * depth + "1" + "]" * depth)


GOOD_ROW = {"name": "Fine"}
HOSTILE: dict[str, str | bytes] = {
    "to-string-round.json": json.dumps(save_file({"round": {"toString": 1}})),
    "to-string-name.json": json.dumps(save_file({"combatants": [{"name": {"toString": 1}}]})),
    "to-string-top.json": json.dumps({"toString": 1}),
    "value-of.json": json.dumps(save_file({"round": {"valueOf": 1}})),
    "nested-5000.json": deep('{"round": DEEP}'),
    "nested-rows.json": deep('{"combatants": DEEP}'),
    "nested-file.json": "[" * 100_000 + "]" * 100_000,
    "long-name.json": json.dumps(save_file({"combatants": [{"name": "N" * 5_000_000}]})),
    "name-41.json": json.dumps(save_file({"combatants": [{"name": "N" * 41}]})),
    "number-name.json": json.dumps(save_file({"combatants": [{"name": 12}, GOOD_ROW]})),
    "bool-in-int.json": json.dumps(save_file({"combatants": [{"name": "x", "damage": True}]})),
    "word-in-int.json": json.dumps(save_file({"combatants": [{"name": "x", "damage": "lots"}]})),
    "huge-int.json": json.dumps(save_file({"combatants": [{"name": "x", "damage": "1e308"}]})),
    "choice-not-offered.json": json.dumps(save_file({"combatants": [{"name": "x", "tier": "Godlike"}]})),
    "round-999999.json": json.dumps(save_file({"round": "999999"})),
    "null-inputs.json": json.dumps(save_file(None)),
    "list-inputs.json": json.dumps(save_file([1, 2])),
    "string-inputs.json": json.dumps(save_file("combatants")),
    "proto.json": '{"format":"jianghu-codex-save","version":1,"calc":"' + WBS + '","name":"P","saved":'
                  '"2026-12-01T21:40:00Z","inputs":{"__proto__":{"polluted":1}}}',
    "constructor.json": json.dumps(save_file({"constructor": {"prototype": {"x": 1}}})),
    "row-proto.json": json.dumps(save_file({"combatants": [{"__proto__": {"name": "x"}}]})),
    "rows-of-lists.json": json.dumps(save_file({"combatants": [[1, 2]]})),
    "rows-null.json": json.dumps(save_file({"combatants": [None]})),
    "three-thousand.json": json.dumps(save_file({"combatants": [GOOD_ROW] * 3000})),
    "stray-key.json": json.dumps({**save_file({}), "extra": 1}),
    "calc-object.json": json.dumps({**save_file({}), "calc": {"toString": 1}}),
    "version-object.json": json.dumps({**save_file({}), "version": {"toString": 1}}),
    "name-object.json": json.dumps({**save_file({}), "name": {"toString": 1}}),
    "saved-bad.json": json.dumps({**save_file({}), "saved": "yesterday"}),
    "log-damaged.json": json.dumps(save_file({}, log={"start": {"round": {"toString": 1}}, "entries": [], "at": 0})),
    "log-entry-bad.json": json.dumps(save_file({}, log={"start": {}, "entries": [{"change": 5, "inputs": {}}],
                                                         "at": 1})),
    "log-at-far.json": json.dumps(save_file({}, log={"start": {}, "entries": [], "at": 99})),
    "recruits-bad.json": json.dumps({**save_file({}), "recruits": {"x": {"toString": {"a": 1}}}}),
    "fight-object.json": json.dumps({**save_file({}), "fight": {"id": 1}}),
    "not-json.json": "{format: nope",
    "empty.json": "",
    "bom.json": "\ufeff" + json.dumps(save_file({"round": "2"})),
    "binary.json": bytes(range(256)) * 4,
    "array.json": "[]",
    "number.json": "5",
    "null.json": "null",
    "three-mb.json": json.dumps(save_file({"round": "1"}, name="x" * 3_000_000)),
}


def test_every_hostile_import_gets_an_answer_beside_its_control(site: tuple[str, list[str]], phone: Any,
                                                                 tmp_path: Path) -> None:
    page = phone
    open_table(page, site[0] + "wbs/fight/")
    rename(page, 1, "Untouched")
    answers: dict[str, str] = {}
    for name, content in HOSTILE.items():
        path = tmp_path / name
        path.write_bytes(content if isinstance(content, bytes) else content.encode())
        page.set_input_files(f'{BOX} [data-save="import"]', str(path))
        page.wait_for_function(f"""() => {{ const box = document.querySelector({json.dumps(BOX)});
            const text = box.querySelector('.calc__error').textContent + '|'
                + box.querySelector('.codex-saves__status').textContent;
            return text.includes({json.dumps(name)}) && !text.includes('Reading'); }}""")
        error = page.locator(f"{BOX} .calc__error").inner_text()
        status = page.locator(f"{BOX} .codex-saves__status").inner_text()
        answers[name] = error or status
        if error:
            assert f"{name} could not be imported: " in error and "Nothing was changed" in error
            assert rows(page)[0] == "Untouched", name
        else:
            assert status.startswith(f"Imported {name}"), (name, status)
            if name == "bom.json":  # a save is the whole fight: one with no fighters keeps none of the form's
                settled(page, WBS)
                assert rows(page) == [], rows(page)
            page.tap(f'{BAR} [data-table-action="undo"]')
            settled(page, WBS)
    refused = {n for n, a in answers.items() if "could not be imported" in a}
    # A BOM before the JSON and a number where a name belongs are a file the page can use.
    usable = {"bom.json", "number-name.json"}
    assert refused == set(HOSTILE) - usable, {n: answers[n] for n in set(HOSTILE) - refused}
    assert "at most 40" in answers["name-41.json"] and "at most 40" not in answers["long-name.json"]
    assert "MB" in answers["long-name.json"] and "MB" in answers["three-mb.json"]
    assert "not one of its choices" in answers["choice-not-offered.json"]
    assert page.evaluate("({}).polluted") is None


# ---- one backup file -------------------------------------------------------------------------------

def test_a_backup_restores_everything_into_a_fresh_browser(site: tuple[str, list[str]], browser: Any,
                                                           tmp_path: Path) -> None:
    url = site[0]
    one = browser.new_context(**PHONE, service_workers="block", accept_downloads=True)
    page = one.new_page()
    open_table(page, url + "wbs/fight/")
    rename(page, 1, "Backed up")
    page.fill(f'{BOX} [data-save="name"]', "Bridge fight")
    page.tap(f'{BOX} [data-save="save"]')
    rename(page, 2, "Kept only")
    wait_kept(page)
    open_table(page, url + "xia/conflict/", 'form[data-calc="xia.initiative_order"]')
    page.locator('form[data-calc="xia.initiative_order"] tr[data-row="1"] [data-field="name"]').fill("Xia kept")
    settled(page, "xia.initiative_order")
    page.evaluate(f"""() => {{ localStorage.setItem('{KEPT}.unreadable.2026-12-01', 'not json');
        localStorage.setItem('codex.readings', JSON.stringify({{'wbs.some-note': 'other'}})); }}""")
    page.wait_for_timeout(500)
    page.goto(url + "device/")
    page.wait_for_selector("[data-device-list] li")
    mine = page.evaluate("() => Object.fromEntries(Object.keys(localStorage).filter(k => k.startsWith('codex.'))"
                         ".map(k => [k, localStorage.getItem(k)]))")
    assert len(mine) == 5, sorted(mine)
    with page.expect_download() as download:
        page.get_by_role("button", name="Export a backup file").tap()
    backup = tmp_path / "backup.json"
    download.value.save_as(backup)
    one.close()

    two = browser.new_context(**PHONE, service_workers="block")
    fresh = two.new_page()
    fresh.goto(url + "device/")
    fresh.wait_for_selector("[data-device-list]:not(:empty)")
    fresh.set_input_files('[data-device-action="restore"]', str(backup))
    fresh.wait_for_function("() => document.querySelector('[data-device-status]').textContent.startsWith('Restored')")
    assert "Restored 5 of the 5" in fresh.locator("[data-device-status]").inner_text()
    theirs = fresh.evaluate("() => Object.fromEntries(Object.keys(localStorage).filter(k => k.startsWith('codex.'))"
                            ".map(k => [k, localStorage.getItem(k)]))")
    assert theirs == mine
    open_table(fresh, url + "wbs/fight/")
    assert rows(fresh)[:2] == ["Backed up", "Kept only"]
    fresh.select_option(f'{BOX} [data-save="pick"]', "Bridge fight")
    fresh.tap(f'{BOX} [data-save="load"]')
    settled(fresh, WBS)
    assert rows(fresh)[:2] == ["Backed up", "Bandit"]
    open_table(fresh, url + "xia/conflict/", 'form[data-calc="xia.initiative_order"]')
    assert rows(fresh, 'form[data-calc="xia.initiative_order"]')[0] == "Xia kept"

    # A clash: the save changed here; restoring asks, and "Keep both" keeps both.
    fresh.evaluate(f"""() => {{ const k = '{SAVES}Bridge fight'; const s = JSON.parse(localStorage.getItem(k));
        s.saved = '2026-12-03T10:00:00Z'; localStorage.setItem(k, JSON.stringify(s)); }}""")
    fresh.goto(url + "device/")
    fresh.wait_for_selector("[data-device-list] li")
    fresh.set_input_files('[data-device-action="restore"]', str(backup))
    fresh.get_by_role("button", name="Keep both").tap()
    assert "Kept both" in fresh.locator("[data-device-status]").inner_text()
    names = fresh.evaluate(f"Object.keys(localStorage).filter(k => k.startsWith('{SAVES}')).sort()")
    assert names == [f"{SAVES}Bridge fight", f"{SAVES}Bridge fight (from backup)"]
    two.close()
