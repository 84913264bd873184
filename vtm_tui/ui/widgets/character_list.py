"""The coterie's roster: player characters first, then storyteller characters, filtered as one types.

Each row is the name with a few signs a storyteller scans for (Hunger, ⚠ impaired), spelled out so colour
is never needed. The list posts OptionList's own messages; the coterie screen turns a highlight into its
``selected_character``.
"""

from __future__ import annotations

from collections.abc import Callable

from typing import TYPE_CHECKING

from rich.text import Text
from textual.binding import Binding
from textual.content import Content
from textual.visual import Visual
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from vtm_tui.model.character import Character
from vtm_tui.rules.ruleset import ruleset_for

if TYPE_CHECKING:
    from rich.console import Console
    from textual.css.styles import RulesMap
    from textual.strip import Strip
    from textual.visual import RenderOptions
    from textual.style import Style


def matches(character: Character, needle: str) -> bool:
    """Case-insensitive match on name, player, concept and (V5/V20) clan."""
    if not needle:
        return True
    sheet = character.sheet
    haystack = " ".join([character.name, character.player, character.concept, getattr(sheet, "clan", "")])
    return all(word in haystack.casefold() for word in needle.casefold().split())


#: The highlighted row's sign (the list's highlight is a colour, which a plain terminal does not show).
CURSOR = "▶"


def row_text(character: Character, highlighted: bool = False) -> Text:
    text = Text(CURSOR if highlighted else " " * len(CURSOR), style="bold")
    text.append(character.name)
    rules = ruleset_for(character.ruleset)
    mark = rules.roster_mark(character.sheet)
    if mark:
        text.append(f" {mark}", style="dim")
    if rules.sheet_edits().impairments(character.sheet):
        text.append(" ⚠", style="bold")
    return text


class Row(Visual):
    """One row of the list, measured without being laid out.

    The option list measures every option's height when it is first drawn, to know where each one is: for
    a row given as text that meant wrapping all hundred names of a big chronicle (and converting each to
    Textual's ``Content``) before the first paint, where only the twenty on screen are drawn. A row that
    fits on one line is one line high; only a row too wide for the list, or one that is drawn, is converted,
    and then drawn exactly as the text would be.
    """

    def __init__(self, text: Text, console: Console | None = None) -> None:
        self.text = text
        self.console = console
        self._content: Content | None = None
        self._cells = text.cell_len if "\n" not in text.plain else None  # None: measured by the content

    def __str__(self) -> str:
        return self.text.plain

    @property
    def content(self) -> Content:
        """The row as Textual's own text (converted once, when first needed)."""
        if self._content is None:
            self._content = Content.from_rich_text(self.text, console=self.console)
        return self._content

    def render_strips(self, width: int, height: int | None, style: Style, options: RenderOptions) -> list[Strip]:
        return self.content.render_strips(width, height, style, options)

    def get_optimal_width(self, rules: RulesMap, container_width: int) -> int:
        if self._cells is None:
            return self.content.get_optimal_width(rules, container_width)
        return self._cells + rules.get("line_pad", 0) * 2

    def get_height(self, rules: RulesMap, width: int) -> int:
        if self._cells is not None and self._cells + rules.get("line_pad", 0) * 2 <= width:
            return 1
        return self.content.get_height(rules, width)


class CharacterList(OptionList):
    """Characters by group; option ids are the characters' slugs."""

    HELP_TITLE = "Character list"
    BINDINGS = [
        Binding("j", "cursor_down", "Next character", show=False, id="list.down"),
        Binding("k", "cursor_up", "Previous character", show=False, id="list.up"),
        Binding("right", "to_sheet", "To the sheet", show=False, id="list.to_sheet"),
    ]

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.shown: list[Character] = []
        #: Called at once with the character a move highlights: the screen's selection must follow before the
        #: next key of a burst (``j j d``) is handled, not when the queued OptionHighlighted message is.
        self.follow: Callable[[Character], None] | None = None
        self._showing = False

    def show(self, characters: list[Character], needle: str = "", keep: str | None = None) -> None:
        """Show the characters that match ``needle``, keeping ``keep`` (a slug) highlighted if still there."""
        self._showing = True
        try:
            self._show(characters, needle, keep)
        finally:
            self._showing = False

    def _show(self, characters: list[Character], needle: str, keep: str | None) -> None:
        self.shown = [c for c in characters if matches(c, needle)]
        options: list[Option] = []
        pcs = [c for c in self.shown if c.kind == "pc"]
        spcs = [c for c in self.shown if c.kind != "pc"]
        for title, group in (("Players", pcs), ("Storyteller", spcs)):
            if not group:
                continue
            options.append(Option(self._row(Text(title, style="bold underline")), disabled=True))
            options.extend(Option(self._row(row_text(c)), id=c.slug or c.name) for c in group)
        if not options:
            options.append(Option(self._row(Text("no character matches" if needle else
                                                 "no characters yet (a adds one)", style="italic")), disabled=True))
        self.set_options(options)
        target = keep if keep and any((c.slug or c.name) == keep for c in self.shown) else None
        if target is None and self.shown:
            target = pcs[0].slug if pcs else spcs[0].slug
        if target:
            self.highlighted = self.get_option_index(target)
            self._mark(self.highlighted, True)

    def watch_highlighted(self, old: int | None, new: int | None) -> None:
        """Move the ``▶`` with the highlight."""
        super().watch_highlighted(new)
        self._mark(old, False)
        self._mark(new, True)
        character = self.character_at(new) if new is not None and new < self.option_count else None
        if character is not None and self.follow is not None and not self._showing:
            self.follow(character)

    def _mark(self, index: int | None, on: bool) -> None:
        character = self.character_at(index) if index is not None and index < self.option_count else None
        if character is not None:
            self.replace_option_prompt_at_index(index, self._row(row_text(character, on)))

    def _row(self, text: Text) -> Row:
        return Row(text, self.app.console if self.is_attached else None)

    def character_at(self, index: int | None) -> Character | None:
        if index is None:
            return None
        option = self.get_option_at_index(index)
        for character in self.shown:
            if (character.slug or character.name) == option.id:
                return character
        return None

    def action_to_sheet(self) -> None:
        self.screen.focus_next()
