"""What a V20 player's seat may change without ``players_may_edit_traits``: the trackers, not the traits.

Health levels, Willpower points and the blood pool move in play; the Path (or
Humanity) rating, permanent Willpower, Virtues and every dotted trait are the
storyteller's.

:func:`reconcile` is what two logins changing one of those tracks at once
amounts to (see :mod:`vtm_tui.rules.replay`).
"""

from __future__ import annotations

from typing import Any

from vtm_tui.rules.replay import Path, changed_by_both, counter, get_path, replay_change, three_way

#: Sheet fields (as the sheet's edits name them) that are trackers.
TRACKER_FIELDS = ("health", "willpower_current", "blood")

#: The document's health table, worst first (the order HealthLevels keeps its boxes in).
_KINDS = ("aggravated", "lethal", "bashing")


def reconcile(base: dict[str, Any], ours: dict[str, Any], theirs: dict[str, Any]
              ) -> tuple[dict[Path, Any], list[str]]:
    """Tracks both logins changed: ``({path: value}, [refused track names])``.

    Health replays this side's change with the engine's health levels (damage to a full track upgrades the
    lightest box); Willpower points and blood add up, within 0 and permanent Willpower (the blood pool's
    maximum is the loader's to check)."""
    forced: dict[Path, Any] = {}
    refused: list[str] = []
    b, o, t = (_boxes(doc.get("health")) for doc in (base, ours, theirs))
    if b is not None and o is not None and t is not None and changed_by_both(b, o, t):
        result = _replay_health(b, o, t)
        if result is None:
            refused.append("health")
        else:
            for kind in _KINDS:
                forced[("health", kind)] = result.count(kind)
    permanent = three_way(*(get_path(doc, ("willpower", "permanent")) for doc in (base, ours, theirs)))
    for path, high in ((("willpower", "current"), permanent if isinstance(permanent, int) else None),
                       (("blood", "current"), None)):
        values = [get_path(doc, path) for doc in (base, ours, theirs)]
        if changed_by_both(*values):
            value = counter(*values, 0, high)
            if value is None:
                refused.append(".".join(path))
            else:
                forced[path] = value
    return forced, refused


def _boxes(table: Any) -> tuple[str, ...] | None:
    if not isinstance(table, dict):
        return None
    counts = [table.get(kind, 0) for kind in _KINDS]
    if not all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in counts) or sum(counts) > 7:
        return None
    return tuple(kind for kind, n in zip(_KINDS, counts) for _ in range(n))


def _replay_health(base: tuple[str, ...], ours: tuple[str, ...], theirs: tuple[str, ...]) -> tuple[str, ...] | None:
    from vtm_tui.rules.v20.health import HealthLevels

    def damage(kind: str):  # noqa: ANN202
        def apply(boxes: tuple[str, ...]) -> tuple[str, ...] | None:
            after = HealthLevels(boxes).damage(kind)
            return None if after.beyond is not None else after.boxes  # past the track: not a sheet's state
        return apply

    def heal(kind: str):  # noqa: ANN202
        return lambda boxes: HealthLevels(boxes).heal(1, kind).boxes

    moves = {f"{kind}": damage(kind) for kind in ("bashing", "lethal", "aggravated")}
    moves.update({f"heal {kind}": heal(kind) for kind in ("bashing", "lethal", "aggravated")})
    start, goal, other = (HealthLevels(x).boxes for x in (base, ours, theirs))  # sorted as the engine keeps them
    return replay_change(start, goal, other, moves)
