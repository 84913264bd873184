"""Whose a character is follows the chronicle's own names, exactly: a storyteller character named like a
player's character without its accent is still the storyteller's, and nothing of it reaches that player."""

from __future__ import annotations

from datetime import datetime, timezone

from vtm_tui.model.character import new_character
from vtm_tui.model.log_entry import LogEntry
from vtm_tui.play.visibility import character_for, editable, entry_for, viewer_for

NOW = datetime(2026, 11, 29, 21, 30, tzinfo=timezone.utc)


def cast():
    return [new_character("Inês Valadares", "v5", player="Marta"),
            new_character("Ines Valadares", "v5", kind="spc", private_notes="the real Inês is dead"),
            new_character("Duarte Moniz", "v5", player="Tiago")]


def secret_roll(actor: str, **fields) -> LogEntry:
    fields.setdefault("roll", {"faces": [3, 8], "difficulty": 4, "margin": 0, "shortfall": 3, "win": False})
    return LogEntry.new("roll", session=1, ruleset="v5", now=NOW, actor=actor, pool="Strength 8 + Brawl 1",
                        difficulty=4, secret=True, result="failure", comment="she lies to Marta", **fields)


def test_a_storyteller_character_named_without_the_accent_is_not_the_players() -> None:
    marta = viewer_for("Marta", cast())
    assert marta.owns("Inês Valadares") and not marta.owns("Ines Valadares")
    assert marta.is_storyteller_character("Ines Valadares")
    shown = entry_for(marta, secret_roll("Ines Valadares"))
    assert shown is not None and shown.comment == "" and shown.pool == "Strength + Brawl"
    damage = LogEntry.new("damage", session=1, ruleset="v5", now=NOW, actor="Ines Valadares",
                          change={"field": "health", "before": 0, "after": 2})
    assert entry_for(marta, damage) is None
    impostor = cast()[1]
    assert character_for(marta, impostor) is None and not editable(marta, impostor)
    assert entry_for(marta, secret_roll("Inês Valadares")).comment == "she lies to Marta"  # her own roll


def test_a_name_two_characters_share_is_nobodys() -> None:
    twins = [new_character("Rui", "v5", player="Marta"), new_character("Rui", "v5", kind="spc")]
    marta = viewer_for("Marta", twins)
    assert not marta.owns("Rui")
    assert entry_for(marta, secret_roll("Rui")).comment == ""


def test_no_key_of_a_secret_outcome_tells_the_difficulty_at_any_depth() -> None:
    roll = {"faces": {"attribute": 3, "skill": 2}, "difficulty": 12, "difficulty_name": "Hard", "trivial": False,
            "margin": -7, "total": 5,
            "before": {"faces": [3, 4], "difficulty": 12, "margin": -3, "shortfall": 3},
            "actor": {"faces": [6], "difficulties": [6, 7]}}
    shown = entry_for(viewer_for("Marta", cast()), secret_roll("Duarte Moniz", roll=roll))
    assert shown.roll == {"faces": {"attribute": 3, "skill": 2}, "total": 5, "before": {"faces": [3, 4]},
                          "actor": {"faces": [6]}}
