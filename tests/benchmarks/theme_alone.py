"""The theme alone, the next night: what a plain mkdocs-material page of the same text takes to load in a
new browser on the phone profile, as the reference beside our page's next night.

The next night's budget (0.2 × the cold answer) counts the page's own load, and the first page a new
browser shows costs more than the same page shown again (its styles, fonts and scripts met for the first
time). This page is built by plain mkdocs-material with our theme settings (palette, features, system
fonts) and our calculator page's Markdown, with no hook, no stylesheet, no script and no engine of ours:
its DOMContentLoaded in a new browser, from its HTTP cache, is the part of that budget the theme takes
on its own. It has no offline copy (nor any need of one): its HTTP cache holds every file by then.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import yaml

from tests.support.browser import CHROMIUM, for_readers

ROOT = Path(__file__).resolve().parents[2]
# Our theme settings the plain page keeps; the rest (our templates, the favicon) are the project's own.
KEPT = ("name", "language", "font", "icon", "palette", "features")
DCL = "() => performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd"


def _theme() -> dict[str, Any]:
    """mkdocs.yml's theme settings, its tags (`!ENV`) read as nothing."""
    loader = type("Loader", (yaml.SafeLoader,), {})
    loader.add_multi_constructor("!", lambda *_: None)
    config = yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=loader)  # a SafeLoader
    return {key: value for key, value in config["theme"].items() if key in KEPT}


def build_plain(to: Path, port: int, page: str) -> Path:
    """The plain site of the Markdown of our page at `page` (an address such as "wbs/attributes/", from
    docs/wbs/attributes.md), built into `to`/site, at the same address; returns that folder."""
    source = page.strip("/") + ".md"
    docs = to / "docs"
    (docs / source).parent.mkdir(parents=True)
    shutil.copyfile(ROOT / "docs" / source, docs / source)
    (docs / "index.md").write_text("# Home\n", encoding="utf-8")
    config = {"site_name": "Plain", "site_url": f"http://127.0.0.1:{port}/", "theme": _theme(), "plugins": ["search"]}
    (to / "mkdocs.yml").write_text(yaml.safe_dump(config, sort_keys=False), encoding="utf-8")
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    subprocess.run([sys.executable, "-m", "mkdocs", "build", "--quiet", "-d", "site"], cwd=to, env=env, check=True,
                   capture_output=True)
    return to / "site"


def next_night(playwright: Any, url: str, profile: Path, phone: Any) -> float:
    """ms from navigation to the plain page's DOMContentLoaded in a new browser on a profile that
    opened it once before (the phone's CPU, set by `phone(context, page)`)."""
    loads = []
    for _ in range(2):  # the first visit, then the next night
        context = playwright.chromium.launch_persistent_context(str(profile), executable_path=CHROMIUM,
                                                               args=for_readers(), headless=True)
        page = context.pages[0] if context.pages else context.new_page()
        phone(context, page)
        page.goto(url, wait_until="load")
        loads.append(page.evaluate(DCL))
        context.close()
    return loads[-1]
