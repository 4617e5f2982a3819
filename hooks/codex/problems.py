"""A problem in the rules data, reported as `file:line: field.path: message`."""

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


class DataError(Exception):
    """The rules data has problems; all of them, sorted, are in `.problems`."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = sorted(set(problems))
        count = len(self.problems)
        listing = "\n".join(f"  {p}" for p in self.problems)
        super().__init__(f"{count} problem{'s' if count != 1 else ''} in rules_data/:\n{listing}")
