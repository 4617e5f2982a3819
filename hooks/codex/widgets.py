"""Calculator widgets: a form built from the calculator's catalog entry, results baked in.

The result for the default inputs is computed by CPython at build time and written into the
`<output>` elements, so the page is useful with no JavaScript and before Pyodide starts.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from calculators import Engine, InputError

from .blocks.common import find, note_href
from .links import anchor, state_format
from .render import BlockError, PageInfo, Site, block, split_id

LONG_FORM = 12  # inputs; past this, phones keep the results pinned in view while the reader scrolls
# Each game's table tool and the page it runs on (the page's URL): the one place that says so. The
# page holds `<!-- codex:table-tool ID -->`; stat blocks' "Add to fight" buttons find it through
# TABLES_FILE, which the build writes from this.
TABLE_PAGES = {"wbs.combat_tracker": "wbs/fight/", "xia.initiative_order": "xia/conflict/",
               "rain.tile_table": "rain/table/"}
TABLES_FILE = "assets/codex/tables.json"
PICKS_FILE = "assets/codex/picks.json"  # what each table page's "Add fighters" offers (table_picks)


def form_context(engine: Engine, calc_id: str, preset: Mapping[str, Any] | None = None,
                 suffix: str = "") -> dict[str, Any]:
    """Plain data for the widget template: fieldsets of controls, outputs with baked results."""
    try:
        entry = engine.describe(calc_id)
    except InputError as exc:
        raise BlockError(exc.message) from None
    values = {i["name"]: i["default"] for i in entry["inputs"]}
    values.update(preset or {})
    shown = engine.show(calc_id, values)
    base = anchor(calc_id) + suffix
    groups: dict[str, list[dict[str, Any]]] = {}
    for spec in entry["inputs"]:
        if spec.get("secret"):
            continue  # the device supplies it with each question (spec.Input.secret): no control, no link
        control = {"help": "", "choices": [], "min": None, "max": None, **spec}
        control["id"] = f"{base}-{spec['name']}"
        control["value"] = values[spec["name"]]
        if spec["type"] == "rows":
            control.update(rows_context(control))
        groups.setdefault(spec.get("group", ""), []).append(control)
    outputs = [{"help": "", "folded": False, **o, "html": shown.get(o["name"], "")} for o in entry["outputs"]]
    return {
        "calc": entry,
        "base": base,
        "state": state_format(calc_id),
        "long": len(entry["inputs"]) > LONG_FORM,
        "saves": any(i["type"] in ("rows", "text") for i in entry["inputs"]),
        "wide": any(i["type"] == "rows" for i in entry["inputs"]),
        "fieldsets": [{"legend": legend, "controls": controls} for legend, controls in groups.items()],
        "outputs": outputs,
    }


def rows_context(control: Mapping[str, Any]) -> dict[str, Any]:
    """A rows input's table: its code (the hidden input's value), and a cell per field of each row.

    Rows given as a code (a preset link) are drawn by rows.mjs from the code; the default's rows are drawn here.
    """
    fields = [{"help": "", "choices": [], "min": None, "max": None, "max_length": None, **f} for f in control["fields"]]
    value = control["value"]
    code = value if isinstance(value, str) else control["code"]
    rows = []
    for number, row in enumerate(value if value == control["default"] else [], start=1):
        cells = [{**f, "value": row.get(f["name"], f["default"]), "id": f"{control['id']}-{number}-{f['name']}"}
                 for f in fields]
        rows.append({"number": number, "cells": cells})
    return {"code": code, "fields": fields, "rows": rows}


@block("calc")
def calc_block(site: Site, arg: str, page: PageInfo) -> str:
    """`<!-- codex:calc wbs.derived -->`: the calculator's live form."""
    return _form(site, arg, page, table=False)


@block("table-tool")
def table_tool_block(site: Site, arg: str, page: PageInfo) -> str:
    """`<!-- codex:table-tool wbs.combat_tracker -->`: a calculator as a game's table tool, on its table page.

    The same form, marked `data-table`: the page keeps its history (undo and redo), saves it on the
    device as it changes and offers it back, and pins who acts now, Undo, Redo and Next at the
    bottom of the screen (table-tools.mjs). Only a calculator with a rows input runs a fight.
    """
    home = TABLE_PAGES.get(arg)
    if home is None:
        raise BlockError(f"{arg} is not a table tool (widgets.TABLE_PAGES names them: {', '.join(TABLE_PAGES)})")
    if page.url != home:
        raise BlockError(f"{arg} runs on its table page, {home} (widgets.TABLE_PAGES), not on {page.url}")
    return _form(site, arg, page, table=True)


def table_tools(engine: Engine, picks: Mapping[str, list[dict[str, Any]]] | None = None) -> dict[str, Any]:
    """What a page without the form needs to add a fighter to a table tool's fight (TABLES_FILE).

    By calculator: its page (from the site's root), its rows input (name, what one row is called,
    how many rows it takes and its fields: name, type, default, longest text), and `picks`: how many
    fighters its page's picker offers (they are in PICKS_FILE, which the picker reads when opened:
    a bestiary of thousands must not weigh on every "Add to fight").
    """
    tools: dict[str, Any] = {}
    for calc_id, url in TABLE_PAGES.items():
        entry: dict[str, Any] = {"page": url, "rows": None, "picks": len((picks or {}).get(calc_id, []))}
        for spec in engine.describe(calc_id)["inputs"]:
            if spec["type"] == "rows" and entry["rows"] is None:
                fields = [{k: f.get(k) for k in ("name", "type", "default", "max_length")} for f in spec["fields"]]
                entry["rows"] = {"name": spec["name"], "item": spec["item"], "min": spec["min_rows"],
                                 "max": spec["max_rows"], "fields": fields}
        tools[calc_id] = entry
    return tools


def _form(site: Site, arg: str, page: PageInfo, *, table: bool) -> str:
    split_id(arg, "calculator")
    page.uses_widgets = True
    context = form_context(site.engine, arg)
    notes = [{"href": note_href(page, n), "title": _note_title(site, n)} for n in context["calc"]["source_notes"]]
    return site.render("calc.html.j2", **context, notes=notes, table=table, device_href=page.link("device/"))


def _note_title(site: Site, note_id: str) -> str:
    game, name = split_id(note_id, "source note")
    return find(site, game, "source_notes", "notes", name, "source note")[1]["title"]


def table_picks(engine: Engine, data: Any) -> dict[str, list[dict[str, Any]]]:
    """The fighters each table tool's picker offers ("Add fighters"), each as exactly the row its
    stat block's or example's own "Add to fight" carries: the WBS bestiary, Xia's example characters."""
    tiers = {t["id"]: engine.ask("wbs.tier_name", t["id"]) for t in data["wbs/tiers"]["tiers"]}
    wbs = []
    for key in data.creatures():
        creature = data[key]
        wbs.append({"name": creature["name"], "group": "Bestiary", "note": tiers[creature["tier"]],
                    "row": engine.ask("wbs.creature_fighter", creature)})
    xia = [{"name": ch["name"], "group": "Characters of the worked examples", "note": ch.get("who", ""),
            "row": engine.ask("xia.combatant", ch["id"])} for ch in data["xia/characters"]["characters"]]
    return {"wbs.combat_tracker": sorted(wbs, key=lambda p: p["name"].casefold()), "xia.initiative_order": xia}
