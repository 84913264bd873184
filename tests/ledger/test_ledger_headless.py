"""The headless layer the command line and the app share: ledger changes, notes, scenes, titles, seats."""

from __future__ import annotations

import shutil
from datetime import datetime, timezone
from pathlib import Path

import pytest

from vtm_tui.errors import VtmError
from vtm_tui.model.limits import MAX_TITLE
from vtm_tui.model.log_entry import LogEntry
from vtm_tui.play import ledger as headless
from vtm_tui.play.notes import NOTE_LIMIT, add_note, set_session_title
from vtm_tui.play.visibility import STORYTELLER, entries_for, viewer_for
from vtm_tui.store.chronicle_store import open_chronicle
from vtm_tui.store.ledger_file import load_ledger
from vtm_tui.store.session_log import read_session

EXAMPLE = Path(__file__).resolve().parents[2] / "campaigns" / "lisboa-nocturna"
NOW = datetime(2026, 11, 29, 21, 30, tzinfo=timezone.utc)


@pytest.fixture
def store(tmp_path: Path):
    target = tmp_path / "chronicle"
    shutil.copytree(EXAMPLE, target)
    return open_chronicle(target)


def _session_entries(store) -> list[LogEntry]:
    return read_session(store.path, store.chronicle.current_session).entries


def test_add_edit_delete_are_saved_and_logged(store) -> None:
    added = headless.add_item(store, "boons", {"debtor": "Duarte", "creditor": "Amália", "size": "major"}, now=NOW)
    boon_id = added.item.id
    assert boon_id.startswith("boon-")
    edited = headless.edit_item(store, boon_id, {"called_in": True}, now=NOW)
    assert edited.item.called_in is True
    assert load_ledger(store.path).boons[0].called_in is True
    headless.delete_item(store, boon_id, now=NOW)
    assert load_ledger(store.path).boons == []
    logged = [e for e in _session_entries(store) if e.kind == "ledger"]
    assert [e.change["action"] for e in logged] == ["add", "edit", "delete"]
    assert logged[1].change["before"] == {"called_in": False} and logged[1].change["after"] == {"called_in": True}
    assert logged[2].change["before"]["debtor"] == "Duarte"  # the log keeps what a removed entry held


def test_a_refused_change_writes_nothing(store) -> None:
    with pytest.raises(VtmError, match="size"):
        headless.add_item(store, "boons", {"debtor": "A", "creditor": "B", "size": "enormous"}, now=NOW)
    with pytest.raises(VtmError, match="no ledger entry"):
        headless.edit_item(store, "boon-missing", {"size": "minor"}, now=NOW)
    assert not (store.path / "ledger.toml").exists()
    assert not [e for e in _session_entries(store) if e.kind == "ledger"]


def test_parse_values_reads_typed_text() -> None:
    values = headless.parse_values("domains", {"name": "  Alfama  ", "chasse": "3", "secret": "yes"})
    assert values == {"name": "Alfama", "chasse": 3, "secret": True}
    with pytest.raises(VtmError, match="fields are"):
        headless.parse_values("bonds", {"colour": "red"})


def test_players_never_see_secret_entries_nor_their_log_lines(store) -> None:
    headless.add_item(store, "bonds", {"thrall": "Inês", "regnant": "Amália", "steps": 2, "secret": True}, now=NOW)
    headless.add_item(store, "boons", {"debtor": "Duarte", "creditor": "Amália"}, now=NOW)
    player = viewer_for("Ana", store.characters)
    shown = headless.ledger_for(player, load_ledger(store.path))
    assert shown.bonds == [] and len(shown.boons) == 1
    assert len(headless.ledger_for(STORYTELLER, load_ledger(store.path)).bonds) == 1
    lines = [e.comment for e in entries_for(player, _session_entries(store)) if e.kind == "ledger"]
    assert lines == ["boon added: Duarte owes Amália a minor boon"]


def test_making_a_secret_entry_public_logs_the_change_as_secret(store) -> None:
    bond = headless.add_item(store, "bonds", {"thrall": "A", "regnant": "B", "secret": True}, now=NOW).item
    change = headless.edit_item(store, bond.id, {"secret": False}, now=NOW)
    assert change.entry.secret  # the line holds the secret entry's old values


def test_note_and_scene_marker(store) -> None:
    entries = add_note(store, "They meet at the Elysium", scene="  The   Elysium ", now=NOW)
    assert [(e.kind, e.comment) for e in entries] == [("scene", "The Elysium"), ("note", "They meet at the Elysium")]
    add_note(store, "Amália lies", secret=True, now=NOW)
    player = viewer_for("Ana", store.characters)
    seen = [e.comment for e in entries_for(player, _session_entries(store)) if e.kind in ("note", "scene")]
    assert seen == ["The Elysium", "They meet at the Elysium"]


def test_a_note_is_size_limited_and_never_empty(store) -> None:
    before = len(_session_entries(store))
    with pytest.raises(VtmError, match="at most"):
        add_note(store, "x" * (NOTE_LIMIT + 1), now=NOW)
    with pytest.raises(VtmError, match="empty"):
        add_note(store, "   ", now=NOW)
    with pytest.raises(VtmError, match="control character"):
        add_note(store, "red \x1b[31m alert", now=NOW)
    with pytest.raises(VtmError, match="at most"):  # a refused note leaves no lone scene marker
        add_note(store, "x" * (NOTE_LIMIT + 1), scene="Docks", now=NOW)
    assert len(_session_entries(store)) == before


def test_the_newest_title_is_the_sessions(store) -> None:
    set_session_title(store, "The Elysium", now=NOW)
    set_session_title(store, "Ashes  on the Tagus", now=NOW)
    log = read_session(store.path, store.chronicle.current_session)
    assert log.title == "Ashes on the Tagus"


def test_a_title_has_one_limit_however_it_is_set(store) -> None:
    """A session title started with ``session start --title`` and one set by a title note take the same length:
    the note once refused 150 characters that the session's start had saved."""
    longest = "T" * MAX_TITLE
    if store.chronicle.session_open:
        store.end_session(now=NOW)
    number = store.start_session(now=NOW, title=longest)
    set_session_title(store, longest, now=NOW)
    assert read_session(store.path, number).title == longest
    with pytest.raises(VtmError, match="at most 200"):
        set_session_title(store, longest + "T", now=NOW)
    with pytest.raises(VtmError, match="200"):
        store.start_session(now=NOW, title=longest + "T")


def test_a_live_log_picks_up_a_new_title(store) -> None:
    from vtm_tui.review.source import SessionTail

    set_session_title(store, "The Elysium", now=NOW)
    tail = SessionTail(store.path, store.chronicle.current_session)
    tail.load_recent(10)
    assert tail.title == "The Elysium"
    set_session_title(store, "Ashes", now=NOW)
    tail.poll()
    assert tail.title == "Ashes"


def test_the_session_list_names_a_session_by_its_newest_title(store) -> None:
    from vtm_tui.store.index import list_sessions

    set_session_title(store, "The Elysium", now=NOW)
    number = store.chronicle.current_session
    assert next(s for s in list_sessions(store.path) if s.number == number).title == "The Elysium"
    set_session_title(store, "Ashes", now=NOW)  # indexed from where the last sync stopped
    assert next(s for s in list_sessions(store.path) if s.number == number).title == "Ashes"


def test_a_secret_title_is_refused(store) -> None:
    from vtm_tui.play.notes import log_note

    with pytest.raises(VtmError, match="title is for everyone"):
        log_note(store, "title", "The Elysium", secret=True, now=NOW)
    assert log_note(store, "scene", "Docks", secret=True, now=NOW) == "Scene marker logged (secret)."
