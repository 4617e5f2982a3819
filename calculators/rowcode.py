"""Rows in a link: the compact code a `rows` input travels in (the page address, the form).

A list of records becomes one URL-safe string, so a twelve-combatant fight fits in a link a chat
app keeps. The code starts with its version; rows follow, each after a `_`, their fields in the
order the input declares them, each after a `.`. A field equal to its default is left empty (and
trailing empty fields are dropped); numbers are written in decimal, checkboxes as 1 or 0, text and
choices with every byte outside letters, digits, space and `-` written `*XX` (hex of its UTF-8).
`docs/assets/javascripts/rows.mjs` reads and writes the same code (tests/test_rowcode_js.py runs both).

>>> fields = [{"name": "name", "type": "text", "default": ""}, {"name": "reflex", "type": "int", "default": 3}]
>>> encode(fields, [{"name": "Lu Bu.", "reflex": 3}, {"name": "", "reflex": 7}])
'1_Lu Bu*2E_.7'
>>> decode(fields, "1_Lu Bu*2E_.7")
[{'name': 'Lu Bu.', 'reflex': 3}, {'name': '', 'reflex': '7'}]
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

VERSION = "1"
_SAFE = re.compile(r"[A-Za-z0-9 \-]")
_ESCAPED = re.compile(r"\*([0-9A-Fa-f]{2})")
_CODE = re.compile(r"[A-Za-z0-9 \-*._+]*")


class CodeError(ValueError):
    """A code this version cannot read (from another version of the site, or cut short)."""


_ALL_SAFE = re.compile(r"[A-Za-z0-9 \-]*")


def _escape(text: str) -> str:
    if _ALL_SAFE.fullmatch(text):
        return text
    return "".join(ch if _SAFE.fullmatch(ch) else "".join(f"*{b:02X}" for b in ch.encode("utf-8")) for ch in text)


def _unescape(text: str) -> str:
    if "*" not in text:
        return text
    if "*" in _ESCAPED.sub("", text):
        raise CodeError("a `*` not followed by two hex digits")
    # Each *XX one byte of the text's UTF-8, the rest as it is. (Not urllib's unquote: importing
    # urllib.parse imports ipaddress too, a tenth of the engine's start in the browser.)
    parts = _ESCAPED.split(text)  # text, hex, text, hex, ..., text
    data = b"".join(bytes((int(part, 16),)) if i % 2 else part.encode("utf-8") for i, part in enumerate(parts))
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise CodeError("text that is not UTF-8") from None


def _field_code(field: Mapping[str, Any], value: Any) -> str:
    if value == field["default"] or (value in ("", None) and field["type"] != "text"):
        return ""
    if field["type"] == "bool":
        return "1" if value else "0"
    if field["type"] == "int":
        return str(value)
    return _escape(str(value))


_ROWS_KEPT = 4096  # row codes remembered (a fight's log repeats most rows from one state to the next)
_row_codes: dict[tuple[Any, ...], str] = {}


def encode(fields: Sequence[Mapping[str, Any]], rows: Sequence[Mapping[str, Any]]) -> str:
    """The code of `rows` (records keyed by field name; missing fields take their defaults)."""
    parts = [VERSION]
    form = tuple((f["name"], f["type"], f["default"]) for f in fields)  # all a row's code depends on
    for row in rows:
        key = (form, *(row.get(name, default) for name, _, default in form))
        kept = True
        try:
            code = _row_codes.get(key)
        except TypeError:  # a value that cannot be a key (a list): worked out every time
            kept, code = False, None
        if code is None:
            codes = [_field_code(f, row.get(f["name"], f["default"])) for f in fields]
            while codes and codes[-1] == "":
                codes.pop()
            code = ".".join(codes)
            if kept:
                if len(_row_codes) >= _ROWS_KEPT:
                    _row_codes.clear()
                _row_codes[key] = code
        parts.append(code)
    return "_".join(parts)


def decode(fields: Sequence[Mapping[str, Any]], code: str) -> list[dict[str, Any]]:
    """Rows from a code, as the form would send them (strings, defaults filled in), or CodeError."""
    return [decode_row(fields, row) for row in rows_of(code)]


def rows_of(code: str) -> list[str]:
    """The code of each row, once the code as a whole is one this version reads (else CodeError)."""
    code = code.replace("+", " ")
    if not _CODE.fullmatch(code):
        raise CodeError("characters no code of this version uses")
    version, *rows = code.split("_")
    if version != VERSION:
        raise CodeError(f"version {version!r}, not {VERSION}")
    return rows


def decode_row(fields: Sequence[Mapping[str, Any]], row: str) -> dict[str, Any]:
    """One row's record from its code (see `rows_of`), or CodeError."""
    codes = row.split(".")
    if len(codes) > len(fields):
        raise CodeError(f"{len(codes)} fields in a row, not {len(fields)}")
    codes += [""] * (len(fields) - len(codes))
    record: dict[str, Any] = {}
    for field, text in zip(fields, codes, strict=True):
        if text == "":
            record[field["name"]] = field["default"]
        elif field["type"] == "bool":
            if text not in ("0", "1"):
                raise CodeError(f"{text!r} for a checkbox")
            record[field["name"]] = text == "1"
        else:
            record[field["name"]] = _unescape(text)
    return record
