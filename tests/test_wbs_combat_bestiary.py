"""Monsters: spirit energy, the Goblin's and Orc's stat blocks, their audits, and the bestiary pages."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from codex.load import load_rules_data
from codex.render import PAGE_MAKERS, BlockError, PageInfo, Site, make_env
from codex.yamlsafe import load_yaml
from hypothesis import given
from hypothesis import strategies as st

from calculators import InputError
from calculators.wbs.creature import CreatureError, audit, stat_block, summary_row
from tests.support.engine import engine

pytestmark = pytest.mark.usefixtures("rules_in_use")  # these tests call calculator internals

ROOT = Path(__file__).resolve().parent.parent
BESTIARY = ROOT / "rules_data" / "wbs" / "bestiary"
GOBLIN = {"strength": 2, "constitution": 3, "dexterity": 4, "smarts": 2, "charisma": 4, "wits": 3}


def creature(name: str) -> dict:
    loaded, problems = load_yaml(BESTIARY / f"{name}.yaml", name)
    assert not problems and loaded is not None
    return loaded.value


@pytest.mark.parametrize(
    ("spark", "energy", "per_upkeep"), [("jaki", 50, 0), ("seiki", 25, 1), ("yoki", 75, 0)],
)
def test_monster_sparks(spark: str, energy: int, per_upkeep: int) -> None:
    result = engine().run("wbs.spirit_energy", {**GOBLIN, "spark": spark, "efficiency": 1, "barrier": 3,
                                                   "damper": 3})
    assert result["energy"] == energy
    assert result["stamina_per_upkeep"] == per_upkeep


def test_tier_scales_stamina_payments() -> None:
    result = engine().run("wbs.spirit_energy", {**GOBLIN, "spark": "seiki", "tier": "epic"})
    assert result["energy_per_stamina"] == 15
    assert result["stamina_per_upkeep"] == 3


def test_peak_durability_and_barrier() -> None:
    result = engine().run("wbs.spirit_energy", {**GOBLIN, "peak": 2, "durability": 4, "barrier": 1})
    assert result["energy"] == (18 + 7) * 2
    assert (result["core_energy"], result["core_max"]) == (25, 35)
    assert (result["soak"], result["extra_health"]) == (1, 4)
    assert result["ev_high"] == 4


@given(st.integers(1, 20), st.integers(0, 10), st.integers(0, 10))
def test_core_range_stays_inside_the_pool(strength: int, peak: int, damper: int) -> None:
    result = engine().run("wbs.spirit_energy", {**GOBLIN, "strength": strength, "peak": peak, "damper": damper})
    assert 0 <= result["core_min"] <= result["core_energy"] <= result["core_max"] <= result["energy"]


@pytest.mark.parametrize(("inputs", "field"), [({"spark": "monk"}, "spark"), ({"barrier": -1}, "barrier"),
                                               ({"tier": "legend"}, "tier"), ({"strength": 0}, "strength")])
def test_spirit_energy_errors(inputs: dict[str, object], field: str) -> None:
    with pytest.raises(InputError) as caught:
        engine().run("wbs.spirit_energy", inputs)
    assert caught.value.field == field


@pytest.mark.parametrize(
    ("name", "primary", "derived", "skills", "total"),
    [("goblin", (68, 68), (29, 25), (54, 54), (151, 147)), ("orc", (70, 70), (17, 17), (64, 64), (151, 151))],
)
def test_point_buy_audit(name: str, primary: tuple, derived: tuple, skills: tuple, total: tuple) -> None:
    lines = audit(creature(name))
    assert [(line.book, line.computed) for line in lines] == [primary, derived, skills, total]
    assert [line.agrees for line in lines] == [a == b for a, b in (primary, derived, skills, total)]


def test_goblin_stat_block() -> None:
    stats = stat_block(creature("goblin"))
    assert [d["value"] for d in stats["derived"]] == [6, 4, 4, 10]
    pool = stats["pool"]
    assert (pool.energy, pool.core, pool.core_min, pool.core_max, pool.soak) == (50, 25, 10, 25, 3)
    assert stats["ev_range"] == (1, 3)
    assert stats["basic_defense"] == 3 + 4  # (4 + 3) / 2 rounded down, + 4, no Awareness
    assert [t["at"] for t in stats["thresholds"]] == [6, 12, 18]
    assert all(row["book"] == row["computed"] for row in stats["listed"])


def test_orc_stat_block() -> None:
    stats = stat_block(creature("orc"))
    assert [d["value"] for d in stats["derived"]] == [8, 1.5, 3, 9]
    assert (stats["damage_reduction"], stats["damage_reduction_at_ev"]) == (5, 8)  # the book's DR 8 is at EV 3
    assert stats["basic_defense"] == 2 + 4 + 3 + 1  # Awareness 3 and Focus 1
    attack = stats["attacks"][0]
    assert (attack["dice"], attack["die"], attack["reflex"], attack["average"]) == (3, "d12", 3, 19 + 4)
    speed = next(row for row in stats["listed"] if row["what"] == "speed")
    assert (speed["book"], speed["computed"]) == (2, 1.5)


def test_summary_row_is_the_stat_blocks_numbers() -> None:
    for name in ("goblin", "orc"):
        row, stats = summary_row(creature(name)), stat_block(creature(name))
        assert (row["energy"], row["core"], row["points"]) == (stats["pool"].energy, stats["pool"].core,
                                                                stats["points"])


@pytest.mark.parametrize(
    ("change", "message"),
    [({"spark": "monk"}, "monster Spark"), ({"tier": "legend"}, "tier"), ({"spirit_skills": {"kiai": 1}}, "kiai"),
     ({"skills": [{"core": "cooking", "ranks": {"soup": 1}}]}, "cooking"),
     ({"skills": [{"core": "melee", "ranks": {"fist": 1}}]}, "fist")],
)
def test_bad_creatures_are_reported(change: dict, message: str) -> None:
    with pytest.raises(CreatureError, match=message):
        stat_block({**creature("goblin"), **change})


def test_every_creature_file_is_named_after_its_id() -> None:
    for path in BESTIARY.glob("*.yaml"):
        assert creature(path.stem)["id"] == path.stem


@pytest.fixture(scope="module")
def site() -> Site:
    from codex.checks import CHECKS

    data = load_rules_data(ROOT / "rules_data", CHECKS)
    return Site(data, make_env(), edit_base="https://example.invalid/edit/")


def test_each_creature_gets_a_page_that_edits_its_yaml(site: Site) -> None:
    from codex.blocks import wbs_bestiary

    made = wbs_bestiary.bestiary_pages(site.data)
    assert wbs_bestiary.bestiary_pages in PAGE_MAKERS
    assert set(made) >= {"wbs/bestiary/goblin.md", "wbs/bestiary/orc.md"}
    page = made["wbs/bestiary/goblin.md"]
    assert page.source_key == "wbs/bestiary/goblin"
    assert "<!-- codex:creature wbs.goblin -->" in page.markdown
    assert "# Goblin" in page.markdown


def test_stat_block_html(site: Site) -> None:
    from codex.blocks.wbs_bestiary import creature_block

    html = creature_block(site, "wbs.goblin", PageInfo("wbs/bestiary/goblin.md", "wbs/bestiary/goblin/"))
    assert 'class="wbs-creature"' in html
    assert "Point-buy audit" in html
    assert "wbs-creature__differs" in html  # the derived points disagree
    assert "rules_data/wbs/bestiary/goblin.yaml" in html
    assert "../../../source-notes/#note-wbs-derived-xp-monsters" in html


def test_unknown_creature_is_a_block_error(site: Site) -> None:
    from codex.blocks.wbs_bestiary import creature_block

    with pytest.raises(BlockError, match="no creature"):
        creature_block(site, "wbs.dragon", PageInfo("x.md", "x/"))


def test_file_name_must_be_the_id(tmp_path: Path) -> None:

    data = tmp_path / "rules_data"
    shutil.copytree(ROOT / "rules_data", data)
    text = (data / "wbs" / "bestiary" / "goblin.yaml").read_text()
    (data / "wbs" / "bestiary" / "goblin.yaml").unlink()
    (data / "wbs" / "bestiary" / "hobgoblin.yaml").write_text(text)
    from codex.checks import CHECKS
    from codex.problems import DataError

    with pytest.raises(DataError, match=r"rules_data/wbs/bestiary/hobgoblin.yaml:\d+: id: id 'goblin': a creature's id "
                                        "must be its file name"):
        load_rules_data(data, CHECKS, base=tmp_path)


def test_bestiary_index(site: Site) -> None:
    from codex.blocks.wbs_bestiary import bestiary_block

    html = bestiary_block(site, "wbs", PageInfo("wbs/bestiary/index.md", "wbs/bestiary/"))
    assert html.count("<tr data-name=") == len(list(BESTIARY.glob("*.yaml")))
    assert 'href="../../wbs/bestiary/goblin/"' in html and 'data-energy="50"' in html and 'data-points="147"' in html
    assert "data-codex-table" in html
    with pytest.raises(BlockError):
        bestiary_block(site, "xia", PageInfo("x.md", "x/"))


def test_a_creature_without_book_figures_is_audited_by_the_rules_alone(site: Site) -> None:
    value = {key: v for key, v in creature("orc").items() if key not in {"book_points", "book_lists"}}
    lines = audit(value)
    assert [line.book for line in lines] == [None] * 4
    assert [line.agrees for line in lines] == [None] * 4
    assert lines[-1].computed == 151
    assert summary_row(value)["book_points"] is None


def test_generated_titles_are_escaped() -> None:
    import markdown
    from codex.titles import heading, title_front_matter

    name = "Oni *the* [Great] <b> & &lt;/title&gt;"
    assert markdown.markdown(heading(name)) == "<h1>Oni *the* [Great] &lt;b&gt; &amp; &amp;lt;/title&amp;gt;</h1>"
    assert title_front_matter(name) == 'title: "Oni *the* [Great] &lt;b&gt; &amp; &amp;lt;/title&amp;gt;"\n'


def test_a_new_creature_renders_without_book_figures(tmp_path: Path) -> None:
    from codex.blocks.wbs_bestiary import bestiary_block, creature_block

    data = tmp_path / "rules_data"
    shutil.copytree(ROOT / "rules_data", data)
    text = (BESTIARY / "orc.yaml").read_text()
    for old, new in (("id: orc", "id: kappa"), ("name: Orc", "name: Kappa"), ("spark: jaki", "spark: seiki"),
                     ("source: book", "source: site-example")):
        text = text.replace(old, new)
    text = "\n".join(line for line in text.splitlines() if not line.startswith(("book_points", "book_lists")))
    (data / "wbs" / "bestiary" / "kappa.yaml").write_text(text + "\n")
    loaded = load_rules_data(data, base=tmp_path)
    site = Site(loaded, make_env())
    html = creature_block(site, "wbs.kappa", PageInfo("wbs/bestiary/kappa.md", "wbs/bestiary/kappa/"))
    assert "Kappa" in html and "SeiKi" in html and "wbs-creature__differs" not in html
    index = bestiary_block(site, "wbs", PageInfo("wbs/bestiary/index.md", "wbs/bestiary/"))
    assert 'data-name="Kappa"' in index and 'data-spark="seiki"' in index
