"""Export a session recap from the log screen: format, session, file (default ``<chronicle>/exports/``).

The recap itself is the one ``vtm-tui log --export`` writes
(:mod:`vtm_tui.store.log_recap`): the same words from the app and the command
line. The dialog only gathers the three choices, checks them, writes the file
atomically and returns its path (None when cancelled).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Checkbox, Input, RadioSet, Static

from vtm_tui.errors import VtmError
from vtm_tui.play.recap import RECAP_FORMATS
from vtm_tui.ui.dialog import VtmDialog
from vtm_tui.ui.widgets.mark_checkbox import MarkCheckbox, MarkRadioButton

EXTENSIONS = RECAP_FORMATS  # the recap formats and their extensions, one table for both doors


@dataclass(frozen=True)
class ExportRequest:
    """What to write, where."""

    session: int
    format: str  # "markdown" or "json"
    path: Path
    hide_secret: bool = False


def default_path(chronicle_dir: Path, session: int, fmt: str) -> Path:
    """``<chronicle>/exports/session-0003.md`` (``.json``)."""
    return Path(chronicle_dir) / "exports" / f"session-{session:04d}{EXTENSIONS[fmt]}"


def recap_text(chronicle_dir: Path, request: ExportRequest) -> str:
    """The recap as ``vtm-tui log --export`` would print it (for the players: through the visibility rule)."""
    from vtm_tui.play.recap import session_recap

    return session_recap(chronicle_dir, request.session, request.format, hide_secret=request.hide_secret,
                         recover=False).text


def write_recap(chronicle_dir: Path, request: ExportRequest) -> Path:
    """Write the recap (atomically; the folder is made if needed); returns the path written."""
    from vtm_tui.store.toml_io import atomic_write_text

    text = recap_text(chronicle_dir, request)
    path = request.path if request.path.is_absolute() else Path(chronicle_dir) / request.path
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise VtmError(f"file: cannot make the folder {path.parent} ({exc.strerror or exc})") from None
    atomic_write_text(path, text)
    return path


class ExportDialog(VtmDialog[Path | None]):
    """Format, session and file; Enter (or the button) writes."""

    HELP_TITLE = "Export"
    DEFAULT_CSS = """
    ExportDialog > Vertical {
        width: 76;
        border: round $secondary;
    }
    ExportDialog #export-title { text-style: bold; height: 1; }
    ExportDialog .export-row { height: auto; }
    ExportDialog .export-label { width: 10; height: 1; padding-top: 0; }
    ExportDialog RadioSet, ExportDialog RadioSet:focus { border: none; height: 1; width: auto; layout: horizontal; }
    ExportDialog RadioSet:focus { background-tint: $primary 20%; }
    ExportDialog Input, ExportDialog Input:focus { border: none; height: 1; width: 1fr; padding: 0 1; background: $panel; }
    ExportDialog Checkbox, ExportDialog Checkbox:focus { border: none; height: 1; padding: 0; }
    ExportDialog #export-error { color: $error; height: auto; }
    ExportDialog #export-buttons { height: 1; align-horizontal: right; }
    ExportDialog Button { margin-left: 1; }
    """
    BINDINGS = [
        Binding("escape", "cancel", "Cancel", id="export.cancel"),
        Binding("ctrl+s", "export", "Export", id="export.write"),
        Binding("enter", "export", "Export", show=False, id="export.enter"),  # Enter on the tick box exports
    ]

    def __init__(self, chronicle_dir: Path, session: int, sessions: list[int]) -> None:
        super().__init__()
        self.chronicle_dir = Path(chronicle_dir)
        self.session = session
        self.sessions = sessions
        self.format = "markdown"
        self._auto_path = str(default_path(self.chronicle_dir, session, self.format))

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("Export a session recap", id="export-title")
            with Horizontal(classes="export-row"):
                yield Static("Format", classes="export-label")
                with RadioSet(id="export-format"):
                    yield MarkRadioButton("Markdown", value=True, id="markdown")
                    yield MarkRadioButton("JSON", id="json")
            with Horizontal(classes="export-row"):
                yield Static("Session", classes="export-label")
                yield Input(str(self.session), id="export-session", type="integer")
            with Horizontal(classes="export-row"):
                yield Static("File", classes="export-label")
                yield Input(self._auto_path, id="export-path")
            yield MarkCheckbox("For the players (hides every secret)", id="export-hide")
            yield Static("", id="export-error", markup=False)
            with Horizontal(id="export-buttons"):
                yield Button("Export (ctrl+s)", id="export-go", variant="primary", compact=True)
                yield Button("Cancel", id="export-cancel", compact=True)

    def on_mount(self) -> None:
        self.query_one("#export-format", RadioSet).focus()

    def on_radio_set_changed(self, event: RadioSet.Changed) -> None:
        self.format = event.pressed.id or "markdown"
        self._refresh_default()

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id == "export-session":
            self._refresh_default()

    def _refresh_default(self) -> None:
        """Keep the file name in step with the format and session unless the storyteller typed one."""
        path_input = self.query_one("#export-path", Input)
        if path_input.value != self._auto_path:
            if self.format == "json" and path_input.value.endswith(".md"):
                path_input.value = path_input.value[:-3] + ".json"
            elif self.format == "markdown" and path_input.value.endswith(".json"):
                path_input.value = path_input.value[:-5] + ".md"
            return
        try:
            session = int(self.query_one("#export-session", Input).value)
        except ValueError:
            return
        if session >= 1:
            self._auto_path = str(default_path(self.chronicle_dir, session, self.format))
            path_input.value = self._auto_path

    def request(self) -> ExportRequest:
        """The choices as typed, checked: a VtmError names the field that is wrong."""
        text = self.query_one("#export-session", Input).value.strip()
        try:
            session = int(text)
        except ValueError:
            raise VtmError(f"session: must be a session number, got {text!r}") from None
        if session not in self.sessions:
            known = ", ".join(map(str, self.sessions)) or "none yet"
            raise VtmError(f"session: there is no session {session} (the sessions are {known})")
        path_text = self.query_one("#export-path", Input).value.strip()
        if not path_text:
            raise VtmError("file: give a file to write the recap to")
        return ExportRequest(session, self.format, Path(path_text).expanduser(),
                             self.query_one("#export-hide", Checkbox).value)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_export()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "export-go":
            self.action_export()
        else:
            self.dismiss(None)

    def action_cancel(self) -> None:
        self.dismiss(None)

    def action_export(self) -> None:
        error = self.query_one("#export-error", Static)
        try:
            path = write_recap(self.chronicle_dir, self.request())
        except VtmError as exc:
            error.update(str(exc))
            return
        self.dismiss(path)
