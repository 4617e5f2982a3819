"""Our words, their facts: no run of ten words on the site may match a source book.

The books are not in the repository. The test runs wherever they are ($CODEX_BOOKS, or
../shared/seeds beside the checkout), and where they are not it says so loudly: a warning in
the summary and a skip that names the variable, never a silent pass. The checker itself is
tested on a book of our own, so it is known to find a copied sentence even on a machine
without the books (GitHub's CI).
"""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest

from tests.support.verbatim import books_folder, copied_runs

ROOT = Path(__file__).resolve().parent.parent


def test_no_sentence_of_the_books_is_copied() -> None:
    books = books_folder(ROOT)
    if books is None:
        message = ("THE SOURCE BOOKS ARE NOT HERE: no sentence of the site was compared with them. Set CODEX_BOOKS "
                   "to the folder of the books' .txt files (../shared/seeds beside the checkout is found by itself).")
        warnings.warn(message, stacklevel=1)
        pytest.skip(message)
    copied = list(copied_runs(ROOT, books))
    assert copied == [], "\n".join(copied[:25])


def test_the_check_finds_a_copied_sentence(tmp_path: Path) -> None:
    # Mutation: a page repeats twelve words of a book (a book of our own: it runs without the real ones).
    books = tmp_path / "books"
    books.mkdir()
    (books / "book.txt").write_text("Long before the river had a name the monks of the valley kept its "
                                    "fords with bells and lanterns.\n", encoding="utf-8")
    project = tmp_path / "project"
    (project / "docs").mkdir(parents=True)
    (project / "docs" / "page.md").write_text("The site says: the monks of the valley kept its fords with bells "
                                              "and lanterns, long ago.\n", encoding="utf-8")
    (project / "rules_data").mkdir()
    (project / "rules_data" / "a.yaml").write_text("summary: Our own words about a river and its fords.\n")
    assert list(copied_runs(project, books)) == [
        'docs/page.md: 12 words as in book.txt: "the monks of the valley kept its fords with bells and lanterns"']


def test_the_books_are_found_beside_the_checkout_or_where_the_variable_says(tmp_path: Path,
                                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CODEX_BOOKS", raising=False)
    assert books_folder(tmp_path / "checkout") is None
    (tmp_path / "shared" / "seeds").mkdir(parents=True)
    (tmp_path / "shared" / "seeds" / "000_book.txt").write_text("words\n", encoding="utf-8")
    assert books_folder(tmp_path / "checkout") == tmp_path / "shared" / "seeds"
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "b.txt").write_text("words\n", encoding="utf-8")
    monkeypatch.setenv("CODEX_BOOKS", str(elsewhere))
    assert books_folder(tmp_path / "checkout") == elsewhere
