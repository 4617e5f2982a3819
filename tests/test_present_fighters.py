"""A fighter's row in a tracker's results: its name picks it as the target; its conditions carry the rule."""

from __future__ import annotations

from calculators.present import table_html
from calculators.results import Cell, Condition, Row, Table, as_data


def _table(pick: str, conditions: tuple[Condition, ...]) -> Table:
    return Table("Fighters", ("State",), (Row("Goblin <2>", (Cell("none", "conditions", conditions=conditions),),
                                              pick=pick),))


def test_a_picked_row_names_its_fighter_as_a_button_escaped_both_ways() -> None:
    html = table_html(_table('Gob "2" <b>', ()))
    button = ('<button type="button" class="codex-pick" data-pick="Gob &quot;2&quot; &lt;b&gt;">'
              'Goblin &lt;2&gt;</button>')
    assert button in html
    assert "<b>" not in html


def test_a_row_without_pick_has_no_button() -> None:
    assert "codex-pick" not in table_html(_table("", ()))


def test_conditions_show_each_name_with_its_rule_and_none_says_the_cells_value() -> None:
    html = table_html(_table("", (Condition("Unconscious <x>", "No ticks & no actions"),)))
    assert ('<details class="codex-condition"><summary>Unconscious &lt;x&gt;</summary>'
            "<p>No ticks &amp; no actions</p></details>") in html
    assert "<td>none</td>" in table_html(_table("", ()))


def test_the_typed_result_and_its_json_form_draw_the_same_bytes() -> None:
    table = _table("Goblin 2", (Condition("Relaxing", "Physical attributes −2 this round"),))
    assert table_html(table) == table_html(as_data(table))


def test_add_to_fight_carries_its_row_and_tracker_as_escaped_data() -> None:
    from calculators.present import add_to_fight_html
    from calculators.results import AddToFight

    fighter = AddToFight("Add to fight", "wbs.combat_tracker", (("name", 'Gob"<x>'), ("reflex", 4)), summary="a & b")
    html = add_to_fight_html(fighter)
    assert html == add_to_fight_html(as_data(fighter))
    assert 'data-recruit="wbs.combat_tracker"' in html
    assert 'data-row="{&quot;name&quot;:&quot;Gob\\&quot;&lt;x&gt;&quot;,&quot;reflex&quot;:4}"' in html
    assert "<x>" not in html and "a &amp; b" in html
