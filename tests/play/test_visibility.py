"""The redaction layer: what of an entry, a sheet or an export reaches a player's seat."""

from __future__ import annotations

import shutil
from datetime import datetime, timezone
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vtm_tui.model.character import new_character
from vtm_tui.model.log_entry import LogEntry
from vtm_tui.play.visibility import (
    STORYTELLER,
    STORYTELLER_COMMENT,
    STORYTELLER_ONLY,
    card_for,
    character_for,
    characters_for,
    editable,
    entries_for,
    entry_for,
    player_characters,
    strip_dots,
    viewer_for,
)
from vtm_tui.review.lines import format_entry
from vtm_tui.store.requests import request_entry

NOW = datetime(2026, 11, 29, 21, 30, tzinfo=timezone.utc)
EXAMPLES = Path(__file__).resolve().parents[2] / "campaigns"


def cast():
    """Ana plays Inês; Tiago plays Duarte and the storyteller character Zé; Rita is the storyteller's."""
    ines = new_character("Inês Valadares", "v5", player="Ana", notes="sings fado", private_notes="her sire is dead")
    duarte = new_character("Duarte Moniz", "v5", player="Tiago", private_notes="owes Rita")
    ze = new_character("Zé Pescada", "v5", player="Tiago", kind="spc")
    rita = new_character("Rita Calado", "v5", kind="spc", notes="a police inspector", private_notes="Inquisition")
    return [ines, duarte, ze, rita]


def roll(actor: str, *, secret: bool = False, comment: str = "", pool: str = "Wits 3 + Awareness 3",
         kind: str = "roll", **extra) -> LogEntry:
    return LogEntry.new(kind, session=3, ruleset="v5", now=NOW, actor=actor, pool=pool, difficulty=4,
                        secret=secret, result="failure", margin=0, comment=comment,
                        roll={"ruleset": "v5", "result": "failure", "win": False, "successes": 2, "difficulty": 4,
                              "shortfall": 2, "margin": 0, "win_at_a_cost": True, "faces": [10, 5, 5, 7, 3, 5]},
                        extra=extra)


@pytest.fixture
def ana():
    return viewer_for("Ana", cast())


def test_a_player_is_matched_by_the_player_field_in_any_case_and_accents() -> None:
    assert [c.name for c in player_characters("tiago", cast())] == ["Duarte Moniz", "Zé Pescada"]
    assert [c.name for c in player_characters("ANA", cast())] == ["Inês Valadares"]
    assert player_characters("", cast()) == []
    viewer = viewer_for("Tiago", cast())
    assert viewer.owns("Zé Pescada") and not viewer.owns("ze pescada")  # names as the chronicle spells them
    assert not viewer.is_storyteller_character("Zé Pescada")  # Tiago plays Zé
    assert viewer.is_storyteller_character("Rita Calado")


def test_the_storyteller_sees_everything_unchanged() -> None:
    entry = roll("Rita Calado", secret=True, comment="she spots Duarte", **{STORYTELLER_COMMENT: "x"})
    assert entry_for(STORYTELLER, entry) is entry
    assert entries_for(viewer_for(None, cast()), [entry]) == [entry]


def test_a_secret_difficulty_never_reaches_a_player(ana) -> None:
    shown = entry_for(ana, roll("Duarte Moniz", secret=True, comment="he hides"))
    assert shown is not None
    assert shown.difficulty is None and shown.margin == 0
    assert not {"difficulty", "shortfall", "margin", "win", "win_at_a_cost"} & set(shown.roll)
    assert shown.roll["faces"] == [10, 5, 5, 7, 3, 5] and shown.result == "failure"  # the table sees the dice
    assert shown.comment == ""  # the storyteller's words on a secret roll
    line = format_entry(shown, storyteller=True)  # even a careless screen cannot show it
    assert "4" not in line.difficulty and line.margin == ""


def test_a_players_own_secret_roll_keeps_their_comment_but_not_the_difficulty(ana) -> None:
    shown = entry_for(ana, roll("Inês Valadares", secret=True, comment="I listen at the door"))
    assert shown.comment == "I listen at the door" and shown.difficulty is None


def test_an_open_roll_keeps_its_difficulty_and_comment(ana) -> None:
    shown = entry_for(ana, roll("Duarte Moniz", comment="over the wall"))
    assert shown.difficulty == 4 and shown.comment == "over the wall" and shown.roll["shortfall"] == 2


def test_storyteller_only_entries_and_comments_and_unknown_keys_are_dropped(ana) -> None:
    assert entry_for(ana, roll("Duarte Moniz", **{STORYTELLER_ONLY: True})) is None
    shown = entry_for(ana, roll("Duarte Moniz", **{STORYTELLER_COMMENT: "he is lying", "mood": "grim"}))
    assert shown.extra == {}
    secret_note = LogEntry.new("note", session=3, ruleset="v5", now=NOW, comment="the prince knows", secret=True)
    assert entry_for(ana, secret_note) is None
    open_note = LogEntry.new("note", session=3, ruleset="v5", now=NOW, comment="rain over Alfama")
    assert entry_for(ana, open_note).comment == "rain over Alfama"


def test_a_storyteller_characters_sheet_does_not_leak_through_the_log(ana) -> None:
    shown = entry_for(ana, roll("Rita Calado", pool="Wits 3 + Awareness 3"))
    assert shown.pool == "Wits + Awareness"
    damage = LogEntry.new("damage", session=3, ruleset="v5", now=NOW, actor="Rita Calado",
                          change={"field": "health", "before": 0, "after": 3})
    assert entry_for(ana, damage) is None
    own_damage = LogEntry.new("damage", session=3, ruleset="v5", now=NOW, actor="Inês Valadares",
                              change={"field": "health", "before": 0, "after": 3})
    assert entry_for(ana, own_damage).change["after"] == 3
    # Tiago plays Zé: his own character's pool keeps its dots.
    assert entry_for(viewer_for("Tiago", cast()), roll("Zé Pescada")).pool == "Wits 3 + Awareness 3"


def test_edits_of_private_notes_are_never_shown_to_a_player(ana) -> None:
    edit = LogEntry.new("edit", session=3, ruleset="v5", now=NOW, actor="Inês Valadares",
                        change={"field": "private_notes", "before": "", "after": "her sire is dead"})
    assert entry_for(ana, edit) is None


def test_requests_to_other_players_are_dropped_and_secret_ones_lose_their_difficulty(ana) -> None:
    mine = request_entry(session=3, ruleset="v5", actor="Inês Valadares", pool="Wits + Awareness", difficulty=5,
                         secret=True, prompt="a shadow moves", now=NOW)
    theirs = request_entry(session=3, ruleset="v5", actor="Duarte Moniz", pool="Wits + Awareness", now=NOW)
    shown = entries_for(ana, [mine, theirs])
    assert len(shown) == 1 and shown[0].difficulty is None and shown[0].comment == "a shadow moves"


@pytest.mark.parametrize(("pool", "bare"), [
    ("Wits 3 + Awareness 3", "Wits + Awareness"),
    ("Intellect d10 + Wizardry d8 + 2", "Intellect + Wizardry + 2"),
    ("Frenzy 5", "Frenzy"),
    ("Rouse check", "Rouse check"),
    ("Strength 4 + Brawl 3 + 1", "Strength + Brawl + 1"),
])
def test_strip_dots(pool: str, bare: str) -> None:
    assert strip_dots(pool) == bare


def test_sheets_a_player_may_see_and_change(ana) -> None:
    ines, duarte, ze, rita = cast()
    shown = character_for(ana, ines)
    assert shown is not None and shown.private_notes == "" and ines.private_notes == "her sire is dead"
    assert character_for(ana, duarte).private_notes == ""  # another player's private notes
    assert character_for(ana, rita) is None and character_for(ana, ze) is None  # storyteller characters
    assert [c.name for c in characters_for(ana, cast())] == ["Inês Valadares", "Duarte Moniz"]
    assert card_for(ana, rita).notes == "a police inspector" and card_for(ana, ines).own
    assert editable(ana, ines) and not editable(ana, duarte)
    assert not editable(ana, ines, traits=True, options={"players_may_edit_traits": False})
    assert editable(ana, ines, traits=True, options={"players_may_edit_traits": True})
    assert editable(STORYTELLER, rita, traits=True)


def test_the_lisboa_example_shows_a_player_no_secret_difficulty(tmp_path: Path, monkeypatch) -> None:
    """Session 3 of the example holds the storyteller's secret rolls for Rita Calado and Dona Amália."""
    from vtm_tui.store.chronicle_store import open_chronicle
    from vtm_tui.store.session_log import read_session

    monkeypatch.setenv("VTM_TUI_CACHE", str(tmp_path / "cache"))
    folder = tmp_path / "lisboa"
    shutil.copytree(EXAMPLES / "lisboa-nocturna", folder)
    log = read_session(folder, 3, recover=False)
    secret = [e for e in log.entries if e.secret]
    assert secret, "the example should hold secret rolls"
    marta = viewer_for("Marta", open_chronicle(folder).characters)
    for entry in entries_for(marta, log.entries):
        line = format_entry(entry, storyteller=False)
        if entry.id in {e.id for e in secret}:
            assert line.difficulty == "" and line.margin == "" and line.comment == ""
            assert not any(ch.isdigit() for ch in entry.pool)  # storyteller characters' dots


def test_an_unknown_actor_is_treated_as_the_storytellers(ana) -> None:
    assert entry_for(ana, roll("A renamed ghoul", pool="Strength 4 + Brawl 3")).pool == "Strength + Brawl"


_text = st.text(max_size=20)


@settings(max_examples=150, deadline=None)
@given(actor=st.sampled_from(["Inês Valadares", "Duarte Moniz", "Zé Pescada", "Rita Calado", "", "Someone"]),
       kind=st.sampled_from(["roll", "note", "damage", "edit", "request", "check", "conflict"]),
       secret=st.booleans(), difficulty=st.none() | st.integers(0, 9), comment=_text,
       extra=st.dictionaries(st.sampled_from([STORYTELLER_COMMENT, STORYTELLER_ONLY, "roll_kind", "x"]),
                             st.booleans() | _text, max_size=3),
       field=st.sampled_from(["", "health", "private_notes", "notes"]))
def test_no_entry_ever_reaches_a_player_with_a_secret(actor, kind, secret, difficulty, comment, extra,
                                                      field) -> None:
    entry = LogEntry.new(kind, session=1, ruleset="v5", now=NOW, actor=actor, pool="Wits 3 + Awareness 2",
                         difficulty=difficulty, secret=secret, comment=comment,
                         roll={"difficulty": difficulty, "faces": [1, 6]} if difficulty is not None else {},
                         change={"field": field, "after": "x"} if field else {}, extra=extra)
    viewer = viewer_for("Ana", cast())
    shown = entry_for(viewer, entry)
    if shown is None:
        return
    assert shown.extra == {}
    assert shown.change.get("field") != "private_notes"
    if secret:
        assert shown.difficulty is None and "difficulty" not in shown.roll
        if actor != "Inês Valadares":
            assert shown.comment == ""
    if extra.get(STORYTELLER_ONLY) is True:
        pytest.fail("a storyteller-only entry was shown")
    if actor in ("Rita Calado", "Someone", ""):
        assert shown.kind not in ("damage", "edit") or not actor
        assert shown.change == {} or not actor
        assert "3" not in shown.pool or not actor


def test_a_players_export_of_a_session_holds_no_secret(tmp_path: Path, monkeypatch) -> None:
    from vtm_tui.play.visibility import session_for
    from vtm_tui.store.chronicle_store import open_chronicle
    from vtm_tui.store.log_recap import chronicle_facts, recap_json, recap_markdown
    from vtm_tui.store.session_log import read_session

    monkeypatch.setenv("VTM_TUI_CACHE", str(tmp_path / "cache"))
    folder = tmp_path / "lisboa"
    shutil.copytree(EXAMPLES / "lisboa-nocturna", folder)
    log = read_session(folder, 3, recover=False)
    storyteller_text = recap_markdown(log, chronicle_facts(folder))
    assert "she spots Duarte on the gantry" in storyteller_text  # the check below can fail
    marta = viewer_for("Marta", open_chronicle(folder).characters)
    mine = session_for(marta, log)
    text = recap_markdown(mine, chronicle_facts(folder), hide_secret=True)
    assert "she spots Duarte on the gantry" not in text and "Wits 3 + Awareness 3" not in text
    data = recap_json(mine, chronicle_facts(folder), hide_secret=True)
    secret_ids = {e.id for e in log.entries if e.secret}
    for entry in data["entries"]:
        if entry["id"] in secret_ids:
            assert entry["difficulty"] is None and "difficulty" not in entry["roll"]
    assert session_for(STORYTELLER, log) is log
