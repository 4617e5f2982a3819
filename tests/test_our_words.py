"""Our words, their facts: no run of ten words on the site may match a source book."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TOOL = ROOT.parent / "shared" / "tools" / "verbatim-check"


@pytest.mark.skipif(not TOOL.exists(), reason="../shared/tools/verbatim-check is not beside this checkout")
def test_no_sentence_of_the_books_is_copied() -> None:
    proc = subprocess.run([str(TOOL), str(ROOT)], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stdout + proc.stderr
