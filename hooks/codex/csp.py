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


def write_policy(site_dir: Path) -> int:
    """Put the policy in every HTML file of the built site; return how many files."""
    pages = sorted(site_dir.rglob("*.html"))
    texts = {page: page.read_text(encoding="utf-8") for page in pages}
    # One policy for all: instant navigation keeps the first page's policy for every later page.
    text = policy(set().union(*(script_hashes(t) for t in texts.values())))
    for page, html in texts.items():
        page.write_text(with_policy(html, text), encoding="utf-8")
    return len(pages)
