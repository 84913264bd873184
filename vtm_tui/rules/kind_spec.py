"""What one kind of roll is, declared once as data in its rule set's package (``rules/<set>/kinds.py``).

The roll dialog, the seat's request dialog, the play layer and the session rule ask a kind for its properties
(``ruleset_for(id).roll_kind(name).fixed_pool``, ``.title``...) instead of keeping lists of kind names: a new kind
of roll is one :class:`KindSpec` in its package's ``KIND_SPECS``, and nothing outside ``rules/`` names it.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class KindSpec:
    """One kind of roll: its id (command line and log) and what the app does around its dice."""

    id: str
    label: str  #: the kind in words, in a sentence ("Rouse check", "frenzy roll")
    title: str = "Roll"  #: the roll dialog's title
    #: The pool the rules fix, as the form's Pool field shows it (and cannot change); empty: the pool is typed.
    fixed_pool: str = ""
    #: Whether the form offers a Difficulty (a V5 check keeps one die against 6; a Remorse test passes on one).
    takes_difficulty: bool = True
    #: A one-die check: its description is its whole headline and its entry is logged without a Difficulty.
    is_check: bool = False
    #: The ordinary test: a typed pool with a dice modifier, a specialty and a power's pool; the form opens on the
    #: last pool rolled.
    ordinary: bool = False
    #: Whether Willpower may be spent on it (V5: a re-roll; V20: the automatic success).
    willpower: bool = True
    #: Owed at a session's end: logged in the session that ended owing it (V5 Remorse).
    owed_at_end: bool = False
    #: The log entry's kind (``roll`` for most; V5's checks, Remorse and Frenzy have their own).
    log_kind: str = "roll"
    #: Listed by name where the app offers rolls of other kinds (the coterie's command palette), in declaration order.
    listed: bool = False


def unknown_kind(kind_id: str) -> KindSpec:
    """What a kind the rule set does not have is taken for until the request refuses it by name: a plain roll."""
    return KindSpec(kind_id, kind_id)
