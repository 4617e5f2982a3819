"""Compare two builds of the site file by file: the same pages from two site generators.

    .venv/bin/python -m tests.support.compare_sites SITE_A SITE_B

CI builds the site with MkDocs and again with ProperDocs (a maintained fork of MkDocs 1.x, the
way past MkDocs' and mkdocs-material's end of life that ARCHITECTURE.md names) and runs this:
every file must be in both and the same, except what names the generator. The differences
allowed, and nothing else:

- the `<meta name="generator">` tag of each page;
- the service worker's precache revisions (a page's revision is a hash of its bytes, so it
  follows the generator tag); its list of files must be the same.

Prints each difference and exits 1 if there is any.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

_GENERATOR = re.compile(rb'<meta name="generator" content="[^"]*">')
_REVISION = re.compile(rb'"revision":\s*"[0-9a-f]+"|revision:\s*"[0-9a-f]+"')
SERVICE_WORKER = "sw.js"


def _normal(name: str, data: bytes) -> bytes:
    if name.endswith(".html"):
        return _GENERATOR.sub(b'<meta name="generator" content="">', data)
    if name == SERVICE_WORKER:
        return _REVISION.sub(b'"revision":""', data)
    return data


def _files(site: Path) -> dict[str, Path]:
    return {path.relative_to(site).as_posix(): path for path in site.rglob("*") if path.is_file()}


def differences(a: Path, b: Path) -> list[str]:
    """What differs between two built sites, beyond the generator's name (empty if nothing)."""
    files_a, files_b = _files(a), _files(b)
    found = [f"only in {a}: {name}" for name in sorted(files_a.keys() - files_b.keys())]
    found += [f"only in {b}: {name}" for name in sorted(files_b.keys() - files_a.keys())]
    for name in sorted(files_a.keys() & files_b.keys()):
        if _normal(name, files_a[name].read_bytes()) != _normal(name, files_b[name].read_bytes()):
            found.append(f"differs: {name}")
    return found


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    a, b = (Path(arg) for arg in argv)
    for site in (a, b):
        if not (site / "index.html").is_file():
            print(f"{site} is no built site (no index.html)", file=sys.stderr)
            return 2
    found = differences(a, b)
    for line in found:
        print(line)
    pages = sum(1 for _ in a.rglob("*.html"))
    if found:
        print(f"{len(found)} difference(s) between {a} and {b}", file=sys.stderr)
        return 1
    print(f"{a} and {b} are the same, {pages} pages, but for the generator's name", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
