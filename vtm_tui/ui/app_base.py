"""The app as its screens and widgets see it: a typed ``self.app`` instead of ``getattr`` and ``type: ignore``.

Textual types every node's ``app`` as a plain ``App``; its documented remedy is ``app = getters.app(MyApp)``
on the node's class. The screens cannot import :class:`~vtm_tui.ui.app.VtmApp` itself (it imports them: a
cycle), so they name :class:`VtmAppBase`, which ``VtmApp`` builds on: it declares what the app shares with
every screen (the open chronicle, the dice, the clock, the seat) and what they may ask of it. :class:`VtmNode`
is the mixin that gives a screen or widget that typed ``app``. Every screen runs inside a ``VtmApp``, in the
app and in the tests (``tests/ui/ui_support.make_app``); a test that hosts a widget in an ``App`` of its own
subclasses ``VtmAppBase``.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from textual import events, getters
from textual.app import App

from vtm_tui.ui.key_hold import KeyHold

if TYPE_CHECKING:
    from collections.abc import Callable
    from contextlib import AbstractContextManager

    from vtm_tui.play.sessions import SessionEnded
    from vtm_tui.rules.dice import DiceSource
    from vtm_tui.store.chronicle_store import ChronicleStore
    from vtm_tui.ui.clock import Clock


class Seats(Protocol):
    """What a screen reads of the app's seat keeper (:class:`~vtm_tui.ui.seat_keeper.SeatKeeper`)."""

    @property
    def line(self) -> str:
        """Who is connected, in a line for the header."""
        ...


class VtmAppBase(App[None]):
    """What every screen and widget may ask of the app (``VtmApp`` sets and implements it).

    It also routes the terminal's keys and pastes through the one key hold (:mod:`vtm_tui.ui.key_hold`): handed
    over in order (a key a binding may take once what came before it has been taken), and held while a dialog
    pushed is being built, for that dialog once its focus has landed."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.key_hold = KeyHold(self, self._handle_event)

    async def on_event(self, event: events.Event) -> None:
        if not self.key_hold.holds(event):
            await super().on_event(event)

    async def _handle_event(self, event: events.Event) -> None:
        """Textual's own handling of an event the key hold handed back."""
        await super().on_event(event)

    def push_screen(self, screen: Any, *args: Any, **kwargs: Any) -> Any:
        self.key_hold.pushed(screen)
        return super().push_screen(screen, *args, **kwargs)

    def pop_screen(self) -> Any:
        popped = super().pop_screen()
        self.key_hold.screens_changed()
        return popped

    def switch_screen(self, screen: Any) -> Any:
        self.key_hold.pushed(screen)
        switched = super().switch_screen(screen)
        self.key_hold.screens_changed()
        return switched

    chronicle_store: ChronicleStore | None = None
    """The open chronicle (None on the picker)."""
    player: str | None = None
    """The player whose seat this is (None: the storyteller)."""
    start_path: Path | None = None
    """The chronicle named on the command line, if any."""
    dice: DiceSource
    clock: Clock
    seat_keeper: Seats

    if TYPE_CHECKING:  # defined by VtmApp (reactives and methods that need the whole app)
        chronicle_name: str
        ruleset: str
        session_number: int
        session_open: bool

        @property
        def campaigns_dir(self) -> Path: ...

        def open_chronicle(self, path: Path) -> bool: ...

        def set_store(self, store: ChronicleStore | None) -> None: ...

        def publish_chronicle(self) -> None: ...

        def roll_dialog_for(self, character: Any, kind: str = "test") -> Any: ...

        # The app-wide actions a screen or the command palette may run.
        def action_show(self, mode: str) -> None: ...

        def action_roll(self) -> None: ...

        def action_seats(self) -> None: ...

        def action_ledger(self) -> None: ...

        def action_note(self) -> None: ...

        def action_help(self) -> None: ...

        def action_start_session(self) -> None: ...

        def action_end_session(self) -> None: ...

        # The one question before a change opens the session after an ended one (ui/session_actions.py).
        def before_logging(self, then: Callable[[], object], *, kind: str = "") -> None: ...

        def ask_next_session(self, question: SessionEnded, retry: Callable[[], object], *,
                             said_later: Callable[[str], None] | None = None) -> None: ...

        def saying_a_started_session(self) -> AbstractContextManager[None]: ...


class VtmNode:
    """Mixed into a screen or widget (before Textual's class): ``self.app`` is typed as the vtm-tui app."""

    app = getters.app(VtmAppBase)
