"""A Content Security Policy on every page the build writes, as a `<meta>` tag.

The site loads nothing from other origins, so the policy is strict: scripts only from the
site itself, the theme's inline scripts by their SHA-256 (computed here from the pages as
built, so the policy follows the theme when it changes), WebAssembly for Pyodide, no plugins,
no `<base>` and no form posts elsewhere. Inline styles stay allowed: the theme and our
templates set `style` attributes, and a style cannot run code. Should escaping ever fail, a
script in the data is still refused by the browser.
"""

from __future__ import annotations

import base64
import hashlib
import os
import re
from collections.abc import Iterable
from pathlib import Path

_INLINE_SCRIPT = re.compile(r"<script\b(?![^>]*\bsrc=)[^>]*>(.*?)</script\s*>", re.S | re.I)
_HEAD = re.compile(r"<head\b[^>]*>", re.I)
_OURS = re.compile(r'<meta http-equiv="Content-Security-Policy" content="[^"]*">\n?')


def script_hashes(html: str) -> set[str]:
    """The CSP source expression (`'sha256-…'`) of every inline script in a page."""
    return {"'sha256-" + base64.b64encode(hashlib.sha256(body.encode("utf-8")).digest()).decode() + "'"
            for body in _INLINE_SCRIPT.findall(html)}


def policy(hashes: Iterable[str]) -> str:
    """The policy text for pages whose inline scripts have these hashes."""
    scripts = " ".join(["'self'", "'wasm-unsafe-eval'", *sorted(hashes)])
    return "; ".join([
        "default-src 'self'",
        f"script-src {scripts}",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        "worker-src 'self'",
        "manifest-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
    ])


def with_policy(html: str, text: str) -> str:
    """The page with the policy as the first thing in its `<head>` (before any script)."""
    html = _OURS.sub("", html)
    head = _HEAD.search(html)
    if head is None:
        return html
    meta = f'<meta http-equiv="Content-Security-Policy" content="{text}">\n'
    return html[:head.end()] + meta + html[head.end():]


class PolicyWriter:
    """Puts the policy into each page as it is written, then fixes the few written too early.

    One policy serves every page (instant navigation adds a later page's policy to the first
    one's, so they must agree). The theme's inline scripts differ only by page depth, so once
    the first pages of each depth are written every later page already gets the final policy,
    and only those first few files are rewritten at the end.
    """

    def __init__(self) -> None:
        self.hashes: set[str] = set()
        self.written: dict[str, str] = {}

    def page(self, html: str, dest: str) -> str:
        """The page's HTML with the policy as it stands, including this page's scripts."""
        self.hashes |= script_hashes(html)
        text = policy(self.hashes)
        self.written[dest] = text
        return with_policy(html, text)

    def finish(self, site_dir: Path) -> int:
        """Rewrite the pages whose policy lacks a hash found later, and any page not seen; how many."""
        seen = {os.path.normpath(dest) for dest in self.written}
        unseen = [page for page in site_dir.rglob("*.html") if os.path.normpath(page) not in seen]
        for page in unseen:  # written without the page hook (a theme page): its scripts count too
            self.hashes |= script_hashes(page.read_text(encoding="utf-8"))
        final = policy(self.hashes)
        stale = [Path(dest) for dest, text in self.written.items() if text != final] + unseen
        for page in stale:
            if page.is_file():
                page.write_text(with_policy(page.read_text(encoding="utf-8"), final), encoding="utf-8")
        return len(stale)


def write_policy(site_dir: Path) -> int:
    """Put the policy in every HTML file of a built site at once; return how many files."""
    return PolicyWriter().finish(site_dir)
