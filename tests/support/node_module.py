"""Call a page module's exported functions under node, as the page runs them: plain data in, plain data out."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

RUN = """
const module = await import(process.argv[1]);
const calls = JSON.parse(require("fs").readFileSync(0, "utf8"));
console.log(JSON.stringify(calls.map(([name, args]) => module[name](...args))));
"""


def call(module: Path, *calls: tuple[str, list[Any]]) -> list[Any]:
    """Each `(function name, arguments)` of `module` called in turn in one node process; their results."""
    if shutil.which("node") is None:
        pytest.fail("node is needed (the README's machine has Node 20)")
    done = subprocess.run(["node", "--input-type=commonjs", "-e", f"(async () => {{ {RUN} }})()", str(module)],
                          input=json.dumps(calls), capture_output=True, text=True, check=True, timeout=60)
    return json.loads(done.stdout)
