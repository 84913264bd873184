"""What a V5 player's seat may change without ``players_may_edit_traits``: the trackers, not the traits.

Health and Willpower damage, Hunger and stains move in play; Humanity, Blood
Potency and every dotted trait are the storyteller's (a stain is the player's to
mark, the Remorse test that may lower Humanity is a roll, not an edit).

:func:`reconcile` is what two logins changing one of those tracks at once
amounts to (see :mod:`vtm_tui.rules.replay`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from vtm_tui.rules.replay import Path, changed_by_both, counter, get_path, replay_change, three_way

#: Sheet fields (as the sheet's edits name them) that are trackers.
TRACKER_FIELDS = ("health", "willpower", "hunger", "stains")


def reconcile(base: dict[str, Any], ours: dict[str, Any], theirs: dict[str, Any]
              ) -> tuple[dict[Path, Any], list[str]]:
    """Tracks both logins changed: ``({path: value}, [refused track names])``.

    Health and Willpower replay this side's change with the engine's own damage and healing (Superficial
    on a full track turns a box Aggravated); Hunger and stains add up, within 0-5 and 0-10.
    """
    forced: dict[Path, Any] = {}
    refused: list[str] = []
    attributes = {name: three_way(get_path(base, ("attributes", name)), get_path(ours, ("attributes", name)),
                                  get_path(theirs, ("attributes", name)))
                  for name in ("Stamina", "Composure", "Resolve")}
    from vtm_tui.rules.catalogue.v5_trackers import doc_health_size

    sizes = {"health": doc_health_size({**ours, "attributes": {"Stamina": _int(attributes["Stamina"])}}),
             "willpower": _int(attributes["Composure"]) + _int(attributes["Resolve"])}
    for name, size in sizes.items():
        b, o, t = (_track(doc.get(name)) for doc in (base, ours, theirs))
        if b is None or o is None or t is None or not changed_by_both(b, o, t):
            continue
        result = _replay_track(b, o, t, size)
        if result is None:
            refused.append(name)
        else:
            forced[(name, "superficial")], forced[(name, "aggravated")] = result
    for name, high in (("hunger", 5), ("stains", 10)):
        b, o, t = base.get(name), ours.get(name), theirs.get(name)
        if changed_by_both(b, o, t):
            value = counter(b, o, t, 0, high)
            if value is None:
                refused.append(name)
            else:
                forced[(name,)] = value
    return forced, refused


def _int(value: Any, default: int = 1) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def _track(table: Any) -> tuple[int, int] | None:
    if not isinstance(table, dict):
        return None
    sup, agg = table.get("superficial", 0), table.get("aggravated", 0)
    if not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in (sup, agg)):
        return None
    return sup, agg


def _replay_track(base: tuple[int, int], ours: tuple[int, int], theirs: tuple[int, int],
                  size: int) -> tuple[int, int] | None:
    from vtm_tui.rules.v5.trackers import Tracker

    def fits(state: tuple[int, int]) -> bool:
        return sum(state) <= size

    if size < 1 or not (fits(base) and fits(ours) and fits(theirs)):
        return None

    def move(step: Callable[[Tracker], Tracker]) -> Callable[[tuple[int, int]], tuple[int, int]]:
        def apply(state: tuple[int, int]) -> tuple[int, int]:
            after = step(Tracker(size, *state))
            return after.superficial, after.aggravated
        return apply

    moves = {
        "superficial": move(lambda t: t.take_superficial(1)),
        "aggravated": move(lambda t: t.take_aggravated(1)),
        "heal superficial": move(lambda t: t.heal_superficial(1)),
        "heal aggravated": move(lambda t: t.heal_aggravated(1)),
    }
    return replay_change(base, ours, theirs, moves)
