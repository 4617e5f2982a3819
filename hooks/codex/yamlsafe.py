"""Read contributor YAML strictly, keeping the line of every value for error messages.

Stricter than `yaml.safe_load`, each a surprise we refuse to ship: duplicate keys (the last
one silently wins), anchors and aliases (one edit changes values far away; a "billion laughs"
of a few lines fills the memory, so they stop the file before anything is expanded), YAML 1.1
booleans (`no` read as False, the "Norway problem") and numbers (`020` read as 16, `1:30` as
90), `.nan` and `.inf`, tags, invisible characters (a zero-width space, a right-to-left
override, `\r`, and every other code point that shows as nothing), files that are not UTF-8
or too big, values nested deeper than any rule needs. All of them are reported, with every other
problem in the file, instead of stopping at the first; a value that cannot be read as written
is listed in `LoadedYaml.unsound`, so no later check reads it (see unsound.py).
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from yaml.events import AliasEvent
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from .problems import Problem

JsonPath = tuple[str | int, ...]
_CONSTRUCTOR = yaml.constructor.SafeConstructor()
_YAML11_BOOLEANS = re.compile(r"(?i:y|yes|n|no|on|off)")
# YAML 1.2 core schema forms: anything else PyYAML reads as a number is YAML 1.1 only.
_CORE_INT = re.compile(r"[-+]?(?:0|[1-9][0-9]*)")
_CORE_FLOAT = re.compile(r"[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?")
_STR, _INT = "tag:yaml.org,2002:str", "tag:yaml.org,2002:int"
_TAGS = {f"tag:yaml.org,2002:{name}" for name in ("str", "int", "float", "bool", "null", "map", "seq", "timestamp")}
MAX_FILE_BYTES = 512 * 1024
MAX_TEXT = 20_000
MAX_DEPTH = 24  # levels of nesting; the rules data uses 9
_ALLOWED_CONTROLS = {"\n", "\t"}
_INVISIBLE_CATEGORIES = {"Cc", "Cf", "Co", "Cs", "Zl", "Zp", "Zs"}  # Zs: every space but U+0020 (below)
# Unicode's Default_Ignorable_Code_Point (DerivedCoreProperties.txt, Unicode 15.1): shown as nothing
# at all, whatever their category (U+034F COMBINING GRAPHEME JOINER is a mark, U+3164 a letter).
_DEFAULT_IGNORABLE = (
    (0x00AD, 0x00AD), (0x034F, 0x034F), (0x061C, 0x061C), (0x115F, 0x1160), (0x17B4, 0x17B5),
    (0x180B, 0x180F), (0x200B, 0x200F), (0x202A, 0x202E), (0x2060, 0x206F), (0x3164, 0x3164),
    (0xFE00, 0xFE0F), (0xFEFF, 0xFEFF), (0xFFA0, 0xFFA0), (0xFFF0, 0xFFF8), (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A), (0xE0000, 0xE0FFF),
)
# Blank: drawn as an empty cell though no property says so (a name of only these shows as nothing).
_BLANK = frozenset({0x2800, 0x1D159})  # BRAILLE PATTERN BLANK, MUSICAL SYMBOL NULL NOTEHEAD


@dataclass(slots=True)
class LoadedYaml:
    """A YAML file's value, and the line where each value in it starts."""

    path: Path
    shown_path: str
    value: Any
    lines: dict[JsonPath, int] = field(default_factory=dict)
    first_comment: str = ""
    unsound: list[JsonPath] = field(default_factory=list)  # values not read as written: no check uses them
    text: str | None = None  # the file as written (None: not known)

    def may_hold(self, part: str) -> bool:
        """Whether a text of the value may contain `part`: the file has it as written, or has escapes
        (a double-quoted scalar's backslashes), which could make it."""
        return self.text is None or part in self.text or "\\" in self.text

    def line_of(self, where: JsonPath) -> int:
        """The line of the value at `where`, or of its nearest ancestor that has one."""
        for cut in range(len(where), -1, -1):
            if where[:cut] in self.lines:
                return self.lines[where[:cut]]
        return 1


# libyaml (C) when PyYAML has it: ten times faster, which a bestiary of thousands of files needs.
_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_MAYBE_ANCHOR = re.compile(r"[&*]")


def _anchor_lines(text: str) -> list[int]:
    """Lines of every anchor (&name) and alias (*name), read from libyaml's event stream.

    Events are read one by one and nothing is composed, so aliases are never expanded here.
    """
    if not _MAYBE_ANCHOR.search(text):
        return []  # no '&' or '*' anywhere: nothing to look for (the common case)
    return [event.start_mark.line + 1 for event in yaml.parse(text, Loader=_Loader)
            if (isinstance(event, AliasEvent) or getattr(event, "anchor", None)) and event.start_mark is not None]


def _yaml_problem(exc: yaml.MarkedYAMLError, shown_path: str) -> Problem:
    # Point at where the broken construct starts (an unclosed quote's opening line), if known.
    mark = exc.context_mark or exc.problem_mark
    line = mark.line + 1 if mark else 1
    context = f"{exc.context}: " if exc.context else ""
    return Problem(shown_path, line, "", f"not valid YAML: {context}{exc.problem or exc}")


def read_text(path: Path, shown_path: str) -> tuple[str | None, list[Problem]]:
    """A rules file's text, or the reason it cannot be read as UTF-8 text of a sane size."""
    raw = path.read_bytes()
    if len(raw) > MAX_FILE_BYTES:
        return None, [Problem(shown_path, 1, "", f"the file is {len(raw) // 1024} KB; a rules file may be at "
                                                 f"most {MAX_FILE_BYTES // 1024} KB (split it into several files)")]
    if raw.startswith(b"\xef\xbb\xbf"):
        return None, [Problem(shown_path, 1, "", "the file starts with a byte-order mark (BOM): "
                                                 "save it as UTF-8 without BOM")]
    try:
        return raw.decode("utf-8"), []
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        column = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
        return None, [Problem(shown_path, line, "", f"byte 0x{raw[exc.start]:02x} at column {column} is not UTF-8: "
                                                    "save the file as UTF-8")]


# Files read before, by what they say and where they are shown: a process that loads the rules
# again (`mkdocs serve` after an edit, the tests' copies of the project with one file changed)
# parses only what changed. A copy of the value is handed out each time: checks take values out of
# use in place (unsound.py).
_PARSED: OrderedDict[tuple[str, str], tuple[Any, dict[JsonPath, int], list[JsonPath], str, list[Problem]]] = \
    OrderedDict()
_PARSED_MAX_CHARS = 1024 * 1024  # four times today's rules data
_parsed_chars = 0


def forget_parsed() -> None:
    """Parse every file again from now on, as a new process would (a test timing a first load)."""
    global _parsed_chars
    _PARSED.clear()
    _parsed_chars = 0


def _copied(value: Any) -> Any:
    kind = type(value)
    if kind is dict:
        return {k: _copied(v) for k, v in value.items()}
    if kind is list:
        return [_copied(v) for v in value]
    return value  # text, numbers, booleans, None and dates are never changed in place


def load_yaml(path: Path, shown_path: str) -> tuple[LoadedYaml | None, list[Problem]]:
    """Parse one YAML file; return its value (None if unreadable) and every problem found."""
    global _parsed_chars
    text, problems = read_text(path, shown_path)
    if text is None:
        return None, problems
    known = _PARSED.get((shown_path, text))
    if known is not None:
        _PARSED.move_to_end((shown_path, text))
        value, lines, unsound, comment, found = known
        return (LoadedYaml(path, shown_path, _copied(value), dict(lines), comment, list(unsound), text),
                list(found))
    loaded, problems = _parsed(path, shown_path, text, problems)
    if loaded is not None:
        _PARSED[(shown_path, text)] = (_copied(loaded.value), dict(loaded.lines), list(loaded.unsound),
                                       loaded.first_comment, list(problems))
        _parsed_chars += len(text)
        while _parsed_chars > _PARSED_MAX_CHARS:
            (_, dropped), _ = _PARSED.popitem(last=False)
            _parsed_chars -= len(dropped)
    return loaded, problems


def _parsed(path: Path, shown_path: str, text: str, problems: list[Problem]) -> tuple[LoadedYaml | None, list[Problem]]:
    try:
        anchors = _anchor_lines(text)
    except yaml.MarkedYAMLError as exc:
        return None, [_yaml_problem(exc, shown_path)]
    if anchors:  # stop before composing: an alias is never expanded
        return None, [Problem(shown_path, line, "", "anchors and aliases (&name, *name) are not allowed: "
                                                    "write the value out") for line in anchors]
    loader = _Loader(text)
    try:
        node = loader.get_single_node()
    except yaml.MarkedYAMLError as exc:
        problems.append(_yaml_problem(exc, shown_path))
        return None, problems
    finally:
        loader.dispose()
    loaded = LoadedYaml(path, shown_path, None, first_comment=_leading_comment(text), text=text)
    if node is None:
        problems.append(Problem(shown_path, 1, "", "the file is empty"))
        return None, problems
    loaded.value = _build(node, (), loaded, problems)
    return loaded, problems


def _build(node: Node, where: JsonPath, loaded: LoadedYaml, problems: list[Problem]) -> Any:
    loaded.lines[where] = node.start_mark.line + 1
    if node.tag not in _TAGS:
        problems.append(Problem(loaded.shown_path, node.start_mark.line + 1, _dotted(where),
                                f"the tag '{node.tag}' is not allowed: write plain YAML (quote text)"))
        loaded.unsound.append(where)
        return None
    if len(where) >= MAX_DEPTH and not isinstance(node, ScalarNode):
        problems.append(Problem(loaded.shown_path, node.start_mark.line + 1, _dotted(where),
                                f"lists and mappings are nested more than {MAX_DEPTH} levels deep here; "
                                "no rule needs that many"))
        loaded.unsound.append(where)
        return None
    if isinstance(node, MappingNode):
        out: dict[str, Any] = {}
        for key_node, value_node in node.value:
            before = len(loaded.unsound)
            key = _scalar(key_node, where, loaded, problems)
            unreadable_key = len(loaded.unsound) > before
            del loaded.unsound[before:]  # the mapping holds; the value under that key is out of use
            if not isinstance(key, str):
                problems.append(Problem(loaded.shown_path, key_node.start_mark.line + 1, _dotted(where),
                                        f"keys must be text (got {key!r})"))
                key = str(key)
            if key in out:
                problems.append(Problem(loaded.shown_path, key_node.start_mark.line + 1, _dotted((*where, key)),
                                        f"duplicate key '{key}' (first on line {loaded.lines[(*where, key)]})"))
                continue
            out[key] = _build(value_node, (*where, key), loaded, problems)
            if unreadable_key:
                loaded.unsound.append((*where, key))
        return out
    if isinstance(node, SequenceNode):
        return [_build(item, (*where, i), loaded, problems) for i, item in enumerate(node.value)]
    return _scalar(node, where, loaded, problems)


def _scalar(node: Node, where: JsonPath, loaded: LoadedYaml, problems: list[Problem]) -> Any:
    if not isinstance(node, ScalarNode):
        problems.append(Problem(loaded.shown_path, node.start_mark.line + 1, _dotted(where),
                                "a key must be a plain value"))
        return repr(node)
    # The common cases first, at C speed (a bestiary has thousands of files): text that is printable
    # ASCII, short and not a YAML 1.1 boolean, and a plain whole number in YAML 1.2's own form.
    # Both give what the general path below gives them.
    text = node.value
    if node.tag == _STR:
        if (text.isascii() and text.isprintable() and len(text) <= MAX_TEXT
                and (node.style or not _YAML11_BOOLEANS.fullmatch(text))):
            return text
    elif node.tag == _INT and not node.style and len(text) < 100 and _CORE_INT.fullmatch(text):
        return int(text)
    yaml11_bool = node.tag == "tag:yaml.org,2002:bool" and node.value.lower() not in {"true", "false"}
    if yaml11_bool or (not node.style and _YAML11_BOOLEANS.fullmatch(node.value)):
        problems.append(Problem(
            loaded.shown_path, node.start_mark.line + 1, _dotted(where),
            f"'{node.value}' is ambiguous (YAML 1.1 reads it as a boolean): "
            f"write true or false, or quote it as text"))
        loaded.unsound.append(where)
        return node.value
    try:
        value = _CONSTRUCTOR.construct_object(node, deep=True)
    except (yaml.MarkedYAMLError, ValueError) as exc:  # a tag nobody knows; a number of 5,000 digits
        problem = exc.problem if isinstance(exc, yaml.MarkedYAMLError) else "too many digits"
        problems.append(Problem(loaded.shown_path, node.start_mark.line + 1, _dotted(where),
                                f"'{node.value[:40]}' cannot be read: {problem}"))
        loaded.unsound.append(where)
        return node.value
    finally:
        _CONSTRUCTOR.constructed_objects.clear()
    line = node.start_mark.line + 1
    if value is not None and not isinstance(value, (str, int, float, bool)):
        problems.append(Problem(loaded.shown_path, line, _dotted(where),
                                f"'{node.value}' reads as a {type(value).__name__}: quote it to keep it as text"))
        loaded.unsound.append(where)
        return node.value
    if isinstance(value, float) and not math.isfinite(value):
        problems.append(Problem(loaded.shown_path, line, _dotted(where),
                                f"'{node.value}' is not a number a rule can use: write a finite number"))
        loaded.unsound.append(where)
        return node.value
    plain = not node.style
    if plain and isinstance(value, int) and not isinstance(value, bool) and not _CORE_INT.fullmatch(node.value):
        problems.append(Problem(loaded.shown_path, line, _dotted(where),
                                f"'{node.value}' is read as {value} by old YAML rules only: write {value}, "
                                "or quote it to keep it as text"))
        loaded.unsound.append(where)
        return node.value
    if plain and isinstance(value, float) and not _CORE_FLOAT.fullmatch(node.value):
        problems.append(Problem(loaded.shown_path, line, _dotted(where),
                                f"'{node.value}' is read as {value} by old YAML rules only: write {value}, "
                                "or quote it to keep it as text"))
        loaded.unsound.append(where)
        return node.value
    if isinstance(value, str):
        problems.extend(text_problems(value, loaded.shown_path, line, _dotted(where)))
    return value


def text_problems(value: str, shown_path: str, line: int, where: str) -> list[Problem]:
    """Invisible or control characters (a zero-width space, a bidi override, \\r, a blank), or text too long."""
    if len(value) > MAX_TEXT:
        return [Problem(shown_path, line, where, f"the text is {len(value):,} characters long; "
                                                 f"at most {MAX_TEXT:,} are allowed")]
    if value.isascii() and value.isprintable():
        return []  # the common case, at C speed
    for offset, char in enumerate(value):
        if not invisible(char):
            continue
        name = unicodedata.name(char, "a control character")
        return [Problem(shown_path, line + value.count("\n", 0, offset), where,
                        f"invisible character U+{ord(char):04X} ({name}) at character {offset + 1}: remove it")]
    return []


def invisible(char: str) -> bool:
    """A character a reader cannot see: a control, a format character, a space other than U+0020,
    a default-ignorable code point, a blank glyph. A tab and a newline are allowed."""
    if char in _ALLOWED_CONTROLS or char == " ":
        return False
    code = ord(char)
    if code in _BLANK or unicodedata.category(char) in _INVISIBLE_CATEGORIES:
        return True
    return any(low <= code <= high for low, high in _DEFAULT_IGNORABLE)


def _leading_comment(text: str) -> str:
    lines = []
    for line in text.splitlines():
        if not line.startswith("#"):
            break
        lines.append(line)
    return "\n".join(lines)


def _dotted(where: JsonPath) -> str:
    out = ""
    for part in where:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


dotted = _dotted
