"""Every character a reader cannot see is refused in the rules data, by name (issue 23, item 6).

The list of Unicode's Default_Ignorable_Code_Point and White_Space comes from Node's own Unicode
tables (`\\p{…}` in a regular expression), not from the checker's copy of them, so a code point
the checker's list forgot fails here. The blanks no property names (the Braille blank, the
Hangul fillers) are named by hand: each is drawn as an empty cell.
"""

from __future__ import annotations

import json
import subprocess
import unicodedata
from pathlib import Path

from codex.yamlsafe import load_yaml

_PROPERTIES = r"""
const found = {};
for (const property of ["Default_Ignorable_Code_Point", "White_Space"]) {
  const test = new RegExp(`^\\p{${property}}$`, "u");
  found[property] = [];
  for (let code = 0; code <= 0x10ffff; code += 1) {
    if ((code < 0xd800 || code > 0xdfff) && test.test(String.fromCodePoint(code))) found[property].push(code);
  }
}
console.log(JSON.stringify(found));
"""
BLANKS = [0x2800, 0x115F, 0x1160, 0x3164, 0xFFA0]  # BRAILLE PATTERN BLANK and the Hangul fillers
ALLOWED = {0x09, 0x0A, 0x20}  # a tab and a newline in a block of text, a space


def unicode_property_code_points() -> dict[str, list[int]]:
    proc = subprocess.run(["node", "-e", _PROPERTIES], capture_output=True, text=True, check=True, timeout=120)
    return json.loads(proc.stdout)


def test_every_default_ignorable_white_space_and_blank_code_point_is_refused_by_name(tmp_path: Path) -> None:
    found = unicode_property_code_points()
    assert 0x034F in found["Default_Ignorable_Code_Point"] and 0x3000 in found["White_Space"]
    codes = sorted({*found["Default_Ignorable_Code_Point"], *found["White_Space"], *BLANKS} - ALLOWED)
    # One line each, the character between two letters: `- "a\U000e0001b"`.
    path = tmp_path / "names.yaml"
    path.write_text("".join(f'- "a\\U{code:08x}b"\n' for code in codes), encoding="utf-8")
    loaded, problems = load_yaml(path, "rules_data/names.yaml")
    assert loaded is not None
    by_line = {p.line: p for p in problems}
    missed = [f"U+{code:04X}" for line, code in enumerate(codes, start=1) if line not in by_line]
    assert missed == [], f"{len(missed)} invisible characters pass the check"
    for line, code in enumerate(codes, start=1):
        name = unicodedata.name(chr(code), "a control character")
        assert by_line[line].message.startswith(f"invisible character U+{code:04X} ({name}) at character 2"), \
            by_line[line]
