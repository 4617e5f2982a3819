"""Stamped pages are the pages the theme would have drawn, byte for byte (codex/stamp.py).

The bestiary's stat block pages are drawn by filling one page shell the theme draws once. The
site is built both ways, stamped and with the theme drawing every page (CODEX_STAMP=0), with
creatures whose names test every place a page's own parts land: markup and quotes, Markdown's
own characters, the symbols Markdown turns into others, letters outside ASCII, and two
creatures of one name. Every file of the two sites must be the same.
"""

from __future__ import annotations

import filecmp
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from codex.stamp import CONTENT, TITLE, Shell, ShellError, families, shell_markdown, sitemap_with

from tests.support.creatures import creature_yaml
from tests.support.project_copy import copy_project

NAMES = [
    '</title><script>alert("x")</script> & \'quotes\'',
    "Fox *of* the_1/2 (c) --> 1st [link](x) #7 `code`",
    "Ünïcödé 狐狸 Spirit",
    "Twin",
    "Twin",
]


def _build(repo: Path, out: Path, **env: str) -> None:
    proc = subprocess.run([sys.executable, "-m", "mkdocs", "build", "-q", "-d", str(out)], cwd=repo,
                          env={**os.environ, "NO_MKDOCS_2_WARNING": "1", **env}, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr[-4000:]


def _differences(a: Path, b: Path) -> list[str]:
    found = []
    compared = filecmp.dircmp(a, b)
    found += [f"only in one: {name}" for name in compared.left_only + compared.right_only]
    found += [str(a / name) for name in compared.diff_files]
    for sub in compared.common_dirs:
        found += _differences(a / sub, b / sub)
    return found


@pytest.mark.slow
def test_stamped_pages_are_what_the_theme_draws(tmp_path: Path, root: Path) -> None:
    if not (root / "node_modules" / "pyodide" / "pyodide.mjs").is_file():
        pytest.skip("node_modules/pyodide is missing: run ./dev serve or npm ci first")
    repo = copy_project(tmp_path / "repo", shared=("node_modules",))
    for n, name in enumerate(NAMES):
        text = creature_yaml(n).replace(f"name: Generated beast {n}\n", f"name: {json.dumps(name)}\n")
        (repo / "rules_data" / "wbs" / "bestiary" / f"beast-{n:05d}.yaml").write_text(text, encoding="utf-8")
    _build(repo, tmp_path / "stamped")
    _build(repo, tmp_path / "drawn", CODEX_STAMP="0")
    assert _differences(tmp_path / "stamped", tmp_path / "drawn") == []
    page = (tmp_path / "stamped" / "wbs" / "bestiary" / "beast-00000" / "index.html").read_text(encoding="utf-8")
    assert "<script>alert" not in page and "&lt;/title&gt;&lt;script&gt;alert" in page
    assert not re.search("CODEXSTAMP|codexstamp", page)


def test_a_family_is_one_folder_of_stamped_pages() -> None:
    class Made:
        def __init__(self, stamped: bool) -> None:
            self.stamped = stamped

    pages = {"wbs/bestiary/orc.md": Made(True), "wbs/bestiary/goblin.md": Made(True), "wbs/tiers.md": Made(False)}
    assert families(pages) == {"wbs/bestiary": ["wbs/bestiary/goblin.md", "wbs/bestiary/orc.md"]}


def test_the_shell_keeps_the_front_matter_with_the_title_token() -> None:
    page = '---\ntitle: "Goblin &amp; Co"\nhide:\n  - toc\n---\n\n# Goblin\n\n<!-- codex:creature wbs.goblin -->\n'
    shell = shell_markdown(page)
    assert shell.startswith("---\ntitle: CODEXSTAMPTITLE\nhide:\n- toc\n---\n")
    assert shell.endswith(f"# {TITLE}\n") and "codex:creature" not in shell


def test_a_shell_without_its_parts_is_refused() -> None:
    with pytest.raises(ShellError):
        Shell.from_html("<title>x</title><main></main>")  # the theme printed neither title nor content
    shell = Shell.from_html(f"<title>{TITLE}</title><main>{CONTENT}</main>")
    assert shell.fill({TITLE: "Orc", CONTENT: "<p>stats</p>"}) == "<title>Orc</title><main><p>stats</p></main>"


def test_the_sitemap_lists_a_family_where_its_shell_was() -> None:
    sitemap = ("<urlset>\n    <url>\n         <loc>https://x/a/</loc>\n    </url>\n"
               "    <url>\n         <loc>https://x/b/one/</loc>\n         <lastmod>2026-01-01</lastmod>\n    </url>\n"
               "</urlset>\n")
    out = sitemap_with(sitemap, "https://x/b/one/", ["https://x/b/one/", "https://x/b/two&three/"])
    assert out.count("<lastmod>2026-01-01</lastmod>") == 2
    assert "<loc>https://x/b/two&amp;three/</loc>" in out and out.index("/a/") < out.index("/b/one/")
    with pytest.raises(ShellError):
        sitemap_with(sitemap, "https://x/c/", [])
