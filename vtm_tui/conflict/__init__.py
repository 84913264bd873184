"""The conflict tracker's headless core: rounds, turns, contests, damage and tallies.

No Textual here (``tests/test_layers.py`` checks): the conflict screen calls
these functions and saves what they return. Start with
:func:`~vtm_tui.conflict.tracker.next_round`, :func:`~vtm_tui.conflict.contest.resolve`
and :class:`~vtm_tui.conflict.context.Table`.
"""

from vtm_tui.conflict.context import Change, ConflictError, Table

__all__ = ["Change", "ConflictError", "Table"]
