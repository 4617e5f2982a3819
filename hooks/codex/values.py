"""Rule values inside prose: `<!-- codex:value wbs/combat:round.seconds -->` in a sentence.

A page that restates a book's number in its prose ("a round is four seconds long") would keep
a second copy of it, which an edit of the YAML leaves wrong. The inline marker takes the value
from the rules data instead:

    A round is <!-- codex:value wbs/combat:round.seconds words --> seconds long.

The argument is the rules file (its path under rules_data/ without `.yaml`), a colon and the
field's dotted path; a step into a list picks the entry with that `id` (or that position). An
optional format follows: `words` spells a whole number from zero to twenty, `abs` drops the sign
(Relax *lowers* attributes by 2 where the data says -2), `signed` writes a change with its sign
(-1 → "−1", 2 → "+2"), `share` reads a divisor as the part it leaves (2 → "half", 3 → "a third"),
`ordinal` reads a count as a place in a row (3 → "third": "every third round"), `capital` starts a
text with a capital letter (an id such as `dexterity` in a sentence). A scalar or a list of
scalars may be shown; anything else, or a path that leads nowhere, is a problem at the page's
file and line.

A number the books derive from two others is their product, both paths named, so it follows
either: `wbs/stamina:losing.exhaustion.every_rounds*wbs/combat:round.seconds` ("every 12
seconds" of exhaustion: every third round of four seconds); a sum adds them
(`xia/experience:awards.attendance.xp+…`: the most a session gives). One operator, numbers only:
a rule worked out further belongs to the engine.

The rules data's own prose (summaries, tooltips, glossary entries, source notes, worked
examples) takes the same markers; there they name numbers only (`in_rules_text`), and the loader
expands them once, for every reader of the data (`prose.py`).

Values are swapped for placeholders before Markdown runs (so Markdown never reads rules text)
and put back, escaped, in the HTML (`render.substitute`); a placeholder keeps its line, so line numbers stay true.
"""

from __future__ import annotations

import html
import re
import secrets
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from calculators import by_id, number_word

from .load import RulesData
from .marker_scan import Ranges, code_ranges
from .problems import NotRun, Problem
from .unsound import NotChecked, Unsound

VALUE = re.compile(r"<!--[ \t]*codex:value(?:[ \t]+(?P<arg>[^\s>]*))?(?:[ \t]+(?P<format>[^\s>]+))?[ \t]*-->")
# A heading may stand inside blockquotes, list items, definitions and admonitions: what precedes it
# on its line.
_CONTAINERS = re.compile(r"(?:[ \t]*(?:>|[-*+:](?=[ \t])|\d{1,9}[.)](?=[ \t])))*[ \t]*")
_ATX = re.compile(r"#")  # Python-Markdown needs no space after the hashes
_UNDERLINE = re.compile(r"(?:=+|-+)[ \t]*")  # the next line makes this one a setext heading
_HTML_HEADING = re.compile(r"<h[1-6]\b", re.I)
_TOKEN = "CODEXVALUE"


class ValueProblem(Exception):
    """A value marker that names nothing showable."""


def _number(value: int | float) -> str:
    return str(int(value)) if float(value).is_integer() else str(value)


def _words(value: Any) -> str:
    try:
        return number_word(value)
    except ValueError as exc:
        raise ValueProblem(f"'words' {exc}") from None


def _absolute(value: Any) -> str:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueProblem(f"'abs' needs a number (the value is {value!r})")
    return _number(abs(value))


_SHARES = {1: "all", 2: "half", 3: "a third", 4: "a quarter", 5: "a fifth"}


def _signed(value: Any) -> str:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueProblem(f"'signed' needs a number (the value is {value!r})")
    return f"\u2212{_number(-value)}" if value < 0 else f"+{_number(value)}" if value > 0 else "0"


_ORDINALS = ("zeroth", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth",
             "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth", "seventeenth",
             "eighteenth", "nineteenth", "twentieth")


def _ordinal(value: Any) -> str:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value < len(_ORDINALS):
        raise ValueProblem(f"'ordinal' reads whole numbers from 1 to {len(_ORDINALS) - 1} (the value is {value!r})")
    return _ORDINALS[value]


def _share(value: Any) -> str:
    if isinstance(value, bool) or value not in _SHARES:
        raise ValueProblem(f"'share' reads a divisor from 1 to {max(_SHARES)} (the value is {value!r})")
    return _SHARES[value]


def _capital(value: Any) -> str:
    if not isinstance(value, str) or not value:
        raise ValueProblem(f"'capital' needs a text (the value is {value!r})")
    text = _plain(value)
    return text[0].upper() + text[1:]


FORMATS: dict[str, Callable[[Any], str]] = {"words": _words, "abs": _absolute, "signed": _signed, "share": _share,
                                             "ordinal": _ordinal, "capital": _capital}


def _plain(value: Any) -> str:
    if isinstance(value, Unsound):
        raise NotChecked(value)
    if isinstance(value, bool) or value is None:
        raise ValueProblem(f"a yes/no or empty field is not prose (the value is {value!r})")
    if isinstance(value, int | float):
        return _number(value)
    if isinstance(value, str):
        return " ".join(value.split())
    if isinstance(value, list) and value and all(not isinstance(v, list | Mapping) for v in value):
        return ", ".join(_plain(v) for v in value)
    raise ValueProblem("only a number, a text or a list of them can stand in a sentence")


def _step(value: Any, name: str, walked: str) -> Any:
    if isinstance(value, Unsound):
        raise NotChecked(value)
    if isinstance(value, Mapping):
        if name not in value:
            known = ", ".join(sorted(value)) or "none"
            raise ValueProblem(f"no field '{name}' under '{walked or 'the file'}' (there: {known})")
        return value[name]
    if isinstance(value, list):
        entry = by_id([e for e in value if isinstance(e, Mapping) and "id" in e], name, None)
        if entry is not None:
            return entry
        if name.isdigit() and int(name) < len(value):
            return value[int(name)]
        raise ValueProblem(f"no entry with id '{name}' in the list '{walked}'")
    raise ValueProblem(f"'{walked}' is a single value; it has no '{name}'")


def lookup(data: RulesData | Mapping[str, Any], arg: str) -> Any:
    """The value `FILE:dotted.path` names in the rules data, or the product (`FILE:PATH*FILE:PATH`)
    or the sum (`FILE:PATH+FILE:PATH`) of the numbers several name; ValueProblem says what is wrong."""
    if "*" in arg and "+" in arg:
        raise ValueProblem("a marker multiplies or adds, not both: a rule worked out further belongs to the engine")
    operator = "*" if "*" in arg else "+" if "+" in arg else ""
    if not operator:
        return _one(data, arg)
    total: int | float = 1 if operator == "*" else 0
    for part in arg.split(operator):
        term = _one(data, part)
        if isinstance(term, bool) or not isinstance(term, int | float):
            raise ValueProblem(f"a {'product' if operator == '*' else 'sum'} takes numbers, and {part} is {term!r}")
        total = total * term if operator == "*" else total + term
    return total


def _one(data: RulesData | Mapping[str, Any], arg: str) -> Any:
    key, colon, path = arg.partition(":")
    if not colon or not key or not path:
        raise ValueProblem(f"expected FILE:FIELD.PATH, as in wbs/combat:round.seconds (got {arg!r})")
    if key not in data:
        raise ValueProblem(f"no rules file rules_data/{key}.yaml")
    value: Any = data[key]
    walked = ""
    for name in path.split("."):
        value = _step(value, name, walked)
        walked = f"{walked}.{name}" if walked else name
    if isinstance(value, Unsound):
        raise NotChecked(value)
    return value


def shown(data: RulesData | Mapping[str, Any], arg: str, form: str | None) -> str:
    """The text a value marker stands for, not yet escaped."""
    return _formatted(lookup(data, arg), form)


def in_rules_text(data: RulesData | Mapping[str, Any], arg: str, form: str | None) -> str:
    """The text a value marker in the rules data's own prose stands for: a number, never a text
    (which would be prose read into prose, markers and all)."""
    value = lookup(data, arg)
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueProblem(f"in rules text a marker names a number, and this is {value!r}")
    return _formatted(value, form)


def _formatted(value: Any, form: str | None) -> str:
    if form is None:
        return _plain(value)
    if form not in FORMATS:
        raise ValueProblem(f"unknown format '{form}' (known: {', '.join(sorted(FORMATS))})")
    return FORMATS[form](value)


def _in_heading(before: str, next_line: str) -> bool:
    """Whether a marker after `before` on its line sits in a heading, in any form Python-Markdown reads:
    `#` (in a blockquote, a list item or an admonition too), underlined by the next line, or raw `<h2>`."""
    if _ATX.match(before, _opened(before)) or _HTML_HEADING.search(before):
        return True
    return bool(_UNDERLINE.fullmatch(next_line, _opened(next_line)))


def _opened(line: str) -> int:
    """Where a line's text starts after its containers (`_CONTAINERS` matches any line, if only empty)."""
    found = _CONTAINERS.match(line)
    return found.end() if found else 0


def _line_after(markdown: str, offset: int) -> str:
    end = markdown.find("\n", offset)
    if end == -1:
        return ""
    following = markdown.find("\n", end + 1)
    return markdown[end + 1:following if following != -1 else len(markdown)]


def expand_values(markdown: str, data: RulesData, shown_path: str, not_run: list[NotRun] | None = None
                  ) -> tuple[str, dict[str, str], list[Problem]]:
    """Swap each value marker outside code for a placeholder; placeholder → escaped text, and problems.

    A marker whose value has a problem of its own (reported at the value) goes into `not_run`.
    """
    in_code = Ranges(code_ranges(markdown))
    values: dict[str, str] = {}
    problems: list[Problem] = []

    def replace(match: re.Match[str]) -> str:
        if match.start() in in_code:
            return match.group(0)
        line = markdown.count("\n", 0, match.start()) + 1
        line_start = markdown.rfind("\n", 0, match.start()) + 1
        arg = match["arg"] or ""
        if _in_heading(markdown[line_start:match.start()], _line_after(markdown, match.end())):
            problems.append(Problem(shown_path, line, "", f"codex:value {arg}: a value cannot stand in a heading "
                                    "(its placeholder would show in the table of contents)"))
            return ""
        try:
            text = shown(data, arg, match["format"])
        except ValueProblem as exc:
            problems.append(Problem(shown_path, line, "", f"codex:value {arg}: {exc}"))
            return ""
        except NotChecked as exc:
            if not_run is not None:
                not_run.append(NotRun(shown_path, line, f"codex:value {arg}", exc.unsound.where))
            return ""
        token = f"{_TOKEN}{secrets.token_hex(6).upper()}"
        values[token] = html.escape(text, quote=True)
        return token

    return VALUE.sub(replace, markdown), values, problems


def unrendered(site_dir: Path) -> list[str]:
    """Every value marker the build left as text in a file it wrote (a page, the search index, the
    browser's rules), each as `path: …context…`: a marker no step expanded, which a reader would see."""
    found = []
    for path in sorted(p for p in site_dir.rglob("*") if p.is_file()):
        content = path.read_bytes()
        start = content.find(_MARK)
        if start != -1:
            context = content[max(0, start - 40):start + 60].decode("utf-8", "replace")
            found.append(f"{path.relative_to(site_dir).as_posix()}: a value marker left unrendered: "
                         f"…{' '.join(context.split())}…")
    return found


_MARK = b"codex:value"
