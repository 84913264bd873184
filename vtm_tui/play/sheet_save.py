"""Saving sheet edits through the store, logging each one, and undoing them — headless.

The coterie screen, a player's seat and ``vtm-tui sheet`` hand every :class:`~vtm_tui.play.sheet_edits.Edit`
to a :class:`SheetKeeper`, which

1. saves the new sheet through ``ChronicleStore.save_character`` (atomic, compare-and-swap),
2. appends a log entry (``kind`` edit/damage/heal/hunger/stain..., ``change = {field, before, after}``) to
   the session :mod:`vtm_tui.play.sessions` names (the open one; with none open, a player's seat is refused
   and, where the store asks first, so is the storyteller's edit after an ended session, before anything is
   saved; else the storyteller's edit starts the next); ``before``/``after`` are read
   from the sheet the save replaced and the one it wrote (:func:`as_saved`), so a save merged over another
   process's logs what really happened on disk,
3. remembers how to undo it: those same two sheets. ``undo()`` saves the previous state back (a three-way
   revert: another login's change made meanwhile stays), logs an entry whose ``ref`` is the undone entry's id
   and ``comment`` says "undo".

A :class:`~vtm_tui.store.errors.ConflictError` (another process changed the same fields) is re-raised after
the store has been reloaded, so the screen can show the other process's version; nothing is overwritten.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import TYPE_CHECKING, Any

from vtm_tui.errors import VtmError
from vtm_tui.model.character import Character
from vtm_tui.model.text_change import bounded_change
from vtm_tui.play.sessions import check_may_log, session_for_action
from vtm_tui.play.sheet_edits import Edit
from vtm_tui.play.visibility import Viewer, refusal
from vtm_tui.store.errors import ConflictError
from vtm_tui.store.sheet_texts import check_sheet_texts

if TYPE_CHECKING:
    from vtm_tui.model.log_entry import LogEntry
    from vtm_tui.store.chronicle_store import ChronicleStore

#: How many changes ctrl+z can walk back.
UNDO_DEPTH = 100


@dataclass(frozen=True)
class Undo:
    """What it takes to reverse one change."""

    what: str  # sheet | add | rename
    slug: str  # the character's file as it is now
    before: Character | None  # the sheet before (sheet), None for add
    entry: LogEntry  # the logged entry being undone
    old_name: str = ""
    after: dict[str, Any] | None = None  # the sheet's document as this change saved it
    counted_in: int | None = None  # the conflict round this change's blood spend was counted in (V20)


class SheetKeeper:
    """Applies, logs and undoes changes to one open chronicle's characters."""

    def __init__(self, store: ChronicleStore, clock: Callable[[], datetime],
                 on_session_started: Callable[[int], None] | None = None, *, player: bool = False) -> None:
        self.store = store
        self.clock = clock
        self.on_session_started = on_session_started
        self.player = player  # a player's seat: never opens a session (vtm_tui.play.sessions)
        self.undo_stack: list[Undo] = []

    # -- the session entries go to ------------------------------------------------------------
    def session(self) -> int:
        """The session to log into, by the one rule of :mod:`vtm_tui.play.sessions` (never an ended one)."""
        found = session_for_action(self.store, player=self.player, now=self.clock())
        if found.started and self.on_session_started is not None:
            self.on_session_started(found.number)
        return found.number

    def _check(self) -> None:
        """Refuse before anything is saved: a player's seat with no session open, or the storyteller's change
        after the last session ended where the store asks first (:mod:`vtm_tui.play.sessions`)."""
        if self.player:
            self.session()
        else:
            check_may_log(self.store)

    def _log(self, kind: str, actor: str, change: dict[str, Any], comment: str = "", ref: str = "") -> LogEntry:
        from vtm_tui.model.log_entry import LogEntry  # the first change's: not at start

        entry = LogEntry.new(kind, session=self.session(), ruleset=self.store.chronicle.ruleset, now=self.clock(),
                             actor=actor, change=bounded_change(_plain(change)), comment=comment, ref=ref)
        self.store.log(entry)
        return entry

    # -- changes ------------------------------------------------------------------------------
    def apply(self, before: Character, edit: Edit) -> tuple[Character, LogEntry]:
        """Save ``edit.character`` and log the change; returns the sheet as saved and the entry.

        A player's seat with no session open is refused before anything is saved, and so is the storyteller's
        change after the last session ended where the store asks first (:class:`~vtm_tui.play.sessions.SessionEnded`).
        A change its text refuses (a control character in the notes) is refused before that question."""
        check_sheet_texts(edit.character, before)
        self._check()
        from vtm_tui.play import turn_blood  # a blood spend in a conflict's turn counts there (V20)

        conflict = turn_blood.counted(self.store, before, turn_blood.spent_by(before, edit))
        replaced: list[Character] = []
        logged: list[LogEntry] = []

        def log_first(was: Character, now: Character) -> None:
            # Under the store's lock, just before the write: two logins' saves are logged in the order they are
            # written (logged after the lock was let go, 4→3 and 3→2 came out 3→2 first), and an entry refused
            # (a seat past its bound, a full session) leaves the sheet unsaved, never saved and not logged.
            replaced.append(was)
            logged.append(self._log(edit.kind, now.name, as_saved(edit, before, was, now), edit.comment))

        saved = self._save(edit.character, before_write=log_first)
        was = replaced[0] if replaced else before
        entry = logged[0] if logged else self._log(edit.kind, saved.name, as_saved(edit, before, was, saved),
                                                   edit.comment)
        if conflict is not None:
            self.store.save_conflict(conflict)
        # The undo takes back what this save changed on disk (``was`` → ``saved``), not what this process had
        # read: another login's change merged in meanwhile stays.
        self._remember(Undo("sheet", saved.slug, copy.deepcopy(was), entry, after=saved.to_toml(),
                            counted_in=conflict.round if conflict is not None else None))
        return saved, entry

    def add(self, character: Character) -> tuple[Character, LogEntry]:
        self._check()
        saved = self.store.add_character(character)
        entry = self._log("edit", saved.name, {"field": "character", "before": "", "after": saved.name},
                          f"added {'player' if saved.kind == 'pc' else 'storyteller'} character")
        self._remember(Undo("add", saved.slug, None, entry))
        return saved, entry

    def rename(self, character: Character, new_name: str) -> tuple[Character, LogEntry]:
        self._check()
        saved = self.store.rename_character(character, new_name)
        self._moved(character.slug, saved.slug)
        entry = self._log("edit", saved.name, {"field": "name", "before": character.name, "after": saved.name})
        self._remember(Undo("rename", saved.slug, None, entry, old_name=character.name))
        return saved, entry

    def remember(self, before: Character, saved: Character, entry: LogEntry) -> None:
        """Make a change saved and logged by the headless layer (an experience spend) undoable with ctrl+z."""
        self._remember(Undo("sheet", saved.slug, copy.deepcopy(before), entry, after=saved.to_toml()))

    def undo(self) -> tuple[Character | None, LogEntry, str]:
        """Reverse the last change: (the character now, or None if it was removed; the entry; a description)."""
        if not self.undo_stack:
            raise VtmError("nothing to undo")
        self._check()  # before the change is taken off the stack: a refused undo can be asked again
        record = self.undo_stack.pop()
        current = next((c for c in self.store.characters if c.slug == record.slug), None)
        change = dict(record.entry.change)
        reverse = {"field": change.get("field", ""), "before": change.get("after"), "after": change.get("before")}
        if ("span" in change or "spans" in change) and record.after is not None and record.before is not None:
            reverse = _whole_reverse(change, record.before, record.after)  # the entry holds only the changed span
        if current is None:
            raise VtmError("the character of the last change is gone (another process removed it); nothing undone")
        try:
            if record.what == "add":
                self.store.delete_character(current)
                entry = self._log("edit", current.name, reverse, "undo: character removed (kept in trash/)",
                                  ref=record.entry.id)
                return None, entry, f"Removed {current.name} again (the file is kept in trash/)"
            if record.what == "rename":
                saved = self.store.rename_character(current, record.old_name)
                self._moved(current.slug, saved.slug)
                entry = self._log("edit", saved.name, reverse, "undo", ref=record.entry.id)
                return saved, entry, f"Renamed back to {saved.name}"
            assert record.before is not None and record.after is not None
            restored = revert(current, record.before, record.after)
            undone = Edit(restored, record.entry.kind, reverse["field"], reverse["before"], reverse["after"])
            logged: list[LogEntry] = []

            def log_first(was: Character, now: Character) -> None:  # in the order of the saves (see apply)
                logged.append(self._log(record.entry.kind, now.name, as_saved(undone, current, was, now), "undo",
                                        ref=record.entry.id))

            saved = self._save(restored, before_write=log_first)
            entry = logged[0] if logged else self._log(record.entry.kind, saved.name,
                                                       as_saved(undone, current, current, saved), "undo",
                                                       ref=record.entry.id)
            reverse = dict(entry.change)
            if record.counted_in is not None:  # the spend undone no longer counts in its round
                from vtm_tui.play import turn_blood

                turn_blood.uncount(self.store, saved, record.entry, record.counted_in)
            return saved, entry, f"Undid {saved.name}: {reverse['field']} back to {_short(reverse['after'])}"
        except VtmError:
            self.undo_stack.append(record)
            raise

    # -- helpers ------------------------------------------------------------------------------
    def _save(self, character: Character,
              before_write: Callable[[Character, Character], None] | None = None) -> Character:
        try:
            return self.store.save_character(character, before_write=before_write)
        except ConflictError:
            self.store.reload()
            raise

    def _moved(self, old_slug: str, new_slug: str) -> None:
        """A rename moved the character's file: older undo records follow it."""
        self.undo_stack = [replace(r, slug=new_slug) if r.slug == old_slug else r for r in self.undo_stack]

    def _remember(self, record: Undo) -> None:
        self.undo_stack.append(record)
        del self.undo_stack[:-UNDO_DEPTH]


def as_saved(edit: Edit, before: Character, replaced: Character, saved: Character) -> dict[str, Any]:
    """The ``change`` to log for ``edit``: what its field went from and to on disk (``replaced`` → ``saved``).

    Another process's save merged in since this one read the sheet (six ``vtm-tui sheet … hunger +1`` at once)
    makes that differ from the edit's own before/after: blood 8 → 7 read, 6 → 5 what really happened. When the
    edit's field reads the same on both pairs of versions, the edit's own change is logged as it is; so it is
    when its field cannot be read back in the shape it is logged in (then nothing better is known)."""
    own = edit.change_between(before, edit.character)
    if own != edit.change:
        return edit.change
    merged = edit.change_between(replaced, saved)
    return edit.change if merged == own else merged


def seat_refusal(viewer: Viewer, character: Character, edit: Edit, options: Mapping[str, Any] | None = None) -> str:
    """Why ``viewer`` may not save ``edit`` ('' when they may): every field it changes (each value of a batch)
    passes the seat's one rights check, :func:`vtm_tui.play.visibility.refusal`, whatever key or verb made it."""
    for field in edit.fields:
        refused = refusal(viewer, character, field, options)
        if refused:
            return refused
    return ""


_MISSING = object()


def revert(current: Character, before: Character, after: Character | dict[str, Any]) -> Character:
    """``current`` with only what one change did taken back (a three-way revert of the documents).

    A change made since by someone else (the roll dialog's Hunger, another login) is kept; if it touched the
    very values this change set, the undo is refused rather than overwrite it.
    """
    after_doc = after if isinstance(after, dict) else after.to_toml()
    merged = _revert_doc(current.to_toml(), before.to_toml(), after_doc, "")
    restored = Character.from_toml(merged, where=f"undo of {current.name}", ruleset=current.ruleset)
    restored.slug = current.slug
    return restored


def _revert_doc(current: dict[str, Any], before: dict[str, Any], after: dict[str, Any], prefix: str) -> dict:
    result = copy.deepcopy(current)
    for key in {*before, *after}:
        old, new = before.get(key, _MISSING), after.get(key, _MISSING)
        if old == new:
            continue
        now = current.get(key, _MISSING)
        if isinstance(old, dict) and isinstance(new, dict) and isinstance(now, dict):
            result[key] = _revert_doc(now, old, new, f"{prefix}{key}.")
            continue
        if now != new:
            raise VtmError(f"{prefix}{key} changed again since (now {_short(now)}); the last change was not undone")
        if old is _MISSING:
            result.pop(key, None)
        else:
            result[key] = copy.deepcopy(old)
    return result


def _whole_reverse(change: dict[str, Any], before: Character, after: dict[str, Any]) -> dict[str, Any]:
    """The reverse of a change whose entry logged a long text as its changed span (:mod:`vtm_tui.model.text_change`):
    the whole texts, read from the two sheets the undo record keeps, so the undo's own entry is worked out from
    them like any other."""
    saved = Character.from_toml(after, where=f"undo of {before.name}", ruleset=before.ruleset)
    probe = Edit(saved, "edit", change.get("field", ""), change.get("before"), change.get("after"))
    return {"field": probe.field, "before": probe.values_on(saved), "after": probe.values_on(before)}


def _plain(change: dict[str, Any]) -> dict[str, Any]:
    """TOML cannot hold None: an absent before/after is written as ""."""
    return {key: ("" if value is None else value) for key, value in change.items()}


def _short(value: Any) -> str:
    if isinstance(value, dict):
        return ", ".join(f"{k} {v}" for k, v in value.items())
    return str(value)


def apply_edits(keeper: SheetKeeper, character: Character, makes: Sequence[Callable[[Character], Edit]], *,
                viewer: Viewer | None = None, options: Mapping[str, Any] | None = None
                ) -> list[tuple[Edit, Character, LogEntry]]:
    """Edits of one character in a row (``vtm-tui sheet … damage superficial 3``), each saved and logged as one
    press of its key is: (the edit, the sheet as saved, the entry) each.

    All of them are made on copies first, and a seat's rights (``viewer``) checked on each, so a refused one
    (a full track, a trait a player may not change) saves and logs none of them."""
    from vtm_tui.play import turn_blood  # the presses' blood together against a conflict turn's limit (V20)

    current, spent = character, 0
    for number, make in enumerate(makes, 1):
        try:
            edit = make(current)
            refused = seat_refusal(viewer, current, edit, options) if viewer is not None else ""
            if refused:
                raise VtmError(refused)
            spent += turn_blood.spent_by(current, edit)
            if number == len(makes) > 1:
                turn_blood.counted(keeper.store, character, spent)
        except VtmError as exc:
            if len(makes) == 1:
                raise
            # "Hunger is 5" alone read as if the first presses were saved: say which press and that none was.
            raise VtmError(f"{exc} (press {number} of {len(makes)}; nothing was saved)") from None
        current = edit.character
    done: list[tuple[Edit, Character, LogEntry]] = []
    current = character
    for make in makes:
        edit = make(current)
        current, entry = keeper.apply(current, edit)
        done.append((edit, current, entry))
    return done
