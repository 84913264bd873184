"""Every registered rule set provides the blood upkeep facet (``ruleset_for(id).blood_upkeep()``), whole, with the
protocol's parameters; V5's answers are its engine's, the others refuse in their own words; and the facet's
module is light (asking it loads no engine table until one is needed)."""

from __future__ import annotations

import inspect
import json
import subprocess
import sys
import types

import pytest

from vtm_tui.rules.blood_upkeep import BloodUpkeep, NoBloodUpkeep, UpkeepRefused
from vtm_tui.rules.dice import GivenFaces
from vtm_tui.rules.ruleset import registered, ruleset_for, short_title

#: The facet's methods and the parameters each takes (callers pass the keywords by name).
METHODS = {name: list(inspect.signature(value).parameters) for name, value in vars(BloodUpkeep).items()
           if isinstance(value, types.FunctionType) and not name.startswith("_")}


@pytest.mark.parametrize("ruleset_id", registered())
def test_every_rule_set_has_a_blood_upkeep_facet_with_every_method(ruleset_id: str) -> None:
    rules = ruleset_for(ruleset_id)
    facet = rules.blood_upkeep()
    assert isinstance(facet, BloodUpkeep)
    wrong = [f"{name}{tuple(params)}" for name, params in METHODS.items()
             if list(inspect.signature(getattr(facet, name)).parameters) != params[1:]]
    assert not wrong, f"{type(facet).__name__}: these differ from the protocol's parameters: {wrong}"
    refusal = facet.refusal()
    assert refusal is None or (isinstance(refusal, str) and refusal)  # a rule set without upkeep says why
    assert facet.condition_text("Blinded") == "Blinded"  # a condition that is no compulsion reads as written
    assert rules.blood_upkeep() is facet  # one facet per rule set


def test_the_facet_check_sees_a_missing_method() -> None:
    """The isinstance check above can fail: an object lacking the methods is no BloodUpkeep."""
    assert len(METHODS) > 15
    assert not isinstance(types.SimpleNamespace(refusal=lambda: None, mend=lambda *a: None), BloodUpkeep)


@pytest.mark.parametrize("ruleset_id", [rs for rs in registered() if ruleset_for(rs).blood_upkeep().refusal() is not None])
def test_a_rule_set_without_upkeep_refuses_every_action_in_its_own_words(ruleset_id: str) -> None:
    facet = ruleset_for(ruleset_id).blood_upkeep()
    why = facet.refusal()
    assert why and short_title(ruleset_id) in why  # it names its own way, not just "none"
    dice, sheet = GivenFaces([5]), object()
    for call in (lambda: facet.mend(sheet, dice), lambda: facet.awaken(sheet, dice), lambda: facet.blush(sheet, dice),
                 lambda: facet.slake(sheet, 1, source="human", killed=False), lambda: facet.roll_resonance(dice),
                 lambda: facet.power_rouse(sheet, None, dice, oblivion_stains=False),
                 lambda: facet.roll_compulsion(dice), lambda: facet.blood_potency(1),
                 lambda: facet.learnable_powers(sheet), lambda: facet.take_aggravated(sheet, 1),
                 lambda: facet.add_stains(sheet, 1)):
        with pytest.raises(UpkeepRefused, match="V5 rule"):
            call()
    assert facet.hunting_pools("Alleycat") == () and facet.clan_compulsion("Brujah") is None
    assert not facet.calls_for_compulsion("messy_critical") and facet.tables_loaded()


def test_the_refusals_name_each_rule_sets_own_way() -> None:
    assert "spends and regains blood from the pool" in ruleset_for("v20").blood_upkeep().refusal()
    assert "Ingenuity has no Blood" in ruleset_for("ingenuity").blood_upkeep().refusal()
    assert isinstance(ruleset_for("v20").blood_upkeep(), NoBloodUpkeep)


def test_v5_answers_from_its_engine() -> None:
    from vtm_tui.rules.v5.blood import blood_potency
    from vtm_tui.rules.v5.compulsions import CLAN, condition_text
    from vtm_tui.rules.v5.hunting import hunting_pools

    facet = ruleset_for("v5").blood_upkeep()
    assert facet.refusal() is None
    assert facet.blood_potency(3) == blood_potency(3)
    assert facet.hunting_pools("Alleycat") == hunting_pools("Alleycat") != ()
    assert facet.clan_compulsion("the Brujah") is CLAN["Brujah"]
    assert facet.condition_text("Rebellion compulsion") == condition_text("Rebellion compulsion") != \
        "Rebellion compulsion"
    assert facet.roll_compulsion(GivenFaces([8])).name == "Harm"
    assert facet.calls_for_compulsion("bestial_failure") and not facet.calls_for_compulsion("win")


LIGHT_CHILD = """
import json, sys
from vtm_tui.rules.ruleset import ruleset_for
facet = ruleset_for("v5").blood_upkeep()
seen = {"tends": facet.refusal() is None, "plain": facet.condition_text("Blinded"), "loaded": facet.tables_loaded()}
seen["engine"] = sorted(m for m in sys.modules if m.startswith("vtm_tui.rules.v5.")
                        and m.rpartition(".")[2] in ("blood", "upkeep", "rolling", "checks", "compulsions", "hunting"))
facet.load_tables()
seen["after"] = facet.tables_loaded()
print(json.dumps(seen))
"""


def test_asking_the_v5_facet_loads_no_engine_until_its_tables_are_wanted() -> None:
    """The coterie's footer asks ``refusal()`` and the first sheet ``tables_loaded()``: neither may import the
    engine (the sheet view loads the table in a thread after the first paint)."""
    out = subprocess.run([sys.executable, "-c", LIGHT_CHILD], capture_output=True, text=True, check=True, timeout=120)
    seen = json.loads(out.stdout.strip().splitlines()[-1])
    assert seen == {"tends": True, "plain": "Blinded", "loaded": False, "engine": [], "after": True}
