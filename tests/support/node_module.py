"""Call a page module's exported functions under node, as the page runs them: plain data in, plain data out.

One node process per module answers all of a test worker's calls (a node start is about 0.1 s of CPU,
and a test file makes fifty calls): it reads one line of calls at a time and writes one line of their
results. The modules it runs keep no state at their top level, so a call sees what a fresh import would.
"""

from __future__ import annotations

import atexit
import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

RUN = """
const module = await import(process.argv[1]);
const lines = require("readline").createInterface({ input: process.stdin });
for await (const line of lines) {
  let answer;
  try {
    answer = { results: JSON.parse(line).map(([name, args]) => module[name](...args)) };
  } catch (error) {
    answer = { error: String((error && error.stack) || error) };
  }
  process.stdout.write(JSON.stringify(answer) + "\\n");
}
"""

_RUNNING: dict[Path, subprocess.Popen[str]] = {}


def _node(module: Path) -> subprocess.Popen[str]:
    running = _RUNNING.get(module)
    if running is None or running.poll() is not None:
        if shutil.which("node") is None:
            pytest.fail("node is needed (the README's machine has Node 20)")
        running = _RUNNING[module] = subprocess.Popen(
            ["node", "--input-type=commonjs", "-e", f"(async () => {{ {RUN} }})()", str(module)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, encoding="utf-8")
    return running


def call(module: Path, *calls: tuple[str, list[Any]]) -> list[Any]:
    """Each `(function name, arguments)` of `module` called in turn, as the page calls them; their results
    (what a call throws fails the test, with its stack)."""
    node = _node(module)
    assert node.stdin is not None and node.stdout is not None
    node.stdin.write(json.dumps(calls) + "\n")
    node.stdin.flush()
    line = node.stdout.readline()
    if not line:
        _RUNNING.pop(module, None)
        pytest.fail(f"node stopped while running {module.name} (exit {node.wait(timeout=10)})")
    answer = json.loads(line)
    if "error" in answer:
        pytest.fail(f"{module.name}: {answer['error']}")
    return answer["results"]


@atexit.register
def _stop() -> None:
    for node in _RUNNING.values():
        if node.stdin is not None:
            node.stdin.close()
        node.wait(timeout=10)
