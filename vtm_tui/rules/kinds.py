"""Which kinds of roll each rule set offers, asked by the app and the play layer (never by name).

A small mapping keyed by rule-set id, so that code outside :mod:`vtm_tui.rules`
never compares a rule set's name to know whether a Frenzy roll or a soak roll
exists: it asks :func:`roll_kinds`.
"""

from __future__ import annotations


def roll_kinds(ruleset: str) -> dict[str, str]:
    """The kinds of roll ``ruleset`` offers, id → label (the first is the ordinary test)."""
    if ruleset == "v5":
        from vtm_tui.rules.v5.kinds import RollKind

        return {kind.value: kind.label for kind in RollKind}
    if ruleset == "v20":
        from vtm_tui.rules.v20.kinds import KINDS

        return {kind.id: kind.label for kind in KINDS.values()}
    return {"test": "test"}


def listed_kinds(ruleset: str) -> dict[str, str]:
    """The kinds besides the test that the app lists by name (command palette), id → label.

    V20: damage, soak and the Virtue rolls (frenzy, Rötschreck, degeneration). V5's
    Frenzy, Remorse and Rouse have keys of their own on the coterie screen.
    """
    if ruleset == "v20":
        from vtm_tui.rules.v20.kinds import KINDS

        return {kind.id: kind.label for kind in KINDS.values() if kind.id != "test"}
    return {}
