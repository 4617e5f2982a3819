"""The app's Home Screen icons, drawn from the site's favicon (the yin-yang) in Chromium.

    .venv/bin/python -m tests.support.app_icons      (writes docs/assets/images/app-icon-*.png)

The PNGs are committed (the build needs no browser); `tests/test_app.py` draws them again and
checks the committed ones still match the favicon. Maskable-safe: the background fills the whole
square, and the yin-yang sits inside the central circle (80 % of the width) that every launcher
mask keeps.
"""

from __future__ import annotations

import base64
import re
from pathlib import Path

from tests.support.browser import chromium

ROOT = Path(__file__).resolve().parents[2]
FAVICON = ROOT / "docs" / "assets" / "images" / "favicon.svg"
IMAGES = FAVICON.parent
SIZES = (192, 512)
BACKGROUND = "#f6efe4"  # the manifest's background_color: the splash screen matches the icon
SHARE = 0.76  # of the icon's width taken by the yin-yang: inside the 80 % safe circle


def icon_path(size: int) -> Path:
    return IMAGES / f"app-icon-{size}.png"


def icon_svg() -> str:
    """The favicon, scaled into the middle of a full-bleed square."""
    svg = FAVICON.read_text(encoding="utf-8")
    view = re.search(r'viewBox="0 0 (\d+) (\d+)"', svg)
    if not view or view[1] != view[2]:
        raise ValueError(f"{FAVICON}: expected a square viewBox")
    side = int(view[1])
    inner = re.sub(r"^<svg[^>]*>|</svg>\s*$", "", svg.strip())
    margin = side * (1 - SHARE) / 2
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {side} {side}">'
            f'<rect width="{side}" height="{side}" fill="{BACKGROUND}"/>'
            f'<g transform="translate({margin:g} {margin:g}) scale({SHARE})">{inner}</g></svg>')


def draw() -> dict[int, bytes]:
    """Each size's PNG, rendered by Chromium."""
    data = base64.b64encode(icon_svg().encode()).decode()
    out = {}
    with chromium() as browser:
        for size in SIZES:
            page = browser.new_page(viewport={"width": size, "height": size}, device_scale_factor=1)
            page.set_content(f'<body style="margin:0"><img src="data:image/svg+xml;base64,{data}" '
                             f'width="{size}" height="{size}" style="display:block"></body>')
            page.wait_for_function("() => document.images[0].complete")
            out[size] = page.screenshot(clip={"x": 0, "y": 0, "width": size, "height": size})
            page.close()
    return out


if __name__ == "__main__":
    for size, png in draw().items():
        icon_path(size).write_bytes(png)
        print(f"wrote {icon_path(size).relative_to(ROOT)} ({len(png)} bytes)")
