"""``?``: every key that works here, grouped by where it is bound, with what it does.

Built from the live binding chain of the screen underneath (the focused widget, its containers, the screen,
the app), so it always matches the keymap in force, remapped keys included.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from vtm_tui.ui.dialog import VtmDialog


@dataclass(frozen=True)
class HelpSection:
    """The keys bound on one widget, screen or the app."""

    title: str
    keys: tuple[tuple[str, str], ...]  # (key as shown, description)


def help_title(node: object) -> str:
    """A widget's name in the help: its ``HELP_TITLE`` if it has one, else its class name."""
    return getattr(node, "HELP_TITLE", None) or type(node).__name__


def sections_for(screen: Screen) -> list[HelpSection]:
    """The help sections of ``screen``: focused widget first, the app last; a key listed once.

    Textual's public ``active_bindings`` already names, for each key, the binding a press would run and the
    node that holds it (keys hidden here by ``check_action`` are absent, disabled ones marked); the sections
    follow that node's place between the focused widget and the app."""
    app = screen.app
    nodes: list[object] = list((screen.focused or screen).ancestors_with_self)
    grouped: dict[int, dict[tuple[str, str], list[str]]] = {}
    for key, live in screen.active_bindings.items():
        binding = live.binding
        if not binding.description or not live.enabled or (binding.system and not binding.show):
            continue
        if live.node not in nodes:
            nodes.append(live.node)
        shown = grouped.setdefault(id(live.node), {}).setdefault((binding.action, binding.description), [])
        display = app.get_key_display(binding)
        if display not in shown:
            shown.append(display)
    sections: list[HelpSection] = []
    for node in nodes:
        found = grouped.get(id(node), {})
        rows = tuple((" ".join(keys), description) for (_action, description), keys in found.items())
        if rows:
            sections.append(HelpSection(help_title(node), rows))
    return sections


class HelpScreen(VtmDialog[None]):
    """A modal list of keys; Escape, q or ? closes it."""

    HELP_TITLE = "Help"
    BINDINGS = [
        Binding("escape", "dismiss", "Close", id="help.close"),
        Binding("q", "dismiss", "Close", show=False, id="help.close_q"),
        Binding("question_mark", "dismiss", "Close", show=False, id="help.close_help", key_display="?"),
    ]
    DEFAULT_CSS = """
    HelpScreen > VerticalScroll { width: 72; max-height: 90%; }
    """

    def __init__(self, sections: list[HelpSection], intro: str = "") -> None:
        super().__init__()
        self.sections = sections
        self.intro = intro

    @classmethod
    def for_screen(cls, screen: Screen) -> HelpScreen:
        intro = getattr(screen, "HELP_INTRO", "")
        return cls(sections_for(screen), intro)

    def compose(self) -> ComposeResult:
        with VerticalScroll() as scroll:
            scroll.border_title = "Keys — Esc closes"
            if self.intro:
                yield Static(Text(self.intro), classes="help-intro")
            yield Static(self._table(), id="help-keys")

    def _table(self) -> Table:
        table = Table.grid(padding=(0, 2))
        table.add_column(justify="right", style="bold", no_wrap=True)
        table.add_column()
        for index, section in enumerate(self.sections):
            if index:
                table.add_row("", "")
            table.add_row("", Text(section.title, style="bold underline"))
            for key, description in section.keys:
                table.add_row(Text(key), Text(description))  # keys come from keymap.toml: text, not markup
        return table
