"""The tile table in headless Chromium: a GM and four players, each on a browser context of their own.

The GM plays three contests and a Sky turn; after every step each player opens the code the GM's
page shows for their seat (three by its link, one by typing it, as if read out), and every tile
is checked against the replay of the GM's session code: all 144 accounted for, each seat's tiles
where the book puts them, and each player's view showing that player's faces and nobody else's.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urljoin

import pytest
from playwright.sync_api import expect

from calculators.rain import piles as pl
from calculators.rain import session as ss
from calculators.rain import session_code as code
from tests.support.browser import chromium, local_only
from tests.support.engine import engine
from tests.support.rain_session import replayed as session_after
from tests.support.rain_session import tile_names
from tests.support.server import serve
from tests.test_browser import outputs, settled

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.usefixtures("rules_in_use")]
GM = "rain.tile_table"
SEAT = "rain.tile_seat"
NAMES = ("Lan", "Bo", "Chen", "Dai")


@pytest.fixture(scope="module")
def table_site(built_site: Path, site_port: int) -> Iterator[str]:
    with serve(built_site, site_port) as (base, _):
        yield base + "rain/table/"


@pytest.fixture(scope="module")
def chrome() -> Iterator[Any]:
    with chromium() as browser:
        yield browser


class Person:
    """One browser context: a phone at the table (390 px, touch), nothing shared with the others."""

    def __init__(self, browser: Any, url: str, color_scheme: str = "light") -> None:
        self.context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True,
                                           service_workers="block", color_scheme=color_scheme)
        self.page = self.context.new_page()
        self.blocked: list[str] = []
        self.errors: list[str] = []
        local_only(self.page, self.blocked)
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.goto(url)
        self.opened = url  # the link it was opened by (the page adds its inputs to its address)

    def clean(self) -> None:
        assert self.blocked == [] and self.errors == [], (self.blocked, self.errors)


def form(calc: str) -> str:
    return f'form[data-calc="{calc}"]'


def tap(gm: Person, key: str) -> None:
    """The GM taps one of the page's buttons, by its key, and waits for the answer."""
    tapped(gm, gm.page.locator(f'{form(GM)} button[data-act][data-key="{key}"]').first)


def tapped(gm: Person, target: Any) -> None:
    """A tap on one of the GM's buttons, then the answer to it. The click may reach the page after
    tap() returns, so the answer counted after it is awaited: a later step never works on a board
    that the answer to this tap is about to redraw (the QR code shown would vanish with it)."""
    before = gm.page.locator(form(GM)).evaluate("f => Number(f.dataset.answered || 0)")
    in_view(gm, target)
    target.tap()
    gm.page.wait_for_function(
        f"n => Number(document.querySelector('{form(GM)}').dataset.answered || 0) > n", arg=before)
    settled(gm.page, GM)


def show_qr(gm: Person, share: Any) -> None:
    """The GM shows a seat's QR code and waits for it to be drawn."""
    in_view(gm, share)
    share.locator(".codex-share__button", has_text="Show QR code").tap()
    share.locator(".codex-share__qr svg").wait_for()


def in_view(gm: Person, target: Any) -> None:
    """Scrolled to, and the page laid out again, as before a reader's tap (a tap made in the same frame
    as the scroll once reached whatever had moved under the finger: the boards were drawn only in view)."""
    target.scroll_into_view_if_needed()
    gm.page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")


def has(gm: Person, key: str) -> bool:
    return gm.page.locator(f'{form(GM)} button[data-act][data-key="{key}"]').count() > 0


def choose(gm: Person, **values: str) -> None:
    for name, value in values.items():
        control = gm.page.locator(f'{form(GM)} [name="{name}"]')
        if control.evaluate("el => el.tagName") == "SELECT":
            control.select_option(value)
        else:
            control.fill(value)
    settled(gm.page, GM)


def replayed(gm: Person) -> ss.State:
    """The book's state after the GM's session code, worked out here by CPython."""
    return session_after(gm.page.input_value(f'{form(GM)} input[name="session"]'), NAMES)


def shown(page: Any, where: str) -> Counter[str]:
    return Counter(page.locator(f"{where} .rain-tile__name").all_text_contents())


def said(locator: Any) -> str:
    """An element's text, rendered or not (innerText skips what is not rendered: a folded section's)."""
    return " ".join((locator.text_content() or "").split())


def check_every_tile(gm: Person, players: list[Person], by_link: bool = False) -> ss.State:
    """After a step: the GM's count, each seat's pile on the GM's page, and every player's own view (opened by the
    link the GM sends for three seats when `by_link`, else each code typed into the page already open)."""
    state = replayed(gm)
    with engine().active():
        places = state.places()
        assert sum(sum(p) for p in places.values()) == 144
        assert pl.plus(pl.plus(pl.plus(state.pool, state.on_table()), pl.plus(state.discard, state.sky)),
                       _all(state.piles)) == pl.copies()
    table = said(gm.page.locator(f'{form(GM)} output[name="table"]'))
    counts = [sum(pl.size(p) for p in state.piles), pl.size(state.on_table()), pl.size(state.discard),
              pl.size(state.sky)]
    assert (f"All 144 tiles: {sum(state.pool)} in the pool, {counts[0]} kept, {counts[1]} on the table, "
            f"{counts[2]} in the discard, {counts[3]} paid to the Sky.") in table
    for seat in range(4):
        section = f'{form(GM)} output[name="seats"] section:nth-of-type({seat + 1})'
        assert shown(gm.page, section) == tile_names(state.piles[seat]), seat
    links = gm.page.locator(f'{form(GM)} a.codex-share__link')
    codes = gm.page.locator(f'{form(GM)} .codex-share').evaluate_all("els => els.map(e => e.dataset.shareCode)")
    assert len(codes) == 5 and f"after every step (now: step {state.step})" in said(gm.page.locator(
        f'{form(GM)} output[name="codes"]')).lower()
    for seat, player in enumerate(players):
        if seat < 3 and by_link:  # by the link the GM sends (or the QR code, which holds the same link)
            href = urljoin(gm.page.url, links.nth(seat).get_attribute("href") or "")
            if player.opened != href:  # a phone that opened this link shows it already
                player.page.goto(href)
                player.opened = href
        else:  # read out, typed
            player.page.fill(f'{form(SEAT)} input[name="code"]', codes[seat].replace("-", " ").lower())
        settled(player.page, SEAT)
        mine = shown(player.page, f'{form(SEAT)} output[name="mine"]')
        assert mine == tile_names(state.piles[seat]), seat
        assert shown(player.page, f'{form(SEAT)} output[name="others"]') == Counter()  # face down only
        faces = shown(player.page, form(SEAT))
        assert faces == mine + tile_names(state.discard) + tile_names(state.sky), seat  # nobody else's faces
        backs = said(player.page.locator(f'{form(SEAT)} output[name="others"]'))
        for other in range(4):
            if other != seat:
                count = pl.size(state.piles[other])
                assert f"Keeps {count} tile{'' if count == 1 else 's'}" in backs
        assert f"at step {state.step} of session" in said(player.page.locator(f'{form(SEAT)} output[name="you"]'))
    return state


def _all(places: list[pl.Pile]) -> pl.Pile:
    found = pl.empty()
    for p in places:
        found = pl.plus(found, p)
    return found


def contest(gm: Person, players: list[Person], a: int, b: int, elements: tuple[str, str], spend: list[str]) -> None:
    """Declare, spend, draw (again while the tiles say so), exchange; check every tile after each step."""
    choose(gm, side_a=str(a), element_a=elements[0], side_b=str(b), element_b=elements[1])
    tap(gm, "declare")
    for key in spend:
        tap(gm, key)
    tap(gm, "draw")
    while has(gm, "draw"):  # a tie, or a Flower or Season on each side
        tap(gm, "draw")
    state = replayed(gm)
    assert ss.winner(state, state.contest) is not None
    loser = gm.page.locator(f'{form(GM)} output[name="contest"] button.codex-act--tile[data-key^="take"]')
    if loser.count() > 1:
        tapped(gm, loser.last)  # the winner takes the loser's lowest tile rather than the suggestion
        assert loser.last.get_attribute("aria-pressed") == "true"
    before = replayed(gm)
    tap(gm, "exchange")
    after = check_every_tile(gm, players)
    won = before.contest.sides[ss.winner(before, before.contest)].seat
    assert pl.size(after.piles[won]) == pl.size(before.piles[won]) + 1


def test_four_players_and_a_gm_play_three_contests_and_a_sky_turn(table_site: str, chrome: Any) -> None:
    gm = Person(chrome, table_site)
    for n, name in enumerate(NAMES, start=1):
        gm.page.fill(f'{form(GM)} [id$="-seats-{n}-name"]', name)
    settled(gm.page, GM)
    tap(gm, "start")
    session = replayed(gm).session
    assert 1 <= session <= 999999  # from the browser's cryptographic generator, not a default
    tap(gm, "scene")
    # Three phones open the link the GM sends them; the fourth opens the page and types its code.
    links = gm.page.locator(f'{form(GM)} a.codex-share__link')
    players = [Person(chrome, urljoin(gm.page.url, links.nth(seat).get_attribute("href") or "") if seat < 3
                      else table_site) for seat in range(len(NAMES))]
    check_every_tile(gm, players, by_link=True)
    # The players' pickers name the seats.
    assert "Seat 3 (Chen)" in said(gm.page.locator(f'{form(GM)} select[name="side_a"]'))

    contest(gm, players, 1, 2, ("water", "metal"), ["yang0", "yin1"])
    contest(gm, players, 3, 4, ("fire", "wood"), ["yang1"])
    contest(gm, players, 1, 3, ("earth", "water"), [])

    # A Sky turn: Lan moves the Metal Planet one point for each point her first kept tile is worth.
    state = replayed(gm)
    seat = next(s for s in range(4) if pl.size(state.piles[s]))
    pile = f'{form(GM)} output[name="seats"] section:nth-of-type({seat + 1})'
    tapped(gm, gm.page.locator(f"{pile} button.codex-act--tile").first)
    picked = replayed(gm).piles[seat]
    with engine().active():
        first = pl.listed(picked)
        tile = pl.index()[gm.page.input_value(f'{form(GM)} input[name="tiles"]')]
        value = pl.value(pl.of([tile]))
    assert tile in first
    moves = {1: "1", 2: "2", 4: "2 1"}[value]  # 2 then 1 (2 × 1): four
    planet = next(e for e in ("metal", "water", "fire", "wood", "earth")
                  if gm.page.input_value(f'{form(GM)} [id$="-seats-{seat + 1}-{e}"]') != "0")
    choose(gm, moves=moves, planet=planet)
    tap(gm, "pay")
    after = check_every_tile(gm, players)
    assert after.sky == pl.of([tile]) and "Planet" in after.log[-1]
    assert "Paid to the Sky (1)" in said(players[0].page.locator(f'{form(SEAT)} output[name="table"]'))

    # A reload keeps the session: the page's link holds it.
    before = {k: v for k, v in outputs(gm.page, GM).items() if k != "codes"}  # codes: the page adds links
    gm.page.reload()
    settled(gm.page, GM)
    assert {k: v for k, v in outputs(gm.page, GM).items() if k != "codes"} == before
    assert replayed(gm).step == after.step
    for person in (gm, *players):
        person.clean()
        person.context.close()


def test_bad_codes_are_told_beside_their_field_and_the_session_in_progress_is_untouched(
        table_site: str, chrome: Any) -> None:
    gm = Person(chrome, table_site)
    tap(gm, "start")
    tap(gm, "scene")
    contest(gm, [], 1, 2, ("water", "metal"), [])
    state = replayed(gm)
    good = gm.page.locator(f'{form(GM)} .codex-share').first.get_attribute("data-share-code") or ""
    player = Person(chrome, table_site)
    player.page.fill(f'{form(SEAT)} input[name="code"]', good)
    settled(player.page, SEAT)
    assert player.page.input_value(f'{form(SEAT)} input[name="follow"]') == f"{state.session:06d}"
    view = outputs(player.page, SEAT)
    error = player.page.locator(f'{form(SEAT)} [id$="-code-error"]')
    with engine().active():
        from calculators.rain import seat_code as sc
        mine = sc.read(good)
        five = pl.of([pl.index()["north"]] * 5)
        counts = (pl.size(five), *mine.counts[1:])
        fields = {f: getattr(mine, f) for f in mine.__dataclass_fields__}
        tampered = sc.write(sc.SeatView(**{**fields, "mine": five, "counts": counts}))
        other = sc.write(sc.SeatView(**{**fields, "session": (mine.session % 999999) + 1}))
        no_seat = sc.write(sc.SeatView(**{**fields, "seat": 5}))
    for bad, words in ((tampered, "5 × North, and the set has 4"), (other, "you play in session"),
                       (no_seat, "seat 6, and its table has only 4 seats"),
                       (good[:-1] + ("0" if good[-1] != "0" else "1"), "check characters")):
        player.page.fill(f'{form(SEAT)} input[name="code"]', bad)
        settled(player.page, SEAT)
        assert error.is_visible() and words in error.inner_text(), (bad, error.inner_text())
        assert outputs(player.page, SEAT) == view  # the last good view stays
    gm_view = outputs(gm.page, GM)
    assert replayed(gm).step == state.step
    # A changed session code is refused at its step, and the answer shown stays the last good one.
    text = gm.page.input_value(f'{form(GM)} input[name="session"]')
    choose(gm, session=text + "X" + code.DIGITS[0] + code.DIGITS[0])
    session_error = gm.page.locator(f'{form(GM)} [id$="-session-error"]')
    assert session_error.is_visible() and "cannot be played on" in session_error.inner_text()
    assert outputs(gm.page, GM) == gm_view
    for person in (gm, player):
        person.clean()
        person.context.close()


# Each output and board section as laid out with the view at the page's end, then as tall as its content
# is (every element drawn whatever its place, set on each element: the page's policy refuses a style
# sheet added by a script).
HEIGHTS = """async () => {
  const frame = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  const parts = () => [...document.querySelectorAll(".md-typeset .calc__result, .md-typeset .codex-board__section")];
  scrollTo(0, document.documentElement.scrollHeight);
  await frame();
  const shown = parts().map((e) => Math.round(e.getBoundingClientRect().height));
  // Each element's own style (a form's "style" is its control of that name, if it has one).
  const own = (e) => [HTMLElement, SVGElement, MathMLElement].filter((kind) => e instanceof kind)
    .map((kind) => Object.getOwnPropertyDescriptor(kind.prototype, "style").get.call(e))[0];
  const styles = [...document.querySelectorAll("*")].map(own);
  for (const style of styles) style?.setProperty("content-visibility", "visible", "important");
  const whole = parts().map((e) => Math.round(e.getBoundingClientRect().height));
  for (const style of styles) style?.removeProperty("content-visibility");
  return [shown, whole];
}"""


def test_an_undo_takes_a_draw_back_and_no_board_keeps_a_height_it_no_longer_has(table_site: str, chrome: Any) -> None:
    gm = Person(chrome, table_site)
    tap(gm, "start")
    tap(gm, "scene")
    choose(gm, side_a="1", side_b="2")
    tap(gm, "declare")
    before = gm.page.input_value(f'{form(GM)} input[name="session"]')
    tap(gm, "draw")
    undo = gm.page.get_by_role("button", name="Undo")
    expect(undo.first).to_be_visible()
    undo.first.tap()
    settled(gm.page, GM)
    assert gm.page.input_value(f'{form(GM)} input[name="session"]') == before
    # Every tap above redrew boards out of view. Each is as tall as what it now holds, wherever the GM
    # scrolled: a board drawn only once in view kept the height it had when last seen (one of them
    # 203 px for 73), and grew or shrank as the GM scrolled by it, moving what was below under the
    # finger (the link's "Link a phone" among them).
    shown, whole = gm.page.evaluate(HEIGHTS)
    assert shown == whole
    gm.clean()
    gm.context.close()


def test_no_serious_axe_violations_in_the_gm_and_player_views_mid_session(table_site: str, chrome: Any) -> None:
    from tests.test_accessibility import ALSO_FAILS, SERIOUS, axe_violations, report

    gm = Person(chrome, table_site)
    tap(gm, "start")
    tap(gm, "scene")
    contest(gm, [], 1, 2, ("water", "metal"), ["yang0"])
    tapped(gm, gm.page.locator(f'{form(GM)} output[name="seats"] button.codex-act--tile').first)  # a tile picked
    show_qr(gm, gm.page.locator(f'{form(GM)} .codex-share').first)
    views = [gm.page.url, gm.page.locator(f'{form(GM)} a.codex-share__link').first.get_attribute("href") or ""]
    # Each scheme in a browser that asks for it from the start (the theme reads it as a page loads): the session
    # is in the GM's link, and the seat's view in its own.
    for scheme in ("light", "dark"):
        for url, calc in zip(views, (GM, SEAT), strict=True):
            person = Person(chrome, url, color_scheme=scheme)
            settled(person.page, calc)
            if calc == GM:
                show_qr(person, person.page.locator(f'{form(GM)} .codex-share').first)
            assert person.page.evaluate("document.body.dataset.mdColorScheme") == (
                "slate" if scheme == "dark" else "default")
            bad = [v for v in axe_violations(person.page) if v["impact"] in SERIOUS or v["id"] in ALSO_FAILS]
            assert not bad, f"{scheme}, {calc}:\n{report(bad)}"
            person.clean()
            person.context.close()
    gm.clean()
    gm.context.close()


HOSTILE = '<img src=x onerror="document.title=1">"\'&</output><script>document.title=2</script>'


def test_a_hostile_seat_name_stays_text_everywhere_it_lands(table_site: str, chrome: Any) -> None:
    gm = Person(chrome, table_site)
    dialogs: list[str] = []
    gm.page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    gm.page.fill(f'{form(GM)} [id$="-seats-1-name"]', HOSTILE[:40])
    settled(gm.page, GM)
    tap(gm, "start")
    tap(gm, "scene")
    title = gm.page.title()
    assert gm.page.locator(f'{form(GM)} output img, {form(GM)} output script, {form(GM)} option img').count() == 0
    assert " ".join(HOSTILE[:40].split()) in said(gm.page.locator(f'{form(GM)} output[name="seats"]'))
    assert " ".join(HOSTILE[:40].split()) in said(gm.page.locator(f'{form(GM)} select[name="side_a"]'))
    assert title == gm.page.title() and title != "1" and title != "2" and dialogs == []
    gm.clean()
    gm.context.close()


JSQR = Path(__file__).resolve().parent.parent / "node_modules" / "jsqr" / "dist" / "jsQR.js"


def test_the_qr_code_drawn_on_the_device_reads_back_as_the_seats_link(table_site: str, chrome: Any) -> None:
    # jsQR (pinned in package.json) reads the QR code as a phone's camera would: from
    # its pixels, drawn from the page's own SVG (CSP bypassed for the test's canvas, never for the page).
    assert JSQR.is_file(), "jsqr is missing: npm ci installs it (package.json)"
    gm = Person(chrome, table_site)
    tap(gm, "start")
    tap(gm, "scene")
    share = gm.page.locator(f'{form(GM)} .codex-share').nth(1)
    show_qr(gm, share)
    link = share.locator("a.codex-share__link").get_attribute("href")
    svg = share.locator(".codex-share__qr svg").evaluate("el => new XMLSerializer().serializeToString(el)")
    gm.clean()
    gm.context.close()
    reader = chrome.new_context(bypass_csp=True)
    page = reader.new_page()
    page.set_content("<canvas width=400 height=400></canvas>")
    page.evaluate(JSQR.read_text(encoding="utf-8") + "\n;undefined")
    read = page.evaluate("""async (svg) => {
        const img = new Image();
        img.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(svg);
        await img.decode();
        const canvas = document.querySelector("canvas");
        const ctx = canvas.getContext("2d");
        ctx.imageSmoothingEnabled = false;
        ctx.drawImage(img, 0, 0, 400, 400);
        const pixels = ctx.getImageData(0, 0, 400, 400);
        const found = jsQR(pixels.data, 400, 400);
        return found && found.data;
    }""", svg)
    reader.close()
    assert read == link and "rain.tile_seat.code=" in (link or "")
