"""The conflict layer's helpers, handed to a rule set's conflict facet (the rules cannot import them).

A rule set's round (:mod:`vtm_tui.rules.conflict_round`) copies the conflict, finds participants, asks who
can act and what their pool is, and returns a :class:`~vtm_tui.conflict.context.Change`: all of that is
this layer's, so :data:`KIT` carries it down with every call.
"""

from __future__ import annotations

from vtm_tui.conflict import declarations
from vtm_tui.conflict.context import Change
from vtm_tui.conflict.pools import read_pool, trait
from vtm_tui.conflict.roster import copied, current_name, find, point_at, renumber, sides
from vtm_tui.conflict.turns import first, reset_round, step
from vtm_tui.conflict.wounds import can_act, condition, vampire
from vtm_tui.rules.conflict_round import RoundKit

KIT = RoundKit(copied=copied, find=find, renumber=renumber, point_at=point_at, current_name=current_name,
               sides=sides, can_act=can_act, condition=condition, vampire=vampire, trait=trait, read_pool=read_pool,
               first=first, step=step, reset_round=reset_round, hold=declarations.hold, change=Change)
