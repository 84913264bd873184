"""The footer: the keys that work here, app-wide keys first, drawn as one line by one widget.

Textual's Footer lists the focused widget's keys first and cuts whatever does not fit at the right, which at
80 columns hid ``q Quit``; this one orders the same active bindings app → screen → widget.

It is one widget, not one ``FooterKey`` widget per key as Textual's is: every screen switch made Textual's
footer compose, style and lay out a dozen new widgets, which was half the 180 ms a return to a built screen
took (the budget for showing the log is 100 ms). Here a change of bindings recomputes a short tuple and
repaints one line, and only when the keys shown actually changed.
"""

from __future__ import annotations

from typing import NamedTuple

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.strip import Strip
from textual.widget import Widget


class FooterEntry(NamedTuple):
    """One key as the footer shows it (a named tuple, not a frozen dataclass: defining one of those took
    3 M instructions more of every start)."""

    key: str
    display: str
    description: str
    enabled: bool
    group: str = ""
    """The description of the key's group (``1 2 3 Screens``), used when the line is too narrow."""


class VtmFooter(Widget, can_focus=False):
    """One line of keys: app-wide first, then this screen's, the command palette at the right."""

    ALLOW_SELECT = False
    COMPONENT_CLASSES = {"vtm-footer--key", "vtm-footer--description", "vtm-footer--disabled",
                         "vtm-footer--separator"}
    DEFAULT_CSS = """
    VtmFooter {
        dock: bottom;
        height: 1;
        color: $footer-foreground;
        background: $footer-background;
    }
    VtmFooter > .vtm-footer--key {
        color: $footer-key-foreground;
        background: $footer-key-background;
        text-style: bold;
    }
    VtmFooter > .vtm-footer--description {
        color: $footer-description-foreground;
        background: $footer-description-background;
    }
    VtmFooter > .vtm-footer--disabled { text-style: dim; }
    VtmFooter > .vtm-footer--separator { color: $foreground 20%; }
    """

    def __init__(self) -> None:
        super().__init__()
        self.entries: tuple[FooterEntry, ...] = ()
        self.palette: FooterEntry | None = None
        self._spans: list[tuple[int, int, FooterEntry]] = []
        self._strip: tuple[int, Strip] | None = None

    # -- which keys -------------------------------------------------------------------------------

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self.bindings_changed)
        self.call_after_refresh(self.bindings_changed, self.screen)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def bindings_changed(self, screen: object) -> None:
        """Recompute the keys; repaint only if what is shown changed."""
        if not self.is_attached or screen is not self.screen:
            return
        entries, palette = self._active_entries()
        if (entries, palette) != (self.entries, self.palette):
            self.entries, self.palette = entries, palette
            self._strip = None
            self.refresh()

    def _active_entries(self) -> tuple[tuple[FooterEntry, ...], FooterEntry | None]:
        app = self.app
        active = self.screen.active_bindings
        shown = [(node, binding, enabled) for (node, binding, enabled, _tooltip) in active.values() if binding.show]
        shown.sort(key=lambda item: 0 if item[0] is app else 1)  # stable: each group keeps its order
        seen: set[str] = set()
        entries = []
        for _node, binding, enabled in shown:
            if binding.action in seen:
                continue
            seen.add(binding.action)
            group = binding.group.description if binding.group is not None else ""
            entries.append(FooterEntry(binding.key, app.get_key_display(binding), binding.description, enabled,
                                       group))
        palette = None
        found = active.get(app.COMMAND_PALETTE_BINDING)
        if app.ENABLE_COMMAND_PALETTE and found is not None:
            _node, binding, enabled, _tooltip = found
            palette = FooterEntry(binding.key, app.get_key_display(binding), binding.description, enabled)
        return tuple(entries), palette

    # -- drawing ----------------------------------------------------------------------------------

    def notify_style_update(self) -> None:
        """A theme or class change: draw the line again with the new styles."""
        self._strip = None
        super().notify_style_update()

    def _style(self, name: str) -> Style:
        return self.get_component_rich_style(name, partial=True)

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        base = self.rich_style
        if y != 0:
            return Strip.blank(width, base)
        if self._strip is None or self._strip[0] != width:
            self._strip = (width, self._build(width, base))
        return self._strip[1]

    def _build(self, width: int, base: Style) -> Strip:
        styles = {
            "key": base + self._style("vtm-footer--key"),
            "description": base + self._style("vtm-footer--description"),
            "disabled": self._style("vtm-footer--disabled"),
            "base": base,
        }
        palette = self.palette
        if palette is not None and width - _cells(_single(palette)) - 1 < 40:  # narrow: this screen's keys first
            palette = None
        room = width - (_cells(_single(palette)) + 1 if palette is not None else 0)
        items = _items(self.entries, collapse=False)
        if _line_cells(items) > room:  # too narrow: grouped keys share one description (1 2 3 Screens)
            items = _items(self.entries, collapse=True)
        limit = room if _line_cells(items) <= room else room - 2  # room for " …" when keys are left out
        segments: list[Segment] = []
        spans: list[tuple[int, int, FooterEntry]] = []
        x = 0
        for item in items:
            gap = 1 if segments else 0
            if x + gap + _cells(item) > limit:  # whole keys only; the app-wide keys come first, so they stay
                segments.append(Segment(" …", styles["description"]))
                x += 2
                break
            if gap:
                segments.append(Segment(" ", base))
                x += 1
            x = _draw(item, x, styles, segments, spans)
        strip = Strip(segments, x).extend_cell_length(room, base)
        if palette is not None:
            right: list[Segment] = [Segment("▏", base + self._style("vtm-footer--separator"))]
            _draw(_single(palette), room + 1, styles, right, spans)
            strip = Strip([*strip, *right], width)
        self._spans = spans
        return strip.crop(0, width)

    # -- the mouse is welcome, never needed -------------------------------------------------------

    def on_mouse_down(self, event: events.MouseDown) -> None:
        for start, stop, entry in self._spans:
            if start <= event.x < stop:
                if entry.enabled:
                    self.app.simulate_key(entry.key)
                else:
                    self.app.bell()
                return



class _Item(NamedTuple):
    """What the footer draws as one unit: a key and its description, or a group's keys and its name."""

    entries: tuple[FooterEntry, ...]
    label: str


def _single(entry: FooterEntry) -> _Item:
    return _Item((entry,), entry.description)


def _items(entries: tuple[FooterEntry, ...], *, collapse: bool) -> list[_Item]:
    items: list[_Item] = []
    for entry in entries:
        if collapse and entry.group and items and items[-1].entries[-1].group == entry.group:
            items[-1] = _Item((*items[-1].entries, entry), entry.group)
        else:
            items.append(_single(entry))
    return items


def _cells(item: _Item) -> int:
    """Cells the item takes: ``d Damage`` or ``1 2 3 Screens``."""
    keys = sum(cell_len(entry.display) for entry in item.entries) + len(item.entries) - 1
    return keys + (1 + cell_len(item.label) if item.label else 0)


def _line_cells(items: list[_Item]) -> int:
    return sum(_cells(item) for item in items) + max(0, len(items) - 1)


def _draw(item: _Item, x: int, styles: dict[str, Style], segments: list[Segment],
          spans: list[tuple[int, int, FooterEntry]]) -> int:
    """Append the item's segments at ``x``, each key's clickable span; returns the x after it."""
    enabled = any(entry.enabled for entry in item.entries)
    for number, entry in enumerate(item.entries):
        if number:
            segments.append(Segment(" ", styles["base"]))
            x += 1
        extra = Style() if entry.enabled else styles["disabled"]
        segments.append(Segment(entry.display, styles["key"] + extra))
        width = cell_len(entry.display) + (1 + cell_len(item.label) if len(item.entries) == 1 and item.label else 0)
        spans.append((x, x + width, entry))
        x += cell_len(entry.display)
    if item.label:
        extra = Style() if enabled else styles["disabled"]
        segments.append(Segment(" " + item.label, styles["description"] + extra))
        x += 1 + cell_len(item.label)
    return x
