"""Statistics of what the log shows: counts per outcome next to the exact expected counts, successes, Hunger.

The numbers come from :func:`vtm_tui.review.stats.roll_stats` (headless); this
screen draws them: a bar per outcome with its count and the expected count from
the engines' exact odds, a sparkline of successes per roll, and one sparkline of
Hunger per character. ``c`` steps through the characters (all, then each).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Static

from vtm_tui.model.log_entry import LogEntry
from vtm_tui.review.stats import RollStats, bar, roll_stats, spark
from vtm_tui.rules.base import RULESETS
from vtm_tui.rules.ruleset import ruleset_for
from vtm_tui.ui.dialog import VtmDialog

BAR_WIDTH = 22
SPARK_WIDTH = 48


def outcome_table(stats: RollStats) -> Table:
    """Outcome · count · expected (exact) · bar, one row each.

    The bar comes last: drawn before the count, the longest bar (a font's wider block glyphs, a terminal
    that draws them double) ran over the very number it stood for.
    """
    table = Table.grid(padding=(0, 1))
    table.add_column(no_wrap=True)
    table.add_column(justify="right", no_wrap=True)
    table.add_column(justify="right", no_wrap=True)
    table.add_column(no_wrap=True, width=BAR_WIDTH, overflow="crop")
    table.add_row(Text("outcome", "bold"), Text("count", "bold"), Text("expected", "bold"), Text("", "bold"))
    most = max([o.count for o in stats.outcomes] + [o.expected for o in stats.outcomes] + [1])
    for outcome in stats.outcomes:
        shown = Text(bar(outcome.count, most, BAR_WIDTH), "bold")
        table.add_row(Text(outcome.name), str(outcome.count), f"{outcome.expected:.1f}", shown)
    return table


class LogStats(VtmDialog[None]):
    """Statistics for a session (or all shown), for everyone or one character."""

    HELP_TITLE = "Statistics"
    DEFAULT_CSS = """
    LogStats > Vertical {
        width: 90;
        max-height: 100%;
        border: round $secondary;
    }
    LogStats #stats-title { text-style: bold; height: 1; }
    LogStats #stats-scroll { height: auto; max-height: 18; }
    LogStats .stats-heading { text-style: bold; height: 1; margin-top: 1; }
    LogStats #stats-sentence { margin-top: 1; height: auto; }
    LogStats #successes, LogStats #hunger-rows { height: auto; }
    LogStats #stats-hint { color: $text-muted; height: 1; }
    """
    BINDINGS = [
        Binding("escape,q", "dismiss", "Close", id="stats.close"),
        Binding("c", "next_actor", "Next character", id="stats.character"),
        Binding("C", "all_actors", "Everyone", show=False, id="stats.everyone"),
    ]

    def __init__(self, entries: Sequence[LogEntry], *, scope: str, actor: str | None = None,
                 options: dict[str, Any] | None = None) -> None:
        super().__init__()
        self.entries = list(entries)
        self.scope = scope
        self.options = options or {}
        self.actors = list(dict.fromkeys(e.actor for e in self.entries if e.actor and e.is_roll and e.result))
        self.actor = actor if actor in self.actors else None
        self.stats = self._compute()

    def _compute(self) -> RollStats:
        label = self.actor or self.scope
        return roll_stats(self.entries, label=label, actor=self.actor, options=self.options)

    @property
    def ruleset(self) -> str | None:
        """The rule set the entries were rolled under; None when there are none (nothing is assumed)."""
        return self.entries[0].ruleset if self.entries else None

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("", id="stats-title", markup=False)
            with VerticalScroll(id="stats-scroll"):
                yield Static("", id="stats-table")
                yield Static("", id="stats-sentence", markup=False)
                yield Static("", classes="stats-heading", id="successes-heading", markup=False)
                yield Static("", id="successes", markup=False)
                yield Static("Hunger, oldest first (0–5)", classes="stats-heading", id="hunger-heading")
                yield Static("", id="hunger-rows", markup=False)
            yield Static("c next character · C everyone · Esc close", id="stats-hint")

    def on_mount(self) -> None:
        self.query_one("#stats-scroll").focus()
        self._show()

    def _show(self) -> None:
        stats = self.stats
        who = self.actor or "everyone"
        self.query_one("#stats-title", Static).update(f"Statistics — {self.scope} · {who}")
        if not stats.rolls:
            self.query_one("#stats-table", Static).update(Text("No rolls here yet.", "italic"))
        else:
            self.query_one("#stats-table", Static).update(outcome_table(stats))
        headline = ruleset_for(self.ruleset).headline_result if self.ruleset in RULESETS else ""
        sentence = stats.sentence(headline) if stats.rolls and headline else ""
        if stats.rolls and stats.with_odds < stats.rolls:
            sentence += f"\n({stats.rolls - stats.with_odds} rolls without known odds are left out of the expected counts)"
        self.query_one("#stats-sentence", Static).update(sentence)
        mean = stats.mean_successes
        rules = ruleset_for(self.ruleset) if self.ruleset in RULESETS else None  # None: no entries yet
        word = rules.logged_rolls().tally_heading() if rules is not None else "successes per roll"
        heading = word.capitalize() + (f" (mean {mean:.1f} over {len(stats.successes)} rolls, oldest first)"
                                       if mean is not None else ": none")
        self.query_one("#successes-heading", Static).update(heading)
        top = max(stats.successes, default=0)
        self.query_one("#successes", Static).update(
            spark(stats.successes, top, SPARK_WIDTH) + (f"  max {top}" if stats.successes else ""))
        hunger = {name: values for name, values in stats.hunger.items() if values}
        self.query_one("#hunger-heading").display = bool(hunger)
        sparks = {name: spark(values, 5, SPARK_WIDTH) for name, values in hunger.items()}
        room = max((len(line) for line in sparks.values()), default=0)
        lines = [f"{name[:18]:<18} {sparks[name]:<{room}}  {values[0]}→{values[-1]}, highest {max(values)}"
                 for name, values in hunger.items()]
        self.query_one("#hunger-rows", Static).update("\n".join(lines))

    def action_next_actor(self) -> None:
        if not self.actors:
            return
        index = self.actors.index(self.actor) + 1 if self.actor in self.actors else 0
        self.actor = self.actors[index] if index < len(self.actors) else None
        self.stats = self._compute()
        self._show()

    def action_all_actors(self) -> None:
        self.actor = None
        self.stats = self._compute()
        self._show()
