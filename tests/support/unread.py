"""Which fields of rules_data/ nothing reads: `python -m tests.support.unread` lists them.

Every field of every rules file is wrapped so that reading it is recorded; then the build's
work is done through the wrapped data: every page's markers, every calculator's form and its
results for every choice and checkbox, every worked example. A field never read by any of it
is a number or text that editing changes nothing, so it is either read somewhere or removed.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
Where = tuple[str, ...]


class Seen(dict):
    """A mapping that records which of its keys were read."""

    def __init__(self, value: dict[str, Any], where: Where, read: set[Where]) -> None:
        super().__init__({k: _wrap(v, (*where, str(k)), read) for k, v in value.items()})
        self._where, self._read = where, read

    def _mark(self, key: object) -> None:
        self._read.add((*self._where, str(key)))

    def __getitem__(self, key: str) -> Any:
        self._mark(key)
        return super().__getitem__(key)

    def get(self, key: str, default: Any = None) -> Any:
        self._mark(key)
        return super().get(key, default)

    def __contains__(self, key: object) -> bool:
        self._mark(key)
        return super().__contains__(key)

    def items(self) -> Any:
        for key in self:
            self._mark(key)
        return super().items()

    def values(self) -> Any:
        return [v for _, v in self.items()]

    def __iter__(self) -> Iterator[str]:  # dict(x), {**x}, for k in x: every key counts as read
        keys = list(super().__iter__())
        for key in keys:
            self._mark(key)
        return iter(keys)


def _wrap(value: Any, where: Where, read: set[Where]) -> Any:
    if isinstance(value, dict):
        return Seen(value, where, read)
    if isinstance(value, list):
        return [_wrap(v, (*where, "[]"), read) for v in value]
    return value


def _fields(value: Any, where: Where) -> Iterator[Where]:
    if isinstance(value, dict):
        for key, item in value.items():
            yield (*where, str(key))
            yield from _fields(item, (*where, str(key)))
    elif isinstance(value, list):
        for item in value:
            yield from _fields(item, (*where, "[]"))


def unread_fields() -> list[str]:
    """Dotted paths (`wbs/combat: damage.tie_divide_by`) of every field nothing reads."""
    from codex import site as site_module
    from codex.checks import check_examples

    import calculators

    site_module.calculators_zip = lambda *args: b""  # the bundle ships everything: not a reader
    codex = site_module.Codex(ROOT)
    read: set[Where] = set()
    plain = {key: loaded.value for key, loaded in codex.data.files.items()}
    for key, loaded in codex.data.files.items():
        loaded.value = _wrap(loaded.value, (key,), read)
    engine = calculators.Engine(codex.data.export())
    codex.site.engine = codex.engine = engine
    for path in sorted((ROOT / "docs").rglob("*.md")):
        src = path.relative_to(ROOT / "docs").as_posix()
        url = "" if src == "index.md" else src.removesuffix("index.md").removesuffix(".md") + "/"
        codex.page(path.read_text(encoding="utf-8"), src, url)
    for src, page in codex.generated_pages.items():
        codex.page(page.markdown, src, src.removesuffix(".md") + "/")
    list(check_examples(codex.data, engine))
    for entry in engine.catalog():
        engine.show(entry["id"], {})
        for spec in entry["inputs"]:
            tries: list[object] = [c["value"] for c in spec.get("choices", [])] if spec["type"] == "choice" else []
            tries += [True] if spec["type"] == "bool" else []
            tries += [v for v in (spec.get("min"), spec.get("max")) if v is not None and abs(v) <= 24]
            for value in tries:
                with contextlib.suppress(calculators.InputError):
                    engine.show(entry["id"], {spec["name"]: value})
    _play(engine)
    found = []
    for key, value in sorted(plain.items()):
        if "/bestiary/" in f"/{key}/":
            continue  # creatures are read by their stat blocks, one page each
        for where in dict.fromkeys(_fields(value, ())):
            # ids and `…_note` references are read by the loader's checks (unique ids, notes that exist)
            if where[-1] == "id" or where[-1].endswith("_note") or where[-1] == "[]":
                continue
            if (key, *where) not in read:
                found.append(f"{key}: {'.'.join(where)}")
    return found


def _play(engine: Any) -> None:
    """Paths one input at a time never reach: a Xia turn where both sides earn a style bonus, with an
    attack and without (the tracker finds each deed by who made it and whether it was an attack)."""
    calc = "xia.initiative_order"
    state: dict[str, Any] = {"combatants": [{"name": "A", "side": "npc", "physical": 5},
                                            {"name": "B", "side": "npc", "physical": 4}]}
    state |= dict(engine.run(calc, state)["next"]["sets"])
    for attack in (True, False):
        engine.run(calc, {**state, "target": "A", "change": "1", "attack": attack, "style": "good",
                          "defence_style": "good"})


LISTED = ROOT / "tests" / "fixtures" / "unread_fields.txt"

if __name__ == "__main__":
    sys.path[:0] = [str(ROOT), str(ROOT / "hooks")]
    for line in unread_fields():
        print(line)
