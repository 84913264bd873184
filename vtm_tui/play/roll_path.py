"""One call makes a whole roll, for the roll dialog and ``vtm-tui roll`` alike: :func:`make_roll`.

In order: the request (:func:`~vtm_tui.play.request.request_for`, from the one typed
:class:`~vtm_tui.rules.roll_options.RollOptions`); the costs paid before the dice — a power's Rouse checks
(:func:`vtm_tui.play.blood.use_power`) and a Blood Surge's Rouse check, after which the test rolls with the
Hunger that Rouse left (docs/rules.md, Blood Surge); the dice, or faces typed from physical dice; the judgement;
the log entries, each appended before the sheet it changes is saved (:class:`~vtm_tui.play.record.Recorder`);
and the follow-ups the result owes (a hunger frenzy test after any forced Rouse at Hunger 5, re-rolls...).
Everything that can be refused (a bad pool, a Rouse at Hunger 5, a miscount of typed faces) is refused before
anything is logged. The screens show what it returns; the command line prints it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from vtm_tui.errors import VtmError
from vtm_tui.model.asked import mark_changed_pool
from vtm_tui.model.character import Character
from vtm_tui.model.log_entry import LogEntry
from vtm_tui.play.apply import apply
from vtm_tui.play.follow_ups import FollowUp, follow_ups
from vtm_tui.play.perform import after_surge, judge_faces, perform, surge_rouse
from vtm_tui.play.record import Recorder
from vtm_tui.play.request import request_for
from vtm_tui.rules.base import Outcome
from vtm_tui.rules.dice import DiceSource, GivenFaces, parse_faces
from vtm_tui.rules.roll_options import RollOptions
from vtm_tui.rules.roll_request import RollRequest
from vtm_tui.store.errors import ConflictError

#: What a Blood Surge's Rouse check is logged with (the dialog's comment for it, and the command line's).
SURGE_COMMENT = "Blood Surge"


@dataclass(frozen=True)
class RollMade:
    """A whole roll, made and logged: what the dialog shows and the command line prints."""

    #: The test as it was rolled (a Blood Surge's carries the Hunger after its Rouse, and a note naming it).
    request: RollRequest
    outcome: Outcome
    #: The roll's own log entry (None when it could not be written: see ``problems``).
    entry: LogEntry | None
    #: The last roll entry written: the re-roll's when ``then`` made one, else ``entry``.
    logged: LogEntry | None
    #: Every entry written, in order: the costs first, then the roll, then any re-roll.
    entries: tuple[LogEntry, ...]
    #: What the roll changed on the sheet, in words.
    changes: tuple[str, ...]
    #: The roller as saved after it all.
    character: Character
    #: Whether any step saved the sheet (the screens redraw it).
    changed: bool
    follow_ups: tuple[FollowUp, ...]
    #: Another process changed the sheet under a step: that step is logged, the sheet reloaded and not changed.
    conflicts: tuple[str, ...] = ()
    #: A step whose entry or sheet could not be written, and why.
    problems: tuple[str, ...] = ()


@dataclass
class _Steps:
    """The entries and sheet of a roll in the making (one per call)."""

    recorder: Recorder
    character: Character
    typed: bool
    entries: list[LogEntry]
    conflicts: list[str]
    problems: list[str]
    changed: bool = False

    def record(self, request: RollRequest, outcome: Outcome, *, ref: str = "", asked: str = ""
               ) -> tuple[LogEntry | None, tuple[str, ...]]:
        try:
            applied = apply(self.character, request, outcome, session=self.recorder.session(request.kind),
                            now=self.recorder.clock(), ref=ref, typed=self.typed)
            if asked and applied.entries:  # the storyteller asked for another pool: the entry says which
                applied = replace(applied, entries=(mark_changed_pool(applied.entries[0], asked),
                                                    *applied.entries[1:]))
            saved = self.recorder.record(applied, self.character)
        except ConflictError as exc:
            self.conflicts.append(str(exc))
            return None, ()
        except VtmError as exc:
            self.problems.append(str(exc))
            return None, ()
        self.entries.extend(applied.entries)
        if applied.changed:
            self.character, self.changed = saved, True
        return (applied.entries[0] if applied.entries else None), applied.changes

    def record_done(self, done: Any) -> None:
        """A cost made by the blood's upkeep (a power's Rouse checks): its entries, then its sheet."""
        try:
            saved = self.recorder.record(done, self.character)
        except ConflictError as exc:
            self.conflicts.append(str(exc))
            return
        self.entries.extend(done.entries)
        if done.changed:
            self.character, self.changed = saved, True


def _pool_changed(character: Character, roll: RollOptions, request: RollRequest, asked: str,
                  house_rules: Mapping[str, Any]) -> bool:
    """Whether ``request`` rolls another pool than ``asked``: their dice as the sheet reads them (``wits+awareness``
    is the pool asked), or their words when the asked pool no longer reads (a trait gone from the sheet)."""
    try:
        wanted = request_for(character, replace(roll, pool=asked), house_rules=house_rules)
    except VtmError:
        return " ".join(asked.split()).casefold() != " ".join(roll.pool.split()).casefold()
    return (wanted.description, wanted.dice) != (request.description, request.dice)


def _typed_dice(text: str, what: str) -> GivenFaces:
    return GivenFaces({"regular": parse_faces(text, sides=10, what=what)})


def make_roll(character: Character, roll: RollOptions, *, recorder: Recorder, dice: DiceSource,
              house_rules: Mapping[str, Any] | None = None, free_botch_used: bool = False,
              faces: str | None = None, rouse_faces: str | None = None, typed: bool | None = None,
              power: str | None = None, request: RollRequest | None = None,
              adjust: Callable[[RollRequest], RollRequest] | None = None,
              then: Callable[[Outcome, DiceSource], Outcome] | None = None, ref: str = "",
              asked_pool: str | None = None) -> RollMade:
    """Make ``character``'s roll as ``roll`` asks, log it and save what it changed; refusals raise VtmError first.

    ``faces`` are typed faces in the form's notation (V5 ``regular | hunger``); ``rouse_faces`` the Rouse die (or
    dice) of a Blood Surge or a power, typed. ``typed`` marks the entries as typed (default: any faces given).
    ``power`` names a power on the sheet whose Rouse checks are paid first; its pool and name stand for an empty
    pool and comment. ``request`` is the request ``roll`` already gave (the dialog keeps one for its odds);
    ``adjust`` changes the built request where the command line overrides the sheet (V5 ``--hunger``); ``then``
    is a roll made after the first (the Willpower re-roll), logged as its own entry naming the first. ``ref`` is
    what the roll answers (a request's id); ``asked_pool`` the pool that request asked for: an answer rolled with
    another pool keeps the asked one in its entry (:mod:`vtm_tui.model.asked`).
    """
    recorder.check(roll.kind)  # after an ended session: asked before any die is rolled (play/sessions.py)
    steps = _Steps(recorder, character, bool(faces or rouse_faces) if typed is None else typed, [], [], [])
    house_rules = dict(house_rules or {})

    def rouse_dice(what: str) -> DiceSource:
        return _typed_dice(rouse_faces, what) if rouse_faces else dice

    if power:
        from vtm_tui.play import blood

        found = blood.find_power(character, power)
        if not (roll.pool or found.pool):
            raise VtmError(f"{found.name}: no pool to roll (name one, or make its Rouse checks alone as the "
                           "Blood dialog's power does)")
        roll = replace(roll, pool=roll.pool or found.pool or "", comment=roll.comment or found.name)
        request_for(character, roll, house_rules=house_rules, free_botch_used=free_botch_used)  # refused before paying
        paid_with = rouse_dice("Rouse faces")
        done = blood.use_power(character, found, paid_with, session=recorder.session(), now=recorder.clock(),
                               oblivion_stains=bool(house_rules.get("oblivion_stains")))
        if rouse_faces:
            paid_with.check_used()  # type: ignore[attr-defined]
        steps.record_done(done)
        request = None  # the Hunger the checks left
    if request is None:
        request = request_for(steps.character, roll, house_rules=house_rules, free_botch_used=free_botch_used)
    if adjust is not None:
        request = adjust(request)
    if request.surge:
        surge_dice = rouse_dice("Blood Surge Rouse face") if not power else dice
        if rouse_faces and not power and len(surge_dice.remaining().get("regular", [])) != 1:  # type: ignore[attr-defined]
            raise VtmError("Blood Surge Rouse face: its Rouse check is one die")
        rouse = surge_rouse(request, surge_dice)
        request = after_surge(request, rouse)  # the test rolls with the Hunger after the Rouse
        if faces:
            judge_faces(request, faces)  # refuse a miscount before anything is logged
        rouse_request = request_for(steps.character, RollOptions(kind="rouse", comment=SURGE_COMMENT))
        steps.record(rouse_request, rouse)
    elif rouse_faces and not power:
        raise VtmError("Rouse faces: only for a Blood Surge's or a power's Rouse check")
    outcome = judge_faces(request, faces) if faces else perform(request, dice)
    final = then(outcome, dice) if then is not None else outcome  # refused before the roll is logged
    asked = asked_pool if asked_pool is not None and _pool_changed(steps.character, roll, request, asked_pool,
                                                                   house_rules) else ""
    entry, changes = steps.record(request, outcome, ref=ref, asked=asked)
    logged = entry
    if final is not outcome and entry is not None:
        logged, changes = steps.record(request, final, ref=entry.id)
        outcome = final
    return RollMade(request=request, outcome=outcome, entry=entry, logged=logged, entries=tuple(steps.entries),
                    changes=changes,
                    character=steps.character, changed=steps.changed,
                    follow_ups=follow_ups(outcome, request, steps.character), conflicts=tuple(steps.conflicts),
                    problems=tuple(steps.problems))
