"""The rules data the calculators read: every number comes from rules_data/, never from code.

A `Rules` is one set of rules data (a mapping from a file's path under rules_data/, without
extension, to its content). An `Engine` (calculators.engine) owns one and makes it the rules in
use for the length of each of its calls; the module functions below (`table`, `note`, …) read
the rules of the engine that is answering. There is nothing to load into this module: outside
an engine's call they raise, and two engines made from different rules never see each other's.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TYPE_CHECKING, Any, TypeVar

T = TypeVar("T")


class Rules:
    """One set of rules data and a memo of its own (the module functions below read the one in use)."""

    __slots__ = ("_data", "_memo")

    def __init__(self, data: Mapping[str, Any]) -> None:
        self._data = data
        self._memo: dict[object, Any] = {}

    @property
    def data(self) -> Mapping[str, Any]:
        """The whole mapping (path under rules_data/ without extension → content)."""
        return self._data

    def table(self, path: str) -> Any:
        """The content of rules_data/<path>.yaml."""
        try:
            return self._data[path]
        except KeyError:
            raise LookupError(f"rules_data/{path}.yaml is missing") from None

    def memo(self, key: object, make: Callable[[], T]) -> T:
        """`make()`, computed once for these rules (pages ask for some answers thousands of times)."""
        if key not in self._memo:
            self._memo[key] = make()
        return self._memo[key]


def family(keys: Iterable[str], game: str, stem: str) -> list[str]:
    """Which of `keys` are a game's files of one kind, sorted: `wbs/source_notes` and
    `wbs/source_notes-combat`, say (the build's loaded data asks the same of its keys).

    A kind may span several files so that people working on different parts of a game never
    edit the same file.
    """
    return sorted(k for k in keys if k == f"{game}/{stem}" or k.startswith(f"{game}/{stem}-"))


_REQUIRED: Any = object()


def by_id(entries: Sequence[Mapping[str, Any]], wanted: object, default: Any = _REQUIRED, *,
          what: str = "entry") -> Any:
    """The entry of a data list whose `id` is `wanted`, the one lookup by id of the engine and the build.

    Where there is none: `default` if one is given, or a LookupError that names what was wanted
    (`what`: "tier", "technique") and the ids there are.
    """
    for entry in entries:
        if entry["id"] == wanted:
            return entry
    if default is not _REQUIRED:
        return default
    raise LookupError(f"no {what} {wanted!r} (there are: {', '.join(str(e['id']) for e in entries)})")


_in_use: ContextVar[Rules] = ContextVar("calculators_rules_in_use")


@contextmanager
def using(rules: Rules) -> Iterator[Rules]:
    """Make `rules` the rules in use inside the `with` block (an Engine does this for each call)."""
    token = _in_use.set(rules)
    try:
        yield rules
    finally:
        _in_use.reset(token)


def current() -> Rules:
    """The rules of the engine that is answering."""
    try:
        return _in_use.get()
    except LookupError:
        raise RuntimeError("rules are read inside an Engine's call: use calculators.Engine(rules)") from None


if TYPE_CHECKING:  # the checker reads each file's type from its schema (rules_types.py, generated)
    from .rules_types import table as table
else:
    def table(path: str) -> Any:
        """The content of rules_data/<path>.yaml."""
        try:  # asked thousands of times an answer (a log's fold): the lookup alone, the checks on a miss
            return _in_use.get()._data[path]
        except LookupError:  # no engine answering, or no such file: said as `current` and `Rules.table` say it
            return current().table(path)


def entries(game: str, stem: str, field: str) -> tuple[Mapping[str, Any], ...]:
    """The entries of one kind of a game across its family of files (see `family`): the `field` list of
    `<game>/<stem>.yaml`, then of each `<game>/<stem>-*.yaml`."""
    rules = current()
    # Memoised: pages ask for a game's notes once per creature, and a bestiary has thousands of files.
    return rules.memo(("entries", game, stem, field), lambda: tuple(
        entry for key in family(rules.data, game, stem) for entry in rules.table(key)[field]))


def note(game: str, note_id: str) -> Mapping[str, Any]:
    """A source note (an open point in a book) with its readings, from <game>/source_notes*."""
    return by_id(entries(game, "source_notes", "notes"), note_id, what=f"source note of {game}")


def reading_ids(game: str, note_id: str) -> tuple[str, ...]:
    """The readings a source note allows, the default first."""
    entry = note(game, note_id)
    ids = [option["id"] for option in entry["options"]]
    ids.remove(entry["reading"])
    return (entry["reading"], *ids)


def reading_option(game: str, note_id: str, option_id: str) -> Mapping[str, Any]:
    """One reading of a source note."""
    return by_id(note(game, note_id)["options"], option_id, what=f"reading of source note {game}.{note_id}")


def default_reading(game: str, note_id: str) -> str:
    """The site's reading of a source note, remembered for the rules in use."""
    return current().memo(("reading", game, note_id), lambda: note(game, note_id)["reading"])


def memo(key: object, make: Callable[[], T]) -> T:
    """`make()`, computed once for the rules in use."""
    try:  # as `table`: the lookup alone when it is there
        return _in_use.get()._memo[key]
    except LookupError:
        return current().memo(key, make)
