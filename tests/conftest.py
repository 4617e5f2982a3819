"""Shared fixtures: the project's paths and one built site per test session."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

from calculators import Engine
from tests.support.engine import engine
from tests.support.properties import FAST, examples
from tests.support.server import free_port
from tests.support.warm import may_change_tab, wants_new_tab

ROOT = Path(__file__).resolve().parent.parent
pytest_plugins = ["tests.support.fixtures"]

# Property tests check answers, not speed: on a shared 2-core machine one example can take 400 ms
# for reasons of its own. Speed has its own tests (CPU time) and the benchmark.
settings.register_profile("codex", deadline=None)
# The contributor's tier tries a third of the examples (tests/support/properties.py): the profile's
# count for a test that names none, `examples(n)` for one that does.
settings.register_profile("codex-fast", deadline=None, max_examples=examples(settings.default.max_examples))
settings.load_profile("codex-fast" if FAST else "codex")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The heavy test files first (a browser's, or marked slow), the many quick ones after them.
    The two workers take files in this order (`--dist loadfile`), so the quick files fill in at the
    end, where a heavy file started last would have kept one worker busy alone. In a file, the tests
    that need a new tab come last, after those that may change theirs for good (tests/support/warm.py):
    the module's warm tab, closed after each, was opened again for the next test (an engine started
    again: 2 s of CPU). A stable sort: the files keep their order, and each file's tests theirs otherwise."""
    heavy = {item.path for item in items if item.get_closest_marker("slow") or item.get_closest_marker("browser")}
    first = {}
    for index, item in enumerate(items):
        first.setdefault(item.path, index)
    items.sort(key=lambda item: (item.path not in heavy, first[item.path], wants_new_tab(item), may_change_tab(item)))


@pytest.fixture(scope="session")
def root() -> Path:
    return ROOT


@pytest.fixture(scope="session")
def site_port() -> int:
    """The port the built site is served on in browser tests (its site_url says so too)."""
    return free_port()


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory, site_port: int) -> Path:
    """The site, built once per session by the real `mkdocs build` (strict mode)."""
    out = tmp_path_factory.mktemp("site")
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "CODEX_SITE_URL": f"http://127.0.0.1:{site_port}/"}
    proc = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--quiet", "-d", str(out)],
                          cwd=ROOT, env=env, capture_output=True, text=True)
    assert proc.returncode == 0, f"mkdocs build failed:\n{proc.stdout}\n{proc.stderr}"
    return out


@pytest.fixture(scope="session")
def rules_engine() -> Engine:
    """The rules engine of rules_data/, made once per session from the YAML."""
    return engine()


@pytest.fixture(scope="module")
def rules_in_use(rules_engine: Engine) -> Iterator[Engine]:
    """For tests of calculator internals: the session's engine answers for the whole module."""
    with rules_engine.active():
        yield rules_engine
