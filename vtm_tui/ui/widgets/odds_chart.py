"""A small horizontal bar chart of each result's exact chance, with names and percentages as text.

The bars help the eye; the words and numbers carry the meaning (nothing by colour
alone). The chart only draws an :class:`~vtm_tui.play.odds_view.OddsView` it is
given (attributes down), so updating it while the storyteller types costs a render.
"""

from __future__ import annotations

from rich.text import Text
from textual.geometry import Size
from textual.reactive import reactive
from textual.widget import Widget

from vtm_tui.play.odds_view import OddsView, label

FULL = "█"
PARTIALS = " ▏▎▍▌▋▊▉"
EMPTY = "·"
LABEL_WIDTH = 16
PERCENT_WIDTH = 7
#: Winning results get the success style; the bars of the others stay plain.
WINNING = {"messy_critical", "critical_win", "win", "success", "pass"}
TROUBLE = {"bestial_failure", "botch", "messy_critical"}


def bar(fraction: float, width: int) -> str:
    """A bar of ``width`` cells filled to ``fraction`` in eighths, the rest dotted."""
    fraction = min(1.0, max(0.0, fraction))
    eighths = round(fraction * width * 8)
    full, part = divmod(eighths, 8)
    text = FULL * full + (PARTIALS[part] if part and full < width else "")
    return text + EMPTY * (width - len(text))


def percent(p: float) -> str:
    """``62.3%``, ``<0.1%`` for a chance that is there but tiny, ``0%`` for none."""
    if p <= 0:
        return "0%"
    if p < 0.0005:
        return "<0.1%"
    return f"{p:.1%}"


class OddsChart(Widget):
    """Each result on its own line: name, bar, percentage; then the chance to win and the expectation."""

    DEFAULT_CSS = """
    OddsChart { height: auto; padding: 0 1; }
    OddsChart > .odds-chart--win-bar { color: $accent; }
    OddsChart > .odds-chart--bar { color: $secondary-lighten-2; }
    OddsChart > .odds-chart--title { text-style: bold; }
    OddsChart > .odds-chart--trouble { text-style: bold; }
    """
    COMPONENT_CLASSES = {"odds-chart--win-bar", "odds-chart--bar", "odds-chart--title", "odds-chart--trouble"}

    view: reactive[OddsView | None] = reactive(None, layout=True)
    """The odds shown (None: nothing to show, e.g. while the pool does not resolve)."""
    title: reactive[str] = reactive("Exact odds")

    _layout_width = 0
    """The content width of the last layout: ``render`` never asks for ``self.size`` while the screen is
    being laid out (that looks the widget up in the screen's map, arranging the whole screen again)."""

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        self._layout_width = width
        return super().get_content_height(container, viewport, width)

    def render(self) -> Text:
        view = self.view
        text = Text()
        if view is None:
            text.append("Odds appear when the pool resolves.", style="italic")
            return text
        content_width = self._layout_width or self.outer_size.width - self.styles.gutter.width
        width = max(6, content_width - LABEL_WIDTH - PERCENT_WIDTH - 1)
        style = self.get_component_rich_style
        text.append(f"{self.title}: {view.summary()}", style=style("odds-chart--title"))
        for name, p in view.rows:
            text.append("\n")
            text.append(f"{label(name):<{LABEL_WIDTH}}", style=style("odds-chart--trouble") if name in TROUBLE else "")
            text.append(bar(p, width), style=style("odds-chart--win-bar" if name in WINNING else "odds-chart--bar"))
            text.append(f" {percent(p):>{PERCENT_WIDTH}}")
        return text

    def describe(self) -> str:
        """The chart as plain lines (tests and screen readers read this)."""
        view = self.view
        if view is None:
            return ""
        return "\n".join([view.summary()] + [f"{label(n)} {percent(p)}" for n, p in view.rows])
