"""How review reads a logged toy roll (:class:`~vtm_tui.rules.logged.LoggedRolls`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from vtm_tui.rules.logged import int_field, list_dice_row

from tests.toy_ruleset.odds import p_win

#: No toy result changes the story; a success is a win.
alarming_results: frozenset[str] = frozenset()
winning_results = frozenset({"success"})

def odds(roll: Mapping[str, Any], options: Mapping[str, Any], free_botch_available: bool) -> Any:
    win = float(p_win(int_field(roll, "pool"), int_field(roll, "difficulty")))
    return {"success": win, "failure": 1 - win}


def dice(roll: Mapping[str, Any]) -> tuple[tuple[str, bool], ...]:
    faces = roll.get("faces")
    return tuple((str(face), False) for face in faces) if isinstance(faces, list) else ()  # no Hunger dice


def dice_rows(roll: Mapping[str, Any]) -> list[tuple[str, str]]:
    return list_dice_row(roll)


def tally(roll: Mapping[str, Any]) -> int | None:
    return int_field(roll, "successes")


def hunger_shown(roll: Mapping[str, Any]) -> int | None:
    return None


def tally_heading() -> str:
    return "successes per roll"


def spends_free_botch(roll: Mapping[str, Any]) -> bool:
    return False  # no botches
