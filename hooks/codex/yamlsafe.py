"""Read contributor YAML strictly, keeping the line of every value for error messages.

Stricter than `yaml.safe_load` in three ways, each a surprise we refuse to ship:
duplicate keys (the last one silently wins), anchors and aliases (one edit changes values far
away), and YAML 1.1 booleans (`no` read as False, the "Norway problem"). All of them are
reported, with every other problem in the file, instead of stopping at the first.
"""

from __future__ import annotations

import re
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


@dataclass(slots=True)
class LoadedYaml:
    """A YAML file's value, and the line where each value in it starts."""

    path: Path
    shown_path: str
    value: Any
    lines: dict[JsonPath, int] = field(default_factory=dict)
    first_comment: str = ""

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
    """Lines of every anchor (&name) and alias (*name) in the document."""
    if not _MAYBE_ANCHOR.search(text):
        return []  # no '&' or '*' anywhere: nothing to look for (the common case)
    return [event.start_mark.line + 1 for event in yaml.parse(text, Loader=_Loader)
            if isinstance(event, AliasEvent) or getattr(event, "anchor", None)]


def load_yaml(path: Path, shown_path: str) -> tuple[LoadedYaml | None, list[Problem]]:
    """Parse one YAML file; return its value (None if unreadable) and every problem found."""
    problems: list[Problem] = []
    text = path.read_text(encoding="utf-8")
    loader = _Loader(text)
    try:
        node = loader.get_single_node()
    except yaml.MarkedYAMLError as exc:
        # Point at where the broken construct starts (an unclosed quote's opening line), if known.
        mark = exc.context_mark or exc.problem_mark
        line = mark.line + 1 if mark else 1
        context = f"{exc.context}: " if exc.context else ""
        problems.append(Problem(shown_path, line, "", f"not valid YAML: {context}{exc.problem or exc}"))
        return None, problems
    finally:
        loader.dispose()
    for line in _anchor_lines(text):
        problems.append(Problem(shown_path, line, "",
                                "anchors and aliases (&name, *name) are not allowed: write the value out"))
    loaded = LoadedYaml(path, shown_path, None, first_comment=_leading_comment(text))
    if node is None:
        problems.append(Problem(shown_path, 1, "", "the file is empty"))
        return None, problems
    loaded.value = _build(node, (), loaded, problems)
    return loaded, problems


def _build(node: Node, where: JsonPath, loaded: LoadedYaml, problems: list[Problem]) -> Any:
    loaded.lines[where] = node.start_mark.line + 1
    if isinstance(node, MappingNode):
        out: dict[str, Any] = {}
        for key_node, value_node in node.value:
            key = _scalar(key_node, where, loaded, problems)
            if not isinstance(key, str):
                problems.append(Problem(loaded.shown_path, key_node.start_mark.line + 1, _dotted(where),
                                        f"keys must be text (got {key!r})"))
                key = str(key)
            if key in out:
                problems.append(Problem(loaded.shown_path, key_node.start_mark.line + 1, _dotted((*where, key)),
                                        f"duplicate key '{key}' (first on line {loaded.lines[(*where, key)]})"))
                continue
            out[key] = _build(value_node, (*where, key), loaded, problems)
        return out
    if isinstance(node, SequenceNode):
        return [_build(item, (*where, i), loaded, problems) for i, item in enumerate(node.value)]
    return _scalar(node, where, loaded, problems)


def _scalar(node: Node, where: JsonPath, loaded: LoadedYaml, problems: list[Problem]) -> Any:
    if not isinstance(node, ScalarNode):
        problems.append(Problem(loaded.shown_path, node.start_mark.line + 1, _dotted(where),
                                "a key must be a plain value"))
        return repr(node)
    yaml11_bool = node.tag == "tag:yaml.org,2002:bool" and node.value.lower() not in {"true", "false"}
    if yaml11_bool or (not node.style and _YAML11_BOOLEANS.fullmatch(node.value)):
        problems.append(Problem(
            loaded.shown_path, node.start_mark.line + 1, _dotted(where),
            f"'{node.value}' is ambiguous (YAML 1.1 reads it as a boolean): "
            f"write true or false, or quote it as text"))
        return node.value
    value = _CONSTRUCTOR.construct_object(node, deep=True)
    _CONSTRUCTOR.constructed_objects.clear()
    if value is not None and not isinstance(value, (str, int, float, bool)):
        problems.append(Problem(loaded.shown_path, node.start_mark.line + 1, _dotted(where),
                                f"'{node.value}' reads as a {type(value).__name__}: quote it to keep it as text"))
        return node.value
    return value


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
