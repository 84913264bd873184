"""The Textual application shell: modes, app-wide keys, the open chronicle.

The app holds what every screen shares and nothing else:

- ``chronicle_store``: the open :class:`~vtm_tui.store.chronicle_store.ChronicleStore` (or None on the picker);
- ``dice``: the dice source (``SeededDice(--seed)`` or ``SystemDice()``, injectable for tests);
- ``clock``: a callable returning "now" (aware UTC), injectable so snapshots and logs are reproducible;
- reactive ``chronicle_name`` / ``ruleset`` / ``session_number`` that the header watches.

Screens are App *modes* (``picker``, ``coterie``, ``conflict``, ``log``), each built lazily the first time
it is shown so that start-up imports only what the first screen needs. Keys shared by every screen live
here: ``1`` ``2`` ``3`` ``4`` switch modes, ``r`` rolls for the selected character, ``?`` helps, ``q`` quits.
Every binding carries an id so ``keymap.toml`` can remap it (see :mod:`vtm_tui.ui.keymap`).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual.app import App
from textual.binding import Binding
from textual.reactive import Reactive, reactive
from textual.screen import Screen

from vtm_tui.errors import VtmError
from vtm_tui.store.paths import find_campaigns_dir, hide_root
from vtm_tui.ui.app_base import VtmAppBase
from vtm_tui.ui.css_cache import ParsedCss, css_cache_path
from vtm_tui.ui.seat_actions import SeatActions
from vtm_tui.ui.session_actions import SessionActions
from vtm_tui.ui.clock import Clock, system_clock
from vtm_tui.ui.fast_start import FastStart
from vtm_tui.ui.textual_compat import CrashGuard, install_css_cache, install_screen_text, textual_version
from vtm_tui.ui.theme import THEME_NAME, VTM_THEME

if TYPE_CHECKING:
    import argparse
    from textual.theme import Theme

    from vtm_tui.rules.dice import DiceSource
    from vtm_tui.store.chronicle_store import ChronicleStore

#: Modes that need an open chronicle.
CHRONICLE_MODES = ("coterie", "conflict", "log", "ledger")
#: Below this the layout is cramped; the app says so once instead of failing.
COMFORTABLE_SIZE = (80, 24)


def _picker() -> Screen:
    from vtm_tui.ui.screens.picker import PickerScreen

    return PickerScreen()


def _coterie() -> Screen:
    from vtm_tui.ui.screens.coterie import CoterieScreen

    return CoterieScreen()


def _conflict() -> Screen:
    from vtm_tui.ui.screens.conflict import ConflictScreen

    return ConflictScreen()


def _log() -> Screen:
    from vtm_tui.ui.screens.log import LogScreen

    return LogScreen()


def _ledger() -> Screen:
    from vtm_tui.ui.screens.ledger import LedgerScreen

    return LedgerScreen()


def _commands():
    from vtm_tui.ui.commands import VtmCommands

    return VtmCommands


def _player() -> Screen:
    from vtm_tui.ui.screens.player import PlayerScreen

    return PlayerScreen()


#: The mode keys share one description in a narrow footer (``1 2 3 4 Screens``).
SCREENS = Binding.Group("Screens")


class VtmApp(CrashGuard, FastStart, SessionActions, SeatActions, VtmAppBase):
    """The storyteller's app."""

    TITLE = "vtm-tui"
    # The app's styles (picker, coterie, problems), read at start. The other screens' are LATER_CSS: a
    # screen's own CSS_PATH made Textual re-parse the whole stylesheet and restyle every widget of every
    # open screen when it was first shown.
    CSS_PATH = ["app.tcss"]
    #: The other screens' styles, read once after the first paint (or before, when a second screen comes
    #: first): parsing them took 10-20 ms of the start. Their rules name only their own screens' widgets, so
    #: the screen already shown needs no restyle. A player's seat reads ``screens/player.tcss`` at start.
    LATER_CSS = ("screens/roll_dialog.tcss", "screens/conflict.tcss", "screens/player.tcss", "screens/ledger.tcss",
                 "screens/blood_dialog.tcss")
    PLAYER_CSS = "screens/player.tcss"
    MODES: dict[str, Callable[[], Screen]] = {
        "picker": _picker,
        "coterie": _coterie,
        "conflict": _conflict,
        "log": _log,
        "ledger": _ledger,
        "player": _player,
    }
    COMMANDS = App.COMMANDS | {_commands}
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (100, "-wide")]
    BINDINGS = [
        Binding("1", "show('coterie')", "Coterie", id="app.coterie", group=SCREENS),
        Binding("2", "show('conflict')", "Conflict", id="app.conflict", group=SCREENS),
        Binding("3", "show('log')", "Log", id="app.log", group=SCREENS),
        Binding("4", "ledger", "Ledger", id="app.ledger", group=SCREENS),
        Binding("r", "roll", "Roll", id="app.roll"),
        Binding("question_mark", "help", "Help", id="app.help", key_display="?"),
        Binding("q", "quit", "Quit", id="app.quit"),
        Binding("ctrl+p", "command_palette", "Commands", show=False, priority=True, id="app.command_palette"),
        Binding("o", "show('picker')", "Chronicles", show=False, id="app.picker"),
        # Hidden from the footer; the help lists it only where a chronicle is open (check_action).
        Binding("w", "seats", "Who is connected", show=False, id="app.seats"),
        Binding("ctrl+n", "note", "Note, scene or session title", show=False, id="app.note"),
    ]

    theme: Reactive[str] = Reactive(THEME_NAME)
    """Textual's theme, starting in ours: set later (``ctrl+p``) it restyles as usual, but set in ``__init__``
    its watcher re-parsed the whole stylesheet and restyled everything once more (15-35 ms of start-up)."""
    chronicle_name: reactive[str] = reactive("")
    """The open chronicle's name ("" on the picker)."""
    ruleset: reactive[str] = reactive("")
    """The open chronicle's rule set id ("" on the picker)."""
    session_number: reactive[int] = reactive(0)
    """The chronicle's current session (0: none started yet)."""
    session_open: reactive[bool] = reactive(False)

    def __init__(
        self,
        path: str | Path | None = None,
        campaigns: str | Path | None = None,
        dice: DiceSource | None = None,
        clock: Clock | None = None,
        player: str | None = None,
        *,
        keymap: dict[str, str] | None = None,
    ) -> None:
        super().__init__()
        install_screen_text()  # no escape in a name reaches the terminal, no title is markup (textual_compat)
        version = textual_version()
        self.css_cache = ParsedCss(css_cache_path(version), version)  # styles parsed at an earlier start
        install_css_cache(self.stylesheet, self.css_cache)
        self._roll_shelf: Any = None  # roll dialogs kept between rolls (roll_dialog_for)
        self.start_path = Path(path) if path is not None else None
        self.campaigns_arg = str(campaigns) if campaigns is not None else None
        if dice is None:
            from vtm_tui.rules.dice import SystemDice

            dice = SystemDice()
        self.dice: DiceSource = dice
        self.clock: Clock = clock or system_clock
        self.player = player
        self.chronicle_store: ChronicleStore | None = None
        self._keymap_override = keymap
        self._warned_small = False
        if player is not None:  # the first screen's styles are read at start
            self.css_path.append(Path(__file__).parent / self.PLAYER_CSS)
        self.register_theme(VTM_THEME)
        self.add_class(f"-theme-{THEME_NAME}", update=False)  # what Textual's theme watcher would add
        from vtm_tui.ui.seat_keeper import SeatKeeper

        self.seat_keeper = SeatKeeper(self, self._seats_changed)
        if player is not None:  # a player's palette is an allow-list: no other screens, chronicles or sessions
            from vtm_tui.ui.screens.player_palette import PlayerCommands

            self.COMMANDS = {PlayerCommands}

    @property
    def available_themes(self) -> dict[str, Theme]:
        """Textual's themes and ours, from the start: ``App.__init__`` reads the starting theme's colours
        (stylesheet variables, ANSI mapping) before this app's ``__init__`` can register it."""
        return {**super().available_themes, THEME_NAME: VTM_THEME}

    def get_theme(self, theme_name: str) -> Theme | None:
        """Ours at once: Textual asks for the current theme hundreds of times while it styles the first
        screen, and each ask copied every theme into a new dict (twice, with the property above)."""
        if theme_name == THEME_NAME:
            return VTM_THEME
        return super().get_theme(theme_name)

    # -- start-up ---------------------------------------------------------------------
    def on_mount(self) -> None:
        if self._keymap_override is not None:
            self.set_keymap(self._keymap_override)
        # After Textual's start-up batch, not inside it: a screen laid out inside the batch has its first
        # frame dropped, and the terminal waited for the next one (50-100 ms later).
        self.call_later(self._show_first_screen)
        notice = getattr(self, "start_notice", "")
        if notice:
            self.notify(notice, title="A copy of the example", timeout=20)

    def _show_first_screen(self) -> None:
        if self.start_path is not None:
            self.open_chronicle(self.start_path)
        else:
            self.switch_mode("picker")
        self.call_after_refresh(self._after_first_paint)

    def _after_first_paint(self) -> None:
        if self._keymap_override is None:
            self._load_keymap()  # the user's keymap file: after the first screen's paint, not the empty screen's
        super()._after_first_paint()
        self._take_seat()  # held back by set_store until now
        self.css_cache.save()  # the first screen's styles and the later ones (LATER_CSS), for the next start

    def _load_keymap(self) -> None:
        if self._keymap_override is not None:
            self.set_keymap(self._keymap_override)
            return
        from vtm_tui.ui.keymap import load_keymap

        keymap, problem = load_keymap()
        if keymap:
            self.set_keymap(keymap)
        if problem:
            self.notify(problem, title="Keymap", severity="warning", timeout=10)

    @property
    def campaigns_dir(self) -> Path:
        """The folder the picker lists (``--campaigns``, else the store's search order)."""
        return find_campaigns_dir(self.campaigns_arg)

    # -- the open chronicle -----------------------------------------------------------
    def open_chronicle(self, path: Path) -> bool:
        """Open a chronicle folder and show its coterie; a problem shows a message screen instead.

        Returns whether it opened. A broken file is never touched: the message names the file, line and
        column, and the storyteller can fix it and retry.
        """
        from vtm_tui.store.chronicle_store import open_chronicle

        try:
            store = open_chronicle(Path(path))
        except VtmError as exc:
            self._show_problem(Path(path), exc)
            return False
        except OSError as exc:
            self._show_problem(Path(path), exc)
            return False
        self.set_store(store)
        self.switch_mode("coterie" if self.player is None else "player")
        return True

    def set_store(self, store: ChronicleStore | None) -> None:
        """Make ``store`` the open chronicle: screens of the previous one are dropped."""
        if store is not None and self.player is not None:
            store.seat = self.player  # every entry this seat appends names it, within the seat's bound
        if store is not None and self.player is None:
            store.ask_before_next_session = True  # the storyteller is asked first (play/sessions.py)
        self.chronicle_store = store
        for mode in CHRONICLE_MODES:
            if self.mode_built(mode) and mode != self.current_mode:
                self.remove_mode(mode)
                self.add_mode(mode, self.MODES[mode])
        self.publish_chronicle()
        if self._painted:  # at start-up, after the first paint: writing the seat file, reading everyone's and
            self._take_seat()  # importing the seat module were 5 % of the start (docs/architecture.md)
        if store is not None and store.broken and self.player is None:  # a seat names no other sheet
            problems = "\n".join(store.broken.values())
            self.notify(f"{len(store.broken)} sheet(s) could not be read; the rest of the chronicle works:\n"
                        f"{problems}", title="Broken sheet", severity="error", timeout=30, markup=False)

    def on_unmount(self) -> None:
        self.seat_keeper.leave()
        self.css_cache.save()  # the styles of screens first shown since the first paint

    def notify(self, message: str, *, title: str = "", severity: Any = "information", timeout: float | None = None,
               markup: bool = False) -> None:
        """Every notification is plain text, whatever the caller asked: what it says often holds a name, a pool,
        a prompt or an error naming what someone typed, and markup in it would be run (``[@click=…]``) or crash
        the app (``[/oops]``). Screens' and widgets' ``notify`` come here too. On a seat, every message names
        files as the chronicle does, never where the server keeps them."""
        from vtm_tui.ui.seat_text import seat_text

        super().notify(seat_text(self, str(message)), title=title, severity=severity, timeout=timeout, markup=False)

    def publish_chronicle(self) -> None:
        """Copy the store's chronicle facts into the reactive attributes the header watches."""
        store = self.chronicle_store
        if store is None:
            self.chronicle_name, self.ruleset, self.session_number, self.session_open = "", "", 0, False
            return
        chronicle = store.chronicle
        self.chronicle_name = chronicle.name
        self.ruleset = chronicle.ruleset
        self.session_number = chronicle.current_session
        self.session_open = bool(getattr(chronicle, "session_open", False))

    def _show_problem(self, path: Path, error: BaseException) -> None:
        from vtm_tui.ui.screens.broken import ProblemScreen

        if self.player is not None:  # a player never reaches the picker (other chronicles), nor server paths
            self.exit(return_code=2, message=Text(f"vtm-tui: error: {hide_root(str(error), path)}"))
            return
        if self.current_mode != "picker":
            self.switch_mode("picker")
        self.push_screen(ProblemScreen(path, error))

    # -- app-wide actions -------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Chronicle keys are hidden on the picker, where no chronicle is open; a player's seat has no modes."""
        if self.player is not None and action == "show":
            return False
        if action == "show" and parameters and parameters[0] in CHRONICLE_MODES:
            return self.chronicle_store is not None
        if action in ("roll", "seats", "ledger"):
            return self.chronicle_store is not None
        if action == "note":  # the storyteller's: a seat reads notes in the log, never writes them
            return self.chronicle_store is not None and self.player is None
        if action == "show" and parameters == ("picker",):
            return self.current_mode != "picker"
        return True

    def action_show(self, mode: str) -> None:
        if mode in CHRONICLE_MODES and self.chronicle_store is None:
            self.notify("Open a chronicle first (Enter on the list).", severity="warning")
            return
        self.switch_mode(mode)

    def action_ledger(self) -> None:
        """``4``: the chronicle ledger; on a player's seat a read-only view over the seat (Esc closes it)."""
        if self.chronicle_store is None:
            return
        if self.player is None:
            self.switch_mode("ledger")
            return
        from vtm_tui.ui.screens.ledger import LedgerScreen

        if not isinstance(self.screen, LedgerScreen):
            self.push_screen(LedgerScreen(read_only=True))

    def action_roll(self) -> None:
        """Open the roll dialog for the selected character."""
        if self.chronicle_store is None:
            self.notify("Open a chronicle first.", severity="warning")
            return
        character = getattr(self.screen, "selected_character", None)
        self.push_screen(self.roll_dialog_for(character))

    def roll_dialog_for(self, character: Any, kind: str = "test") -> Any:
        """The roll dialog for ``character``: built once per character and kind, then opened again (a roll
        costs no compose; see RollDialogShelf)."""
        from vtm_tui.ui.screens.roll_dialog import RollDialog
        from vtm_tui.ui.screens.roll_shelf import RollDialogShelf

        if character is None:
            return RollDialog(None, kind=kind)
        if self._roll_shelf is None:
            self._roll_shelf = RollDialogShelf(self)
        return self._roll_shelf.open(character, kind)

    def action_help(self) -> None:
        from vtm_tui.ui.screens.help import HelpScreen

        if isinstance(self.screen, HelpScreen):
            return
        self.push_screen(HelpScreen.for_screen(self.screen))

    def on_character_changed(self, message: Any) -> None:
        """A sheet changed outside the coterie screen (the roll dialog): let the coterie reload it."""
        if self.mode_built("coterie"):  # the coterie screen stops it: it never comes back here
            self.get_screen_stack("coterie")[0].post_message(type(message)(message.character))

    # -- size ------------------------------------------------------------------------
    def on_resize(self, event: Any) -> None:
        width, height = event.size
        small = width < COMFORTABLE_SIZE[0] or height < COMFORTABLE_SIZE[1]
        if small and not self._warned_small:
            self._warned_small = True
            self.notify(
                f"The window is {width}×{height}; vtm-tui is laid out for at least 80×24.",
                title="Small window",
                severity="warning",
            )
        elif not small:
            self._warned_small = False


def run(args: argparse.Namespace) -> int:
    """Run the app for parsed command-line arguments; returns the exit status."""
    dice = None
    if getattr(args, "player", None) is not None and not args.path:
        raise VtmError("--player needs the chronicle's PATH (vtm-tui /srv/chronicle --player Ana)")
    if getattr(args, "seed", None) is not None:
        from vtm_tui.rules.dice import SeededDice

        dice = SeededDice(args.seed)
    path, campaigns = args.path, getattr(args, "campaigns", None)
    from vtm_tui.store.examples import redirect

    moved = redirect(path, campaigns)  # a checkout's example opens as a copy: the repository stays as shipped
    if moved is not None:
        print(f"vtm-tui: {moved.notice}", file=sys.stderr)
        path, campaigns = moved.path or path, moved.campaigns or campaigns
    app = VtmApp(path=path, campaigns=campaigns, dice=dice, player=getattr(args, "player", None))
    app.start_notice = moved.news if moved is not None else ""  # a toast only the first time: a copy made now
    app.run()
    return app.return_code or 0
