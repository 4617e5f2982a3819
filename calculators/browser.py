"""The one function the browser worker calls: JSON in, JSON out, never a traceback on screen."""

from __future__ import annotations

import contextlib
import json
import traceback

from . import InputError, calculator, show


def warm(calc_ids_json: str) -> None:
    """Load the rules and the calculators a page shows, before the reader's first change."""
    for calc_id in json.loads(calc_ids_json):
        with contextlib.suppress(InputError):
            calculator(calc_id).outputs()


def answer(calc_id: str, inputs_json: str) -> str:
    """`{"ok": {output: html}}`, `{"error": {field, message, problems}}`, or `{"crash": text}`."""
    try:
        inputs = json.loads(inputs_json)
        return json.dumps({"ok": show(calc_id, inputs)})
    except InputError as exc:
        return json.dumps({"error": exc.as_dict()})
    except Exception:  # a bug of ours: logged in the console, never shown to the reader
        return json.dumps({"crash": traceback.format_exc(limit=5)})
