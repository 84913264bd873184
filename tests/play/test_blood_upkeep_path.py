"""The blood's upkeep goes through the rule set's blood upkeep facet and nowhere else: play/, the Blood dialog,
the V5 sheet and ``vtm-tui blood`` import no engine and test no flag, and a rule set without the upkeep is
refused on every action in its own words, from the command line as from play/."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from play_characters import NOW

from vtm_tui.cli import main
from vtm_tui.errors import VtmError
from vtm_tui.model.character import new_character
from vtm_tui.play import blood
from vtm_tui.play.hunting import default_pool, hunt
from vtm_tui.rules.dice import GivenFaces

ROOT = Path(__file__).resolve().parents[2]
FILES = ("vtm_tui/play/blood.py", "vtm_tui/play/hunting.py", "vtm_tui/ui/screens/blood_dialog.py",
         "vtm_tui/ui/widgets/sheet_v5.py", "vtm_tui/ui/screens/coterie_blood.py", "vtm_tui/commands/blood.py")
#: An engine import (``vtm_tui.rules.v5.blood``, the V5 catalogue), or a look for one in ``sys.modules``.
ENGINE = re.compile(r"vtm_tui\.rules\.(v5|v20|ingenuity)\b|rules\.catalogue\.v5_|sys\.modules")
FLAGS = re.compile(r"\b(has_hunger|rolls_sized_dice|willpower_buys_success|has_blood_pool)\b")
AT = dict(session=4, now=NOW)
#: (rule set, chronicle, character, what its refusal says it does instead)
OTHERS = (("v20", "the-iron-vigil", "edwin-hallam", "V20 spends and regains blood from the pool"),
          ("ingenuity", "lanterns-of-saltmarsh", "bram-cole", "Ingenuity has no Blood"))


@pytest.mark.parametrize("name", FILES)
def test_the_upkeep_path_imports_no_engine_and_tests_no_flags(name: str) -> None:
    text = (ROOT / name).read_text(encoding="utf-8")
    assert not ENGINE.search(text), f"{name} imports an engine: ask ruleset_for(id).blood_upkeep()"
    assert not FLAGS.search(text), f"{name} picks a rule set by its flags: ask the blood upkeep facet"


@pytest.mark.parametrize("line", ["from vtm_tui.rules.v5.blood import mend", "import vtm_tui.rules.v20.health",
                                  "from vtm_tui.rules.catalogue.v5_powers import catalogue_for",
                                  '"vtm_tui.rules.ingenuity" in sys.modules'])
def test_the_engine_check_sees_every_form(line: str) -> None:
    assert ENGINE.search(line)


def _actions(character, dice):
    return (lambda: blood.mend(character, dice, **AT), lambda: blood.awaken(character, dice, **AT),
            lambda: blood.blush(character, dice, **AT), lambda: blood.slake(character, 1, **AT),
            lambda: blood.use_power(character, None, dice, **AT), lambda: blood.find_power(character, "Awe"),
            lambda: blood.learnable_powers(character), lambda: blood.pick_compulsion(character, "", dice),
            lambda: blood.add_condition(character, "Harm compulsion", **AT),
            lambda: blood.clear_condition(character, **AT), lambda: default_pool(character),
            lambda: hunt(character, "Wits + Streetwise", 3, dice, **AT))


@pytest.mark.parametrize(("ruleset", "way"), [(rs, way) for rs, _, _, way in OTHERS])
def test_every_action_is_refused_in_the_rule_sets_own_words(ruleset: str, way: str) -> None:
    character = new_character("Bram", ruleset)
    dice = GivenFaces([5, 5, 5])
    assert blood.upkeep_refusal(character).startswith(f"Bram: the blood's upkeep is a V5 rule; {way}")
    for action in _actions(character, dice):
        with pytest.raises(VtmError, match=re.escape(way)):
            action()


@pytest.mark.parametrize(("ruleset", "folder", "who", "way"), OTHERS)
def test_the_command_line_refuses_in_the_rule_sets_own_words(ruleset, folder, who, way, tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    monkeypatch.setenv("VTM_TUI_CACHE", str(tmp_path / "cache"))
    target = tmp_path / folder
    shutil.copytree(ROOT / "campaigns" / folder, target)
    before = sorted(p.read_bytes() for p in target.rglob("*") if p.is_file())
    assert main(["blood", str(target), "mend", "--character", who, "--faces", "5"]) == 2
    err = capsys.readouterr().err
    assert way in err and "V5 rule" in err and "Traceback" not in err
    assert sorted(p.read_bytes() for p in target.rglob("*") if p.is_file()) == before  # nothing written


def test_a_condition_reads_with_the_rule_set_that_knows_it() -> None:
    assert "−2 dice" in blood.condition_text("Arrogance compulsion", "v5")
    assert blood.condition_text("Arrogance compulsion", "v20") == "Arrogance compulsion"  # V20 keeps none
