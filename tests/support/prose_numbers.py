"""Numbers the books state, written out in prose instead of taken from the rules data.

"Every number once": a rule's number lives in rules_data/ and prose takes it with a value marker
(`<!-- codex:value wbs/combat:attack.tie_divide_by share -->`), so an edit of the YAML changes the
page. This finds the numbers that were typed instead, in three kinds of text: the pages in docs/
(outside code and markers), the texts the rules data shows as prose (summaries, tooltips,
worked examples' stories and conclusions) and what calculators say of themselves (summaries,
help). A number counts as a rule's number when the sentence it stands in says which rule:

- after a divisor or a multiplier (`÷ 2`, `halves`, `a third`, `× 3`, `twice`): a field whose
  name says it divides (`…divide_by`, `…_share`) or multiplies (`…multiplier`), of the entry the
  sentence names when the field belongs to one (`Reflex (4 + 2) ÷ 2`: derived Reflex's divisor);
- anywhere else: a field with the same value whose own name has a word few other fields of its
  game share (`tie_divide_by`: "tie"; `unconscious_at`: "unconscious"), again with the entry's
  name when it belongs to one (`sparks[Jaki].multiplier` needs "Jaki" in the sentence).

It is a reader's test, not a parser: what it finds that is no rule's number goes into the list
of exceptions (tests/fixtures/prose_numbers.yaml) with the reason.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
         "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty")
SHARES = {2: ("half", "halves", "halved", "halving"), 3: ("third", "thirds"), 4: ("quarter", "quarters")}
TIMES = {2: ("double", "doubled", "doubles", "twice"), 3: ("triple", "tripled", "thrice")}
_GENERIC = frozenset(re.findall(r"[a-z]+",
    "per by of the a an to at in on is value values base total each new over from max min minimum maximum count "
    "number cost costs share divide divided multiple multiplier limit add added adds and or for with as it its this "
    "that than when every all any id name"))
_TOKEN = re.compile(r"(?<![\w.])(?:\d+(?:\.\d+)?|[A-Za-z]+)(?![\w])")
# A sentence runs over line breaks, not over a blank line or the start of a list item.
_SENTENCE = re.compile(r"(?:[^.!?\n]|\n(?![ \t]*\n|[ \t]*(?:[-*+]|\d+\.)[ \t])|[.!?](?![\s*_)]))+[.!?]?")
_DIVIDED = re.compile(r"(?:÷|divided by|divide by)\s*$", re.I)
_TIMES = re.compile(r"(?:×|times|multiplied by)\s*$", re.I)


def _stem(word: str) -> str:
    word = word.lower()
    for suffix in ("ing", "ed", "es", "s"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            return word[: -len(suffix)]
    return word


def _words(text: str) -> set[str]:
    return {_stem(w) for w in re.split(r"[_\-\s]+", text) if len(w) > 2 and w.lower() not in _GENERIC}


@dataclass(frozen=True, slots=True)
class RuleNumber:
    """One number of the rules data, and the words a sentence uses when it means it."""

    game: str
    field: str              # `wbs/combat:attack.tie_divide_by`
    value: int | float
    own: frozenset[str]     # the words of its own name (the nearest named key) few other fields share
    named: frozenset[str]   # every word of its own name
    entry: frozenset[str]   # words of the list entry it belongs to (its name and id), if any
    divides: bool
    multiplies: bool

    def forms(self, after: str) -> set[str]:
        """How a sentence may write the number, given the words just before it."""
        value = self.value
        if not float(value).is_integer():
            return {str(value)}
        whole = int(value)
        if whole in (0, 1):
            return set()  # "a 1 fumbles", "at least 1", "one more": everywhere in prose, rarely a rule's
        out = {str(whole), *([WORDS[whole]] if whole < len(WORDS) else [])}
        if self.divides:
            out |= set(SHARES.get(whole, ()))
        if self.multiplies:
            out |= set(TIMES.get(whole, ()))
        return out


def rule_numbers(data: Mapping[str, Any], skip: tuple[str, ...] = ()) -> list[RuleNumber]:
    """Every number of the rules (bestiary, worked examples, source notes and glossaries are not rules)."""
    found: list[tuple[str, str, Any, tuple[str, ...], frozenset[str]]] = []

    def walk(value: Any, key: str, where: tuple[str | int, ...], entry: frozenset[str]) -> None:
        if isinstance(value, dict):
            named = entry
            if isinstance(value.get("name"), str) or isinstance(value.get("id"), str):
                named = frozenset(_words(str(value.get("name", ""))) | _words(str(value.get("id", ""))))
            for name, item in value.items():
                walk(item, key, (*where, name), named)
        elif isinstance(value, list):
            for index, item in enumerate(value):
                walk(item, key, (*where, index), entry)
        elif isinstance(value, int | float) and not isinstance(value, bool):
            names = tuple(w for w in where if isinstance(w, str))
            if names:
                found.append((key, ".".join(map(str, where)), value, names, entry))

    for key in sorted(data):
        kind = key.split("/")[-1]
        if "/bestiary/" in f"/{key}" or kind.startswith(("examples", "source_notes", "glossary", *skip)):
            continue
        walk(data[key], key, (), frozenset())
    numbers = []
    for key, where, value, names, entry in found:
        own: set[str] = set()
        for name in reversed(names):
            own = _words(name)
            if own:
                break
        own |= _words(names[-2]) if len(names) > 1 else set()  # and the group it is in (`draw.base_tiles`)
        joined = "_".join(names)
        numbers.append(RuleNumber(key.split("/")[0], f"{key}:{where}", value, frozenset(own), frozenset(own), entry,
                                  "divide" in joined or "share" in joined, "multipl" in joined))
    shared = Counter((n.game, word) for n in numbers for word in n.own)
    return [RuleNumber(n.game, n.field, n.value, frozenset(w for w in n.own if shared[(n.game, w)] <= 3), n.named,
                       n.entry, n.divides, n.multiplies) for n in numbers]


@dataclass(frozen=True, slots=True)
class Found:
    """A rule's number typed in a text: where, the number as written, the field it restates, the sentence."""

    where: str
    number: str
    field: str
    sentence: str

    def __str__(self) -> str:
        return f"{self.where}: '{self.number}' restates {self.field}: \"{self.sentence[:120]}\""


def typed_numbers(text: str, game: str | None, numbers: list[RuleNumber], where: Any, *,
                  operators_only: bool = False) -> Iterator[Found]:
    """Rule numbers written in `text` (of `game`, or of any game); `where(offset)` names the place.

    `operators_only` looks only at divisors and multipliers (`÷ 2`, `halves`, `× 3`): a worked
    example is full of its own numbers, and its rule numbers are the ones it divides or multiplies by.
    """
    for sentence in _SENTENCE.finditer(text):
        said = sentence.group(0)
        stems = {_stem(t.group(0)) for t in _TOKEN.finditer(said)}
        for token in _TOKEN.finditer(said):
            written = token.group(0).lower()
            before = said[max(0, token.start() - 16):token.start()]
            operator = bool(_DIVIDED.search(before) or _TIMES.search(before))
            # The field the sentence names best first: its rare words, then any word of its name or entry.
            ranked = sorted(numbers, key=lambda n: (not n.own & stems, not n.named & stems, not n.entry & stems))
            for number in ranked:
                if game is not None and number.game != game:
                    continue
                if written not in number.forms(before):
                    continue
                if number.entry and not number.entry & stems:
                    continue
                by_operator = (operator or not written[0].isdigit()) and (
                    (number.divides and (_DIVIDED.search(before) or written in sum(SHARES.values(), ())))
                    or (number.multiplies and (_TIMES.search(before) or written in sum(TIMES.values(), ()))))
                if not (by_operator and (number.entry or number.named & stems or operator)) and (
                        operators_only or not number.own & stems):
                    continue
                yield Found(where(sentence.start() + token.start()), token.group(0), number.field,
                            " ".join(said.split()))
                break
