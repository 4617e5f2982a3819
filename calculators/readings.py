"""Reading inputs: where a book is open, the reader picks a reading of its source note.

One kind of input for every game. It declares the note it follows (`Input.note`), so the page
links it to the reader's house rules without guessing from its choices.
"""

from __future__ import annotations

from . import rules
from .spec import Choice, Input


def reading_input(game: str, name: str, note_id: str, *, group: str = "Readings", label: str = "",
                  help: str = "") -> Input:
    """A choice of every reading of source note `game.note_id`, the site's reading first and the default.

    Its label is the note's title unless `label` is given (then `help` may carry the title).
    """
    note = rules.note(game, note_id)
    labels = {o["id"]: " ".join(o["label"].split()) for o in note["options"]}
    return Input(name, label or note["title"], "choice", default=note["reading"],
                 choices=tuple(Choice(o, labels[o]) for o in rules.reading_ids(game, note_id)), group=group,
                 help=help, note=f"{game}.{note_id}")
