"""The one rule for which session an action is logged in, and what happens when none is open.

Every action that changes a chronicle is logged in a session. The command line
(``vtm-tui roll … --chronicle``, ``vtm-tui session … remorse``) and the app (the
roll dialog, sheet edits, the conflict screen, a player's seat) all ask
:func:`session_for_action`, so the answer never depends on where the action
came from:

1. **A session is open**: the action goes there.
2. **A Remorse test while no session is open**: it goes into the last session,
   the one whose end owed it (never into a next session it opened by itself).
3. **A player's seat, no session open**: refused. A player never opens a session;
   nothing is saved or logged, and the message says the storyteller starts one.
4. **The storyteller, no session yet**: the chronicle's first session starts now (acting is how a new
   chronicle begins), and the returned ``note`` says so ("the chronicle had none yet").
5. **The storyteller, the last session ended**: asked first. With ``may_start=False`` nothing opens and
   :class:`SessionEnded` is raised before anything is written: the app turns it into one question
   ("Session 3 has ended. Start session 4 for this change?") and, on yes, starts the session and makes the
   change again; on Esc nothing is written and the typed text stays where it was. With ``may_start=True``
   (the command line: a typed command is an explicit act) the next session starts now and the ``note``
   says why ("session 3 had ended"), for stderr. ``may_start`` left out follows the store's
   ``ask_before_next_session`` (the app sets it, so a path that forgot to ask refuses rather than starting
   a session unasked). An action is never appended after a session's end, and a storyteller is never left
   guessing where it went.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from vtm_tui.errors import VtmError

if TYPE_CHECKING:
    from vtm_tui.model.character import Character
    from vtm_tui.store.chronicle_store import ChronicleStore


def owed_at_end(ruleset: str, kind: str) -> bool:
    """Whether a roll of ``kind`` is owed at a session's end (V5 Remorse), as the rule set declares the kind: it is
    logged in that session even after it ended. Any other action (``kind`` empty, or not a roll) is not."""
    from vtm_tui.rules.ruleset import ruleset_for

    return bool(kind) and ruleset_for(ruleset).roll_kind(kind).owed_at_end


class NoSessionOpen(VtmError):
    """A player's action with no session open: nothing was saved or logged."""


class SessionEnded(VtmError):
    """The storyteller's change after session ``ended`` ended, not allowed to open the next: nothing was written.

    Its text is for a screen that cannot ask; :attr:`question` is what the app's dialog asks."""

    def __init__(self, ended: int) -> None:
        self.ended = ended
        self.next = ended + 1
        super().__init__(f"session {ended} has ended: nothing saved; start session {ended + 1} first "
                         "(ctrl+p, Start session), then make the change again")

    @property
    def question(self) -> str:
        return f"Session {self.ended} has ended. Start session {self.next} for this change?"


@dataclass(frozen=True)
class LoggingSession:
    """Where an action is logged: ``number``; ``started`` when this call opened it; ``note`` to show ('' if none)."""

    number: int
    started: bool = False
    note: str = ""


def started_note(number: int) -> str:
    """What to tell the storyteller when an action of theirs opened session ``number``."""
    why = "the chronicle had none yet" if number <= 1 else f"session {number - 1} had ended"
    return f"Session {number} started now ({why})"


def must_ask(store: ChronicleStore, *, player: bool = False, kind: str = "") -> SessionEnded | None:
    """The question a storyteller's change of ``kind`` needs before it is written (rule 5), else None.

    None for a player (refused later, never asked), an open session, a roll of a kind owed to the ended one,
    and a chronicle with no session yet (rule 4). Reads the disk first: another login may have started one."""
    if player:
        return None
    store.refresh_chronicle()
    chronicle = store.chronicle
    if chronicle.session_open or not chronicle.current_session or owed_at_end(chronicle.ruleset, kind):
        return None
    return SessionEnded(chronicle.current_session)


def check_may_log(store: ChronicleStore, *, kind: str = "", may_start: bool | None = None) -> None:
    """Raise :class:`SessionEnded` when :func:`session_for_action` would, without opening anything: for an
    action that writes before it logs (a sheet, the ledger), so a refused change leaves nothing written."""
    if may_start is None:
        may_start = not store.ask_before_next_session
    if not may_start and (question := must_ask(store, kind=kind)) is not None:
        raise question


def session_for_action(store: ChronicleStore, *, player: bool = False, kind: str = "",
                       now: datetime | None = None, may_start: bool | None = None) -> LoggingSession:
    """The session an action is logged in (see the module's rule); raises :class:`NoSessionOpen` for a player
    and :class:`SessionEnded` for the storyteller when the last session ended and ``may_start`` is false
    (left out: the store's ``ask_before_next_session`` says)."""
    store.refresh_chronicle()  # another login may have started or ended a session
    chronicle = store.chronicle
    if chronicle.session_open and chronicle.current_session:
        return LoggingSession(chronicle.current_session)
    if chronicle.current_session and owed_at_end(chronicle.ruleset, kind):
        number = chronicle.current_session
        return LoggingSession(number, note=f"Logged in session {number}, which ended owing it")
    if player:
        if chronicle.current_session:  # short: it fits a seat's status line at 80 columns
            raise NoSessionOpen(f"Session {chronicle.current_session} has ended: nothing saved until the "
                                "storyteller starts the next.")
        raise NoSessionOpen("No session yet: nothing saved until the storyteller starts one.")
    if may_start is None:
        may_start = not store.ask_before_next_session
    if chronicle.current_session and not may_start:
        raise SessionEnded(chronicle.current_session)
    number, started = store.logging_session(now)
    return LoggingSession(number, started, started_note(number) if started else "")


def free_botch_spent(store: ChronicleStore, *, kind: str = "") -> bool:
    """Whether the session an action of ``kind`` would be logged in already forgave a V20 botch (the free-botch
    house rule: one a session).

    The session is the one :func:`session_for_action` picks, found without opening one: the open session, or the
    ended one a Remorse test is owed to; any other action opens the next session (or is refused on a seat), whose
    free botch is still unspent. The app's roll dialog and ``vtm-tui roll v20 --chronicle`` both ask this, so a
    storyteller rolling after the session ended gets the same forgiveness from either.
    """
    from vtm_tui.store.session_log import read_session, session_path

    store.refresh_chronicle()
    chronicle = store.chronicle
    number = chronicle.current_session
    if not number or not (chronicle.session_open or owed_at_end(chronicle.ruleset, kind)):
        return False
    if not session_path(store.path, number).exists():
        return False
    try:
        log = read_session(store.path, number, recover=False)
    except (VtmError, OSError):
        return False
    return any(entry.roll.get("free_botch_consumed") is True for entry in log.entries)


def remorse_line(character: Character) -> str:
    """A Remorse test owed, as the session's end lists it (``vtm-tui session … end`` and the app's dialog):
    ``Inês Valadares: Humanity 7, 2 stains → Remorse with 1 die``."""
    sheet = character.sheet
    stains = f"{sheet.stains} stain{'s' if sheet.stains != 1 else ''}"
    extra = ", degenerating" if sheet.degenerating else ""
    return (f"{character.name}: Humanity {sheet.humanity}, {stains}{extra} → Remorse with "
            f"{sheet.remorse_dice} {'die' if sheet.remorse_dice == 1 else 'dice'}")
