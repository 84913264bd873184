"""Each rule set's conflict round by its old module name, for the tests and scenes that drive one directly.

The rules live in the rule-set packages (``rules/<rs>/conflict_round.py``); the app reaches them through
``table.conflict_round``. A test may name its rule set, the product may not: these bindings of the conflict
layer's helpers (``round_kit.KIT``) to a named facet live here, beside the tests, not in ``vtm_tui/conflict``.
"""

from __future__ import annotations

from functools import partial
from types import SimpleNamespace

from vtm_tui.conflict.round_kit import KIT
from vtm_tui.rules.ruleset import ruleset_for

_V5 = ruleset_for("v5").conflict_round()
_V20 = ruleset_for("v20").conflict_round()
_INGENUITY = ruleset_for("ingenuity").conflict_round()

v5_round = SimpleNamespace(
    group_of=_V5.group_of, cycle_group=_V5.cycle_group, declared_attack=_V5.declared_attack,
    declare=lambda conflict, table, name, group, skill="", dice=None: _V5.declare(KIT, conflict, table, name, group,
                                                                                  skill, dice),
)
v20_round = SimpleNamespace(
    phase=_V20.phase, tied_with=_V20.tied_with, split_penalty=_V20.split_penalty, split_text=_V20.split_text,
    declare_multiple=partial(_V20.declare_multiple, KIT),
)
ingenuity_round = SimpleNamespace(pick=partial(_INGENUITY.pick, KIT))
