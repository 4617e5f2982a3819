"""What is left of the prose-number to-do list, per file; `--write` shrinks the list to what is found.

    .venv/bin/python -m tests.support.prose_todo [FILE-PREFIX ...] [--write]

Lists every number still typed in prose (file:line, the number, the field it restates, the
sentence) under the given places (`rules_data/wbs/glossary`, `docs/rain/`, `wbs.energy`), so a
contributor converting them sees what is left. `--write` rewrites tests/fixtures/prose_numbers_todo.yaml
with the counts found now; it refuses to grow the list (a new typed number takes a marker, not an entry).
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

import yaml


def main(argv: list[str]) -> int:
    sys.path[:0] = [str(Path(__file__).resolve().parents[2] / "hooks")]  # as pytest's pythonpath has it
    from tests.support.engine import engine
    from tests.test_prose_numbers import ROOT, TODO, _place, _todo, everything, written_data

    write = "--write" in argv
    prefixes = tuple(a for a in argv if not a.startswith("--")) or ("",)
    found = everything(ROOT / "docs", written_data(), engine())
    for f in found:
        if f.where.startswith(prefixes):
            print(f)
    seen = Counter((_place(f), f.number, f.field) for f in found)
    todo = _todo()
    grown = sorted(k for k in seen if seen[k] > todo[k])
    print(f"{sum(1 for f in found if f.where.startswith(prefixes))} typed numbers left here; "
          f"{sum(seen.values())} in all (the list holds {sum(todo.values())})", file=sys.stderr)
    if grown:
        print("not on the list (use a value marker):", *grown, sep="\n  ", file=sys.stderr)
    if write:
        if grown:
            print("refused: the list may only shrink", file=sys.stderr)
            return 1
        head = TODO.read_text(encoding="utf-8").split("not_yet_converted:")[0]
        entries = [{"where": w, "number": n, "field": fd, "count": c} for (w, n, fd), c in sorted(seen.items())]
        TODO.write_text(head + yaml.safe_dump({"not_yet_converted": entries}, sort_keys=False, allow_unicode=True),
                        encoding="utf-8")
        print(f"wrote {TODO.relative_to(ROOT)}: {len(entries)} entries", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
