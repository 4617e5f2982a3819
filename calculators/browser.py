"""The one function the browser worker calls: JSON in, JSON out, never a traceback on screen."""

from __future__ import annotations

import json
import traceback

from . import InputError, show


def answer(calc_id: str, inputs_json: str) -> str:
    """`{"ok": {output: html}}`, `{"error": {field, message, problems}}`, or `{"crash": text}`."""
    try:
        inputs = json.loads(inputs_json)
        return json.dumps({"ok": show(calc_id, inputs)})
    except InputError as exc:
        return json.dumps({"error": exc.as_dict()})
    except Exception:  # a bug of ours: logged in the console, never shown to the reader
        return json.dumps({"crash": traceback.format_exc(limit=5)})
