"""What a V5 player's seat may change without ``players_may_edit_traits``: the trackers, not the traits.

Health and Willpower damage, Hunger and stains move in play; Humanity, Blood
Potency and every dotted trait are the storyteller's (a stain is the player's to
mark, the Remorse test that may lower Humanity is a roll, not an edit).
"""

#: Sheet fields (as the sheet's edits name them) that are trackers.
TRACKER_FIELDS = ("health", "willpower", "hunger", "stains")
