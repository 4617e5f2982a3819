"""Charts as escaped HTML: a probability distribution drawn as a table of horizontal bars.

A table, not a picture: screen readers read it, it prints, it needs no script, and the build
and the browser produce the same bytes for it.
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from fractions import Fraction

from .present import percent


def distribution(dist: Mapping[object, Fraction], *, caption: str, outcome: str = "Outcome",
                 highlight: set[object] | None = None) -> str:
    """A bar chart of `dist` (outcome → exact probability), outcomes in the order given."""
    if not dist:
        return f'<p class="calc-chart__empty">{html.escape(caption)}: no outcomes.</p>'
    top = max(dist.values())
    rows = []
    for key, p in dist.items():
        width = 0 if top == 0 else float(Fraction(p) / top) * 100
        mark = " calc-chart__row--highlight" if highlight and key in highlight else ""
        rows.append(
            f'<tr class="calc-chart__row{mark}"><th scope="row">{html.escape(str(key))}</th>'
            f'<td class="calc-chart__bar"><span style="width:{width:.1f}%"></span></td>'
            f"<td>{html.escape(percent(p))}</td></tr>"
        )
    return (
        f'<table class="calc-chart"><caption>{html.escape(caption)}</caption>'
        f'<thead><tr><th scope="col">{html.escape(outcome)}</th>'
        f'<th scope="col"><span class="calc-chart__sr">Bar</span></th>'
        f'<th scope="col">Chance</th></tr></thead><tbody>{"".join(rows)}</tbody></table>'
    )
