"""What the browser worker calls: JSON in, JSON out, never a traceback on screen.

The worker makes one `Door` when Pyodide has unpacked the bundle: the engine of the bundled
rules.json, warmed for the calculators of the page.
"""

from __future__ import annotations

import contextlib
import gc
import json
import sys
import time
import traceback
import zipimport

from .engine import Engine
from .errors import InputError
from .present import Drawn
from .recall import unkept


class Door:
    """The worker's engine, answering in JSON."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._drawn: dict[str, Drawn] = {}  # per calculator: the outputs drawn last, redrawn only when changed
        self._sent: dict[tuple[str, str], tuple[str, str]] = {}  # (calculator, output): its HTML sent last, as JSON

    def warm(self, calc_ids_json: str) -> None:
        """Load the calculators a page shows, before the reader's first change."""
        for calc_id in json.loads(calc_ids_json):
            with contextlib.suppress(InputError):
                self.engine.warm([calc_id])

    def answer(self, calc_id: str, inputs_json: str) -> str:
        """`{"ok": {output: html}}`, `{"error": {field, message, problems}}`, or `{"crash": text}`."""
        try:
            inputs = json.loads(inputs_json)
            return self._reply(calc_id, self.engine.show(calc_id, inputs, self._drawn.setdefault(calc_id, {})))
        except InputError as exc:
            return json.dumps({"error": exc.as_dict()})
        except Exception:  # a bug of ours: logged in the console, never shown to the reader
            return json.dumps({"crash": traceback.format_exc(limit=5)})

    def _reply(self, calc_id: str, shown: dict[str, str]) -> str:
        """`{"ok": shown}` as JSON, `json.dumps`'s bytes: an output drawn as last time (the same string,
        `present` gives it back) is not encoded again (a fight's answer is 100 KB, most of it unchanged)."""
        parts = []
        for name, html in shown.items():
            sent = self._sent.get((calc_id, name))
            if sent is None or sent[0] is not html:
                sent = self._sent[(calc_id, name)] = (html, json.dumps(html))
            parts.append(f"{json.dumps(name)}: {sent[1]}")
        return '{"ok": {' + ", ".join(parts) + "}}"

    def rehearse(self, calc_id: str, inputs_json: str) -> float:
        """The last answer worked out and drawn again in full, and thrown away: the worker does this while
        the reader reads (codex-worker.mjs), so that the browser compiles the engine's busiest code for
        speed before the reader's next change, not during it. Its time, in ms."""
        started = time.perf_counter()
        with contextlib.suppress(Exception), unkept():  # an answer that fails failed already, and was said
            self.engine.show(calc_id, json.loads(inputs_json), {})
        return (time.perf_counter() - started) * 1000

    def fold(self, calc_id: str, log_json: str) -> str:
        """`{"ok": [inputs after each change]}` for `{"start": …, "changes": […]}`, or an error as `answer`'s."""
        try:
            log = json.loads(log_json)
            return json.dumps({"ok": self.engine.fold(calc_id, log["start"], log["changes"], linked=True)})
        except InputError as exc:
            return json.dumps({"error": exc.as_dict()})
        except Exception:  # a bug of ours: logged in the console, never shown to the reader
            return json.dumps({"crash": traceback.format_exc(limit=5)})


def reread(archive: str) -> None:
    """After the worker restored the build's memory snapshot (made with the package's code alone at
    `archive`) and wrote the core bundle there: Python's importers of that zip read its list of files
    again, so that the rules it carries are found where this build wrote them."""
    for finder in list(sys.path_importer_cache.values()):
        if isinstance(finder, zipimport.zipimporter) and finder.archive == archive:
            finder.invalidate_caches()


def start(calc_ids_json: str = "[]") -> Door:
    """The door of the bundled rules.json, warmed for the page's calculators."""
    door = Door(Engine.bundled())
    door.warm(calc_ids_json)
    # The rules and the engine live as long as the page: out of the collector's sight, so a full
    # collection during an answer walks only that answer's objects (it walked every rule before).
    # (No collection first: it would cost the first answer time, to free a little memory.)
    gc.freeze()
    return door
