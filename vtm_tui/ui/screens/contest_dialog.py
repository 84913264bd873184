"""``c`` on the tracker: a contest between two participants, rolled and resolved in one dialog.

The pools are typed as a storyteller says them and previewed live from the
sheets with penalties applied (impairment, wound penalties, split actions);
ctrl+r (or Enter in a field) rolls both sides with the app's dice, and the
dialog shows both rolls, the margin and the damage dealt — already saved and
logged by the screen's ``resolve`` callback. Roll again after a tie; Esc closes.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Input, Label, Select, Static

from vtm_tui.conflict.contest import ContestSpec, both_strike_default, default_kind
from vtm_tui.conflict.context import Change
from vtm_tui.errors import VtmError
from vtm_tui.rules.ruleset import ruleset_for
from vtm_tui.ui.dialog import VtmDialog
from vtm_tui.ui.widgets.mark_checkbox import MarkCheckbox as Checkbox

Preview = Callable[[str, str, bool], str]
#: name → (attack pool, defence pool) the dialog fills in when that participant is chosen
Defaults = dict[str, tuple[str, str]]
Resolve = Callable[[ContestSpec], Change]


class ContestDialog(VtmDialog[Change | None]):
    """Answers the last contest's change (None if nothing was rolled)."""

    HELP_TITLE = "Contest"
    BINDINGS = [
        Binding("ctrl+r", "roll", "Roll both", priority=True, id="contest.roll"),
        Binding("escape", "close", "Close", id="contest.close"),
        Binding("enter", "roll", "Roll both", show=False, id="contest.enter"),  # from a tick box or a list
    ]
    DEFAULT_CSS = """
    ContestDialog > Vertical { width: 78; max-height: 100%; }
    ContestDialog Horizontal { height: 1; }
    ContestDialog #contest-sides { height: auto; margin-bottom: 1; }
    ContestDialog .half { width: 1fr; height: auto; padding-right: 1; }
    ContestDialog Label { width: auto; padding: 0 1 0 0; }
    ContestDialog Input { border: none; height: 1; background: $panel; width: 1fr; padding: 0 1; }
    ContestDialog Input:focus { background: $boost; }
    ContestDialog Input.-small { width: 5; }
    ContestDialog Select { width: 1fr; }
    ContestDialog Checkbox, ContestDialog Checkbox:focus { border: none; height: 1; padding: 0; width: auto;
        margin-right: 2; }
    ContestDialog .preview { color: $text-muted; height: 1; text-wrap: nowrap; text-overflow: ellipsis; }
    ContestDialog #contest-result { height: auto; margin-top: 1; border-top: solid $secondary; }
    ContestDialog #contest-result.-error { color: $warning; text-style: bold; }
    ContestDialog #contest-hint { color: $text-muted; }
    """

    def __init__(self, ruleset: str, names: list[str], attacker: str, defender: str, preview: Preview,
                 resolve: Resolve, defaults: Defaults | None = None) -> None:
        super().__init__()
        self.defaults = defaults or {}
        self.ruleset = ruleset
        self.names = names
        self.attacker = attacker
        self.defender = defender
        self.preview = preview
        self.resolve = resolve
        self.last: Change | None = None

    def compose(self) -> ComposeResult:
        options = [(Text(n), n) for n in self.names]  # names: text, not markup
        rules = ruleset_for(self.ruleset)
        with Vertical() as box:
            box.border_title = "Contest"
            with Horizontal(id="contest-sides"):
                with Vertical(classes="half"):
                    yield Select(options, value=self.attacker, allow_blank=False, compact=True, id="contest-attacker")
                    yield Input(self._default(self.attacker, 0), id="contest-attack", compact=True)
                    yield Static("", id="attack-preview", markup=False, classes="preview")
                with Vertical(classes="half"):
                    yield Select(options, value=self.defender, allow_blank=False, compact=True, id="contest-defender")
                    yield Input(self._default(self.defender, 1), id="contest-defence", compact=True)
                    yield Static("", id="defence-preview", markup=False, classes="preview")
            with Horizontal():
                yield Label("Weapon:")
                yield Input("0", id="contest-weapon", classes="-small", restrict=r"\d*", max_length=2, compact=True)
                yield Label(" Defender's:")
                yield Input("0", id="contest-defender-weapon", classes="-small", restrict=r"\d*", max_length=2,
                            compact=True)
                yield Label(f" {rules.contest_damage_label}:")
                kinds = [(k, k) for k in rules.damage_kinds]
                kind = default_kind(self.ruleset, self._default(self.attacker, 0))
                yield Select(kinds, value=kind, allow_blank=False, compact=True, id="contest-kind")
            with Horizontal():
                both = both_strike_default(self.ruleset, self._default(self.defender, 1))
                yield Checkbox("Both strike (close combat)", both, id="contest-both")
                yield Checkbox("Apply damage", True, id="contest-apply")
                choices = rules.conflict_round().contest_choices()
                if "difficulty" in choices:
                    yield Label("Difficulty:")
                    yield Input("6", id="contest-difficulty", classes="-small", restrict=r"\d*", max_length=2,
                                compact=True)
                if "willpower" in choices:
                    yield Checkbox("Willpower", False, id="contest-willpower")
            yield Static("", id="contest-result", markup=False)
            yield Static("ctrl+r or Enter: roll both · Tab: next field · Esc: close", id="contest-hint")

    def on_mount(self) -> None:
        self.query_one("#contest-attack", Input).focus()
        self._preview()

    # -- live preview ---------------------------------------------------------------------------
    def _preview(self) -> None:
        for who, pool, target, attacking in (("#contest-attacker", "#contest-attack", "#attack-preview", True),
                                             ("#contest-defender", "#contest-defence", "#defence-preview", False)):
            name = self.query_one(who, Select).value
            text = self.query_one(pool, Input).value
            self.query_one(target, Static).update(self.preview(str(name), text, attacking))

    def on_input_changed(self, event: Input.Changed) -> None:
        """A new pool brings its defaults: a dodge strikes no blow back, a V20 punch is bashing."""
        if event.input.id == "contest-attack":
            self.query_one("#contest-kind", Select).value = default_kind(self.ruleset, event.value)
        elif event.input.id == "contest-defence":
            self.query_one("#contest-both", Checkbox).value = both_strike_default(self.ruleset, event.value)
        if event.input.id in ("contest-attack", "contest-defence"):
            self._preview()

    def _default(self, name: str, which: int) -> str:
        rules = ruleset_for(self.ruleset)
        fallback = (rules.default_attack_pool, rules.default_defence_pool)[which]
        return self.defaults.get(name, (fallback, fallback))[which] if name in self.defaults else fallback

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id in ("contest-attacker", "contest-defender"):
            which = 0 if event.select.id == "contest-attacker" else 1
            pool = self.query_one("#contest-attack" if which == 0 else "#contest-defence", Input)
            wanted = self._default(str(event.value), which)
            if pool.value != wanted:
                pool.value = wanted
            self._preview()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_roll()

    # -- rolling --------------------------------------------------------------------------------
    def spec(self) -> ContestSpec:
        value = lambda wid: self.query_one(wid, Input).value.strip()  # noqa: E731
        choices = ruleset_for(self.ruleset).conflict_round().contest_choices()
        track = "health"
        if "willpower" in choices and self.query_one("#contest-willpower", Checkbox).value:
            track = "willpower"
        difficulty = int(value("#contest-difficulty") or "6") if "difficulty" in choices else 6
        return ContestSpec(
            attacker=str(self.query_one("#contest-attacker", Select).value),
            defender=str(self.query_one("#contest-defender", Select).value),
            attack=value("#contest-attack"), defence=value("#contest-defence"),
            weapon=int(value("#contest-weapon") or "0"),
            defender_weapon=int(value("#contest-defender-weapon") or "0"),
            kind=str(self.query_one("#contest-kind", Select).value), track=track,
            both_strike=self.query_one("#contest-both", Checkbox).value, difficulty=difficulty,
            apply=self.query_one("#contest-apply", Checkbox).value)

    def action_roll(self) -> None:
        result = self.query_one("#contest-result", Static)
        try:
            change = self.resolve(self.spec())
        except VtmError as exc:
            result.add_class("-error")
            result.update(str(exc))
            return
        result.remove_class("-error")
        self.last = change
        result.update("\n".join((*change.details, change.message)))
        self._preview()

    def action_close(self) -> None:
        self.dismiss(self.last)
