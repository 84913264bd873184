"""Conflicts in progress, one per rule set, written into a copied chronicle before the app opens it.

Built with the headless tracker on given dice, so every snapshot and screenshot of the tracker shows the
same fight: who acted, who is hurt, a tally, a tie in V20's initiative, a surprise round in Ingenuity.
"""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

from tests.round_shims import v5_round, v20_round
from vtm_tui.conflict import roster, tallies, tracker
from vtm_tui.conflict.context import Change, Table
from vtm_tui.conflict.wounds import apply_damage
from vtm_tui.rules.dice import GivenFaces
from vtm_tui.rules.v5.turn_order import Group
from vtm_tui.store.chronicle_store import ChronicleStore, open_chronicle

NOW = datetime(2026, 11, 29, 21, 30, tzinfo=timezone.utc)
NO_DICE = GivenFaces([])


class _Scene:
    """Applies changes the way the screen does: sheets, log, conflict.toml."""

    def __init__(self, path: Path, title: str) -> None:
        self.store: ChronicleStore = open_chronicle(path)
        self.conflict = tracker.new_conflict(title)

    @property
    def table(self) -> Table:
        c = self.store.chronicle
        return Table.build(c.ruleset, max(1, c.current_session), NOW, c.options, self.store.characters)

    def __call__(self, change: Change) -> None:
        for character in change.characters:
            self.store.save_character(character)
        for entry in change.entries:
            self.store.log(entry)
        self.conflict = self.store.save_conflict(change.conflict)

    def join(self, *names: str) -> None:
        for name in names:
            self(roster.add_character(self.conflict, self.table, self.store.character(name)))


def v5_scene(path: Path) -> None:
    """Round 2 in Alfama: Vicente hit Inês, a ghoul fled, Rita works at a tally."""
    s = _Scene(path, "Alfama rooftops")
    s.join("Inês Valadares", "Vicente Lobo", "Rita Calado")
    s(roster.add_extras(s.conflict, s.table, "Ghoul", 2, pools={"general": 4, "attack": 5}, health=4))
    s(v5_round.declare(s.conflict, s.table, "Vicente Lobo", Group.NEW_CLOSE))
    s(v5_round.declare(s.conflict, s.table, "Rita Calado", Group.RANGED, "Firearms"))
    s(tracker.next_round(s.conflict, s.table, NO_DICE))
    for _ in range(5):
        s(tracker.next_turn(s.conflict, s.table, NO_DICE))
    s(apply_damage(s.conflict, s.table, "Inês Valadares", 6, "superficial", source="Vicente Lobo"))
    s(apply_damage(s.conflict, s.table, "Ghoul 2", 4, "superficial", source="Rita Calado"))
    s(roster.take_out(s.conflict, s.table, "Ghoul 1", "fled"))
    s(tallies.start_tally(s.conflict, s.table, "Jam the lift", "Rita Calado", 5))
    s(tallies.record(s.conflict, s.table, "Jam the lift", 2))
    s(tracker.next_turn(s.conflict, s.table, NO_DICE))


def v20_scene(path: Path) -> None:
    """Round 1 at the furnace: a tie in initiative, Edwin splitting his pool, the ghoul hurt."""
    s = _Scene(path, "The cold furnace")
    s.join("Edwin Hallam", "Margaret Thorne", "Silas Crane", "Lady Honoria Vell")
    s(roster.add_extras(s.conflict, s.table, "Ghoul", 1, pools={"general": 5, "attack": 6}))
    s(tracker.next_round(s.conflict, s.table, GivenFaces({"initiative": [5, 5, 5, 2, 3]})))
    s(v20_round.declare_multiple(s.conflict, s.table, "Edwin Hallam", 2))
    for _ in range(6):
        s(tracker.next_turn(s.conflict, s.table, NO_DICE))
    s(apply_damage(s.conflict, s.table, "Ghoul", 3, "lethal", source="Silas Crane"))
    s(tallies.start_tally(s.conflict, s.table, "Hold the gate", "Margaret Thorne", 6, "Lady Honoria Vell"))
    s(tallies.record(s.conflict, s.table, "Hold the gate", 3, 1))


def ingenuity_scene(path: Path) -> None:
    """The Drowned Man's surprise round is over; round 1, and Bram is hurt."""
    s = _Scene(path, "The sea wall")
    s.join("Bram Cole", "Sister Maud Fenwick", "Wren Alder", "The Drowned Man")
    s(roster.add_extras(s.conflict, s.table, "Wrecker", 2, pools={"general": 8}, side="opposition"))
    s(tracker.next_round(s.conflict, s.table, NO_DICE, surprise="opposition"))
    for _ in range(3):
        s(tracker.next_turn(s.conflict, s.table, NO_DICE))
    s(apply_damage(s.conflict, s.table, "Bram Cole", 7, "", "Health", source="The Drowned Man"))
    s(tracker.next_turn(s.conflict, s.table, NO_DICE))


SCENES = {"lisboa-nocturna": v5_scene, "the-iron-vigil": v20_scene, "lanterns-of-saltmarsh": ingenuity_scene}
