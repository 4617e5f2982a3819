"""The rules data the calculators read: every number comes from rules_data/, never from code.

The build exports rules_data/ as one JSON document (a mapping from a file's path under
rules_data/, without extension, to its content) and bundles it as `rules.json` beside this
package; the browser worker and the build use that. A CPython checkout without a bundle
falls back to loading the YAML through the build pipeline in hooks/.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from importlib import resources
from typing import Any

_rules: Mapping[str, Any] | None = None


def load_rules(rules: Mapping[str, Any]) -> None:
    """Use `rules` (path under rules_data/ without extension → content) from now on."""
    global _rules
    _rules = rules


def rules() -> Mapping[str, Any]:
    """The rules in use, loaded on first need."""
    global _rules
    if _rules is None:
        _rules = _bundled() or _from_checkout()
    return _rules


def table(path: str) -> Any:
    """The content of rules_data/<path>.yaml."""
    try:
        return rules()[path]
    except KeyError:
        raise LookupError(f"rules_data/{path}.yaml is missing") from None


def family(game: str, stem: str) -> list[str]:
    """Keys of a game's files of one kind: `wbs/source_notes` and `wbs/source_notes-combat`, say.

    A kind may span several files so that people working on different parts of a game never
    edit the same file.
    """
    return sorted(k for k in rules() if k == f"{game}/{stem}" or k.startswith(f"{game}/{stem}-"))


def note(game: str, note_id: str) -> Mapping[str, Any]:
    """A source note (an open point in a book) with its readings, from <game>/source_notes*."""
    for key in family(game, "source_notes"):
        for entry in table(key)["notes"]:
            if entry["id"] == note_id:
                return entry
    raise LookupError(f"no source note {game}.{note_id} in rules_data/{game}/source_notes*.yaml")


def reading_ids(game: str, note_id: str) -> tuple[str, ...]:
    """The readings a source note allows, the default first."""
    entry = note(game, note_id)
    ids = [option["id"] for option in entry["options"]]
    ids.remove(entry["reading"])
    return (entry["reading"], *ids)


def reading_option(game: str, note_id: str, option_id: str) -> Mapping[str, Any]:
    """One reading of a source note."""
    for option in note(game, note_id)["options"]:
        if option["id"] == option_id:
            return option
    raise LookupError(f"source note {game}.{note_id} has no reading {option_id!r}")


def _bundled() -> Mapping[str, Any] | None:
    try:
        text = resources.files(__package__).joinpath("rules.json").read_text(encoding="utf-8")
    except (FileNotFoundError, OSError):
        return None
    return json.loads(text)


def _from_checkout() -> Mapping[str, Any]:
    # Only in a source checkout under CPython: the pipeline needs PyYAML and jsonschema.
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    sys.path.insert(0, str(root / "hooks"))
    from codex.load import load_rules_data  # type: ignore[import-not-found]

    return load_rules_data(root / "rules_data").export()
