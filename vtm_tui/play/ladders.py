"""Each rule set's Difficulty ladder, for the play layer's callers (the roll form, the command line).

The functions live in :mod:`vtm_tui.rules.ladders` (a :class:`~vtm_tui.rules.roll_request.RollRequest` names its
Difficulty with them, and the rule sets' roll facets parse with them); this module keeps the play layer's names.
"""

from __future__ import annotations

from vtm_tui.rules.ladders import difficulty_label, difficulty_name, ladder_text, parse_difficulty

__all__ = ["difficulty_label", "difficulty_name", "ladder_text", "parse_difficulty"]
