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

Numbers are seen as a reader reads them: digits, number words ("three"), ordinals ("every third
round"), signed changes ("−1" with U+2212 or a hyphen, or "by 1" for a field of -1), 0 and 1 too,
and a product of two rule numbers whose words the sentence both uses ("every 12 seconds":
the exhaustion interval times the round's seconds). A sentence of a glossary term, a source note
or a list entry is read with that entry's name (`context`): "every third round" in the entry for
Exhaustion is about exhaustion.

It is a reader's test, not a parser: a sentence that states a rule's number takes a marker; one
that only looks like it rewords (see tests/test_prose_numbers.py: there is no list of exceptions).
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from calculators.present import NUMBER_WORDS

SHARES = {2: ("half", "halves", "halved", "halving"), 3: ("third", "thirds"), 4: ("quarter", "quarters")}
TIMES = {2: ("double", "doubled", "doubles", "twice"), 3: ("triple", "tripled", "thrice")}
ORDINALS = ("zeroth", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth",
            "eleventh", "twelfth")
_GENERIC = frozenset(re.findall(r"[a-z]+",
    "per by of the a an to at in on is value values base total each new over from max min minimum maximum count "
    "number cost costs share divide divided multiple multiplier limit add added adds and or for with as it its this "
    "that than when every all any id name")) | set(NUMBER_WORDS) | set(ORDINALS)
_TOKEN = re.compile(r"(?<![\w.\u2212-])(?:[\u2212-]?\d+(?:\.\d+)?|[A-Za-z]+)(?![\w])")
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
    factors: tuple[RuleNumber, ...] = ()  # a product's two numbers, each of which the sentence must name

    def forms(self) -> set[str]:
        """How a sentence may write the number (lower case): digits, words, its ordinal, a change's size."""
        value = self.value
        if not float(value).is_integer():
            return {str(value)}
        whole = int(value)
        out = {str(whole)}
        if whole < 0:  # a change: "−1", "-1", or its size after "lowers by"
            out |= {f"\u2212{-whole}", str(-whole)}
        size = abs(whole)
        if size < len(NUMBER_WORDS):
            out.add(NUMBER_WORDS[size])
        if 2 <= size < len(ORDINALS):
            out.add(ORDINALS[size])
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
    numbers = [RuleNumber(n.game, n.field, n.value, frozenset(w for w in n.own if shared[(n.game, w)] <= 3), n.named,
                          n.entry, n.divides, n.multiplies) for n in numbers]
    return numbers + _products(numbers)


def _products(numbers: list[RuleNumber]) -> list[RuleNumber]:
    """Numbers the books derive as a product of two rule numbers with a unit each (`every_rounds` ×
    `round.seconds`): found only where the sentence uses the words of both."""
    timed = [n for n in numbers if isinstance(n.value, int) and n.value >= 2 and n.named & _UNITS]
    out = []
    for a in timed:
        for b in timed:
            if a.game == b.game and a.field < b.field and a.named & _UNITS != b.named & _UNITS:
                out.append(RuleNumber(a.game, f"{a.field}*{b.field}", a.value * b.value, a.own | b.own,
                                      a.named | b.named, a.entry | b.entry, False, False, (a, b)))
    return out


_UNITS = frozenset({"round", "second", "minute", "hour", "tick", "phase", "session"})


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
                  operators_only: bool = False, context: str = "") -> Iterator[Found]:
    """Rule numbers written in `text` (of `game`, or of any game); `where(offset)` names the place.

    `operators_only` looks only at divisors and multipliers (`÷ 2`, `halves`, `× 3`): a worked
    example is full of its own numbers, and its rule numbers are the ones it divides or multiplies by.
    `context` is what the text is about (a glossary entry's term, a note's title): read with each sentence.
    """
    by_form = _by_form(tuple(numbers))
    about = {_stem(t.group(0)) for t in _TOKEN.finditer(context)}
    for sentence in _SENTENCE.finditer(text):
        said = sentence.group(0)
        stems = {_stem(t.group(0)) for t in _TOKEN.finditer(said)} | about
        for token in _TOKEN.finditer(said):
            written = token.group(0).lower()
            candidates = by_form.get(written, ())
            if not candidates:
                continue
            before = said[max(0, token.start() - 16):token.start()]
            operator = bool(_DIVIDED.search(before) or _TIMES.search(before))
            # The field the sentence names best first: its entry's name, its rare words, then any word of its name.
            ranked = sorted(candidates, key=lambda n: (not n.entry & stems, not n.own & stems, not n.named & stems))
            for number in ranked:
                if game is not None and number.game != game:
                    continue
                if number.entry and not number.entry & stems:
                    continue
                if number.factors and not all(f.named & stems for f in number.factors):
                    continue
                by_operator = (operator or not written[-1].isdigit()) and (
                    (number.divides and (_DIVIDED.search(before) or written in sum(SHARES.values(), ())))
                    or (number.multiplies and (_TIMES.search(before) or written in sum(TIMES.values(), ()))))
                named, in_entry = number.named & stems, bool(number.entry & stems)
                if by_operator and (number.entry or named or operator):
                    pass
                elif operators_only:
                    continue
                elif abs(number.value) <= 1:  # "one", "a 1", "at 0" are everywhere: two of its words, or its entry
                    if not (len(named) > 1 or (in_entry and named)):
                        continue
                elif not (number.own & stems or in_entry):
                    continue
                yield Found(where(sentence.start() + token.start()), token.group(0), number.field,
                            " ".join(said.split()))
                break


@functools.cache
def _by_form(numbers: tuple[RuleNumber, ...]) -> dict[str, list[RuleNumber]]:
    out: dict[str, list[RuleNumber]] = {}
    for number in numbers:
        for form in number.forms():
            out.setdefault(form, []).append(number)
    return out
