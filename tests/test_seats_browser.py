"""Players' phones at the tile table, end to end in headless Chromium: a GM and three phones paired by typed
codes play a Ma Jiang contest with no code read aloud. Each phone shows its own seat's tiles face up and asks for
its seat's moves (its Aspect, its Qi); the GM's device applies each as its own button would, or refuses it and
says why; and a seat's page, address, storage and received messages never hold another seat's tiles
(ARCHITECTURE.md, "The phone link").
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from playwright.sync_api import expect

from calculators.rain import piles as pl
from calculators.rain import session as ss
from tests.support.rain_session import replayed, tile_names
from tests.support.says import saying
from tests.test_link_browser import (
    LIVE,
    Device,
    devices,
    gm_and_phones,
    link_browser,
    linked,
    offer,
    pair,
    playwright,
    pytestmark,
    settled,
    site,
)

__all__ = ["devices", "link_browser", "playwright", "pytestmark", "site"]  # the fixtures, shared

GM = "rain.tile_table"
TABLE = f'form[data-calc="{GM}"]'
NAMES = ("Lan", "Bo", "Chen", "Dai")


def tap(gm: Any, key: str) -> None:
    """The GM taps one of the tile table's buttons and waits for its answer."""
    before = gm.locator(TABLE).evaluate("f => Number(f.dataset.answered || 0)")
    gm.locator(f'{TABLE} button[data-act][data-key="{key}"]').first.click()
    gm.wait_for_function(f"n => Number(document.querySelector('{TABLE}').dataset.answered || 0) > n", arg=before)
    settled(gm, GM)


def state(gm: Any) -> ss.State:
    """The session after the GM's code, worked out here by CPython."""
    return replayed(gm.input_value(f'{TABLE} input[name="session"]'), NAMES)


def own_tiles(phone: Any) -> Counter[str]:
    """The tiles a phone shows face up under its seat's own tiles."""
    hand = phone.locator("[data-join-own] .rain-row--large .rain-tile__name")
    return Counter(hand.all_text_contents())


def received(phone: Any) -> list[dict[str, Any]]:
    return [json.loads(m) for m in phone.evaluate("window.__codexJoin.heard()")]


def face_up(message: dict[str, Any]) -> list[tuple[str, str]]:
    """Every face-up tile a message carries, with the label of the row it lies in."""
    return [(hand["label"], tile["name"]) for board in message.get("boards", []) for section in board["sections"]
            for hand in section["hands"] for tile in hand["tiles"]]


def asked(phone: Any, label: str) -> None:
    """A player taps one of their phone's requests and waits for the GM's word on it."""
    phone.get_by_role("button", name=label).click()
    expect(phone.locator("[data-join-act-status]")).not_to_have_text("", timeout=LIVE)
    expect(phone.locator("[data-join-act-status]")).not_to_contain_text("Sent", timeout=LIVE)


def test_three_phones_play_a_contest_with_no_code_read_aloud(site: tuple[str, list[str]], link_browser: Any,
                                                             devices: list[Device]) -> None:
    base = site[0]
    gm, lan, bo, chen = gm_and_phones(link_browser, devices, 3)
    screen_device = Device(link_browser, viewport={"width": 1280, "height": 720})
    devices.append(screen_device)
    screen = screen_device.page
    gm.goto(base + "rain/table/")
    gm.wait_for_selector(f'{TABLE}[data-table-ready="yes"]')
    for n, name in enumerate(NAMES, start=1):
        gm.fill(f'{TABLE} [id$="-seats-{n}-name"]', name)
    settled(gm, GM)
    tap(gm, "start")
    tap(gm, "scene")
    for phone, name in ((lan, "Lan"), (bo, "Bo"), (chen, "Chen")):
        pair(gm, phone, base, name)
        phone.get_by_role("button", name=f"I play {name}").click()
        expect(phone.get_by_role("heading", name=f"You play {name}")).to_be_visible(timeout=LIVE)
    # The shared screen, opened from the GM's link on a laptop everyone sees, is linked as a phone is.
    screen.goto(gm.get_by_role("link", name="Shared screen", exact=True).get_attribute("href"))
    screen.wait_for_selector('[data-join][data-join-ready="yes"]')
    screen.get_by_label("Offer code").fill(offer(gm))
    expect(screen.get_by_label("Answer code")).not_to_have_value("", timeout=10_000)
    gm.get_by_label("Answer code").fill(screen.get_by_label("Answer code").input_value())
    everyone = [saying(name, "connected", name) for name in ("Lan", "Bo", "Chen")]
    everyone.append(saying("Shared screen", "connected"))
    expect(linked(gm).get_by_role("listitem")).to_have_text(everyone, use_inner_text=True)
    expect(screen.get_by_role("button", name="I play Lan")).to_have_count(0)

    # The GM picks Lan and Bo for the next contest; Lan chooses her Earth Aspect on her phone.
    expect(lan.locator("[data-join-seat-note]")).to_contain_text(
        saying("GM", "picked you"), use_inner_text=True, timeout=LIVE)
    expect(chen.get_by_role("list", name="Ask the GM's device")).to_be_hidden()
    asked(lan, "My Earth Aspect (Alchemy 3)")
    expect(lan.locator("[data-join-act-status]")).to_have_text(
        saying("Applied", "My Earth Aspect (Alchemy 3)"), use_inner_text=True)
    settled(gm, GM)
    assert gm.input_value(f'{TABLE} [name="element_a"]') == "earth"
    tap(gm, "declare")
    contest = state(gm).contest
    assert contest is not None and contest.sides[0].element == "earth"

    # Each side spends Qi from its own phone: one change each in the GM's log, named for the phone.
    asked(lan, "Spend 1 Yang (2 left): draw 4 tiles")
    asked(bo, "Spend 1 Yin (4 left): compare tile 2")
    settled(gm, GM)
    now = state(gm)
    assert now.qi[0] == (1, 3) and now.qi[1] == (1, 3)
    requests = gm.get_by_role("list", name="Phones' requests")
    expect(requests).to_contain_text(
        saying("Lan", "phone", "Spend 1 Yang (2 left): draw 4 tiles", "applied"), use_inner_text=True)
    log_lines = gm.locator(f'{TABLE} output[name="log"] p')  # folded away: each line read alone, not as innerText
    expect(log_lines.filter(has_text=saying("Bo", "spends", "1 Yin")).first).to_be_attached()

    # Chen is not in the contest: his phone offers nothing, and a forged request for Lan's Yang is refused.
    before = gm.evaluate("window.__codexLink.dropped()")
    step = now.step
    chen.evaluate(f"window.__codexJoin.sendRaw(JSON.stringify({{t: 'act', v: 1, key: 'yang0', step: {step}}}))")
    # A request that crossed a change of the GM's (made at the step before) is refused, never applied.
    lan.evaluate(f"window.__codexJoin.sendRaw(JSON.stringify({{t: 'act', v: 1, key: 'yang0', step: {step - 1}}}))")
    gm.wait_for_function(f"() => window.__codexLink.dropped() === {before + 2}")
    settled(gm, GM)
    assert state(gm).qi[0] == (1, 3)
    expect(requests).to_contain_text(saying("Chen", "phone", "refused", "Chen", "cannot ask"), use_inner_text=True)
    expect(requests).to_contain_text(saying("table moved on", "request"), use_inner_text=True)

    # The GM draws and exchanges; every phone shows its own tiles, as the session has them.
    tap(gm, "draw")
    while gm.locator(f'{TABLE} button[data-act][data-key="draw"]').count():
        tap(gm, "draw")
    tap(gm, "exchange")
    after = state(gm)
    for phone, seat in ((lan, 0), (bo, 1), (chen, 2)):
        phone.wait_for_function("n => window.__codexJoin.heard().some(m => m.includes(`\"step\":${n}`))",
                                arg=after.step, timeout=LIVE)
        assert own_tiles(phone) == tile_names(after.piles[seat]), seat
    assert sum(own_tiles(p).total() for p in (lan, bo)) == pl.size(after.piles[0]) + pl.size(after.piles[1]) > 0

    # The GM's device loses every link (its Wi-Fi dropped): each phone answers the spare offer it was given and
    # shows that answer; the GM presses "Link a phone" and takes each answer (one code a phone, nothing read on the
    # phone), and every phone is back with its seat, caught up.
    for phone in (lan, bo, chen, screen):
        phone.wait_for_function("() => window.__codexJoin.spare()", timeout=LIVE)
    gm.evaluate("window.__codexLink.lose()")
    answers = []
    for phone in (lan, bo, chen, screen):
        field = phone.get_by_label("Answer code")
        expect(field).not_to_have_value("", timeout=10_000)
        expect(phone.locator("[data-join-status]")).to_contain_text(saying("Nothing to scan"), use_inner_text=True)
        answers.append(field.input_value())
    gm.get_by_role("button", name="Link a phone").click()
    for answer in answers:
        gm.get_by_label("Answer code").fill(answer)
        expect(gm.get_by_label("Answer code")).to_have_value("", timeout=10_000)
    expect(linked(gm).get_by_role("listitem")).to_have_text(everyone, use_inner_text=True, timeout=15_000)
    tap(gm, "scene")
    moved = state(gm).step
    for phone, seat in ((lan, 0), (bo, 1), (chen, 2)):
        phone.wait_for_function("n => window.__codexJoin.heard().some(m => m.includes(`\"step\":${n}`))",
                                arg=moved, timeout=LIVE)
        expect(phone.get_by_role("heading", name=f"You play {NAMES[seat]}")).to_be_visible()

    # Bo's phone never held Lan's tiles: no message, no address, no storage.
    public = ("The discard", "Paid to the Sky", "Your tiles, highest first")
    for message in received(bo):
        for label, _ in face_up(message):
            assert label.startswith(public), (label, message)
        if message.get("seat"):
            assert message["seat"]["name"] == "Bo"
        text = json.dumps(message, ensure_ascii=False)
        assert "Your tiles: Lan" not in text and gm.input_value(f'{TABLE} input[name="session"]') not in text
    # Lan's phone did get its tiles under that title: were it reworded, the check above would pass anyway.
    assert any("Your tiles: Lan" in json.dumps(message, ensure_ascii=False) for message in received(lan))
    assert "?" not in bo.url
    kept = bo.evaluate("JSON.stringify([Object.entries(localStorage), Object.entries(sessionStorage)])")
    assert "Lan" not in kept and f"{after.session:06d}" not in kept

    # A seat's phone, with its tiles and its requests shown, passes axe at 390 px.
    from tests.test_accessibility import ALSO_FAILS, SERIOUS, axe_violations
    assert [v for v in axe_violations(bo) if v["impact"] in SERIOUS or v["id"] in ALSO_FAILS] == []

    # The shared screen shows the round, the contest and every seat face down: no seat's tiles, ever.
    expect(screen.locator('[data-join-fact="round"]')).to_have_text("Scene 2")
    expect(screen.locator("[data-join-boards]")).to_contain_text("Keeps")
    assert screen.locator("[data-join-boards] .rain-row--large").count() == 0
    for message in received(screen):
        assert message.get("seat") is None and message.get("you") is None, message
        for label, _ in face_up(message):
            assert label.startswith(("The discard", "Paid to the Sky")), (label, message)
