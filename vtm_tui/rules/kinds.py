"""Which kinds of roll each rule set offers, asked by the app and the play layer (never by name).

Each rule set's :class:`~vtm_tui.rules.ruleset.RuleSet` says (``roll_kinds``, ``listed_kinds``, and each kind's
declaration: ``roll_kind(id)``, from its package's ``kinds.KIND_SPECS``); these functions take a rule-set id for
the callers that hold one.
"""

from __future__ import annotations

from vtm_tui.rules.ruleset import ruleset_for


def roll_kinds(ruleset: str) -> dict[str, str]:
    """The kinds of roll ``ruleset`` offers, id → label (the first is the ordinary test)."""
    return ruleset_for(ruleset).roll_kinds()


def listed_kinds(ruleset: str) -> dict[str, str]:
    """The kinds besides the test that the app lists by name (command palette), id → label."""
    return ruleset_for(ruleset).listed_kinds()


def kind_title(kind_id: str) -> str:
    """The dialog title of ``kind_id`` as the rule set that declares it says it (``Rouse check``), or the id itself:
    how a screen names a kind another rule set offers when it refuses it."""
    from vtm_tui.rules.ruleset import registered

    for ruleset_id in registered():
        spec = ruleset_for(ruleset_id).roll_kind_specs().get(kind_id)
        if spec is not None:
            return spec.title
    return kind_id


def declared_anywhere(kind_id: str) -> bool:
    """Whether some registered rule set declares ``kind_id`` (a kind of another rule set is refused as that, an
    unknown word as unknown)."""
    from vtm_tui.rules.ruleset import registered

    return any(kind_id in ruleset_for(ruleset_id).roll_kind_specs() for ruleset_id in registered())
