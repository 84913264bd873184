"""The conflict tracker's keys that open a dialog or act on the highlighted row.

Mixed into :class:`~vtm_tui.ui.screens.conflict.ConflictScreen`, which provides
``conflict``, ``store``, ``table()``, ``dice``, ``selected``, ``run()``, ``apply()``
and ``say()``; kept apart so the screen's module holds the layout and the turns,
and this one the participants, damage, contests and tallies.
"""

from __future__ import annotations

from typing import Any

from vtm_tui.conflict import contest, roster, tallies, tracker
from vtm_tui.conflict.context import Change, ConflictError, Table
from vtm_tui.conflict.pools import read_pool
from vtm_tui.errors import VtmError
from vtm_tui.rules.ruleset import ruleset_for

#: One point of damage per key, lightest blow first: (kind, track) from the RuleSet's ``conflict_damage_marks``.
DAMAGE_KEYS = "dDx"


class ConflictDialogs:
    """Participants, damage, contests and tallies (see the module docstring for what the screen provides)."""

    conflict: Any
    store: Any
    selected: str | None
    dice: Any
    app: Any

    # -- participants ---------------------------------------------------------------------------
    def action_add(self) -> None:
        from vtm_tui.ui.screens.add_participant import AddParticipantDialog, AddRequest

        present = {p.name for p in self.conflict.participants}
        free = [c for c in self.store.characters if c.name not in present]

        def added(request: AddRequest | None) -> None:
            if request is None:
                return
            self.run(lambda t: self._add(t, request))

        self.app.push_screen(AddParticipantDialog(free, self.store.chronicle.ruleset), added)

    def _add(self, table: Table, request) -> Change:  # noqa: ANN001 - AddRequest
        change: Change | None = None
        conflict = self.conflict
        for name in request.characters:
            step = roster.add_character(conflict, table, self.store.character(name), request.side)
            change = step if change is None else change.then(step)
            conflict = step.conflict
        if request.extras_name:
            step = roster.add_extras(conflict, table, request.extras_name, request.extras_count,
                                     pools=request.pools or None, health=request.health,
                                     side=request.side or "opposition", vampire=request.vampire)
            change = step if change is None else change.then(step)
        if change is None:
            raise ConflictError("nothing to add")
        return change

    def action_take_out(self) -> None:
        name = self.selected
        if name is not None:
            self.run(lambda t: roster.take_out(self.conflict, t, name))

    def action_remove(self) -> None:
        name = self.selected
        if name is not None:
            self.run(lambda t: roster.remove(self.conflict, t, name))

    def action_side(self) -> None:
        from vtm_tui.ui.screens.conflict_prompt import PromptDialog

        name = self.selected
        if name is None:
            return
        current = roster.find(self.conflict, name).side

        def chosen(side: str | None) -> None:
            if side:
                self.run(lambda t: roster.set_side(self.conflict, t, name, side))

        self.app.push_screen(PromptDialog(f"{name}'s side", current, ", ".join(roster.sides(self.conflict))), chosen)

    def action_damage(self, key: str) -> None:
        from vtm_tui.conflict.wounds import apply_damage

        name = self.selected
        if name is None:
            return
        kind, track = ruleset_for(self.store.chronicle.ruleset).conflict_damage_marks[DAMAGE_KEYS.index(key)]
        self.run(lambda t: apply_damage(self.conflict, t, name, 1, kind, track, source="the storyteller"))

    def action_spend_blood(self) -> None:
        """One blood point for the highlighted vampire; past the generation's per-turn limit it warns."""
        from vtm_tui.conflict.blood import spend_blood

        name = self.selected
        if name is not None:
            self.run(lambda t: spend_blood(self.conflict, t, name))

    # -- contests and tallies -------------------------------------------------------------------
    def action_contest(self) -> None:
        from vtm_tui.conflict.contest import pool_defaults
        from vtm_tui.ui.screens.contest_dialog import ContestDialog

        names = [p.name for p in self.conflict.ordered()]
        if len(names) < 2:
            self.say("A contest needs two participants: a adds them.", error=True)
            return
        table = self.table(log=False)
        current = tracker.actor(self.conflict, table)
        attacker = current.name if current is not None else (self.selected or names[0])
        defender = self._default_defender(attacker)
        # After an ended session the question comes before the dialog, so nothing typed there waits on it.
        self.app.before_logging(lambda: self.app.push_screen(ContestDialog(
            table.ruleset, names, attacker, defender, self._preview, self._resolve_contest,
            pool_defaults(self.conflict, table))))

    def _default_defender(self, attacker: str) -> str:
        side = roster.find(self.conflict, attacker).side
        selected = self.selected
        if selected and selected != attacker and roster.find(self.conflict, selected).side != side:
            return selected
        others = [p.name for p in self.conflict.ordered() if p.name != attacker]
        enemies = [n for n in others if roster.find(self.conflict, n).side != side]
        return (enemies or others)[0]

    def _preview(self, name: str, text: str, attacking: bool) -> str:
        table = self.table(log=False)
        try:
            p = roster.find(self.conflict, name)
            split = table.conflict_round.split_penalty(self.conflict, name) if attacking else 0
            dice = read_pool(p, table, text, split=split)
        except VtmError as exc:
            return f"? {exc}"
        return table.conflict_round.pool_preview(dice)

    def _resolve_contest(self, spec: contest.ContestSpec) -> Change:
        self._confirm_end = False
        return self.apply(contest.resolve(self.conflict, self.table(), self.dice, spec))

    def action_new_tally(self) -> None:
        from vtm_tui.ui.screens.tally_dialog import TallyDialog

        names = [p.name for p in self.conflict.ordered()]
        if not names:
            self.say("Add participants first (a).", error=True)
            return

        def start(label: str, actor: str, target: int, opponent: str) -> Change:
            return self.apply(tallies.start_tally(self.conflict, self.table(), label, actor, target, opponent))

        self.app.before_logging(lambda: self.app.push_screen(TallyDialog(names, self.selected or names[0],
                                                                           start=start)))

    def action_roll_tally(self) -> None:
        from vtm_tui.ui.screens.tally_dialog import TallyDialog

        running = [t.label for t in self.conflict.tallies if not t.done]
        if not running:
            self.say("No extended action is running: t starts one.", error=True)
            return

        def roll(label: str, pool: str, opponent_pool: str, typed: int | None, typed_theirs: int) -> Change:
            table = self.table()
            if typed is not None:
                return self.apply(tallies.record(self.conflict, table, label, typed, typed_theirs,
                                                 comment=f"{label}: typed dice, {typed} against {typed_theirs}"))
            return self.apply(tallies.roll_tally(self.conflict, table, self.dice, label, pool, opponent_pool))

        names = [p.name for p in self.conflict.ordered()]
        self.app.before_logging(lambda: self.app.push_screen(TallyDialog(names, self.selected or names[0],
                                                                           running=running, roll=roll)))

    def action_title(self) -> None:
        from vtm_tui.ui.screens.conflict_prompt import PromptDialog

        def chosen(title: str | None) -> None:
            if title is not None:
                self.run(lambda t: tracker.set_title(self.conflict, t, title))

        self.app.push_screen(PromptDialog("Name the conflict", self.conflict.title), chosen)
