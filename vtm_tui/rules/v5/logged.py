"""V5's reading of a logged roll (the ``logged`` facet, :mod:`vtm_tui.rules.logged`).

- Tests, tracker rolls, Frenzy and Remorse: :func:`~vtm_tui.rules.v5.exact_odds.odds` for the logged pool,
  Hunger and Difficulty.
- Checks and Rouse checks: one d10, 6+ passes (two dice keep the better: 3/4).
- A Willpower re-roll: the chance of each result *given the dice before the re-roll*, by judging every way the
  re-rolled dice can land (at most 10³).
- A roll skipped by an automatic win had that result for certain.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from vtm_tui.rules.logged import Odds, d10_dice, int_field

_ODDS_KINDS = ("test", "tracker", "frenzy", "remorse")


#: Results that change the story, shown first on a log line (see :class:`~vtm_tui.rules.logged.LoggedRolls`).
alarming_results = frozenset({"messy_critical", "bestial_failure", "total_failure"})
#: Results a log line shows as a win.
winning_results = frozenset({"win", "critical_win", "messy_critical", "pass"})


def odds(roll: Mapping[str, Any], options: Mapping[str, Any], free_botch_available: bool) -> Odds | None:
    kind = roll.get("kind", "test")
    if roll.get("automatic"):
        return {str(roll["result"]): 1.0}  # certain; a word even in a damaged log
    if kind in ("check", "rouse"):
        faces = roll.get("faces") or [0]
        fail = 0.5 ** len(faces)
        return {"pass": 1.0 - fail, "fail": fail}
    if kind not in _ODDS_KINDS:
        return None
    if roll.get("rerolled") and isinstance(roll.get("before"), dict) and isinstance(roll.get("reroll"), dict):
        before = roll["before"]
        indices = _rerolled_indices(before.get("faces"), roll["reroll"].get("indices", ()))
        if indices is None:
            return None
        return dict(_reroll_table(tuple(before["faces"]), tuple(before.get("hunger_faces", ())),
                                  int_field(before, "difficulty"), before.get("kind", "test"), indices))
    return dict(_odds(int_field(roll, "pool", 1), int_field(roll, "hunger"), int_field(roll, "difficulty")))


@lru_cache(maxsize=4096)
def _odds(pool: int, hunger: int, difficulty: int) -> tuple[tuple[str, float], ...]:
    from vtm_tui.rules.v5.exact_odds import odds as exact

    return tuple(exact(pool, hunger, difficulty).outcomes.items())


def _rerolled_indices(faces: Any, indices: Any) -> tuple[int, ...] | None:
    """The re-rolled dice as a Willpower re-roll may have picked them (at most three distinct regular dice), or
    None: the table below judges 10^n landings, so a damaged log asking for more would freeze the review."""
    from vtm_tui.rules.v5.reroll import MAX_REROLLED

    if not isinstance(faces, list) or not isinstance(indices, (list, tuple)) or len(indices) > MAX_REROLLED:
        return None
    if any(isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < len(faces) for i in indices):
        return None
    return tuple(indices) if len(set(indices)) == len(indices) else None


@lru_cache(maxsize=1024)
def _reroll_table(
    faces: tuple[int, ...], hunger_faces: tuple[int, ...], difficulty: int, kind: str, indices: tuple[int, ...]
) -> tuple[tuple[str, float], ...]:
    """Each result's chance once the regular dice at ``indices`` are rolled again."""
    from vtm_tui.rules.v5.results import judge

    counts: dict[str, int] = {}
    total = 0
    for landed in itertools.product(range(1, 11), repeat=len(indices)):
        regular = list(faces)
        for index, face in zip(indices, landed, strict=True):
            regular[index] = face
        result = judge(regular, hunger_faces, difficulty, kind=kind).result
        counts[result] = counts.get(result, 0) + 1
        total += 1
    return tuple((name, n / total) for name, n in counts.items())


def dice(roll: Mapping[str, Any]) -> tuple[tuple[str, bool], ...]:
    return d10_dice(roll)


def dice_rows(roll: Mapping[str, Any]) -> list[tuple[str, str]]:
    rows = []
    regular, hunger = roll.get("faces"), roll.get("hunger_faces")
    if isinstance(regular, list):
        rows.append(("Regular dice", " ".join(map(str, regular)) or "—"))
    if isinstance(hunger, list) and hunger:
        rows.append(("Hunger dice", " ".join(f"⟨{face}⟩" for face in hunger)))
    if "kept" in roll and isinstance(regular, list) and len(regular) > 1:
        rows.append(("Kept", str(roll["kept"])))
    return rows


def tally_heading() -> str:
    return "successes per roll"


def spends_free_botch(roll: Mapping[str, Any]) -> bool:
    return False  # no botches


def tally(roll: Mapping[str, Any]) -> int | None:
    if roll.get("kind") in ("check", "rouse"):
        return None  # one die kept of one or two: not a pool's successes
    value = roll.get("successes")
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def hunger_shown(roll: Mapping[str, Any]) -> int | None:
    hunger = roll.get("hunger")
    if roll.get("kind") == "test" and isinstance(hunger, int) and hunger > 0:
        return hunger  # the Hunger dice: the actor's Hunger unless the pool was smaller
    return None
