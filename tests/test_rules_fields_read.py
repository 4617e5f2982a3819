"""Every field of rules_data/ is read by something: a page, a calculator, a check.

A field nothing reads is a number or sentence whose edit changes nothing on the site. The
ones not read yet are listed in tests/fixtures/unread_fields.txt; the list may only shrink.
"""

from __future__ import annotations

from tests.support.unread import LISTED, unread_fields


def _listed() -> list[str]:
    lines = LISTED.read_text(encoding="utf-8").splitlines()
    return [line for line in lines if line and not line.startswith("#")]


def test_no_new_field_goes_unread() -> None:
    found, listed = unread_fields(), _listed()
    new = sorted(set(found) - set(listed))
    assert not new, "fields nothing reads (read them, or remove them from the YAML):\n" + "\n".join(new)
    now_read = sorted(set(listed) - set(found))
    assert not now_read, f"now read, take them off {LISTED.name}:\n" + "\n".join(now_read)
