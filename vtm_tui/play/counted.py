"""A roll the storyteller counted by hand, logged exactly as the app logs a roll from a sheet.

``vtm-tui roll … --chronicle P`` with a pool given as a number (or a typed
Humanity, Willpower or Hunger, or a luck test) rolls dice no sheet decides, so
there is no :func:`~vtm_tui.play.make_request` for it. What it shares with the
app's roll dialog is everything after the dice: the request that describes the
roll, the one entry shape (:func:`~vtm_tui.play.apply.roll_entry`), the session
rule and the :class:`~vtm_tui.play.record.Recorder`. A counted roll changes no
sheet: its numbers are the storyteller's, not the sheet's.
"""

from __future__ import annotations

from vtm_tui.errors import VtmError
from vtm_tui.model.limits import MAX_COMMENT, check_text
from vtm_tui.model.log_entry import KINDS, LogEntry
from vtm_tui.play.apply import roll_entry
from vtm_tui.play.record import Recorder
from vtm_tui.play.request import RollRequest
from vtm_tui.rules.base import Outcome
from vtm_tui.rules.ruleset import ruleset_for


def counted_request(ruleset: str, *, actor: str, description: str, difficulty: int | None, secret: bool = False,
                    comment: str = "", storyteller_comment: str = "") -> RollRequest:
    """The request a counted roll is logged with: who, the pool as typed, the Difficulty, the comments."""
    check_text(comment, "Comment", MAX_COMMENT)
    check_text(storyteller_comment, "ST comment", MAX_COMMENT)
    return RollRequest(ruleset=ruleset, actor=actor, pool_text=description, description=description,
                       difficulty=difficulty, secret=secret, comment=comment,
                       storyteller_comment=storyteller_comment.strip())


def outcome_log_kind(outcome: Outcome) -> str:
    """The log entry's kind for an outcome: what the outcome says (V20: a frenzy roll is ``frenzy``), else the log
    kind its rule set declares for its roll kind (V5: rouse, check, remorse, frenzy), else ``roll``."""
    if isinstance(getattr(outcome, "log_kind", None), str):
        return outcome.log_kind  # type: ignore[attr-defined]
    kind = getattr(outcome, "kind", None)
    value = getattr(kind, "value", kind)
    if not isinstance(value, str):
        return "roll"
    log_kind = ruleset_for(outcome.ruleset).roll_kind(value).log_kind  # as the rule set declares the kind
    return log_kind if log_kind in KINDS else "roll"


def record_counted(recorder: Recorder, request: RollRequest, outcome: Outcome, *, typed: bool = False) -> LogEntry:
    """Append the counted roll to the session the one rule names; returns the entry (its id for the caller)."""
    if outcome.ruleset != recorder.store.chronicle.ruleset:
        raise VtmError(f"{recorder.store.path} plays {recorder.store.chronicle.ruleset}, not {outcome.ruleset}: "
                       f"the roll was not logged ({outcome.summary()})")
    kind = outcome_log_kind(outcome)
    entry = roll_entry(request, outcome, kind=kind, session=recorder.session(kind), now=recorder.clock(),
                       typed=typed)
    recorder.log(entry)
    return entry
