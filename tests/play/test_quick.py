"""Quick storyteller characters: templates (shipped and a chronicle's own), pools on the file, rolls by pool."""

from __future__ import annotations

from pathlib import Path

import pytest

from vtm_tui.errors import VtmError
from vtm_tui.model.character import Character
from vtm_tui.play.quick import quick_character, template_pools
from vtm_tui.play.request import make_request
from vtm_tui.rules.ruleset import ruleset_for
from vtm_tui.rules.sheet_spec import QuickTemplate
from vtm_tui.store.templates import load_templates, save_template
from vtm_tui.store.toml_io import dumps_toml, parse_toml


@pytest.mark.parametrize("ruleset", ["v5", "v20", "ingenuity"])
def test_every_shipped_template_makes_a_valid_character_that_survives_its_file(ruleset: str) -> None:
    for template in ruleset_for(ruleset).quick_templates():
        made = quick_character(template, "  Nameless   one ", ruleset)
        assert (made.name, made.kind, made.player) == ("Nameless one", "spc", "")
        again = Character.from_toml(parse_toml(dumps_toml(made.to_toml()), "x.toml"), where="x", ruleset=ruleset)
        assert again == made


def test_a_v5_thug_rolls_its_pools_by_name_and_its_health_follows_stamina() -> None:
    thug = next(t for t in ruleset_for("v5").quick_templates() if t.id == "thug")
    made = quick_character(thug, "Rui", "v5")
    assert made.sheet.creature == "mortal" and made.sheet.health_size == 5
    assert make_request(made, "Brawl").dice == 5
    assert make_request(made, "Physical").dice == 4
    assert template_pools(thug)["Brawl"] == 5


def test_v20_mortals_and_the_ghoul_retainer_say_what_they_are_and_carry_their_own_blood() -> None:
    made = {t.id: quick_character(t, "X", "v20").sheet for t in ruleset_for("v20").quick_templates()}
    assert [(made[i].creature, made[i].blood, made[i].blood_pool) for i in ("thug", "cop", "ghoul")] == [
        ("mortal", 0, 0), ("mortal", 0, 0), ("ghoul", 2, 2)]
    assert (made["elder"].creature, made["elder"].blood_pool) == ("vampire", 20)  # the 7th generation's


def test_pools_are_checked_by_the_rule_set() -> None:
    bad = QuickTemplate("bad", "Bad", {"pools": {"Fight": 7}})
    with pytest.raises(VtmError, match="pools.Fight.*a pool is a die"):
        quick_character(bad, "Orc", "ingenuity")
    assert quick_character(QuickTemplate("ok", "Ok", {"pools": {"Fight": "d8"}}), "Orc", "ingenuity").pools == {
        "Fight": 8}
    with pytest.raises(VtmError, match="0-20 dice"):
        quick_character(QuickTemplate("big", "Big", {"pools": {"Fight": 99}}), "Orc", "v5")


def test_a_template_with_a_bad_value_names_itself_and_the_field() -> None:
    with pytest.raises(VtmError, match="template 'x'.*hunger"):
        quick_character(QuickTemplate("x", "X", {"creature": "mortal", "hunger": 3}), "Ana", "v5")
    with pytest.raises(VtmError, match="needs a name"):
        quick_character(QuickTemplate("x", "X"), "   ", "v5")


def test_a_chronicles_templates_override_and_add_and_a_broken_one_is_reported(tmp_path: Path) -> None:
    folder = tmp_path / "templates"
    folder.mkdir()
    (folder / "thug.toml").write_text('label = "Harbour thug"\n[character]\ncreature = "mortal"\n'
                                      '[character.pools]\nPhysical = 5\n', encoding="utf-8")
    (folder / "broken.toml").write_text('label = "oops\n', encoding="utf-8")
    (folder / "named.toml").write_text('label = "N"\n[character]\nname = "Fixed"\n', encoding="utf-8")
    save_template(tmp_path, QuickTemplate("priest", "Priest", {"pools": {"Social": 4}}, "Holy"))
    loaded = load_templates(tmp_path, "v5")
    by_id = {t.id: t for t in loaded.templates}
    assert by_id["thug"].label == "Harbour thug"
    assert by_id["priest"].description == "Holy" and by_id["priest"].character["pools"] == {"Social": 4}
    assert "bystander" in by_id
    assert len(loaded.problems) == 2
    assert any("broken.toml" in p and "line 1" in p for p in loaded.problems)
    assert any("named.toml" in p and "character.name" in p for p in loaded.problems)


@pytest.mark.parametrize(("template", "why"), [
    (QuickTemplate("long", "L" * 61, {}, ""), "label.*1-60 characters"),
    (QuickTemplate("named", "Named", {"name": "Fixed"}, ""), "character.name"),
    (QuickTemplate("big", "Big", {"notes": "n" * 70_000}, ""), "larger than 64000 bytes"),
], ids=["label too long", "a name", "too big"])
def test_a_template_the_loader_would_refuse_is_not_saved(tmp_path: Path, template: QuickTemplate, why: str) -> None:
    """save_template wrote what load_templates then refused (named among its problems, the template not offered)."""
    with pytest.raises(VtmError, match=rf"{template.id}\.toml.*{why}.*nothing was saved"):
        save_template(tmp_path, template)
    assert not (tmp_path / "templates").exists()
    assert load_templates(tmp_path, "v5").problems == ()


def test_opening_a_chronicle_with_a_quick_character_imports_no_engine(tmp_path: Path) -> None:
    import subprocess
    import sys

    from vtm_tui.store.chronicle_store import open_chronicle

    source = Path(__file__).resolve().parents[2] / "campaigns" / "lisboa-nocturna"
    import shutil

    shutil.copytree(source, tmp_path / "c")
    store = open_chronicle(tmp_path / "c")
    thug = next(t for t in ruleset_for("v5").quick_templates() if t.id == "thug")
    store.add_character(quick_character(thug, "Rui", "v5"))
    code = ("import sys; from vtm_tui.store.chronicle_store import open_chronicle; "
            f"s = open_chronicle({str(tmp_path / 'c')!r}); "
            "print(sum(1 for c in s.characters if c.pools), 'vtm_tui.rules.v5' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert out == ["1", "False"]
