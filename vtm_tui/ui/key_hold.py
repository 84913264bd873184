"""Keys and pastes from the terminal are handed over in order, a key a binding may take only once what came
before it has been taken, and those that arrive while a dialog is being built wait for it: each reaches the
dialog, in order, once it can take them.

Textual picks a key's target when the app takes it from its queue: the focused widget, else the screen. Two
things lost keys typed quickly (a burst over SSH, a loaded server):

- A plain binding runs only once its key has gone round the focused widget and its ancestors, so the keys
  typed right behind the one that opens a dialog (``G``) were already sent to the screen below: the reason
  typed behind ``G`` went to the coterie's list.
- A dialog just pushed has no focus until it is mounted and its ``focus()`` (deferred by Textual) has landed,
  so keys typed then went to the bare screen, which has no use for a letter: under load (20 seats opening their
  roll dialogs at once) a seat's first roll was lost. A paste went the same way, and a priority binding behind
  it (the notes editor's Esc) ran before the text area had taken the paste, so the paste was not saved.

:class:`KeyHold` is the one place that fixes both, for every dialog. The app asks it about each key and paste
(:meth:`KeyHold.holds`) and hands them back in order: a key a binding may take waits until the events before
it have gone round, and the events after it until it has (a callback passed along the focused widget's
ancestors, each run after what that node has queued); typed text and pastes follow each other at once. None
goes while a dialog pushed is not yet :meth:`ready` (:class:`~vtm_tui.ui.dialog.VtmDialog` says so once its focus
has landed). Public Textual API only: ``on_event``, ``call_later``, ``is_attached``, ``active_bindings``.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Awaitable, Callable
from typing import Any
from weakref import WeakSet

from textual import events
from textual.dom import DOMNode
from textual.screen import Screen

#: The most events held at once; beyond it the newest are dropped and the player is told how many (a flood, or
#: a screen that never became ready; not anything a person types while a dialog is built).
HOLD_LIMIT = 4096


class KeyHold:
    """The app's input in order: ``holds`` is asked for each key and paste, ``pushed``/``ready`` by screens."""

    def __init__(self, app: Any, deliver: Callable[[events.Event], Awaitable[None]]) -> None:
        self._app = app
        self._deliver = deliver  # the app's own handling of an event (Textual's App.on_event)
        self._held: deque[events.Event] = deque()
        self._dropped = 0  # events beyond HOLD_LIMIT, said once the others are handed over
        self._building: WeakSet[Screen[Any]] = WeakSet()
        self._turn = 0  # the release now due; a later one (a screen changed) makes an older one stop
        self._way: list[DOMNode] = []  # the last event handed over goes round these (empty: it has gone round)
        self._next = 0  # the node of the way to pass on to next
        self._last: DOMNode | None = None  # where the last plain event went, not yet known to have gone round

    def pushed(self, screen: object) -> None:
        """``screen`` is being pushed and will say when it is :meth:`ready`: input waits for it until then."""
        if isinstance(screen, Screen) and getattr(screen, "HOLDS_KEYS_UNTIL_READY", False):
            self._building.add(screen)

    def ready(self, screen: Screen[Any]) -> None:
        """``screen`` has its focus (or needs none): what was held for it is handed over."""
        self._building.discard(screen)
        self.screens_changed()

    def screens_changed(self) -> None:
        """A screen became ready, was popped or switched: held input goes on to the screen on top now (also
        when the widget that was taking the last event went away with its screen)."""
        self._way = []
        if self._held:
            self._schedule()

    @property
    def _waiting(self) -> bool:
        if any(not node.is_attached for node in self._way):
            self._way = []  # removed while the event went round: nothing more will come of it
        return bool(self._way) or self._app.screen in self._building

    def holds(self, event: events.Event) -> bool:
        """Whether ``event`` (a key or paste from the terminal) is kept here, to be handled in its turn."""
        if not isinstance(event, (events.Key, events.Paste)) or event.is_forwarded:
            return False
        was_waiting = self._waiting
        if len(self._held) >= HOLD_LIMIT:
            self._dropped += 1
            return True
        self._held.append(event)
        if not was_waiting:
            self._schedule()
        return True

    def _schedule(self) -> None:
        self._turn += 1
        self._app.call_later(self._release, self._turn)

    def _plain(self, event: events.Event) -> bool:
        """A paste, or a printable key no binding takes: only the focused widget has a use for it, so the next
        one may follow it at once (a flood of typed text is not drawn once per key)."""
        if isinstance(event, events.Paste):
            return True
        return isinstance(event, events.Key) and event.is_printable and event.key not in self._app.active_bindings

    async def _release(self, turn: int) -> None:
        """Hand the held events to the app in order. A key a binding may take waits until the events before it
        have gone round (a priority binding would read a text area before it took the paste ahead of it), and
        the events after it wait until it has (its binding may open a dialog, which they are for)."""
        if turn != self._turn:
            return  # a newer release took over
        self._way = []
        if self._dropped:
            dropped, self._dropped = self._dropped, 0
            self._app.notify(f"{dropped} key(s) typed while the screen was busy were not taken: type them again.",
                             title="Keys dropped", severity="warning")
        while self._held and not self._waiting:
            event = self._held[0]
            plain = self._plain(event)
            last = self._last
            if not plain and last is not None and last.is_attached:
                self._last = None
                self._go_round(last, turn)  # first, what went before it: then it, in its turn
                return
            self._held.popleft()
            target = self._app.focused or self._app.screen
            await self._deliver(event)
            self._last = target
            if not plain and target.is_attached:
                self._last = None
                self._go_round(target, turn)
                return

    def _go_round(self, target: DOMNode, turn: int) -> None:
        self._way = [node for node in target.ancestors_with_self if node is not self._app]
        self._next = 0
        self._pass_on(turn)

    def _pass_on(self, turn: int) -> None:
        """Run on each node of the event's way in turn, behind what that node has queued (the event, then its
        bubbling on to the next), and last on the app, where the next event is released."""
        if turn != self._turn or not self._way:
            return
        while self._next < len(self._way):
            node = self._way[self._next]
            self._next += 1
            if node.call_later(self._pass_on, turn):
                return
        self._app.call_later(self._release, turn)
