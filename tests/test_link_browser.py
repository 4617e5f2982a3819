"""The phone link, end to end in headless Chromium: a GM's table page and players' phones paired by
their codes (typed, and read by a camera), the fight's projection live on the phones, what a
device cannot read dropped and counted, and a phone that comes back caught up.

Without camera permission Chromium writes its host candidates as mDNS names, which a container
without multicast DNS cannot resolve (on a table's Wi-Fi they are resolved; ARCHITECTURE.md, "The
phone link"): the typed-code tests run with `WebRtcHideLocalIpsWithMdns` off, and the camera test
with the browser's defaults, where the scanning phone's permission shows its address.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import pytest
from playwright.sync_api import expect

from tests import test_browser as shared
from tests.support import png
from tests.support.browser import CHROMIUM, for_tests, local_only
from tests.support.browser import playwright as running_playwright

site = shared.site  # the built site, served on 127.0.0.1
settled = shared.settled

pytestmark = [pytest.mark.browser, pytest.mark.slow]
WBS = "wbs.combat_tracker"
FIGHT = f'form[data-calc="{WBS}"]'
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True, "device_scale_factor": 2}
HOST_IPS = ("WebRtcHideLocalIpsWithMdns",)  # features off: browsers hide a host address behind an mDNS name
LIVE = 5_000  # ms: a change on the GM's device is on every phone within this
LINK_CODE = ("link.mjs", "link-gm.mjs", "join.mjs", "players.mjs", "seats.mjs", "scan.mjs", "jsQR.js", "uqr.mjs")


@pytest.fixture(scope="module")
def playwright() -> Iterator[Any]:
    if not Path(CHROMIUM).exists():
        pytest.fail("Debian's chromium is missing: ./dev test installs it (apt-get install chromium)")
    yield running_playwright()


@contextmanager
def launched(playwright: Any, *extra: str, show_ips: bool = True) -> Iterator[Any]:
    """A headless Chromium with `extra` switches that shows its host addresses (or, without
    `show_ips`, hides them as browsers do by default: mDNS names unless the page holds camera
    permission)."""
    args = [*for_tests(*(HOST_IPS if show_ips else ())), *extra]
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=args, headless=True)
    try:
        yield browser
    finally:
        browser.close()


@pytest.fixture(scope="module")
def link_browser(playwright: Any) -> Iterator[Any]:
    """One headless Chromium that shows its host addresses (no camera in this one)."""
    with launched(playwright) as browser:
        yield browser


class Device:
    """A browser context as one device: every request off 127.0.0.1 blocked and recorded, page
    errors recorded, every address fetched kept."""

    def __init__(self, browser: Any, **options: Any) -> None:
        self.context = browser.new_context(service_workers="block", **options)
        self.page = self.context.new_page()
        self.blocked: list[str] = []
        self.errors: list[str] = []
        self.fetched: list[str] = []
        local_only(self.page, self.blocked)
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.context.on("request", lambda r: self.fetched.append(r.url))

    def close(self) -> None:
        self.context.close()
        assert self.blocked == [], self.blocked
        assert self.errors == [], self.errors


@pytest.fixture()
def devices(link_browser: Any) -> Iterator[list[Device]]:
    made: list[Device] = []
    yield made
    for device in made:
        device.close()


def gm_and_phones(browser: Any, devices: list[Device], phones: int) -> list[Any]:
    """The GM's device (a laptop's screen) and `phones` phones, each its own context: their pages, GM's first."""
    made = [Device(browser, viewport={"width": 1280, "height": 900})]
    made += [Device(browser, **PHONE) for _ in range(phones)]
    devices.extend(made)
    return [d.page for d in made]


def link_code_fetched(device: Device) -> list[str]:
    return [u for u in device.fetched if Path(urlparse(u).path).name in LINK_CODE]


def open_fight(gm: Any, base: str) -> None:
    """The fight page with its example fighters (a new fight starts empty)."""
    gm.goto(base + "wbs/fight/")
    gm.wait_for_selector(f'{FIGHT}[data-table-ready="yes"]')
    gm.locator(f"{FIGHT} .codex-build__example").click()
    shared.settled(gm, "wbs.combat_tracker")


PRESSES_SEEN = """() => { if (window.__codexClicks) return; window.__codexClicks = [];
  document.addEventListener("click", (e) => {
    const t = e.target instanceof Element ? (e.target.closest("button") ?? e.target) : null;
    const words = t ? (t.textContent || "").trim().slice(0, 30) : "";
    window.__codexClicks.push(t ? `${t.tagName.toLowerCase()} ${words}` : String(e.target));
  }, true); }"""


def offer(gm: Any) -> str:
    """Press "Link a phone"; the offer's code once it is made (the QR image beside it)."""
    # Which element each click reached, for the message below (a run saw a press load nothing).
    gm.evaluate(PRESSES_SEEN)
    press = gm.get_by_role("button", name="Link a phone")
    press.click()
    # A suite run's press reached the page's article, not the button (recorded below): the page moved
    # under the pointer between Playwright's check and its click. A reader whose tap did nothing taps
    # again; so does this, once, and only then.
    if not any(c.startswith("button Link a phone") for c in gm.evaluate("window.__codexClicks")):
        press.click()
    field = gm.get_by_label("Offer code")
    # Made within GATHER_WAIT (4 s) and a QR drawing; a suite run saw it miss 10 s with four contexts
    # of this file and another file's browser sharing the two cores.
    try:
        expect(field).not_to_have_value("", timeout=30_000)
    except AssertionError as missing:  # what the page said instead, for the next one to read
        status = gm.locator("[data-link-status]").all_text_contents()
        # And whether the press reached the page and the link's code (seen twice in suite runs: no status
        # at all, the link's code not fetched).
        seen = gm.evaluate("""() => ({ bound: [...document.querySelectorAll("[data-link-for]")]
            .map((s) => s.dataset.linkReady), fetched: performance.getEntriesByType("resource")
            .filter((e) => /link(-gm)?\\.mjs/.test(e.name)).map((e) => e.name.split("/").pop()),
            link: typeof window.__codexLink, clicks: window.__codexClicks })""")
        raise AssertionError(f"no offer after 30 s; the link's status: {status}; {seen}") from missing
    expect(gm.get_by_role("img", name=re.compile("QR code of the offer"))).to_be_visible()
    return field.input_value()


def answer(phone: Any, base: str, name: str, code: str, leave: bool = False) -> str:
    """The phone's page "Join a table", the offer typed: its answer's code (its QR image beside it)."""
    phone.goto(base + "join/")
    phone.wait_for_selector('[data-join][data-join-ready="yes"]')
    phone.get_by_label("Your name").fill(name)
    phone.get_by_label("Offer code").fill(code)
    if leave:  # the field left after the paste: one answer still, not a second
        phone.get_by_label("Offer code").press("Tab")
    field = phone.get_by_label("Answer code")
    expect(field).not_to_have_value("", timeout=10_000)
    expect(phone.get_by_role("img", name=re.compile("QR code of this phone's answer"))).to_be_visible()
    return field.input_value()


def pair(gm: Any, phone: Any, base: str, name: str, leave: bool = False) -> None:
    code = answer(phone, base, name, offer(gm), leave)
    gm.get_by_label("Answer code").fill(code)
    if leave:
        gm.get_by_label("Answer code").press("Tab")
    expect(linked(gm).get_by_text(f"{name}: connected")).to_be_visible(timeout=15_000)
    expect(phone.locator("[data-join]")).to_have_attribute("data-join-linked", "yes")
    # linked, the table takes the page: the words on how to link give it their place (gm-tools.css)
    expect(phone.locator("article.md-typeset > ol").first).to_be_hidden()


def linked(gm: Any) -> Any:
    return gm.get_by_role("list", name="Linked phones")


def acting_now(gm: Any) -> str:
    return " ".join(gm.locator(f'{FIGHT} output[name="acting_now"]').text_content().split())


def shown(phone: Any) -> str:
    return phone.locator('[data-join-fact="acting-now"]').inner_text()


def test_phones_pair_by_their_codes_follow_the_fight_and_catch_up(site: tuple[str, list[str]], link_browser: Any,
                                                                   devices: list[Device]) -> None:
    base = site[0]
    gm, ana, bo = gm_and_phones(link_browser, devices, 2)

    # The link adds no byte to a page until it is used: a rules page, and the table page before
    # "Link a phone" is pressed, fetch none of its code.
    gm.goto(base + "wbs/attributes/")
    open_fight(gm, base)
    assert link_code_fetched(devices[0]) == []

    # A typo in a code is caught by its check bytes, and an offer is not an answer.
    code = offer(gm)
    assert re.fullmatch(r"[A-Z2-7]+", code), code
    assert len(code) < 160, f"the offer code is {len(code)} characters"
    typo = code[:20] + ("A" if code[20] != "A" else "B") + code[21:]
    field = gm.get_by_label("Answer code")
    field.fill(typo)
    field.press("Tab")
    expect(gm.locator("[data-link-status]")).to_contain_text("typo")
    field.fill(code)
    field.press("Tab")
    expect(gm.locator("[data-link-status]")).to_contain_text("offer code")
    field.fill("")

    # Two phones, each by its typed codes; the GM sees both, named.
    pair(gm, ana, base, "Ana")
    pair(gm, bo, base, "Bo", leave=True)
    expect(linked(gm).get_by_role("listitem")).to_have_text(["Ana: connected", "Bo: connected"])
    expect(gm.locator("[data-link-status]")).to_have_text("2 phones linked.")  # the answer taken once
    for phone in (ana, bo):  # on linking, the whole projection: the fight as the GM's screen shows it
        expect(phone.locator('[data-join-fact="acting-now"]')).to_have_text(acting_now(gm))
        expect(phone.get_by_role("list", name="Fighters").get_by_role("listitem")).to_have_count(2)

    # A change on the GM's fight reaches both phones within LIVE ms.
    before = acting_now(gm)
    gm.locator('[data-table-bar] [data-table-action="next"]').click()
    settled(gm, WBS)
    after = acting_now(gm)
    assert after != before
    started = time.monotonic()
    for phone in (ana, bo):
        expect(phone.locator('[data-join-fact="acting-now"]')).to_have_text(after, timeout=LIVE)
    assert time.monotonic() - started < LIVE / 1000

    # What a phone cannot read is dropped, counted and never shown: not JSON, a field of the wrong
    # kind, markup where text belongs is text.
    gm.evaluate("window.__codexLink.sendRaw('{not json')")
    gm.evaluate("""window.__codexLink.sendRaw(JSON.stringify({t: "table", v: 1, title: "", round: "", now: "",
        acting: "<img src=x>", next: "", fighters: "<img src=x>"}))""")
    gm.evaluate("window.__codexLink.sendRaw(JSON.stringify({t: 'table', v: 2}))")
    for phone in (ana, bo):
        phone.wait_for_function("() => window.__codexJoin.dropped() === 3")
        assert shown(phone) == after
        assert phone.locator("[data-join] img").count() == 0
    # What the GM's device cannot read from a phone: dropped and counted, the list unchanged.
    ana.evaluate("window.__codexJoin.sendRaw('garbage')")
    ana.evaluate("window.__codexJoin.sendRaw(JSON.stringify({t: 'hello', v: 1, name: 'x'.repeat(41)}))")
    ana.evaluate("window.__codexJoin.sendRaw(JSON.stringify({t: 'apply', v: 1, change: '+4'}))")
    expect(linked(gm)).to_have_attribute("data-link-dropped", "3")
    refused = "3 messages from phones refused (not understood, or not theirs to ask)."
    expect(gm.locator("[data-link-refused]")).to_have_text(refused)
    expect(linked(gm).get_by_role("listitem")).to_have_text(["Ana: connected", "Bo: connected"])
    assert acting_now(gm) == after

    # A phone that reloads loses its link; the GM's game goes on; linked again, it catches up.
    bo.reload()
    expect(linked(gm).get_by_text("Bo: link lost")).to_be_visible(timeout=15_000)
    gm.locator('[data-table-bar] [data-table-action="next"]').click()
    settled(gm, WBS)
    later = acting_now(gm)
    assert later != after
    expect(ana.locator('[data-join-fact="acting-now"]')).to_have_text(later, timeout=LIVE)
    pair(gm, bo, base, "Bo")
    expect(bo.locator('[data-join-fact="acting-now"]')).to_have_text(later, timeout=LIVE)
    expect(linked(gm).get_by_role("listitem")).to_have_text(["Ana: connected", "Bo: connected"])
    assert gm.evaluate("window.__codexLink.states()") == ["connected", "connected"]


def y4m(image: png.Image, width: int = 640, height: int = 480) -> bytes:
    """One grey frame (repeated by Chromium) with `image` in its middle, as a Y4M video file."""
    luma = bytearray([255]) * (width * height)
    left, top = (width - image.width) // 2, (height - image.height) // 2
    for y in range(image.height):
        for x in range(image.width):
            r, g, b = image.pixel(x, y)[:3]
            luma[(top + y) * width + left + x] = (r * 299 + g * 587 + b * 114) // 1000
    chroma = bytes([128]) * ((width // 2) * (height // 2) * 2)
    return f"YUV4MPEG2 W{width} H{height} F10:1 Ip A1:1 C420jpeg\n".encode() + b"FRAME\n" + bytes(luma) + chroma


def candidates(page: Any, code: str) -> list[str]:
    """The addresses a link code carries (read by the page's own link.mjs)."""
    return page.evaluate("""async (code) => (await import("/assets/javascripts/link.mjs"))
        .decodeSignal(code).candidates.map((c) => c.address)""", code)


def test_a_phone_reads_the_offer_with_its_camera(site: tuple[str, list[str]], playwright: Any,
                                                 devices: list[Device], tmp_path: Path) -> None:
    # Both browsers as they come (local addresses hidden): the GM's offer names its device by mDNS
    # names, which nothing here resolves; the phone, holding camera permission once it has scanned,
    # answers with its real address, and that one address is enough for the link.
    base = site[0]
    with launched(playwright, show_ips=False) as gm_browser:
        gm_device = Device(gm_browser, viewport={"width": 1280, "height": 900})
        devices.append(gm_device)
        gm = gm_device.page
        open_fight(gm, base)
        code = offer(gm)
        assert candidates(gm, code) and all(a.endswith(".local") for a in candidates(gm, code))
        shot = png.read(gm.get_by_role("img", name=re.compile("QR code of the offer")).screenshot())
        assert shot.width <= 640 and shot.height <= 480
        video = tmp_path / "offer.y4m"
        video.write_bytes(y4m(shot))
        # The phone: another browser, whose camera films the GM's screen (the offer's QR code).
        camera = ["--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream",
                  f"--use-file-for-fake-video-capture={video}"]
        with launched(playwright, *camera, show_ips=False) as phone_browser:
            phone_device = Device(phone_browser, **PHONE, permissions=["camera"])
            phone = phone_device.page
            try:
                phone.goto(base + "join/")
                phone.wait_for_selector('[data-join][data-join-ready="yes"]')
                phone.get_by_role("button", name="Scan").click()
                expect(phone.get_by_label("Offer code")).to_have_value(code, timeout=15_000)
                if not phone.evaluate("() => 'BarcodeDetector' in window"):  # Chromium on Linux: jsQR reads it
                    assert [u for u in phone_device.fetched if u.endswith("/vendor/jsQR.js")]
                answer_code = phone.get_by_label("Answer code")
                expect(answer_code).not_to_have_value("", timeout=10_000)
                assert not any(a.endswith(".local") for a in candidates(phone, answer_code.input_value()))
                gm.get_by_label("Answer code").fill(answer_code.input_value())
                expect(linked(gm).get_by_text(re.compile(": connected$"))).to_be_visible(timeout=15_000)
                expect(phone.locator('[data-join-fact="acting-now"]')).to_have_text(acting_now(gm), timeout=LIVE)
            finally:
                phone_device.close()
            gm_device.close()
            devices.remove(gm_device)


def test_a_gm_links_at_most_eight_phones(site: tuple[str, list[str]], link_browser: Any, devices: list[Device]) -> None:
    base = site[0]
    gm, phones = gm_and_phones(link_browser, devices, 1)
    open_fight(gm, base)
    # The link's code that cannot come (a connection lost) is said beside the button, and a reload mends it.
    gm.route("**/link-gm.mjs", lambda route: route.abort())
    gm.get_by_role("button", name="Link a phone").click()
    expect(gm.locator("[data-link-status]")).to_contain_text("could not be loaded. Reload the page")
    gm.unroute("**/link-gm.mjs")
    gm.reload()
    gm.wait_for_selector(f'{FIGHT}[data-table-ready="yes"]')
    # Eight phones' ends in one page (as cheap as a page each, for the GM's device: eight links).
    phones.goto(base + "join/")
    phones.wait_for_selector('[data-join][data-join-ready="yes"]')
    for n in range(1, 9):
        code = phones.evaluate("""async ([code, n]) => {
            const link = await import("/assets/javascripts/link.mjs");
            const end = await link.answerOffer(code);
            (window.ends ??= []).push(end);
            const hello = JSON.stringify({ t: "hello", v: 1, name: `P${n}` });
            end.channel.addEventListener("open", () => end.channel.send(hello));
            return end.code; }""", [offer(gm), n])
        gm.get_by_label("Answer code").fill(code)
        expect(linked(gm).get_by_text(f"P{n}: connected")).to_be_visible(timeout=15_000)
    gm.get_by_role("button", name="Link a phone").click()
    expect(gm.locator("[data-link-status]")).to_have_text("8 phones are linked: the most one table takes.")
    assert gm.get_by_label("Offer code").input_value() == ""
    # A link lost makes room for another.
    phones.evaluate("() => window.ends[0].pc.close()")
    expect(linked(gm).get_by_text("P1: link lost")).to_be_visible(timeout=15_000)
    assert offer(gm)
    expect(linked(gm).get_by_role("listitem")).to_have_count(7)


def test_links_outlive_instant_navigation_and_the_link_passes_axe(site: tuple[str, list[str]], link_browser: Any,
                                                                   devices: list[Device]) -> None:
    from tests.test_accessibility import ALSO_FAILS, SERIOUS, axe_violations

    def serious(page: Any) -> list[dict[str, Any]]:
        return [v for v in axe_violations(page) if v["impact"] in SERIOUS or v["id"] in ALSO_FAILS]

    base = site[0]
    gm, phone = gm_and_phones(link_browser, devices, 1)
    open_fight(gm, base)
    pair(gm, phone, base, "Ana")
    expect(phone.get_by_role("list", name="Fighters").get_by_role("listitem")).to_have_count(2)
    phone.get_by_label("Your name").fill("Ana Li")  # a name changed once linked: the GM's list follows
    phone.get_by_label("Your name").press("Tab")
    expect(linked(gm).get_by_role("listitem")).to_have_text(["Ana Li: connected"])
    assert serious(phone) == []  # the page Join a table, linked, with the table shown
    offer(gm)
    assert serious(gm) == []  # the table page with its offer, QR code and linked phones shown

    # The GM reads a rules page and comes back (the theme's instant navigation: same tab, same links).
    gm.locator('a[href$="wbs/attributes/"]').first.click()
    gm.wait_for_url("**/wbs/attributes/")
    gm.go_back()
    gm.wait_for_url(re.compile(r"/wbs/fight/(\?.*)?$"))  # the address carries the fight
    gm.wait_for_selector(f'{FIGHT}[data-table-ready="yes"]')
    expect(linked(gm).get_by_role("listitem")).to_have_text(["Ana Li: connected"])
    gm.locator('[data-table-bar] [data-table-action="next"]').click()
    settled(gm, WBS)
    expect(phone.locator('[data-join-fact="acting-now"]')).to_have_text(acting_now(gm), timeout=LIVE)


def test_a_phone_follows_the_xia_conflict(site: tuple[str, list[str]], link_browser: Any,
                                          devices: list[Device]) -> None:
    base = site[0]
    gm, phone = gm_and_phones(link_browser, devices, 1)
    gm.goto(base + "xia/conflict/")
    gm.wait_for_selector('form[data-calc="xia.initiative_order"][data-table-ready="yes"]')
    gm.locator('form[data-calc="xia.initiative_order"] .codex-build__example').click()
    shared.settled(gm, "xia.initiative_order")
    pair(gm, phone, base, "Ana")
    expect(phone.locator('[data-join-fact="round"]')).to_have_text("1")
    fighters = phone.get_by_role("list", name="Fighters").get_by_role("listitem")
    expect(fighters.first).to_have_text("Moon Shadow: –")
    expect(fighters.first).to_have_attribute("aria-current", "step")
