"""A Rain tile table's session, worked out by CPython from the code a page holds: what the browser
tests compare the page (and every phone) with."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from calculators.rain import piles as pl
from calculators.rain import session as ss
from calculators.rain import session_code as code
from tests.support.engine import engine


def replayed(session_code: str, names: Sequence[str]) -> ss.State:
    """The session after `session_code` (the tile table's `session` input), its seats named `names`."""
    with engine().active():
        readings, session_id, events = code.read(session_code)
        return ss.replay(ss.start(readings, session_id, names), events)


def tile_names(counts: pl.Pile) -> Counter[str]:
    """The tiles of a pile, by name."""
    with engine().active():
        return Counter(pl.kinds()[k].name for k in pl.listed(counts))
