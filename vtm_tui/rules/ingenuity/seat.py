"""What an Ingenuity player's seat may change without ``players_may_edit_traits``: the resources.

Health, Resolve and the other resources (``resources.<name>``) move in play;
die sizes, proficiencies and Fate are the storyteller's.
"""

#: Sheet fields (as the sheet's edits name them; a table name covers its entries) that are trackers.
TRACKER_FIELDS = ("resources",)
