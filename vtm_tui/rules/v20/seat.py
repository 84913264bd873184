"""What a V20 player's seat may change without ``players_may_edit_traits``: the trackers, not the traits.

Health levels, Willpower points and the blood pool move in play; the Path (or
Humanity) rating, permanent Willpower, Virtues and every dotted trait are the
storyteller's.
"""

#: Sheet fields (as the sheet's edits name them) that are trackers.
TRACKER_FIELDS = ("health", "willpower_current", "blood")
