"""What a check reports: a problem at `file:line: field.path: message`, or a check it could not run."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True, order=True)
class Problem:
    """One thing wrong with one file; problems sort by file, then line."""

    file: str
    line: int
    path: str
    message: str

    def __str__(self) -> str:
        where = f" {self.path}:" if self.path else ""
        return f"{self.file}:{self.line}:{where} {self.message}"


@dataclass(frozen=True, slots=True, order=True)
class NotRun:
    """A check that waits for a problem to be fixed: it would have read a value that has one.

    `file`, `line` and `what` say what was not checked (an example, a creature, a page's marker;
    `file` is empty for a whole check); `because` is where the value with a problem stands.
    """

    file: str
    line: int
    what: str
    because: str

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}: " if self.file else ""
        return f"{where}{self.what} (it reads {self.because})"


class DataError(Exception):
    """The rules data has problems; all of them, sorted, are in `.problems`.

    `.not_run` lists the checks that waited for those problems to be fixed.
    """

    def __init__(self, problems: list[Problem], not_run: list[NotRun] | None = None) -> None:
        self.problems = sorted(set(problems))
        self.not_run = sorted(set(not_run or []))
        count = len(self.problems)
        listing = "\n".join(f"  {p}" for p in self.problems)
        waiting = "".join(f"\n  {n}" for n in self.not_run)
        after = f"\nnot checked until those are fixed:{waiting}" if waiting else ""
        super().__init__(f"{count} problem{'s' if count != 1 else ''} in rules_data/:\n{listing}{after}")
