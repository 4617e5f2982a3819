"""The one door into the rules engine: an `Engine` made from the rules data.

The build makes one from the YAML it has loaded and checked; the browser worker makes one from
the bundled `rules.json`. Everything outside `calculators/` (the hooks, the tests, the worker)
asks the engine: run a calculator, show its results as HTML, list the catalog, or one of the
few named queries the pages need. The engine makes its rules the rules in use for the length
of each call (`calculators.rules.using`), so the calculators read them and nothing else.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

from . import registry, rowcode, table_log
from .present import Drawn, present, value_html
from .rules import Rules, current, default_reading, using


class Engine:
    """The rules engine for one set of rules data (path under rules_data/ → content)."""

    def __init__(self, rules: Mapping[str, Any]) -> None:
        self._rules = Rules(rules)
        # A creature's tracker row, by the creature object (kept with it, so an id is never reused):
        # its stat block page and the table pages' picker both ask for it, once per build.
        self._fighters: dict[int, tuple[Mapping[str, Any], dict[str, Any]]] = {}

    @classmethod
    def bundled(cls) -> Engine:
        """The engine of the rules.json the build bundles beside the package (the browser's)."""
        try:
            text = registry.beside_package("rules.json")
        except OSError:
            raise LookupError("no rules.json beside the calculators package (only the built bundle has one): "
                              "make an engine from the rules data, calculators.Engine(rules)") from None
        return cls(json.loads(text))

    @contextmanager
    def active(self) -> Iterator[Engine]:
        """Let code inside the `with` block call calculator internals directly (tests do)."""
        with using(self._rules):
            yield self

    # ---- calculators ------------------------------------------------------------------------

    def run(self, calc_id: str, inputs: Mapping[str, object]) -> dict[str, Any]:
        """Compute calculator `calc_id` for `inputs` (JSON-able values in and out).

        Bad input raises calculators.InputError, whose `.field` names the input.
        """
        calc = registry.find(calc_id)
        with using(self._rules):
            return calc.run(inputs)

    def show(self, calc_id: str, inputs: Mapping[str, object], drawn: Drawn | None = None) -> dict[str, str]:
        """Run a calculator and return its outputs as the escaped HTML the page shows.

        `drawn` keeps what was drawn last for this calculator (see `present.present`).
        """
        calc = registry.find(calc_id)
        with using(self._rules):
            return present(calc.outputs(), calc.results(inputs), drawn)

    def present(self, calc_id: str, result: Mapping[str, Any]) -> dict[str, str]:
        """Outputs of `calc_id` (some or all, as `run` returns them) as the HTML the page shows."""
        calc = registry.find(calc_id)
        with using(self._rules):
            return present(calc.outputs(), result)

    def describe(self, calc_id: str) -> dict[str, Any]:
        """One calculator's catalog entry: id, title, summary, inputs, outputs, source notes."""
        calc = registry.find(calc_id)
        with using(self._rules):
            return calc.describe()

    def catalog(self) -> list[dict[str, Any]]:
        """Every calculator with its inputs (name, label, type, bounds, default, choices) and outputs."""
        with using(self._rules):
            return [calc.describe() for calc in registry.everything().values()]

    def link_inputs(self, calc_id: str, inputs: Mapping[str, Any]) -> dict[str, Any]:
        """Inputs as a page's link carries them: a rows input given as records becomes its compact code."""
        calc = registry.find(calc_id)
        with using(self._rules):
            return self._linked(calc, inputs)

    @staticmethod
    def _linked(calc: registry.Calculator, inputs: Mapping[str, Any]) -> dict[str, Any]:
        rows_fields = current().memo(("rows-fields", calc.id), lambda: {
            i.name: tuple(f.as_dict() for f in i.fields) for i in calc.inputs() if i.kind == "rows"})
        out = dict(inputs)
        for name, value in inputs.items():
            fields = rows_fields.get(name)
            if fields is not None and isinstance(value, (list, tuple)):
                out[name] = rowcode.encode(fields, value)
        return out

    def fold(self, calc_id: str, start: Mapping[str, object],
             changes: Sequence[Mapping[str, object]], *, linked: bool = False) -> list[dict[str, Any]]:
        """A table tool's log folded: its inputs after each change, from `start` (see `table_log`); `linked`,
        as a link carries them (rows as their code: what a page takes, a tenth of the records' size).

        A change that does not hold raises calculators.InputError with field `log`, naming the change.
        """
        calc = registry.find(calc_id)
        with using(self._rules):
            states = table_log.fold(calc, start, changes)
            return [self._linked(calc, s) for s in states] if linked else states

    def warm(self, calc_ids: Sequence[str]) -> None:
        """Import the calculators a page shows and read their forms, before the reader's first change."""
        with using(self._rules):
            for calc_id in calc_ids:
                registry.find(calc_id).outputs()

    # ---- queries the pages need -------------------------------------------------------------

    def attack_dice(self, strike: str, weapon: str, damage_type: str) -> tuple[str, str]:
        """WBS: the damage die and critical effect die of an attack (ids of the dice size chart)."""
        from .wbs import damage

        with using(self._rules):
            return damage.attack_dice(strike, weapon, damage_type)

    def reflex_cost(self, strike: str, weapon: str) -> int:
        """WBS: the Reflex an attack costs."""
        from .wbs import damage

        with using(self._rules):
            return damage.reflex_cost(strike, weapon)

    def phase_names(self, phases: int) -> list[str]:
        """WBS: names of a round's phases in resolution order (1–4, or 1A, 1B, …)."""
        from .wbs import ticks

        with using(self._rules):
            return ticks.phase_names(phases)

    def phase_ticks(self, reflex: int, phases: int, reading: str | None = None) -> list[int]:
        """WBS: ticks in each phase for a fighter with `reflex` (by the site's reading unless given)."""
        from .wbs import ticks

        with using(self._rules):
            return ticks.phase_ticks(reflex, phases, reading or default_reading("wbs", ticks.NOTE))

    def tier_name(self, tier_id: str) -> str:
        """WBS: a tier's name as the site shows it (`Epic (Elite)`)."""
        from .wbs import tiers

        with using(self._rules):
            return tiers.tier_name(tiers.tier(tier_id))

    def stat_block(self, creature: Mapping[str, Any]) -> dict[str, Any]:
        """WBS: everything a creature's stat block shows (CreatureError if its file names unknown rules)."""
        from .wbs import creature as creatures

        with using(self._rules):
            return creatures.stat_block(creature)

    def creature_fighter(self, creature: Mapping[str, Any]) -> dict[str, Any]:
        """WBS: a creature as one combatant row of the combat tracker (the numbers its stat block shows)."""
        from .wbs import creature as creatures

        kept = self._fighters.get(id(creature))
        if kept is None or kept[0] is not creature:
            with using(self._rules):
                kept = (creature, creatures.fighter_row(creature))
            self._fighters[id(creature)] = kept
        return dict(kept[1])

    def add_to_fight(self, creature: Mapping[str, Any]) -> str:
        """WBS: a creature's "Add to fight" button, as the HTML the page shows (its row carried as data)."""
        from .wbs import fighters

        row = self.creature_fighter(creature)
        with using(self._rules):
            return value_html("", fighters.add_to_fight(row))

    def creature_summary(self, creature: Mapping[str, Any]) -> dict[str, Any]:
        """WBS: the few numbers the bestiary index shows for a creature."""
        from .wbs import creature as creatures

        with using(self._rules):
            return creatures.summary_row(creature)

    def cycle_walk(self, element: str, alchemy: int) -> dict[str, list[str]]:
        """Refreshing Rain: element ids that Create an Aspect (`created_by`) and those it Destroys."""
        from .rain import elements

        with using(self._rules):
            return {"created_by": elements.created_by(element, alchemy),
                    "destroys": elements.destroys(element, alchemy)}

    def xia_add_to_fight(self, character_id: str) -> str:
        """Xia: an example character's button that adds it, with exactly its numbers, to the conflict tracker."""
        from .xia import conflict

        with using(self._rules):
            return value_html("table", conflict.add_to_fight(character_id))

    def xia_combatant(self, character_id: str) -> dict[str, Any]:
        """Xia: an example character as one row of the conflict tracker (only the numbers given for it)."""
        from .xia import conflict

        with using(self._rules):
            return conflict.character_row(character_id)

    def trigram_after(self, trigram: str, spend: str) -> Mapping[str, Any]:
        """Refreshing Rain: the trigram the Taiji moves to when a point of `spend` (yang, yin) is spent."""
        from .rain import taiji

        with using(self._rules):
            return taiji.after_spending(trigram, spend)
