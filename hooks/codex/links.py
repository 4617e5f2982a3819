"""Where a calculator lives in its page and how its inputs sit in the URL: defined once here.

The JavaScript knows neither: the anchor is the form's `id`, and the URL-state format is
handed to each form as `data-state` (see `state_format`), which
`docs/assets/javascripts/url-state.mjs` reads (`tests/test_links.py` checks that they agree).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any
from urllib.parse import parse_qsl, urlencode

ANCHOR_PREFIX = "calc-"
STATE_TRUE = "true"   # a ticked checkbox in the URL
STATE_FALSE = "false"


def anchor(calc_id: str) -> str:
    """The id of a calculator's form in its page, the target of `#calc-wbs-derived` links."""
    return ANCHOR_PREFIX + calc_id.replace(".", "-")


def state_prefix(calc_id: str) -> str:
    """What every URL key of this calculator's inputs starts with (`wbs.derived.`)."""
    return calc_id + "."


def state_query(calc_id: str, values: Mapping[str, Any]) -> str:
    """Inputs as the URL keeps them (`wbs.derived.strength=4`), without the leading `?`."""
    prefix = state_prefix(calc_id)
    return urlencode({prefix + name: _url_value(v) for name, v in values.items()})


def state_link(calc_id: str, values: Mapping[str, Any]) -> str:
    """A link, relative to the calculator's page, that opens its form with these inputs."""
    return f"?{state_query(calc_id, values)}#{anchor(calc_id)}"


def read_state(calc_id: str, query: str) -> dict[str, str]:
    """The inputs of one calculator in a URL's query, as text (the reverse of `state_query`)."""
    prefix = state_prefix(calc_id)
    return {k.removeprefix(prefix): v for k, v in parse_qsl(query.lstrip("?")) if k.startswith(prefix)}


def state_format(calc_id: str) -> str:
    """The form's `data-state`: JSON with the key prefix and the words for a checkbox."""
    return json.dumps({"prefix": state_prefix(calc_id), "on": STATE_TRUE, "off": STATE_FALSE},
                      separators=(",", ":"))


def _url_value(value: object) -> str:
    if isinstance(value, bool):
        return STATE_TRUE if value else STATE_FALSE
    return str(value)
