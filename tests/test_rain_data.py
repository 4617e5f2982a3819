"""Refreshing Rain rules data: the tile set, cycles and trigrams are whole, and every table renders."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from codex import blocks  # noqa: F401  (registers the tables)
from codex.checks import CHECKS
from codex.load import load_rules_data
from codex.render import TABLES, Site, make_env

from calculators import rules
from calculators.rain import elements, tiles

pytestmark = pytest.mark.usefixtures("rules_in_use")  # these tests call calculator internals

ROOT = Path(__file__).resolve().parent.parent
SCHEMAS = sorted((ROOT / "rules_data" / "schema").glob("rain-*.schema.json"))


@pytest.fixture(scope="module")
def data():
    loaded = load_rules_data(ROOT / "rules_data", CHECKS)  # schemas, note references, worked examples
    return loaded


def test_rules_load_and_examples_hold(data):
    assert "rain/tiles" in data and "rain/examples" in data


def test_every_tile_glyph_is_a_mahjong_tile_and_unique(data):
    found = [t.glyph for t in tiles.all_tiles()]
    assert all(len(g) == 1 and 0x1F000 <= ord(g) <= 0x1F02B for g in found)
    assert len(found) == len(set(found)) == 42


def test_the_set_is_complete(data):
    by_category: dict[str, int] = {}
    for t in tiles.all_tiles():
        by_category[t.category] = by_category.get(t.category, 0) + t.copies
    assert by_category == {"suit": 108, "honour": 28, "guardian": 8}


def test_each_direction_is_a_different_element(data):
    directions = [h["element"] for h in rules.table("rain/tiles")["honours"] if h["kind"] == "direction"]
    assert sorted(directions) == sorted(elements.element_ids())


@pytest.mark.parametrize("cycle", ["creative_cycle", "destructive_cycle"])
def test_cycles_are_rings(data, cycle):
    step = elements.successors(cycle)
    assert elements.walk("water", step, 5)[-1] == "water"


def test_every_rank_order_places_every_tile_once(data):
    for order in tiles.rank_order_ids():
        assert tiles.wall(order).size == 144


def test_trigrams_are_the_eight_line_patterns(data):
    trigrams = rules.table("rain/trigrams")["trigrams"]
    assert len({tuple(t["lines"]) for t in trigrams}) == 8
    assert sorted(rules.table("rain/trigrams")["ring_clockwise"]) == sorted(t["id"] for t in trigrams)


def test_qi_splits_use_all_the_points(data):
    qi = rules.table("rain/qi")
    for split in qi["splits"]:
        assert all(d["yang"] + d["yin"] == qi["points_per_scene"] for d in split["divisions"])


@pytest.mark.parametrize("path", SCHEMAS, ids=lambda p: p.name)
def test_schemas_describe_every_field(path):
    def walk(node, where):
        if isinstance(node, dict):
            if node.get("type") == "object" or "properties" in node:
                assert node.get("additionalProperties") is False, where
            for name, sub in node.get("properties", {}).items():
                assert "description" in sub, f"{where}.{name}"
            for key, sub in node.items():
                walk(sub, f"{where}.{key}")
        elif isinstance(node, list):
            for i, sub in enumerate(node):
                walk(sub, f"{where}[{i}]")

    schema = json.loads(path.read_text(encoding="utf-8"))
    assert schema["$schema"].endswith("2020-12/schema")
    walk(schema, path.name)


def test_every_rain_yaml_names_its_schema():
    for path in (ROOT / "rules_data" / "rain").glob("*.yaml"):
        first = path.read_text(encoding="utf-8").splitlines()[0]
        assert first.startswith("# yaml-language-server: $schema=../schema/"), path.name


RAIN_TABLES = sorted(name for name in TABLES if name.startswith("rain."))


@pytest.mark.parametrize("name", RAIN_TABLES)
def test_every_rain_table_renders(data, name):
    site = Site(data, make_env())
    html = TABLES[name](site)
    assert "rules_data/rain/" in html


def test_cycle_diagram_follows_the_theme(data):
    html = TABLES["rain.cycles-diagram"](Site(data, make_env()))
    assert "<svg" in html and "currentColor" in html
    assert html.count("<line") == 10


def test_every_rank_order_agrees_with_the_xiangqi_example(data):
    # Crane's 4 Circles beat Orchid's 2 Bamboo in the book's example.
    for order_id in tiles.rank_order_ids():
        ranks = tiles.rank_order(order_id)["ranks"]
        place = {tile: k for k, rank in enumerate(ranks) for tile in rank}
        assert place["circles-4"] > place["bamboo-2"], order_id
