"""The rows code is written twice, in Python (calculators/rowcode.py, which the engine reads) and in
the page (docs/assets/javascripts/rows.mjs, which writes it as the reader edits, before Pyodide has
loaded). Both must write the same bytes for the same rows and read each other's code back.

Node (which the README's machine has) runs rows.mjs itself, so no copy of it is tested.
"""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path

import pytest

from calculators import rowcode

ROWS_MJS = Path(__file__).resolve().parents[1] / "docs" / "assets" / "javascripts" / "rows.mjs"
FIELDS = [{"name": "name", "type": "text", "default": ""}, {"name": "reflex", "type": "int", "default": 3},
          {"name": "side", "type": "choice", "default": "pc"}, {"name": "relaxing", "type": "bool", "default": False}]
RUN = """
const { encode, decode } = await import(process.argv[1]);
const { fields, cases, codes } = JSON.parse(require("fs").readFileSync(0, "utf8"));
const read = (code) => { try { return decode(fields, code); } catch (e) { return "error: " + e.message; } };
console.log(JSON.stringify({ written: cases.map((rows) => encode(fields, rows)), read: codes.map(read) }));
"""
TRICKY = ["", " ", "Lu Bu.", "a_b", "*", "*2E", "100%", "Mei & Co", "<img src=x onerror=alert(1)>", "北風",
          "🐉 dragon", "tab\there", "+plus+", "-", "é", "quote\"'"]


def _node(fields: list[dict], cases: list[list[dict]], codes: list[str]) -> dict:
    if shutil.which("node") is None:
        pytest.fail("node is needed (the README's machine has Node 20)")
    done = subprocess.run(["node", "--input-type=commonjs", "-e", f"(async () => {{ {RUN} }})()", str(ROWS_MJS)],
                          input=json.dumps({"fields": fields, "cases": cases, "codes": codes}),
                          capture_output=True, text=True, check=True, timeout=60)
    return json.loads(done.stdout)


def _typed(rows: list[dict]) -> list[dict]:
    """As the form holds them: numbers as the text typed."""
    return [{**r, "reflex": str(r["reflex"])} for r in rows]


def _cases(count: int = 200) -> list[list[dict]]:
    """Fights of up to four rows: tricky and random names (any Unicode), numbers, choices, checkboxes."""
    rng = random.Random(20261201)
    def name() -> str:
        if rng.random() < 0.5:
            return rng.choice(TRICKY)
        return "".join(chr(rng.choice([rng.randint(32, 126), rng.randint(160, 0xD7FF), rng.randint(0x1F300, 0x1FAFF)]))
                       for _ in range(rng.randint(0, 8)))
    cases = [[{"name": name(), "reflex": rng.randint(0, 120), "side": rng.choice(["pc", "npc", "a.b_c*"]),
               "relaxing": rng.random() < 0.5} for _ in range(rng.randint(0, 4))] for _ in range(count)]
    return [*cases, [{"name": t, "reflex": 3, "side": "pc", "relaxing": False} for t in TRICKY]]


def test_the_page_and_the_engine_write_and_read_the_same_code() -> None:
    cases = _cases()
    python = [rowcode.encode(FIELDS, rows) for rows in cases]
    page = _node(FIELDS, [_typed(rows) for rows in cases], python)
    for rows, mine, theirs in zip(cases, python, page["written"], strict=True):
        assert theirs == mine, rows
    for code, back in zip(python, page["read"], strict=True):
        assert back == rowcode.decode(FIELDS, code), code


def test_both_refuse_the_same_broken_codes() -> None:
    broken = ["2_abc", "1_a*zz", "1_a*", "1_a.b.c.d.e", "1_%41", "1_*C3*28", "1_ab.1.pc.2"]
    page = _node(FIELDS, [], broken)
    for code, back in zip(broken, page["read"], strict=True):
        with pytest.raises(rowcode.CodeError):
            rowcode.decode(FIELDS, code)
        assert isinstance(back, str) and back.startswith("error: "), (code, back)
