"""Known names are matched case- and space-insensitively; a rule set's fixed list is folded once, not once per
name read (opening a chronicle reads every sheet's skills against it)."""

from __future__ import annotations

from vtm_tui.model.validation import canonical_name


class Folding(str):
    """A known name that counts how often it is folded."""

    folded = 0

    def casefold(self) -> str:
        Folding.folded += 1
        return super().casefold()


def test_the_known_spelling_is_found_whatever_the_case_and_spaces():
    known = ("Animal Ken", "Brawl", "Craft")
    assert canonical_name("  animal   KEN ", known) == "Animal Ken"
    assert canonical_name("BRAWL", known) == "Brawl"
    assert canonical_name("Crafts", known) is None
    assert canonical_name("brawl", ["Brawl", "brawl"]) == "Brawl"  # any iterable; the first spelling wins
    assert canonical_name("brawl", ("Brawl", "brawl")) == "Brawl"


def test_a_fixed_list_is_folded_once_for_many_names():
    known = tuple(Folding(name) for name in ("Athletics", "Brawl", "Craft", "Drive", "Firearms", "Larceny"))
    Folding.folded = 0
    for _ in range(50):
        assert canonical_name("larceny", known) == "Larceny"
        assert canonical_name("nothing", known) is None
    assert Folding.folded <= len(known)  # (none at all if an equal list was looked up before)
