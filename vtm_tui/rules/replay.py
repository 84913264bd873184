"""Replaying one login's change to a track on top of another's, by the rule set's own moves.

Two logins may change one track at once (the storyteller marks Aggravated, the
player Superficial). Merging the file field by field could write a track that
holds more damage than it has boxes. Instead, the change one side made (from
the common *base* to *ours*) is read as the shortest sequence of the rule set's
moves (take one Superficial, heal one Aggravated, ...) and applied again to what
the other side saved (*theirs*): the result is what the rules give when the two
changes happen one after the other. Pure functions, no I/O; each rule set's
``seat`` module supplies its moves.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Hashable, Mapping
from typing import Any, TypeVar

S = TypeVar("S", bound=Hashable)
Move = Callable[[Any], Any]
#: A path into a sheet's document, e.g. ``("health", "superficial")``.
Path = tuple[str, ...]
_MISSING = object()


def shortest_moves(start: S, goal: S, moves: Mapping[str, Move], limit: int = 24) -> list[str] | None:
    """The names of the fewest ``moves`` that turn ``start`` into ``goal`` (None: not within ``limit``).

    A move returns the next state, or None (or the same state) when it does not apply."""
    if start == goal:
        return []
    seen = {start}
    queue: deque[tuple[S, list[str]]] = deque([(start, [])])
    while queue:
        state, path = queue.popleft()
        if len(path) >= limit:
            continue
        for name, move in moves.items():
            nxt = _try(move, state)
            if nxt is None or nxt in seen:
                continue
            if nxt == goal:
                return [*path, name]
            seen.add(nxt)
            queue.append((nxt, [*path, name]))
    return None


def all_shortest_moves(start: S, goal: S, moves: Mapping[str, Move], limit: int = 24,
                       most: int = 64) -> list[list[str]]:
    """Every sequence of the fewest ``moves`` from ``start`` to ``goal`` (at most ``most`` of them)."""
    if start == goal:
        return [[]]
    frontier: dict[S, list[list[str]]] = {start: [[]]}
    seen = {start}
    for _ in range(limit):
        nxt: dict[S, list[list[str]]] = {}
        for state, paths in frontier.items():
            for name, move in moves.items():
                after = _try(move, state)
                if after is None or after in seen:
                    continue
                nxt.setdefault(after, []).extend([*p, name] for p in paths)
        if goal in nxt:
            return nxt[goal][:most]
        if not nxt:
            return []
        seen.update(nxt)
        frontier = {state: paths[:most] for state, paths in nxt.items()}
    return []


def replay_change(base: S, ours: S, theirs: S, moves: Mapping[str, Move]) -> S | None:
    """``theirs`` with the change from ``base`` to ``ours`` made again by the rules' moves; None when no moves
    make that change, when they do not all apply to ``theirs``, or when the change can be read two ways that
    differ there (on a full V5 track, Superficial and Aggravated damage both turn a / into an X)."""
    results = {replay(theirs, path, moves) for path in all_shortest_moves(base, ours, moves)}
    if len(results) != 1:
        return None
    return results.pop()


def replay(state: S, path: list[str], moves: Mapping[str, Move]) -> S | None:
    """``state`` after the named moves (None when one of them does not apply there)."""
    for name in path:
        nxt = _try(moves[name], state)
        if nxt is None:
            return None
        state = nxt
    return state


def _try(move: Move, state: Any) -> Any:
    try:
        nxt = move(state)
    except (ValueError, ArithmeticError, LookupError):  # the rules' errors (RulesError is a ValueError)
        return None
    return None if nxt == state else nxt


def get_path(doc: Mapping[str, Any], path: Path) -> Any:
    """The value at ``path`` in a nested document, or a private MISSING marker."""
    value: Any = doc
    for key in path:
        if not isinstance(value, Mapping) or key not in value:
            return _MISSING
        value = value[key]
    return value


def missing(value: Any) -> bool:
    return value is _MISSING


def three_way(base: Any, ours: Any, theirs: Any) -> Any:
    """The value a plain three-way merge gives a key (ours if ours changed it, else theirs)."""
    return ours if ours != base else theirs


def counter(base: Any, ours: Any, theirs: Any, low: int = 0, high: int | None = None) -> int | None:
    """Both sides moved a count: theirs plus our change, or None when that leaves ``low..high``."""
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in (base, ours, theirs)):
        return None
    value = theirs + (ours - base)
    if value < low or (high is not None and value > high):
        return None
    return value


def changed_by_both(base: Any, ours: Any, theirs: Any) -> bool:
    return ours != base and theirs != base
