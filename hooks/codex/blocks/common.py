"""Blocks every game uses: source notes, worked examples, glossaries."""

from __future__ import annotations

from typing import Any

from calculators import GAMES, InputError, by_id

from .. import examples
from ..glossary import glossary_context
from ..links import state_link
from ..note_links import users_of
from ..render import TABLES, BlockError, PageInfo, Site, block, split_id

GAME_NAMES = {"wbs": "Weapons of Body and Soul", "xia": "Xia", "rain": "Refreshing Rain"}
assert tuple(GAME_NAMES) == GAMES, "a game's name for every game the engine has, in its order"
NOTES_PAGE = "source-notes/"


def find(site: Site, game: str, stem: str, list_name: str, entry_id: str, what: str) -> tuple[str, dict[str, Any]]:
    """The file key and entry `entry_id` in rules_data/<game>/<stem>*.yaml, or BlockError."""
    keys = site.data.family(game, stem)
    if not keys:
        raise BlockError(f"rules_data/{game}/{stem}.yaml does not exist")
    for key in keys:
        entry = by_id(site.data[key][list_name], entry_id, None)
        if entry is not None:
            return key, entry
    known = ", ".join(e["id"] for key in keys for e in site.data[key][list_name])
    raise BlockError(f"no {what} '{entry_id}' in rules_data/{game}/{stem}*.yaml (there are: {known})")


def entry(entries: list[dict[str, Any]], entry_id: str, where: str, what: str = "entry") -> dict[str, Any]:
    """The entry `entry_id` of a list in rules_data/<where>.yaml, or BlockError naming the file and the ids there."""
    try:
        return by_id(entries, entry_id, what=what)
    except LookupError as exc:
        raise BlockError(f"rules_data/{where}.yaml: {exc}") from None


def data_table(site: Site, caption: str, header: list[str], rows: list[list[str]], key: str,
               extra_class: str = "") -> str:
    """The one table of rules data: caption, header row, rows, and the "from … · edit" line of `key`."""
    return site.render("table.html.j2", caption=caption, extra_class=extra_class, header=header, rows=rows,
                       source=site.source(key))


def named_table(site: Site, caption: str, entries: list[dict[str, Any]], key: str, first: str = "Name") -> str:
    """A table of named entries and what each means."""
    return data_table(site, caption, [first, "What it means"], [[e["name"], e["summary"]] for e in entries], key)


def index_by(entries: list[dict[str, Any]], field: str = "id") -> dict[str, dict[str, Any]]:
    """A data list keyed by one field of its entries (`id` unless said)."""
    return {entry[field]: entry for entry in entries}


def render_note(site: Site, game: str, note: dict[str, Any], key: str) -> str:
    """One source note as an admonition, with the calculators that link it (their code says which: note_links.py)."""
    chosen = by_id(note["options"], note["reading"])
    others = [o for o in note["options"] if o["id"] != note["reading"]]
    users = users_of(site.engine, f"{game}.{note['id']}")
    offered_by = [site.engine.describe(c)["title"] for c in users.offer]
    followed_by = [site.engine.describe(c)["title"] for c in users.follow]
    return site.render("note.html.j2", note=note, chosen=chosen, others=others, game=game, offered_by=offered_by,
                       followed_by=followed_by, anchor=f"note-{game}-{note['id']}", source=site.source(key))


@block("table")
def table_block(site: Site, arg: str, page: PageInfo) -> str:
    """`<!-- codex:table wbs.tiers -->`: a named table built from rules data."""
    if arg not in TABLES:
        raise BlockError(f"no table '{arg}' (there are: {', '.join(sorted(TABLES))})")
    return TABLES[arg](site)


@block("note")
def note_block(site: Site, arg: str, page: PageInfo) -> str:
    """`<!-- codex:note wbs.derived-limit -->`: a source note beside its rule."""
    game, name = split_id(arg, "source note")
    key, note = find(site, game, "source_notes", "notes", name, "source note")
    return render_note(site, game, note, key)


@block("notes-index")
def notes_index_block(site: Site, arg: str, page: PageInfo) -> str:
    """`<!-- codex:notes-index -->`: every source note of every game, on one page."""
    games = []
    for game, name in GAME_NAMES.items():
        notes = [render_note(site, game, n, key) for key in site.data.family(game, "source_notes")
                 for n in site.data[key]["notes"]]
        if notes:
            games.append({"id": game, "name": name, "notes": notes})
    return site.render("notes_index.html.j2", games=games)


@block("example")
def example_block(site: Site, arg: str, page: PageInfo) -> str:
    """`<!-- codex:example wbs.player-a-derived -->`: a worked example, book against calculator, step by step."""
    game, name = split_id(arg, "worked example")
    key, example = find(site, game, "examples", "examples", name, "worked example")
    calc_id = example["calculator"]
    try:
        described = site.engine.describe(calc_id)
        stages = examples.play(site.engine, example)
    except (InputError, examples.ExampleError) as exc:
        raise BlockError(exc.message) from None
    labels = {o["name"]: o["label"] for o in described["outputs"]}
    fields = {i["name"]: i for i in described["inputs"]}
    # The outputs the example states, as the page shows them, from the answers it was played with.
    shown = {stage.where: site.engine.present(calc_id, stage.result) for stage in stages}
    rows: dict[tuple[str | int, ...], list[dict[str, str]]] = {stage.where: [] for stage in stages}
    for check in examples.checks(example, stages):
        stage = check.where[:2] if check.where[0] == "steps" else ()
        if check.kind == "output":
            if check.name not in labels:
                raise BlockError(f"{calc_id} has no output '{check.name}'")
            expected = site.engine.present(calc_id, {check.name: check.expected})[check.name]
            rows[stage].append({"label": labels[check.name], "expected": _unescaped(expected),
                                "computed": _unescaped(shown[stage][check.name])})
        else:
            label, spec = _input_label(fields, check, stages, stage)
            rows[stage].append({"label": label, "expected": _plain(spec, check.expected),
                                "computed": _plain(spec, check.got)})
    steps = [{"do": step["do"], "rows": rows[("steps", n)]} for n, step in enumerate(example.get("steps", ()))]
    return site.render("example.html.j2", game=game, example=example, rows=rows[()], steps=steps,
                       story=example["story"], conclusion=example["conclusion"],
                       try_href=state_link(calc_id, site.engine.link_inputs(calc_id, example["inputs"])),
                       source=site.source(key))


def _input_label(fields: dict[str, Any], check: examples.Check, stages: list[examples.Played],
                 stage: tuple[str | int, ...]) -> tuple[str, dict[str, Any]]:
    """The words for an input an example checks (`Mei: Stamina` for a row's field), and the input's catalog entry."""
    spec = fields.get(check.name, {"label": check.name})
    if check.row is None:
        return spec["label"], spec
    field = next((f for f in spec.get("fields", ()) if f["name"] == check.field), {"label": check.field})
    inputs = next(s.inputs for s in stages if s.where == stage)
    rows = inputs.get(check.name, [])
    named = rows[check.row].get("name") if isinstance(rows, list) and check.row < len(rows) else ""
    who = named or f"{spec.get('item', 'Row')} {check.row + 1}"
    return f"{who}: {field['label']}", field


def _plain(spec: dict[str, Any], value: Any) -> str:
    """An input's value as the form shows it: a choice by its label, a checkbox as yes or no."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    labels = {c["value"]: c["label"] for c in spec.get("choices", ())}
    return labels.get(value, str(value)) if isinstance(value, str) else str(value)


@block("glossary")
def glossary_block(site: Site, arg: str, page: PageInfo) -> str:
    """`<!-- codex:glossary wbs -->`: a game's glossary, alphabetical."""
    keys = site.data.family(arg, "glossary")
    if not keys:
        raise BlockError(f"rules_data/{arg}/glossary.yaml does not exist")
    return site.render("glossary.html.j2", **glossary_context(site.data, arg, page.link),
                       sources=[site.source(k) for k in keys])


def _unescaped(html_text: str) -> str:
    # Values from calculators.present are escaped HTML; templates escape again, so undo once.
    import html

    return html.unescape(html_text)


def note_href(page: PageInfo, note_id: str) -> str:
    """Link from a page to a note on the site-wide source notes page."""
    game, name = split_id(note_id, "source note")
    return page.link(f"{NOTES_PAGE}#note-{game}-{name}")
