"""Merging two logins' saves of one character sheet so the result is always a sheet the loader accepts.

The key-by-key merge (:mod:`vtm_tui.store.merge`) is right for names, notes and
traits, but not for a track: the storyteller's Aggravated box and the player's
Superficial one, merged field by field, gave ``superficial = 5, aggravated = 1``
on a five-box track, a file every seat then refused to open. So, before the
key-by-key merge, each track both sides changed is replaced by what the rule
set's own rules give when the two changes happen one after the other (theirs,
already on disk, then ours): :func:`vtm_tui.rules.seat.reconcile`. A track that
cannot be combined that way clashes like a field two people set. Finally the
merged document must load as a character; if it does not, nothing is written
and the save is refused with the loader's reason.
"""

from __future__ import annotations

import copy
from typing import Any

from vtm_tui.rules.seat import reconcile
from vtm_tui.store.merge import three_way_merge


def merge_sheet(base: dict[str, Any], ours: dict[str, Any], theirs: dict[str, Any], *,
                ruleset: str) -> tuple[dict[str, Any], list[str]]:
    """Like :func:`three_way_merge`, with tracks both sides changed replayed by ``ruleset``'s rules."""
    forced, refused = reconcile(ruleset, base, ours, theirs)
    if not forced:
        merged, clashes = three_way_merge(base, ours, theirs)
        return merged, _named(clashes, refused)
    base, ours = copy.deepcopy(base), copy.deepcopy(ours)
    for path, value in forced.items():
        _set(ours, path, value)
        _set(base, path, _get(theirs, path))  # as if theirs had been read first: only our change remains
    merged, clashes = three_way_merge(base, ours, theirs)
    return merged, _named(clashes, refused)


def _named(clashes: list[str], refused: list[str]) -> list[str]:
    """The clashes, a refused track named once (``health``, not also ``health.aggravated``)."""
    inner = [c for c in clashes if not any(c == r or c.startswith(r + ".") for r in refused)]
    return refused + inner


_MISSING = object()


def _get(doc: dict[str, Any], path: tuple[str, ...]) -> Any:
    value: Any = doc
    for key in path:
        if not isinstance(value, dict) or key not in value:
            return _MISSING
        value = value[key]
    return value


def _set(doc: dict[str, Any], path: tuple[str, ...], value: Any) -> None:
    for key in path[:-1]:
        inner = doc.get(key)
        if not isinstance(inner, dict):
            inner = doc[key] = {}
        doc = inner
    if value is _MISSING:
        doc.pop(path[-1], None)
    else:
        doc[path[-1]] = value
