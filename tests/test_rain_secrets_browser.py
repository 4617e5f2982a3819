"""Secrets stay secret without the link, in headless Chromium at 390 × 844 (touch), one browser context
per device (issue 31, part 3).

A seat's page (its own code's link), the shared screen's and an older seat-view link each hold, in
their DOM, address, localStorage and sessionStorage, neither the session code, a draw code nor
another seat's tiles; the GM's tile table refuses a forged seat code beside its field; a single-draw
link says whether its code was drawn or typed.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from playwright.sync_api import expect

from calculators.rain import piles as pl
from calculators.rain import seat_code as sc
from calculators.rain import session_code as code
from tests import test_browser_tiles as tiles
from tests.support.engine import engine
from tests.support.says import saying, says
from tests.test_browser import settled
from tests.test_browser_tile_table import GM, SEAT, Person, choose, contest, form, has, in_view, replayed, said, tap

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.usefixtures("rules_in_use")]
SHOTS = Path(os.environ.get("CODEX_SHOTS", "/tmp/codex-shots"))
FORGED = ("seat code", "not made", "GM device", "changed")  # the refusal's facts, in the order it says them


site, chrome = tiles.tile_site, tiles.chrome  # the tile pages' tests' site and browser


def shot(person: Person, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    person.page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=False)


def everything(person: Person) -> str:
    """All a device holds of the page: its DOM (with every field's value), address and both storages."""
    return person.page.evaluate("""() => {
        const fields = [...document.querySelectorAll("input, textarea, select")].map(e => e.value);
        const kept = (s) => { const out = []; for (let i = 0; i < s.length; i++) { const k = s.key(i);
            out.push(k, s.getItem(k)); } return out; };
        return JSON.stringify([document.documentElement.outerHTML, fields, location.href,
                               kept(localStorage), kept(sessionStorage)]);
    }""")


def faces(person: Person) -> list[str]:
    return person.page.locator(".rain-tile__name").all_text_contents()


@pytest.fixture(scope="module")
def session(site: str, chrome: Any) -> Iterator[dict[str, Any]]:
    """A GM into a session (a contest played out, a second one drawn and on the table), and what it shows."""
    gm = Person(chrome, site + "rain/table/")
    tap(gm, "start")
    tap(gm, "scene")
    contest(gm, [], 1, 2, ("water", "metal"), [])
    choose(gm, side_a="3", side_b="4")
    tap(gm, "declare")
    tap(gm, "draw")
    while has(gm, "draw"):
        tap(gm, "draw")
    state = replayed(gm)
    shares = gm.page.locator(f"{form(GM)} .codex-share")
    codes = shares.evaluate_all("els => els.map(e => e.dataset.shareCode)")
    links = gm.page.locator(f"{form(GM)} a.codex-share__link").evaluate_all("els => els.map(a => a.href)")
    text = gm.page.input_value(f'{form(GM)} input[name="session"]')
    with engine().active():
        _readings, _id, events = code.read(text)
        draws = [f"{e.code:06d}" for e in events if type(e).__name__ == "Draw"]
        names = [[pl.kinds()[k].name for k in pl.listed(p)] for p in state.piles]
        hands = [t.name for side in (state.contest.deal.mine, state.contest.deal.theirs) for t in side]
    assert len(codes) == 5 and draws
    yield {"gm": gm, "state": state, "codes": codes, "links": links, "session": text, "draws": draws,
           "piles": names, "hands": hands}
    gm.clean()
    gm.context.close()


def secrets_of(found: dict[str, Any], seat: int | None) -> list[str]:
    """What a device opened for `seat` (None: the shared screen) must not hold."""
    state = found["state"]
    banned = [found["session"], f"R1{state.session:06d}", *found["draws"]]
    banned += [c for n, c in enumerate(found["codes"][:4]) if n != seat]  # other seats' codes
    return banned


def test_a_seat_page_holds_only_its_own_code(session: dict[str, Any], chrome: Any) -> None:
    player = Person(chrome, session["links"][1])  # seat 2, by the link the GM sends
    settled(player.page, SEAT)
    held = everything(player)
    for secret in secrets_of(session, 1):
        assert secret not in held, secret
    assert session["codes"][1] in held
    mine = session["piles"][1]
    shown = faces(player)
    others = {t for n, pile in enumerate(session["piles"]) if n != 1 for t in pile} - set(mine)
    assert sorted(t for t in shown if t in mine) == sorted(mine)
    assert not others & set(shown)
    assert not (set(session["hands"]) - set(mine)) & set(shown)  # the contest's hands are the GM's to show
    you = said(player.page.locator(f'{form(SEAT)} output[name="you"]'))
    trust = said(player.page.locator(f'{form(SEAT)} output[name="trust"]'))
    says(you, "seat 2", "of 4")
    says(trust, "cannot tell", "who made it")
    player.page.locator(f'{form(SEAT)} output[name="you"]').scroll_into_view_if_needed()
    shot(player, "seat-2")
    player.clean()
    player.context.close()


def test_the_shared_screen_holds_no_seat(session: dict[str, Any], chrome: Any) -> None:
    screen = Person(chrome, session["links"][4])
    settled(screen.page, SEAT)
    held = everything(screen)
    for secret in secrets_of(session, None):
        assert secret not in held, secret
    assert faces(screen) == []  # nothing is discarded or paid yet: no tile face at all
    assert "table's own view" in said(screen.page.locator(f'{form(SEAT)} output[name="you"]'))
    screen.page.locator(f'{form(SEAT)} output[name="you"]').scroll_into_view_if_needed()
    shot(screen, "shared-screen")
    screen.clean()
    screen.context.close()


def test_an_older_seat_view_link_opens_only_that_seat(session: dict[str, Any], site: str, chrome: Any) -> None:
    """Today's `view=3` link held the session in the address: it opens seat 3's view and keeps none of it."""
    prefix = json.loads(session["gm"].page.locator(form(GM)).get_attribute("data-state"))["prefix"]
    older = (f"{site}rain/table/?{prefix}session={quote(session['session'])}&{prefix}view=3")
    player = Person(chrome, older)
    player.page.wait_for_function(
        f"() => document.querySelector('{form(SEAT)} input[name=\"code\"]').value !== ''", timeout=60_000)
    settled(player.page, SEAT)
    held = everything(player)
    for secret in secrets_of(session, 2):
        at = held.find(secret)
        assert at < 0, (secret, held[max(0, at - 200):at + 100])
    note = said(player.page.locator(".codex-older-link"))
    assert "older version" in note and "nobody can verify it" in note
    with engine().active():
        opened = sc.open_code(player.page.input_value(f'{form(SEAT)} input[name="code"]'))
    assert opened.view.seat == 2 and not opened.keyed
    assert "older code" in said(player.page.locator(f'{form(SEAT)} output[name="trust"]'))
    player.page.locator(".codex-older-link").scroll_into_view_if_needed()
    shot(player, "older-link")
    player.clean()
    player.context.close()


def test_the_gm_table_refuses_a_forged_seat_code_and_checks_a_real_one(session: dict[str, Any]) -> None:
    gm = session["gm"]
    real = session["codes"][2]
    with engine().active():
        mine = sc.read(real)
        invented = pl.of([pl.index()["north"]] * 3)
        counts = (pl.size(invented), *mine.counts[1:])
        fields = {f: getattr(mine, f) for f in mine.__dataclass_fields__}
        as_seat_one = sc.SeatView(**{**fields, "seat": 0, "mine": invented, "counts": counts})
        forged = [sc.write(as_seat_one), sc.write(as_seat_one, bytes(32))]  # unkeyed, and keyed by a guess
    error = gm.page.locator(f'{form(GM)} [id$="-check-error"]')
    for text in forged:
        choose(gm, check=text)
        assert error.is_visible()
        says(error.inner_text(), *FORGED)
    choose(gm, check=real)
    assert not error.is_visible()
    says(said(gm.page.locator(f'{form(GM)} output[name="checked"]')), "this device", "Seat 3", "this step")
    gm.page.locator(f'{form(GM)} input[name="check"]').scroll_into_view_if_needed()
    shot(gm, "gm-check")
    in_view(gm, gm.page.locator(f'{form(GM)} output[name="checked"]'))
    shot(gm, "gm-checked")
    # The key is the GM device's alone: kept under the session's id, in no address, field or output.
    key = gm.page.evaluate(f"() => localStorage.getItem('codex.key.rain.tile_table.{session['state'].session:06d}')")
    assert key and len(key) == sc.KEY_HEX
    outside = gm.page.evaluate("""() => JSON.stringify([document.documentElement.outerHTML, location.href,
        [...document.querySelectorAll("input, textarea")].map(e => e.value)])""")
    assert key not in outside
    choose(gm, check="")


def test_a_single_draw_says_drawn_or_typed(site: str, chrome: Any) -> None:
    page_url = site + "rain/contests/"
    reader = Person(chrome, page_url)
    draw = "rain.tile_draw"
    reader.page.locator(f"{form(draw)} .calc__draw-again").tap()
    expect(reader.page.locator(f'{form(draw)} output[name="how"]')).to_contain_text(saying("Drawn", "random"),
                                                                                    timeout=30_000)
    settled(reader.page, draw)
    drawn = reader.page.input_value(f'{form(draw)} input[name="seed"]')
    assert len(drawn.replace("-", "")) == 13
    assert "seed=" + drawn in reader.page.url
    reader.page.locator(f'{form(draw)} output[name="how"]').scroll_into_view_if_needed()
    shot(reader, "draw-drawn")
    reader.page.locator(f'{form(draw)} input[name="seed"]').scroll_into_view_if_needed()
    shot(reader, "draw-field")
    reader.page.goto(page_url + "?rain.tile_draw.seed=9#" + (reader.page.locator(form(draw)).get_attribute("id") or ""))
    settled(reader.page, draw)
    says(said(reader.page.locator(f'{form(draw)} output[name="how"]')), "Typed", "chosen")
    reader.page.locator(f'{form(draw)} output[name="how"]').scroll_into_view_if_needed()
    shot(reader, "draw-typed")
    reader.clean()
    reader.context.close()
