"""The one door into the rules engine: an `Engine` made from the rules data.

The build makes one from the YAML it has loaded and checked; the browser worker makes one from
the bundled `rules.json`. Everything outside `calculators/` (the hooks, the tests, the worker)
asks the engine: run a calculator, show its results as HTML, list the catalog, or answer one of
the questions the pages ask (`ask`, the registry in `calculators.queries`). The engine makes its
rules the rules in use for the length of each call (`calculators.rules.using`), so the
calculators read them and nothing else.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

from . import queries, registry, rowcode, table_log
from .present import Drawn, present
from .rules import Rules, current, using


class Engine:
    """The rules engine for one set of rules data (path under rules_data/ → content)."""

    def __init__(self, rules: Mapping[str, Any]) -> None:
        self._rules = Rules(rules)

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

    def run(self, calc_id: str, inputs: Mapping[str, object], only: Collection[str] | None = None) -> dict[str, Any]:
        """Compute calculator `calc_id` for `inputs` (JSON-able values in and out; `only`: just
        those outputs).

        Bad input raises calculators.InputError, whose `.field` names the input.
        """
        calc = registry.find(calc_id)
        with using(self._rules):
            return calc.run(inputs, only)

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

    # ---- questions the pages ask ------------------------------------------------------------

    def ask(self, question: str, *args: Any) -> Any:
        """Answer one of the registered questions (`calculators.queries`): `ask("wbs.tier_name", "epic")`.

        LookupError names the questions there are; a question's own errors (CreatureError) pass through.
        """
        answer = queries.find(question)
        with using(self._rules):
            return answer(*args)
