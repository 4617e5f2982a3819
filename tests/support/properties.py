"""How many random examples a property test tries: every one in the whole suite (`./dev test`), a
third in the contributor's tier (`./dev test --fast`, which sets CODEX_FAST_TIER=1), where an answer
within the minute matters more than the search's depth. A test names its full count once:
`@settings(max_examples=examples(150))`; a test that names none takes the profile's (tests/conftest.py).
"""

from __future__ import annotations

import os

FAST = os.environ.get("CODEX_FAST_TIER") == "1"
SHARE = 3  # the fast tier tries one example in this many
FLOOR = 10  # and never fewer than this many


def examples(count: int) -> int:
    """The examples a property test tries in this run, of the `count` it tries in the whole suite."""
    return max(min(count, FLOOR), count // SHARE) if FAST else count
