"""Primary and derived attributes as the rules data describes them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from .. import limits, rules
from ..rules import by_id
from ..spec import Input


def primary_attributes() -> list[Mapping[str, Any]]:
    """The six primary attributes, physical first, in the book's order."""
    groups = rules.table("wbs/attributes")["primary"]["groups"]
    return [attr for group in groups for attr in group["attributes"]]


def group_attributes(group_id: str) -> list[str]:
    """Ids of the attributes in one group (`physical` or `mental`)."""
    group = by_id(rules.table("wbs/attributes")["primary"]["groups"], group_id, what="attribute group")
    return [attr["id"] for attr in group["attributes"]]


def attribute_inputs() -> list[Input]:
    """One whole-number input per primary attribute, starting at the book's starting value."""
    start = rules.table("wbs/attributes")["primary"]["start"]
    return [
        Input(attr["id"], attr["name"], "int", default=start, minimum=start, maximum=limits.VALUES,
              group="Primary attributes")
        for attr in primary_attributes()
    ]


def derived_attributes() -> Sequence[Mapping[str, Any]]:
    """Health, Speed, Reflex and Stamina, with the attributes they come from."""
    return rules.table("wbs/attributes")["derived"]["attributes"]


def derived_base(spec: Mapping[str, Any], values: Mapping[str, int]) -> Fraction:
    """A derived attribute before bonuses: its connected attributes, divided as the data says."""
    total = Fraction(sum(values[a] for a in spec["from"]), spec["divide_by"])
    if spec["divide_by"] != 1 and not spec.get("keep_halves", False):
        total = Fraction(total.numerator // total.denominator)
    return total


def derived_limit(spec: Mapping[str, Any], values: Mapping[str, int], reading: str) -> int:
    """The largest bonus that may be bought for a derived attribute, by the chosen reading."""
    connected = [values[a] for a in spec["from"]]
    if reading == "lower":
        basis = Fraction(min(connected))
    else:  # "average", as Player A's worked example computes it
        basis = Fraction(sum(connected), len(connected))
    limit = basis / spec["limit_divide_by"]
    return limit.numerator // limit.denominator

