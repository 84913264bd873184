"""Extended and resisted actions that span turns: a tally toward a target, shown on the tracker.

The arithmetic is the V20 engine's (:mod:`vtm_tui.rules.extended_tally` names it for
every rule set), which is plain "add each roll's successes until the target"; what one
roll adds is the rule set's conflict facet's (``table.conflict_round.tally_roll``):

- V5: each roll's successes (no Difficulty) add up; against an opponent, each
  turn's contest winner adds the margin;
- V20: net successes at a Difficulty (default 6); a botch restarts the tally or
  fails the action (the chronicle's ``extended_botch`` option); against an
  opponent, the excess of the resisted roll;
- Ingenuity: each test that meets the Difficulty (default 8) adds 1; against an
  opponent, each exchange's winner adds 1.

A tally is a :class:`~vtm_tui.model.conflict.Tally` in ``conflict.tallies``;
the engine's state (status, history, the opponent's total) sits in its ``extra``.
"""

from __future__ import annotations

from vtm_tui.conflict.context import Change, ConflictError, Table
from vtm_tui.conflict.pools import read_pool
from vtm_tui.conflict.roster import copied, find
from vtm_tui.model.conflict import Conflict, Tally
from vtm_tui.rules.dice import DiceSource
from vtm_tui.rules.errors import RulesError
from vtm_tui.rules.extended_tally import ExtendedAction, ExtendedContest

MAX_TARGET = 100


def find_tally(conflict: Conflict, label: str) -> Tally:
    for tally in conflict.tallies:
        if tally.label.casefold() == label.strip().casefold():
            return tally
    known = ", ".join(t.label for t in conflict.tallies) or "none yet"
    raise ConflictError(f"no tally {label!r} (tallies: {known})")


def start_tally(conflict: Conflict, table: Table, label: str, actor: str, target: int, opponent: str = "") -> Change:
    """A new extended action for ``actor`` toward ``target`` successes (resisted by ``opponent`` if named)."""
    label = " ".join(label.split())
    if not label:
        raise ConflictError("a tally needs a label (\"pick the lock\", \"the chase\")")
    if any(t.label.casefold() == label.casefold() for t in conflict.tallies):
        raise ConflictError(f"there is already a tally called {label!r}")
    if isinstance(target, bool) or not isinstance(target, int) or not 1 <= target <= MAX_TARGET:
        raise ConflictError(f"a tally's target must be 1-{MAX_TARGET} successes, not {target!r}")
    new = copied(conflict)
    who = find(new, actor).name
    extra: dict = {}
    if opponent:
        other = find(new, opponent).name
        if other == who:
            raise ConflictError(f"{who} cannot resist their own action; pick another opponent")
        extra = {"opponent": other, "opponent_total": 0}
    new.tallies.append(Tally(label, who, target, extra=extra))
    against = f" against {extra['opponent']}" if extra else ""
    entry = table.entry("conflict", actor=who, comment=f"starts the extended action {label!r}{against}, "
                        f"target {target}", change={"field": "tally", "before": "", "after": f"0/{target}"})
    return Change(new, (entry,), message=f"{label}: {who} needs {target}{against}.")


def _botch_rule(table: Table) -> str:
    rule = table.option("extended_botch", "restart")
    return rule if rule in ("restart", "fail") else "restart"


def record(conflict: Conflict, table: Table, label: str, successes: int, opponent_successes: int = 0, *,
           botched: bool = False, opponent_botched: bool = False, comment: str = "") -> Change:
    """Add one turn's successes (typed in, or from :func:`roll_tally`) to the tally."""
    new = copied(conflict)
    tally = find_tally(new, label)
    if tally.done:
        raise ConflictError(f"the tally {tally.label!r} is finished ({tally.extra.get('status', 'done')})")
    before = text(tally)
    try:
        if "opponent" in tally.extra:
            state = ExtendedContest(tally.target, (tally.actor, tally.extra["opponent"]), _botch_rule(table),
                                    (tally.total, int(tally.extra.get("opponent_total", 0))), tally.rolls)
            state = state.add(successes, opponent_successes, first_botched=botched, second_botched=opponent_botched)
            tally.total, tally.extra["opponent_total"] = state.tallies
            tally.rolls, tally.done = state.turns, state.done
            tally.extra["status"] = state.status
            if state.winner_name:
                tally.extra["winner"] = state.winner_name
        else:
            history = tuple(None if h == -1 else h for h in tally.extra.get("history", []))
            single = ExtendedAction(tally.target, _botch_rule(table), None, tally.total, tally.rolls,
                                    int(tally.extra.get("botches", 0)), "running", history)
            single = single.add(successes, botched=botched)
            tally.total, tally.rolls, tally.done = single.tally, single.rolls, single.done
            tally.extra.update({"status": single.status, "botches": single.botches,
                                "history": [-1 if h is None else h for h in single.history]})
    except RulesError as exc:
        raise ConflictError(f"tally {tally.label!r}: {exc}") from None
    after = text(tally)
    entry = table.entry("conflict", actor=tally.actor, comment=comment or f"{tally.label}: {after}",
                        change={"field": "tally", "before": before, "after": after})
    return Change(new, (entry,), message=f"{tally.label}: {after}.")


def roll_tally(conflict: Conflict, table: Table, dice: DiceSource, label: str, pool: str = "",
               opponent_pool: str = "", difficulty: int | None = None) -> Change:
    """Roll this turn's dice for the tally (both sides' for a resisted one) and add the result."""
    tally = find_tally(conflict, label)
    actor = find(conflict, tally.actor)
    level = table.rules.default_difficulty if difficulty is None else difficulty
    mine, mine_botch, mine_text, outcome = _roll(actor, table, dice, pool, level)
    entries = [_roll_entry(table, tally.actor, outcome, mine_text, level, tally.label)]
    theirs: int | None = None
    theirs_botch = False
    if "opponent" in tally.extra:
        other = find(conflict, tally.extra["opponent"])
        theirs, theirs_botch, their_text, their_outcome = _roll(other, table, dice, opponent_pool, level)
        entries.append(_roll_entry(table, other.name, their_outcome, their_text, level, tally.label))
    mine, theirs = table.conflict_round.tally_points(mine, theirs, outcome)  # successes, or 1 for each win
    change = record(conflict, table, label, mine, theirs, botched=mine_botch, opponent_botched=theirs_botch)
    return Change(change.conflict, tuple(entries) + change.entries, message=change.message,
                  details=tuple(e.comment for e in entries))


def _roll(p, table: Table, dice: DiceSource, pool: str, level: int):  # noqa: ANN001, ANN202 - local helper
    found = read_pool(p, table, pool)
    count, botched, rolled = table.conflict_round.tally_roll(found, table, dice, level)
    return count, botched, found.text, rolled


def _roll_entry(table: Table, actor: str, outcome, pool: str, level: int, label: str):  # noqa: ANN001, ANN202
    from vtm_tui.model.log_entry import LogEntry

    return LogEntry.from_outcome(outcome, session=table.session, actor=actor, pool=pool,
                                 difficulty=level or None, comment=f"{label}: {outcome.summary()}", now=table.now)


def text(tally: Tally) -> str:
    """``4/8 after 2 rolls`` or ``Inês 3, Vicente 1 of 5`` and how it ended."""
    if "opponent" in tally.extra:
        body = f"{tally.actor} {tally.total}, {tally.extra['opponent']} {tally.extra.get('opponent_total', 0)} " \
               f"of {tally.target}"
    else:
        body = f"{tally.total}/{tally.target}"
    body += f" after {tally.rolls} roll{'s' if tally.rolls != 1 else ''}"
    status = tally.extra.get("status", "running")
    if tally.done:
        winner = tally.extra.get("winner")
        body += f" — {winner} wins" if winner else f" — {status}"
    return body


def drop_tally(conflict: Conflict, table: Table, label: str) -> Change:
    new = copied(conflict)
    tally = find_tally(new, label)
    new.tallies = [t for t in new.tallies if t is not tally]
    entry = table.entry("conflict", actor=tally.actor, comment=f"drops the tally {tally.label!r} at {text(tally)}",
                        change={"field": "tally", "before": text(tally), "after": ""})
    return Change(new, (entry,), message=f"Tally {tally.label!r} dropped.")
