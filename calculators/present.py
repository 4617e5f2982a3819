"""Results as the reader sees them: the one presentation module, used by the build and the browser.

Every value is turned into escaped HTML here, so the page baked at build time and the page
updated live by Pyodide show exactly the same bytes for the same inputs. Calculators return
data (calculators.results); only this module knows markup and CSS classes.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Any

from .fields import Fixed
from .recall import recalled
from .results import as_data
from .spec import Output

_HALF = "\u00bd"
NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
                "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty")
_COUNT_WORDS = 12  # a count in a calculator's sentence: spelled up to twelve, digits past it


def number(value: int | float | Fraction) -> str:
    """A number as printed at the table: whole numbers plain, halves as ½, others to 2 places."""
    if type(value) is int:  # most numbers of a big answer: printed as they are
        return str(value)
    if isinstance(value, bool):
        return str(int(value))
    exact = Fraction(value).limit_denominator(10**6) if isinstance(value, float) else Fraction(value)
    if exact.denominator == 1:
        return f"{exact.numerator}"
    if exact.denominator == 2:
        whole = abs(exact.numerator) // 2
        return f"{'-' if exact < 0 else ''}{whole or ''}{_HALF}"
    return f"{float(exact):.2f}"


def number_word(value: int, zero: str = "zero") -> str:
    """A whole number from 0 to 20 in words, 0 as `zero` says ("no" in "no more tiles"); ValueError otherwise."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < len(NUMBER_WORDS):
        raise ValueError(f"spells whole numbers from 0 to {len(NUMBER_WORDS) - 1} (the value is {value!r})")
    return NUMBER_WORDS[value] if value else zero


def count_word(value: int) -> str:
    """A small count as it reads in a sentence: 2 → two, 0 → no; past twelve, the digits."""
    return number_word(value, zero="no") if 0 <= value <= _COUNT_WORDS else str(value)


def listing(items: Sequence[str], last: str = "and") -> str:
    """`a`, `a and b`, `a, b and c`."""
    items = list(items)
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + f" {last} " + items[-1]


def percent(value: float | Fraction) -> str:
    """A probability as a percentage: one decimal, never rounded to a false 0% or 100%."""
    p = float(value)
    if p <= 0:
        return "0%"
    if p >= 1:
        return "100%"
    text = f"{p * 100:.1f}%"
    if text == "0.0%":
        return "<0.1%"
    if text == "100.0%":
        return ">99.9%"
    return text


Drawn = dict[str, tuple[type, Any, str]]  # output name → the value last drawn (its type, itself) and its HTML


def present(outputs: Sequence[Output], result: Mapping[str, Any], drawn: Drawn | None = None) -> dict[str, str]:
    """Each output of `result` (typed, or as `run` returns it) as escaped HTML, keyed by output name.

    With `drawn` (the browser's worker keeps one per calculator), an output whose value equals the
    one drawn last time is not drawn again: a fight's tick chart stays the same while its damage
    changes. Equal values of one type always draw the same HTML, so the bytes do not change.
    """
    shown: dict[str, str] = {}
    for out in outputs:
        if out.name not in result:
            continue
        value = result[out.name]
        last = drawn.get(out.name) if drawn is not None else None
        if last is not None and last[0] is type(value) and last[1] == value:
            shown[out.name] = last[2]
            continue
        shown[out.name] = value_html(out.kind, value)
        if drawn is not None:
            drawn[out.name] = (type(value), value, shown[out.name])
    return shown


def value_html(kind: str, value: Any) -> str:
    """One result value as escaped HTML: typed results by their type, plain values by `kind`."""
    typed = getattr(value, "TYPE", None)  # a typed result, or its JSON form from `run`
    if typed is None and isinstance(value, Mapping):
        typed = value.get("type")
    if typed in RENDERERS:
        return RENDERERS[typed](value)
    if kind in {"int", "number"}:
        return _e(number(value))
    if kind == "percent":
        return _e(percent(value))
    if kind == "list":
        return _e(", ".join(str(v) for v in value) or "none")
    if kind == "tiles":
        return hand_html(value)
    return _e(value)


# ---- typed results ----------------------------------------------------------------------------

_STYLES = {"purchases": "wbs-purchases", "qi-advice": "rain-qi-advice", "tn-ladder": "wbs-tn-ladder",
           "prose": "codex-prose-table"}
_MARKS = {"": "", "highlight": ' class="calc-chart__row--highlight"',
          "current": ' class="calc-chart__row--highlight" aria-current="step"'}


_SPECIAL = re.compile(r"[&<>]")


def _e(value: object) -> str:
    # Text, never an attribute: & < > escaped and quotes left as they are, the bytes a browser's innerHTML gives
    # back for the text (so the build's answer and the live one read the same, apostrophes and all).
    text = value if type(value) is str else str(value)
    # html.escape(text, quote=False) is these three: importing html costs the browser's start its entities table
    if not _SPECIAL.search(text):
        return text
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _empty(text: str) -> str:
    return f'<p class="calc-chart__empty">{_e(text)}</p>'


def _condition(condition: Mapping[str, Any]) -> str:
    # <details>: the rule's text opens on a tap or a key, with no script, and prints.
    return (f'<li><details class="codex-condition"><summary>{_e(condition["name"])}</summary>'
            f'<p>{_e(condition["rule"])}</p></details></li>')


def _shown(cell: Mapping[str, Any]) -> str:
    value, kind = cell["value"], cell["kind"]
    return percent(value) if kind == "percent" else number(value) if kind == "number" else str(value)


def _cell(cell: Mapping[str, Any]) -> str:
    if cell["kind"] == "conditions" and cell["conditions"]:
        return f'<td><ul class="codex-conditions">{"".join(_condition(c) for c in cell["conditions"])}</ul></td>'
    shown = _shown(cell)
    span = f' colspan="{cell["span"]}"' if cell["span"] != 1 else ""
    return f"<td{span}>{_e(shown)}</td>"


def _row(row: Mapping[str, Any]) -> str:
    cells = "".join(_cell(c) for c in row["cells"])
    head = _e(row["head"])
    if row["pick"]:  # a button, so a finger, a key and a screen reader can all pick the fighter
        head = (f'<button type="button" class="codex-pick" data-pick="{_attribute(row["pick"])}">'
                f"{head}</button>")
    return f'<tr{_MARKS[row["mark"]]}><th scope="row">{head}</th>{cells}</tr>'


def _fact(label: str, cell: Mapping[str, Any]) -> str:
    # One of a card's numbers: its column's name, its value, and a bar for an amount of a most.
    shown = _e(_shown(cell))
    bar = ""
    if cell["most"]:
        share = max(0.0, min(1.0, cell["amount"] / cell["most"]))
        bar = f'<span class="codex-card__bar" aria-hidden="true"><span style="width:{share * 100:.0f}%"></span></span>'
    return f'<div class="codex-card__fact"><dt>{_e(label)}</dt><dd>{shown}{bar}</dd></div>'


@recalled  # a fight's answer draws every card: a card that did not change, once
def _card(row: Mapping[str, Any], columns: Sequence[str], index: int) -> str:
    label = f"codex-card-{index}"
    head = _e(row["head"])
    if row["pick"]:
        head = (f'<button type="button" class="codex-pick codex-card__name" id="{label}" '
                f'data-pick="{_attribute(row["pick"])}">{head}</button>')
    else:
        head = f'<span class="codex-card__name" id="{label}">{head}</span>'
    facts, chips, state = [], "", ""
    for name, cell in zip(columns[1:], row["cells"], strict=False):
        if cell["kind"] == "conditions":
            if cell["value"] and cell["value"] != "–":
                state = f'<span class="codex-card__state" id="{label}-state">{_e(cell["value"])}</span>'
            if cell["conditions"]:
                chips = f'<ul class="codex-conditions">{"".join(_condition(c) for c in cell["conditions"])}</ul>'
        else:
            facts.append(_fact(name, cell))
    names = f"{label} {label}-state" if state else label
    mark = ' aria-current="step"' if row["mark"] == "current" else ""  # last: the marker moves alone (codex.mjs)
    return (f'<li class="codex-card" aria-labelledby="{names}"{mark}><div class="codex-card__head">{head}{state}</div>'
            f'<dl class="codex-card__facts">{"".join(facts)}</dl>{chips}</li>')


def cards_html(value: Mapping[str, Any]) -> str:
    """A Table drawn as cards, one per row (a fighter that fits a phone): the row's name (a button
    that picks it, where it picks), its state, each other column as a labelled fact (an amount of
    a most with its bar), its conditions as chips that wrap. The list is named by the table's `name`."""
    if not value["rows"] and value["empty"]:
        return _empty(value["empty"])
    cards = "".join(_card(r, value["columns"], i) for i, r in enumerate(value["rows"], start=1))
    return (f'<p class="codex-cards__caption">{_e(value["caption"])}</p>'
            f'<ul class="codex-cards" aria-label="{_attribute(value["name"] or value["caption"])}">{cards}</ul>')


def table_html(value: Mapping[str, Any]) -> str:
    """A Table: `calc-chart` look, a row header per row, a footer row when there is one (or cards)."""
    if value["style"] == "cards":
        return cards_html(value)
    if not value["rows"] and value["empty"]:
        return _empty(value["empty"])
    style = f" {_STYLES[value['style']]}" if value["style"] else ""
    head = "".join(f'<th scope="col">{_e(c)}</th>' for c in value["columns"])
    body = "".join(_row(r) for r in value["rows"])
    foot = f"<tfoot>{_row(value['foot'])}</tfoot>" if value["foot"] else ""
    return (f'<table class="calc-chart{style}"><caption>{_e(value["caption"])}</caption>'
            f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody>{foot}</table>")


def distribution_html(value: Mapping[str, Any]) -> str:
    """A Distribution as a table of horizontal bars: screen readers read it, it prints, it needs no script."""
    bars = value["bars"]
    if not bars:
        return _empty(f"{value['caption']}: no outcomes.")
    top = max(p for _, p in bars)
    marked = set(value["highlight"])
    rows = []
    for key, p in bars:
        width = 0 if top == 0 else p / top * 100
        mark = " calc-chart__row--highlight" if key in marked else ""
        rows.append(
            f'<tr class="calc-chart__row{mark}"><th scope="row">{_e(key)}</th>'
            f'<td class="calc-chart__bar"><span style="width:{width:.1f}%"></span></td>'
            f"<td>{_e(percent(p))}</td></tr>"
        )
    return (
        f'<table class="calc-chart"><caption>{_e(value["caption"])}</caption>'
        f'<thead><tr><th scope="col">{_e(value["outcome"])}</th>'
        f'<th scope="col"><span class="calc-chart__sr">Bar</span></th>'
        f'<th scope="col">Chance</th></tr></thead><tbody>{"".join(rows)}</tbody></table>'
    )


def ticks_html(value: Mapping[str, Any]) -> str:
    """A TickChart: a column per tick step of each phase, a row per fighter; ● marks an active tick."""
    head = ['<th scope="col">Phase</th>']
    sub = ['<th scope="row" class="wbs-ticks__step">Tick</th>']
    for name, steps in zip(value["phases"], value["active"], strict=True):
        span = max(1, len(steps))
        head.append(f'<th scope="colgroup" colspan="{span}" class="wbs-ticks__phase">{_e(name)}</th>')
        if steps:
            sub.extend(f'<th scope="col" class="wbs-ticks__step">{j}</th>' for j in range(1, span + 1))
        else:
            sub.append('<th scope="col" class="wbs-ticks__step">–</th>')
    off = '<td class="wbs-ticks__off"></td>'
    on = '<td class="wbs-ticks__on">●<span class="calc-chart__sr"> active</span></td>'
    rows = []
    for i, fighter in enumerate(value["fighters"]):
        cells = []
        for steps in value["active"]:
            if not steps:
                cells.append(off)
            cells.extend(on if step[i] else off for step in steps)
        rows.append(f'<tr><th scope="row">{_e(fighter)}</th>{"".join(cells)}</tr>')
    return (
        '<div class="wbs-ticks"><table class="wbs-ticks__table">'
        f"<caption>{_e(value['caption'])}</caption>"
        f'<thead><tr>{"".join(head)}</tr><tr>{"".join(sub)}</tr></thead>'
        f'<tbody>{"".join(rows)}</tbody></table></div>'
    )


def stat_block_html(value: Mapping[str, Any]) -> str:
    """A StatBlock: one labelled line each."""
    body = "".join(f'<tr><th scope="row">{_e(k)}</th><td>{_e(v)}</td></tr>' for k, v in value["lines"])
    return f'<table class="wbs-stat-block"><caption>{_e(value["caption"])}</caption><tbody>{body}</tbody></table>'


SOLID = "━━━━━━━━━"
BROKEN = "━━━━   ━━━━"


def trigram_lines(lines: Sequence[str]) -> list[str]:
    """A trigram's lines (bottom first, `yang` or `yin`) drawn as text, top line first."""
    return [SOLID if line == "yang" else BROKEN for line in reversed(lines)]


def trigram_move_html(value: Mapping[str, Any]) -> str:
    """A TrigramMove: both trigrams drawn, an arrow between."""

    def figure(t: Mapping[str, Any]) -> str:
        drawn = "\n".join(trigram_lines(t["lines"]))
        return (f'<figure class="rain-trigram"><pre aria-hidden="true">{_e(drawn)}</pre>'
                f"<figcaption>{_e(t['name'])} {_e(t['glyph'])}</figcaption></figure>")

    return f'<div class="rain-trigram-pair">{figure(value["before"])}<span aria-hidden="true">→</span>' \
           f'{figure(value["after"])}</div>'


def apply_html(value: Mapping[str, Any]) -> str:
    """An Apply: a button carrying the inputs it sets as JSON (rows.mjs binds it; no inline script)."""
    sets = "{" + ",".join(f"{_json(name)}:{_set_json(v)}" for name, v in value["sets"]) + "}"
    summary = f'<p class="codex-apply__summary">{_e(value["summary"])}</p>' if value["summary"] else ""
    return (f'<div class="codex-apply">{summary}<button type="button" class="md-button codex-apply__button" '
            f'data-apply="{_attribute(sets)}">{_e(value["label"])}</button></div>')


def _json(value: Any) -> str:
    """Compact JSON, as the page's buttons and data carry it (characters as they are, not escaped)."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def _set_json(value: Any) -> str:
    """One value an Apply sets, as JSON: a fight's rows one by one, each encoded once (Next's button carries
    every fighter at every answer, and a change changes one of them)."""
    if isinstance(value, (list, tuple)) and value and all(type(row) in (dict, Fixed) for row in value):
        return "[" + ",".join(_row_json(tuple(row.items())) for row in value) + "]"
    return _json(as_data(value))


@recalled
def _row_json(items: tuple[tuple[str, Any], ...]) -> str:
    return _json(as_data(dict(items)))


def add_to_fight_html(value: Mapping[str, Any]) -> str:
    """An AddToFight: a button carrying the fighter's row as JSON and the tracker it goes to (no inline script)."""
    row = _json({name: as_data(v) for name, v in value["row"]})
    summary = f'<p class="codex-recruit__summary">{_e(value["summary"])}</p>' if value["summary"] else ""
    return (f'<div class="codex-recruit">{summary}<button type="button" class="md-button codex-recruit__button" '
            f'data-recruit="{_attribute(value["tracker"])}" data-row="{_attribute(row)}">{_e(value["label"])}'
            "</button></div>")


def round_choices_html(value: Mapping[str, Any]) -> str:
    """RoundChoices: each fighter's choices now, in words, and the whole as JSON for the page's round prompt
    (round-prompt.mjs draws its dialog from it; no inline script). Nothing is asked once the ticks have begun."""
    if not value["start"]:
        return _empty(f"Chosen as round {value['round']} started; the next choices are asked as round "
                      f"{value['round'] + 1} starts.")
    data = _json(as_data(value))
    if not value["fighters"]:  # a new fight starts empty: nobody to ask (the page's prompt offers nothing)
        return (f'<div class="codex-round" data-round-choices="{_attribute(data)}">'
                + _empty("Nobody to ask yet: each fighter's choices are asked once the fight has fighters.") + "</div>")
    items = "".join(f"<li>{_e(f['name'])}: {_e(_chosen_words(f))}</li>" for f in value["fighters"])
    running = [a["said"] for a in value["table"] if a["value"]]
    if value["table"]:
        items = f"<li>{_e(', '.join(running) or 'Nothing running')}</li>" + items
    return (f'<div class="codex-round" data-round="{value["round"]}" data-round-choices="{_attribute(data)}">'
            f'<p class="codex-round__caption">Round {value["round"]}: each fighter\'s choices as it starts</p>'
            f'<ul class="codex-round__list">{items}</ul></div>')


def phone_views_html(value: Mapping[str, Any]) -> str:
    """PhoneViews: what each seat's phone may ask for now, in words, and the whole as JSON for the phone link
    (link-gm.mjs sends each phone its part; no inline script). The GM's device holds every seat's tiles anyway."""
    data = _json(as_data(value))
    items = []
    for seat, phone in zip(value["seats"], value["phones"], strict=True):
        asks = "; ".join(a["label"] for a in phone["acts"])
        items.append(f"<li>{_e(seat['name'])} ({_e(seat['state'])}): {_e(phone['note'])}"
                     + (f" May ask for: {_e(asks)}." if asks else "") + "</li>")
    return (f'<div class="codex-phones" data-step="{value["step"]}" data-phone-views="{_attribute(data)}">'
            '<p class="codex-phones__caption">Each phone that plays a seat is sent that seat\'s tiles face up, the '
            "others face down and the middle of the table; a phone that plays none, and the shared screen, no "
            f'seat\'s tiles.</p><ul class="codex-phones__list">{"".join(items)}</ul></div>')


def _chosen_words(fighter: Mapping[str, Any]) -> str:
    """What a fighter's row holds of the round's choices, in words ("EV 2, Relaxes"), or why they choose nothing."""
    said = []
    for ask in fighter["asks"]:
        if ask["kind"] == "toggle":
            if ask["value"]:
                said.append(ask["said"])
        elif ask["value"]:
            said.append(f"{ask['label']} {next((w for v, w in ask['options'] if v == ask['value']), ask['value'])}")
    if fighter["why"] and not fighter["asks"]:
        return fighter["why"]
    return ", ".join(said) or "nothing chosen"


def _attribute(text: str) -> str:
    # & " < > escaped and ' left alone: the bytes the browser's innerHTML gives back for the attribute.
    return text.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;").replace(">", "&gt;")


_TILE_MARKS = {"": "", "compared": "compared", "guardian": "decides", "redraw": "draw again"}


def tile_html(value: Mapping[str, Any]) -> str:
    """A Tile: its glyph (hidden from screen readers, which read its name), its name, and its mark."""
    mark = value["mark"]
    look = f" rain-tile--{value['category']}" + (f" rain-tile--{mark}" if mark else "")
    badge = f'<span class="rain-tile__mark">{_e(_TILE_MARKS[mark])}</span>' if mark else ""
    return (f'<span class="rain-tile{look}"><span class="rain-tile__glyph" aria-hidden="true">{_e(value["glyph"])}'
            f'</span><span class="rain-tile__name">{_e(value["name"])}</span>{badge}</span>')


def hand_html(tiles: Sequence[Mapping[str, Any]]) -> str:
    """A hand of tiles (a list of Tile values) as a list, in the order given."""
    if not tiles:
        return _empty("No tiles.")
    items = "".join(f"<li>{tile_html(t)}</li>" for t in tiles)
    return f'<ul class="rain-hand">{items}</ul>'


BACK = "\U0001F02B"  # a Ma Jiang tile's back
BACKS_SHOWN = 12  # past this many, a face-down pile is drawn as this many and its count


def act_html(value: Mapping[str, Any]) -> str:
    """An Act: a button carrying the inputs it sets as JSON (tile-table.mjs binds it; no inline script)."""
    sets = _json({name: as_data(v) for name, v in value["sets"]})
    extra = f' data-key="{_attribute(value["key"])}"' if value["key"] else ""
    if value["fresh"]:
        extra += f' data-fresh="{_attribute(value["fresh"])}"'
    if value["pressed"] is not None:
        extra += f' aria-pressed="{"true" if value["pressed"] else "false"}"'
    if value["tile"] is not None:
        return (f'<button type="button" class="codex-act codex-act--tile" data-act="{_attribute(sets)}"{extra} '
                f'aria-label="{_attribute(value["label"])}">{tile_html(value["tile"])}</button>')
    return (f'<button type="button" class="md-button codex-act" data-act="{_attribute(sets)}"{extra}>'
            f'{_e(value["label"])}</button>')


def tile_row_html(value: Mapping[str, Any]) -> str:
    """A Hand: its label, then its tiles (or buttons drawn as tiles), then its face-down tiles."""
    items = [f"<li>{value_html('', t)}</li>" for t in value["tiles"]]
    backs = value["backs"]
    back = f'<span class="rain-tile rain-tile--back"><span class="rain-tile__glyph">{BACK}</span></span>'
    items += [f'<li aria-hidden="true">{back}</li>'] * min(backs, BACKS_SHOWN)
    hidden = (f'<span class="calc-chart__sr">{backs} face down</span>' if backs <= BACKS_SHOWN
              else f'<span class="rain-row__more">{backs} face down</span>')
    tiles = f'<ul class="rain-hand">{"".join(items)}</ul>' if items else ""
    large = " rain-row--large" if value["large"] else ""
    return (f'<div class="rain-row{large}"><p class="rain-row__label">{_e(value["label"])}'
            f'{hidden if backs else ""}</p>{tiles or _empty("No tiles.")}</div>')


def _share(share: Mapping[str, Any]) -> str:
    return (f'<div class="codex-share" data-share-calc="{_attribute(share["calc"])}" '
            f'data-share-input="{_attribute(share["input"])}" data-share-code="{_attribute(share["code"])}">'
            f'<p class="codex-share__code"><code>{_e(share["code"])}</code></p></div>')


def _section(section: Mapping[str, Any]) -> str:
    lines = "".join(f"<p>{_e(line)}</p>" for line in section["lines"])
    rows = "".join(tile_row_html(h) for h in section["hands"])
    acts = "".join(act_html(a) for a in section["acts"])
    if acts:
        acts = f'<div class="codex-board__acts" role="group" aria-label="{_attribute(section["title"])}">{acts}</div>'
    share = _share(section["share"]) if section["share"] else ""
    body = lines + rows + acts + share
    current = " codex-board__section--current" if section["mark"] == "current" else ""
    if section["folded"]:
        return (f'<details class="codex-board__section{current}"><summary>{_e(section["title"])}</summary>'
                f"{body}</details>")
    return (f'<section class="codex-board__section{current}"><p class="codex-board__title">{_e(section["title"])}'
            f"</p>{body}</section>")


def board_html(value: Mapping[str, Any]) -> str:
    """A Board: its sections in order."""
    if not value["sections"]:
        return _empty(value["empty"] or "Nothing yet.")
    return f'<div class="codex-board">{"".join(_section(s) for s in value["sections"])}</div>'


RENDERERS: dict[str, Callable[[Mapping[str, Any]], str]] = {
    "act": act_html,
    "hand": tile_row_html,
    "board": board_html,
    "tile": tile_html,
    "table": table_html,
    "distribution": distribution_html,
    "ticks": ticks_html,
    "stat_block": stat_block_html,
    "trigram_move": trigram_move_html,
    "apply": apply_html,
    "add_to_fight": add_to_fight_html,
    "round_choices": round_choices_html,
    "phone_views": phone_views_html,
}
