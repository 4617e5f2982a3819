"""rain.aspect: which Elements Create an Aspect and which it Destroys, by walking the cycles.

An Aspect of Alchemy k is Created by the first k Elements met walking backwards along the
Creative Cycle from its own Element, and Destroys the first k met walking forwards along the
Destructive Cycle. At the top of the scale the walk comes back round to its own Element.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .. import rules
from ..spec import Calculator, Choice, Input, Output


def data() -> Mapping[str, Any]:
    """rules_data/rain/elements.yaml."""
    return rules.table("rain/elements")


def element_ids() -> tuple[str, ...]:
    """The element ids, in the order the rules file lists them."""
    return rules.memo(("rain.elements", "ids"), lambda: tuple(e["id"] for e in data()["elements"]))


def element_name(element_id: str) -> str:
    """An element's name as the book spells it."""
    return next(e["name"] for e in data()["elements"] if e["id"] == element_id)


def alchemy_range() -> tuple[int, int]:
    """Lowest and highest Alchemy."""
    scale = data()["alchemy"]
    return scale["minimum"], scale["maximum"]


def successors(cycle: str) -> dict[str, str]:
    """Each element → the one its arrow points to, on `creative_cycle` or `destructive_cycle`.

    Raises ValueError if the links do not make one ring through every element.
    """
    links = data()[cycle]["links"]
    nxt = {link["from"]: link["to"] for link in links}
    ids = set(element_ids())
    if set(nxt) != ids or set(nxt.values()) != ids or len(links) != len(ids):
        raise ValueError(f"rules_data/rain/elements.yaml: {cycle} must link every element once")
    seen, here = [], links[0]["from"]
    while here not in seen:
        seen.append(here)
        here = nxt[here]
    if len(seen) != len(ids):
        raise ValueError(f"rules_data/rain/elements.yaml: {cycle} is not a single ring")
    return nxt


def walk(start: str, step: Mapping[str, str], count: int) -> list[str]:
    """The first `count` elements met stepping from `start` along `step` (start itself is not met first)."""
    met, here = [], start
    for _ in range(count):
        here = step[here]
        met.append(here)
    return met


def created_by(element: str, alchemy: int) -> list[str]:
    """Element ids that Create an Aspect of `element` with this Alchemy, in walking order."""
    backwards = {to: frm for frm, to in successors("creative_cycle").items()}
    return walk(element, backwards, alchemy)


def destroys(element: str, alchemy: int) -> list[str]:
    """Element ids an Aspect of `element` with this Alchemy Destroys, in walking order."""
    return walk(element, successors("destructive_cycle"), alchemy)


def element_input(name: str, label: str, default: str, group: str = "") -> Input:
    """A choice of the five elements."""
    return Input(name, label, "choice", default=default,
                 choices=tuple(Choice(e["id"], e["name"]) for e in data()["elements"]), group=group)


def alchemy_input(name: str, label: str, default: int, group: str = "", help: str = "") -> Input:
    """An Alchemy score, bounded by the rules."""
    low, high = alchemy_range()
    return Input(name, label, "int", default=default, minimum=low, maximum=high, group=group, help=help)


def _inputs() -> list[Input]:
    return [
        element_input("element", "Element", element_ids()[0]),
        alchemy_input("alchemy", "Alchemy", 2, help="{} = outside both cycles; {} = every Element, your own too"
                      .format(*alchemy_range())),
    ]


def _outputs() -> list[Output]:
    return [
        Output("created_by", "Created by", "list", help="In the order the backward walk meets them"),
        Output("destroys", "Destroys", "list", help="In the order the forward walk meets them"),
        Output("in_contest", "In a contest", "text"),
    ]


def names(ids: Sequence[str]) -> list[str]:
    """Element names for ids."""
    return [element_name(i) for i in ids]


def compute(values: Mapping[str, Any]) -> dict[str, Any]:
    """The elements that Create the Aspect and those it Destroys."""
    element, alchemy = values["element"], values["alchemy"]
    makers = names(created_by(element, alchemy))
    victims = names(destroys(element, alchemy))
    draw = rules.table("rain/contest")["draw"]
    base, more = draw["base_tiles"], draw["base_tiles"] + draw["created_extra"]
    four = f"{more} tiles against {_either(makers)}" if makers else f"{base} tiles against anyone"
    lower = (f"an opponent of {_either(victims)} compares a lower tile" if victims
             else "no opponent is made to compare a lower tile")
    return {"created_by": makers, "destroys": victims, "in_contest": f"You draw {four}; {lower}."}


def _either(items: Sequence[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]


CALCULATORS = (
    Calculator(
        id="rain.aspect",
        title="Aspect and the cycles",
        summary="Which Elements Create an Aspect, and which it Destroys, for its Element and Alchemy.",
        inputs=_inputs,
        outputs=_outputs,
        compute=compute,
    ),
)
