"""Entries go to an open session: never after a session's end, never to session 0."""

import shutil
from datetime import datetime, timezone
from pathlib import Path

from vtm_tui.store.chronicle_store import open_chronicle

REPO = Path(__file__).resolve().parents[2]
NOW = datetime(2026, 11, 29, 21, 0, tzinfo=timezone.utc)


def copy_example(tmp_path: Path, slug: str = "lisboa-nocturna") -> Path:
    target = tmp_path / slug
    shutil.copytree(REPO / "campaigns" / slug, target)
    return target


def test_an_ended_session_is_not_logged_into(tmp_path: Path) -> None:
    store = open_chronicle(copy_example(tmp_path))
    assert not store.chronicle.session_open and store.chronicle.current_session == 3
    number, started = store.logging_session(NOW)
    assert (number, started) == (4, True)
    assert (store.path / "sessions" / "0004.toml").is_file()
    assert store.logging_session(NOW) == (4, False)


def test_a_never_started_chronicle_starts_session_one(tmp_path: Path) -> None:
    from vtm_tui.store.catalog import create_chronicle

    store = create_chronicle(tmp_path / "new", "New Nights", "v5")
    assert store.logging_session(NOW) == (1, True)


def test_another_login_opened_the_session_first(tmp_path: Path) -> None:
    folder = copy_example(tmp_path)
    mine, theirs = open_chronicle(folder), open_chronicle(folder)
    assert theirs.logging_session(NOW) == (4, True)
    assert mine.logging_session(NOW) == (4, False)
    assert not (folder / "sessions" / "0005.toml").exists()


def test_another_login_ended_the_session(tmp_path: Path) -> None:
    folder = copy_example(tmp_path)
    mine, theirs = open_chronicle(folder), open_chronicle(folder)
    assert mine.logging_session(NOW) == (4, True)
    theirs.reload()
    theirs.end_session(NOW)
    assert mine.logging_session(NOW) == (5, True)
