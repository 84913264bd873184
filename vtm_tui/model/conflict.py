"""A conflict in progress: who takes part, on which side, whose turn it is.

Only the data and its TOML round trip live here (``conflict.toml``); the
conflict screen and the rule sets decide what a round means. ``state`` holds
per-round facts the screen keeps (who acted, who passed, declared actions),
``tallies`` the running totals of extended actions (V20's target number of
successes, rolled turn after turn).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from vtm_tui.model.chronicle import SCHEMA_VERSION
from vtm_tui.model.validation import Reader, merge_extra


@dataclass
class Participant:
    """A character (or an unnamed extra such as "Thug 2") in the conflict."""

    name: str
    side: str = ""  # team / side label: "coterie", "Sabbat pack"...
    order: int = 0  # position in the round (0 first)
    initiative: int | None = None
    engaged: bool = False  # V5: already in close combat
    acted: bool = False
    out: bool = False  # left the fight, torpor, dead
    note: str = ""
    extra: dict[str, Any] = field(default_factory=dict)

    def to_toml(self) -> dict[str, Any]:
        doc: dict[str, Any] = {"name": self.name, "side": self.side, "order": self.order}
        if self.initiative is not None:
            doc["initiative"] = self.initiative
        for key in ("engaged", "acted", "out"):
            if getattr(self, key):
                doc[key] = True
        if self.note:
            doc["note"] = self.note
        return merge_extra(doc, self.extra)

    @classmethod
    def read(cls, r: Reader) -> Participant:
        return cls(name=r.str("name", None), side=r.str("side"), order=r.int("order", 0, 0, None),
                   initiative=r.opt_int("initiative"), engaged=r.bool("engaged"), acted=r.bool("acted"),
                   out=r.bool("out"), note=r.str("note"), extra=r.leftover())


@dataclass
class Tally:
    """An extended action's running total."""

    label: str
    actor: str = ""
    target: int = 1
    total: int = 0
    rolls: int = 0
    done: bool = False
    extra: dict[str, Any] = field(default_factory=dict)

    def to_toml(self) -> dict[str, Any]:
        doc = {"label": self.label, "actor": self.actor, "target": self.target, "total": self.total,
               "rolls": self.rolls, "done": self.done}
        return merge_extra(doc, self.extra)

    @classmethod
    def read(cls, t: Reader) -> Tally:
        return cls(t.str("label", None), t.str("actor"), t.int("target", 1, 1, None), t.int("total", 0, None),
                   t.int("rolls", 0, 0, None), t.bool("done"), t.leftover())


@dataclass
class Conflict:
    """The contents of ``conflict.toml``."""

    title: str = ""
    round: int = 1
    turn: int = 0  # index into the participants in order
    participants: list[Participant] = field(default_factory=list)
    state: dict[str, Any] = field(default_factory=dict)
    tallies: list[Tally] = field(default_factory=list)
    surprise: bool = False
    schema_version: int = SCHEMA_VERSION
    extra: dict[str, Any] = field(default_factory=dict)

    def ordered(self) -> list[Participant]:
        return sorted(self.participants, key=lambda p: p.order)

    def current(self) -> Participant | None:
        """Whose turn it is, or None when nobody takes part."""
        ordered = self.ordered()
        return ordered[self.turn] if 0 <= self.turn < len(ordered) else None

    def to_toml(self) -> dict[str, Any]:
        doc: dict[str, Any] = {"schema_version": self.schema_version, "title": self.title, "round": self.round,
                               "turn": self.turn, "surprise": self.surprise}
        if self.state:
            doc["state"] = self.state
        doc["participants"] = [p.to_toml() for p in self.participants]
        if self.tallies:
            doc["tallies"] = [t.to_toml() for t in self.tallies]
        return merge_extra(doc, self.extra)

    @classmethod
    def from_toml(cls, data: dict[str, Any], *, where: str, warnings: list[str] | None = None) -> Conflict:
        r = Reader(data, where, warnings=warnings)
        schema = r.int("schema_version", SCHEMA_VERSION, 0, None)
        participants = [Participant.read(p) for p in r.table_list("participants")]
        turn = r.int("turn", 0, 0, max(0, len(participants) - 1) if participants else 0)
        state = r.raw("state", {})
        if not isinstance(state, dict):
            raise r.error("state", "expected a table")
        tallies = [Tally.read(t) for t in r.table_list("tallies")]
        return cls(title=r.str("title"), round=r.int("round", 1, 1, None), turn=turn, participants=participants,
                   state=dict(state), tallies=tallies, surprise=r.bool("surprise"), schema_version=schema,
                   extra=r.leftover())
