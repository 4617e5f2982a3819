"""Where a calculator lives in its page and how its inputs sit in the URL: defined once here.

`docs/assets/javascripts/codex.mjs` reads and writes the same format (`<calc id>.<input>=value`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from urllib.parse import urlencode


def anchor(calc_id: str) -> str:
    """The id of a calculator's form in its page, the target of `#calc-wbs-derived` links."""
    return "calc-" + calc_id.replace(".", "-")


def state_query(calc_id: str, values: Mapping[str, Any]) -> str:
    """Inputs as the URL keeps them (`?wbs.derived.strength=4`): the format codex.mjs reads and writes."""
    return urlencode({f"{calc_id}.{name}": _url_value(v) for name, v in values.items()})


def _url_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)
