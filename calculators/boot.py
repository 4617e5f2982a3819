"""The browser's engine starts with its dataclasses' methods compiled by the build.

`dataclasses.dataclass` writes each class's methods (`__init__`, `__eq__`, `__hash__`, `__repr__`,
the frozen `__setattr__`) as Python source and compiles that source while the module is imported.
In Pyodide this compiling was half of the engine's start: importing the engine and starting it
for the fight page took 125-149 ms in Node's Pyodide with it and 59-91 ms without (39 classes).

The build's trace (`hooks/codex/stdlib_trace/trace.mjs`) runs every calculator in the pinned
Pyodide, keeps each source text that `dataclasses` compiled, and ships the code objects beside
this module (`dataclass_code.bin`: a marshalled dict, source text -> code, from the same Python
that will run them). When that file is here (the browser's bundle only: a source checkout has
none), `install_shipped` makes `dataclasses` run the shipped code for a text it knows, and compile
any other text as before: the same text gives the same code either way, so every class is the
class it was.
"""

from __future__ import annotations

import builtins
import dataclasses
import marshal
import os
from typing import Any

CODE_FILE = "dataclass_code.bin"
# How many class bodies came precompiled and how many were compiled here (the worker reports them;
# a browser test expects none compiled: a class the trace never built would be).
counts = {"precompiled": 0, "compiled": 0}


def install(codes: dict[str, Any]) -> None:
    """Make `dataclasses` run `codes[text]` for a source text it would compile (a name of that
    module's globals is looked up before the builtins: its `exec` call finds this one)."""

    def exec_known(source: Any, globals: Any = None, locals: Any = None, /) -> None:
        code = codes.get(source) if isinstance(source, str) else None
        counts["compiled" if code is None else "precompiled"] += 1
        builtins.exec(source if code is None else code, globals, locals)

    dataclasses.exec = exec_known  # type: ignore[attr-defined]


def install_shipped() -> bool:
    """`install` the build's code if it sits beside this module; False (nothing done) if not."""
    loader: Any = globals().get("__loader__")  # a zipimporter in the bundle, a file loader in a checkout
    try:
        data = loader.get_data(os.path.join(os.path.dirname(__file__), CODE_FILE))
    except (AttributeError, OSError):
        return False  # a source checkout: nothing to ship, nothing changed
    install(marshal.loads(data))
    return True
