"""What one tick allows its fighters: the kinds of action each resolves, and the order they declare in.

On a shared tick actions resolve in the book's order (Quick, Movement, Attacks, Energy, Other);
a fighter resolves one action of each kind there, and one Quick action (whose one: the reading of
source note quick-per-tick); then the fighters declare their next actions in the order theirs
resolved, those with nothing to resolve after them. A row keeps what it resolved on the tick being
played (`resolved_kinds`) and whether it has declared there (`declared_here`); leaving the tick
clears both.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from . import fighters
from .combat_rules import combat
from .tick_pointer import Step, has_tick


def rules_() -> Mapping[str, Any]:
    """combat.yaml `shared_tick`."""
    return combat()["shared_tick"]


def kinds_resolved(row: Mapping[str, Any]) -> list[str]:
    """The kinds of action the row resolved on this tick before its current one, in order."""
    return row["resolved_kinds"].split()


def resolving(row: Mapping[str, Any], count: Sequence[int], step: Step | None) -> bool:
    """Whether the row's declared action resolves on the step (its ticks have passed)."""
    return (step is not None and has_tick(count, step) and not row["wait"]
            and row["action"] != fighters.NO_ACTION)


def resolved_here(row: Mapping[str, Any], count: Sequence[int], step: Step | None) -> list[str]:
    """Every kind of action the row resolves on the step: those already done, then the one resolving now."""
    return kinds_resolved(row) + ([row["action"]] if resolving(row, count, step) else [])


def _rank(kind: str) -> int:
    return [c["id"] for c in fighters.categories()].index(kind)


def resolutions(rows: Sequence[Mapping[str, Any]], counts: Sequence[Sequence[int]],
                step: Step | None) -> list[tuple[int, str]]:
    """(fighter, kind) for each action resolving on the step, in the book's order (ties in the fight's order)."""
    found = [(i, kind) for i, (row, count) in enumerate(zip(rows, counts, strict=True))
             if step is not None and has_tick(count, step) for kind in resolved_here(row, count, step)]
    return sorted(found, key=lambda pair: (_rank(pair[1]), pair[0]))


def done_declaring(row: Mapping[str, Any]) -> bool:
    """Whether the row has declared on this tick and has nothing resolving now (a Quick one lets them declare again)."""
    return row["declared_here"] and not (row["wait"] == 0 and row["action"] != fighters.NO_ACTION)


def _resolvers(rows: Sequence[Mapping[str, Any]], counts: Sequence[Sequence[int]], step: Step) -> list[int]:
    order: list[int] = []
    for i, _ in resolutions(rows, counts, step):
        if i not in order:
            order.append(i)
    return order


def _still(rows: Sequence[Mapping[str, Any]], order: Sequence[int]) -> list[int]:
    return [i for i in order if not rows[i]["wait"] and not done_declaring(rows[i])]


def declaring(rows: Sequence[Mapping[str, Any]], counts: Sequence[Sequence[int]], step: Step) -> list[int]:
    """Who still declares on the step, in order: those whose actions resolved, in that order, then the others."""
    order = _resolvers(rows, counts, step)
    order += [i for i, count in enumerate(counts) if has_tick(count, step) and i not in order]
    return _still(rows, order)


def ahead_of(rows: Sequence[Mapping[str, Any]], counts: Sequence[Sequence[int]], step: Step, index: int) -> list[int]:
    """Who must declare before `index` on the step: those whose actions resolved before theirs (all of them, when
    `index` resolved nothing); among fighters who resolved nothing there is no order."""
    order = _resolvers(rows, counts, step)
    return _still(rows, order[:order.index(index)] if index in order else order)


def record(row: dict[str, Any], count: Sequence[int], step: Step | None) -> None:
    """The row's action resolving now is done: its kind is kept as resolved on the tick, before it declares again."""
    if resolving(row, count, step):
        row["resolved_kinds"] = " ".join([*kinds_resolved(row), row["action"]])
        row.update(action=fighters.NO_ACTION, carried=False, recover=False)


def refusal(rows: Sequence[Mapping[str, Any]], index: int, kind: str, reading: str) -> str:
    """Why an action of `kind` that resolves at once (cost 0) cannot resolve on this tick, or ""."""
    done = kinds_resolved(rows[index])
    if done.count(kind) >= rules_()["actions_per_kind"]:
        name = fighters.by_kind(kind)
        return f"has resolved {name} on this tick already (one of each kind a tick)"
    if kind == "quick" and reading == "whole-tick":
        quick = sum(kinds_resolved(r).count(kind) + (r["action"] == kind and not r["wait"])
                    for i, r in enumerate(rows) if i != index)
        if quick >= rules_()["quick_actions"]:
            return "cannot resolve a Quick action on this tick: another fighter's already did (one a tick)"
    return ""


def clear(row: dict[str, Any]) -> None:
    """The tick is left: nothing is resolved or declared on the next one yet."""
    row.update(resolved_kinds="", declared_here=False)
