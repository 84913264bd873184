"""The V5 package imports nothing until a name is asked for, and ``reroll``/``turn_order`` are the functions
however the modules of the same names were imported (a fresh process each: this one has them all)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

CHILD = """
import importlib, json, sys, types
import vtm_tui.rules.v5 as v5
lazy = [m for m in ("vtm_tui.rules.v5.reroll", "vtm_tui.rules.v5.turn_order") if m in sys.modules]
if sys.argv[1] == "submodules-first":
    importlib.import_module("vtm_tui.rules.v5.reroll")
    from vtm_tui.rules.v5.turn_order import damage
from vtm_tui.rules.v5 import reroll, turn_order
print(json.dumps({"lazy": lazy, "reroll": [type(reroll).__name__, type(v5.reroll).__name__],
                  "turn_order": [type(turn_order).__name__, type(v5.turn_order).__name__]}))
"""


@pytest.mark.parametrize("order", ["names-first", "submodules-first"])
def test_reroll_and_turn_order_are_functions_and_loaded_on_demand(order):
    out = subprocess.run([sys.executable, "-c", CHILD, order], capture_output=True, text=True, check=True)
    seen = json.loads(out.stdout)
    assert seen["lazy"] == []
    assert seen["reroll"] == ["function", "function"]
    assert seen["turn_order"] == ["function", "function"]
