"""Turns in combat (docs/rules.md): no initiative roll, teams alternate.

The team that starts the fight goes first, the attacked team next, any others in
the storyteller's order. Teams take turns, each picking one member who has not
acted this round; a team with nobody left to act is skipped; the round ends when
everyone has acted and the next one starts again with the first team. A surprise
round lets only the surprising team act; round 1 follows.

:class:`TurnOrder` is immutable: each call returns the next state, so the
conflict tracker can store and undo it freely.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from vtm_tui.rules.errors import RulesError

#: The round number of a surprise round (the first ordinary round is 1).
SURPRISE_ROUND = 0


@dataclass(frozen=True)
class Team:
    name: str
    members: tuple[str, ...]


@dataclass(frozen=True)
class TurnOrder:
    """Whose turn it is. Build it with :meth:`start`."""

    teams: tuple[Team, ...]
    round: int = 1
    acted: frozenset[tuple[str, str]] = frozenset()  # (team, member) who acted this round
    turn: int = 0  # index of the team whose pick is next (may be out of members: see current_team)
    surprise: str | None = None  # the surprising team, during the surprise round only
    history: tuple[tuple[int, str, str], ...] = ()  # (round, team, member), oldest first

    @classmethod
    def start(
        cls, teams: Mapping[str, Iterable[str]] | Iterable[tuple[str, Iterable[str]]], *, surprise: str | None = None
    ) -> TurnOrder:
        """``teams`` in acting order (the team that starts the fight first); ``surprise`` names a team."""
        pairs = list(teams.items()) if isinstance(teams, Mapping) else list(teams)
        built: list[Team] = []
        for name, members in pairs:
            clean = " ".join(str(name).split())
            people = tuple(" ".join(str(m).split()) for m in members)
            if not clean:
                raise RulesError("a team needs a name")
            if any(t.name == clean for t in built):
                raise RulesError(f"team {clean!r} is listed twice")
            if len(set(people)) != len(people) or "" in people:
                raise RulesError(f"team {clean!r} has a blank or repeated member name")
            built.append(Team(clean, people))
        if len(built) < 2:
            raise RulesError("a fight needs at least two teams")
        order = cls(tuple(built))
        if surprise is not None:
            order._team(surprise)
            order = replace(order, round=SURPRISE_ROUND, surprise=surprise, turn=order._index(surprise))
        return order

    def _index(self, team: str) -> int:
        for i, t in enumerate(self.teams):
            if t.name == team:
                return i
        raise RulesError(f"no team {team!r} in this fight (teams: {', '.join(t.name for t in self.teams)})")

    def _team(self, team: str) -> Team:
        return self.teams[self._index(team)]

    def _eligible(self, index: int) -> bool:
        team = self.teams[index]
        if self.surprise is not None and team.name != self.surprise:
            return False
        return any((team.name, m) not in self.acted for m in team.members)

    def waiting(self, team: str) -> tuple[str, ...]:
        """Members of ``team`` who have not acted this round."""
        t = self._team(team)
        return tuple(m for m in t.members if (t.name, m) not in self.acted)

    @property
    def current_team(self) -> str:
        """The team that picks the next actor (teams without anyone waiting are skipped)."""
        count = len(self.teams)
        for step in range(count):
            index = (self.turn + step) % count
            if self._eligible(index):
                return self.teams[index].name
        raise RulesError("no one can act: every team is empty")  # only when all teams are empty

    @property
    def choices(self) -> tuple[str, ...]:
        """Who may act now: the current team's members still waiting."""
        return self.waiting(self.current_team)

    def act(self, member: str) -> TurnOrder:
        """``member`` of the current team takes their turn; returns the next state."""
        team = self.current_team
        name = " ".join(member.split())
        if name not in self._team(team).members:
            raise RulesError(f"{name!r} is not on team {team!r}, whose turn it is")
        if (team, name) in self.acted:
            raise RulesError(f"{name!r} has already acted in round {self.round}")
        acted = self.acted | {(team, name)}
        history = (*self.history, (self.round, team, name))
        nxt = replace(self, acted=acted, turn=(self._index(team) + 1) % len(self.teams), history=history)
        if not any(nxt._eligible(i) for i in range(len(self.teams))):
            return replace(nxt, round=self.round + 1, acted=frozenset(), turn=0, surprise=None)
        return nxt

    def remove(self, team: str, member: str) -> TurnOrder:
        """Take a fallen or fled member out of the fight."""
        t = self._team(team)
        if member not in t.members:
            raise RulesError(f"{member!r} is not on team {team!r}")
        kept = Team(t.name, tuple(m for m in t.members if m != member))
        teams = tuple(kept if x.name == team else x for x in self.teams)
        nxt = replace(self, teams=teams, acted=self.acted - {(team, member)})
        if any(x.members for x in teams) and not any(nxt._eligible(i) for i in range(len(teams))):
            return replace(nxt, round=self.round + 1, acted=frozenset(), turn=0, surprise=None)
        return nxt

    def add(self, team: str, member: str) -> TurnOrder:
        """A newcomer joins ``team`` (a new team is added last); they act from this round on."""
        name = " ".join(member.split())
        if not name:
            raise RulesError("a member needs a name")
        if any(x.name == team for x in self.teams):
            t = self._team(team)
            if name in t.members:
                raise RulesError(f"{name!r} is already on team {team!r}")
            teams = tuple(Team(x.name, (*x.members, name)) if x.name == team else x for x in self.teams)
        else:
            teams = (*self.teams, Team(team, (name,)))
        return replace(self, teams=teams)

    def to_dict(self) -> dict[str, Any]:
        """Plain data for the conflict file (TOML-ready)."""
        data: dict[str, Any] = {
            "teams": [{"name": t.name, "members": list(t.members)} for t in self.teams],
            "round": self.round,
            "turn": self.turn,
            "acted": [[team, member] for team, member in sorted(self.acted)],
            "history": [[r, team, member] for r, team, member in self.history],
        }
        if self.surprise is not None:
            data["surprise"] = self.surprise
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TurnOrder:
        """Read :meth:`to_dict`'s data back; teams and members are checked as in :meth:`start`."""
        try:
            base = cls.start([(t["name"], t["members"]) for t in data["teams"]])
            acted = frozenset((str(team), str(member)) for team, member in data.get("acted", ()))
            history = tuple((int(r), str(team), str(member)) for r, team, member in data.get("history", ()))
            order = replace(base, round=int(data.get("round", 1)), turn=int(data.get("turn", 0)) % len(base.teams),
                            acted=acted, surprise=data.get("surprise"), history=history)  # fmt: skip
        except (KeyError, TypeError, ValueError) as exc:
            if isinstance(exc, RulesError):
                raise
            raise RulesError(f"turn order data is incomplete or malformed: {exc}") from None
        for team, member in order.acted:
            if member not in order._team(team).members:
                raise RulesError(f"turn order: {member!r} acted but is not on team {team!r}")
        if order.surprise is not None:
            order._team(order.surprise)
        return order

    def summary(self) -> str:
        label = "surprise round" if self.round == SURPRISE_ROUND else f"round {self.round}"
        return f"{label}: {self.current_team} picks from {', '.join(self.choices)}"
