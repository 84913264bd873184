"""Ingenuity's reading of a logged roll (the ``logged`` facet, :mod:`vtm_tui.rules.logged`).

The odds are :func:`~vtm_tui.rules.ingenuity.exact_odds.odds` for the logged attribute and skill dice, bonuses,
Difficulty and advantage; the dice are an attribute die, a skill die and the luck d20, and a roll scores its total.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from vtm_tui.rules.logged import Odds, d10_dice, int_field, list_dice_row

_BONUSES = (("bonus", "bonus"), ("assist_bonus", "assist"), ("size_bonus", "size"), ("luck_bonus", "luck"))


#: Results that change the story, shown first on a log line (see :class:`~vtm_tui.rules.logged.LoggedRolls`).
alarming_results = frozenset()
#: Results a log line shows as a win.
winning_results = frozenset({"success"})


def odds(roll: Mapping[str, Any], options: Mapping[str, Any], free_botch_available: bool) -> Odds | None:
    dice = roll.get("dice")
    if not isinstance(dice, dict) or "attribute" not in dice or "skill" not in dice:
        return None
    return dict(_odds(
        str(dice["attribute"]), str(dice["skill"]), int_field(roll, "bonus"), roll.get("difficulty"),
        int_field(roll, "advantage"), int_field(roll, "disadvantage"), int_field(roll, "assist_bonus"),
        int_field(roll, "size_bonus"), bool(roll.get("passive")),
    ))  # fmt: skip


@lru_cache(maxsize=4096)
def _odds(
    attribute: str, skill: str, bonus: int, difficulty: int | None, advantage: int, disadvantage: int,
    assist: int, size: int, passive: bool,
) -> tuple[tuple[str, float], ...]:  # fmt: skip
    from vtm_tui.rules.ingenuity.exact_odds import odds as exact

    found = exact(attribute, skill, bonus=bonus, difficulty=difficulty, advantage=advantage,
                  disadvantage=disadvantage, assist_bonus=assist, size_bonus=size, passive=passive)
    return tuple((name, float(p)) for name, p in found.outcomes.items())


def dice(roll: Mapping[str, Any]) -> tuple[tuple[str, bool], ...]:
    """The attribute and skill dice as ``d10:6`` and the luck die as ``luck:10``."""
    faces = roll.get("faces")
    if not isinstance(faces, dict):
        return d10_dice(roll)
    sizes = roll.get("dice") if isinstance(roll.get("dice"), dict) else {}
    shown = []
    for name in ("attribute", "skill"):
        if name in faces:
            size = sizes.get(name, "")
            shown.append((f"{size}:{faces[name]}" if size else str(faces[name]), False))
    if faces.get("luck") is not None:
        shown.append((f"luck:{faces['luck']}", False))
    return tuple(shown)


def dice_rows(roll: Mapping[str, Any]) -> list[tuple[str, str]]:
    faces, sizes = roll.get("faces"), roll.get("dice")
    if not isinstance(faces, dict):
        return list_dice_row(roll)
    sizes = sizes if isinstance(sizes, dict) else {}
    rows = [(f"{name.capitalize()} die", f"{sizes.get(name, '')} → {faces[name]}")
            for name in ("attribute", "skill") if name in faces]
    if faces.get("luck") is not None:
        lucky = " (20: +4)" if faces["luck"] == 20 else ""
        rows.append(("Luck die", f"d20 → {faces['luck']}{lucky}"))
    rerolls = faces.get("rerolls")
    for reroll in rerolls if isinstance(rerolls, list) else []:
        if not isinstance(reroll, dict):
            continue  # a damaged log: nothing to say about it
        rows.append((
            f"{str(reroll.get('kind', 're-roll')).capitalize()}",
            f"{reroll.get('die', '?')} die {reroll.get('replaced', '?')} → {reroll.get('rolled', '?')}, "
            f"kept {reroll.get('kept', '?')}",
        ))
    bonus = [f"{label} {roll[key]:+d}" for key, label in _BONUSES if isinstance(roll.get(key), int) and roll[key]]
    if bonus:
        rows.append(("Bonuses", ", ".join(bonus)))
    if "total" in roll:
        rows.append(("Total", str(roll["total"])))
    return rows


def tally_heading() -> str:
    return "total per roll"


def spends_free_botch(roll: Mapping[str, Any]) -> bool:
    return False  # no botches


def tally(roll: Mapping[str, Any]) -> int | None:
    total = roll.get("total")
    return total if isinstance(total, int) else None


def hunger_shown(roll: Mapping[str, Any]) -> int | None:
    return None  # no Hunger dice
