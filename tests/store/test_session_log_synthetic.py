"""The benchmark generator writes exactly the bytes that appending the same entries would."""

from __future__ import annotations

from pathlib import Path

from benchmarks.synthetic import build_chronicle, character_names, generate_entries, write_session
from vtm_tui.store.session_log import append_entry, create_session, read_session, session_numbers, session_path


def test_generated_files_equal_appended_files(tmp_path: Path) -> None:
    names = character_names(12)
    for number, started, items in generate_entries(sessions=3, entries=60, characters=names, seed=11):
        written = write_session(tmp_path / "generated", number, started, items, title=f"Night {number}")
        create_session(tmp_path / "appended", number, started=started, title=f"Night {number}")
        for item in items:
            append_entry(tmp_path / "appended", item)
        assert written.read_bytes() == session_path(tmp_path / "appended", number).read_bytes()
        assert read_session(tmp_path / "generated", number).entries == items


def test_the_generator_is_deterministic_and_mixes_rule_sets(tmp_path: Path) -> None:
    names = character_names(100)
    assert len(set(names)) == 100
    first = list(generate_entries(sessions=4, entries=200, characters=names, seed=3))
    again = list(generate_entries(sessions=4, entries=200, characters=names, seed=3))
    assert first == again
    entries = [entry for _, _, items in first for entry in items]
    assert len(entries) == 200 and {e.ruleset for e in entries} == {"v5", "v20", "ingenuity"}
    assert all(e.roll.get("faces") is not None or e.roll.get("dice") is not None for e in entries if e.kind == "roll")


def test_build_chronicle_small(tmp_path: Path) -> None:
    folder = build_chronicle(tmp_path / "bench", characters=5, sessions=3, entries=30)
    assert session_numbers(folder) == [1, 2, 3]
    assert sum(len(read_session(folder, n).entries) for n in (1, 2, 3)) == 30
    assert len(list((folder / "characters").glob("*.toml"))) == 5
