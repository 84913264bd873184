"""The shipped example chronicles load without warnings and survive a load/save round trip unchanged."""

import shutil
from pathlib import Path

import pytest

from vtm_tui.rules import v5
from vtm_tui.store.chronicle_store import open_chronicle
from vtm_tui.store.session_log import read_session, session_numbers
from vtm_tui.store.toml_io import load_toml

CAMPAIGNS = Path(__file__).resolve().parents[2] / "campaigns"
EXAMPLES = {"lisboa-nocturna": "v5", "the-iron-vigil": "v20", "lanterns-of-saltmarsh": "ingenuity"}


@pytest.fixture(autouse=True)
def _cache_outside_home(tmp_path_factory, monkeypatch: pytest.MonkeyPatch) -> None:
    """The parsed-sheet cache goes to a temporary folder, not the user's cache."""
    monkeypatch.setenv("VTM_TUI_CACHE", str(tmp_path_factory.getbasetemp() / "vtm-cache"))


@pytest.fixture(params=sorted(EXAMPLES))
def example(request, tmp_path: Path) -> Path:
    """A copy of one example chronicle (tests never write into the repository)."""
    target = tmp_path / request.param
    shutil.copytree(CAMPAIGNS / request.param, target)
    return target


def test_every_example_is_shipped() -> None:
    found = sorted(p.name for p in CAMPAIGNS.iterdir() if (p / "chronicle.toml").is_file())
    assert found == sorted(EXAMPLES)


def test_loads_without_warnings(example: Path) -> None:
    store = open_chronicle(example)
    assert store.warnings == []
    assert store.chronicle.ruleset == EXAMPLES[example.name]
    assert len([c for c in store.characters if c.kind == "pc"]) >= 3
    assert store.chronicle.current_session >= 1 and not store.chronicle.session_open


def test_round_trip_keeps_every_file_identical(example: Path) -> None:
    files = [example / "chronicle.toml", *sorted((example / "characters").glob("*.toml"))]
    before = {f: load_toml(f) for f in files}
    store = open_chronicle(example)
    for character in store.characters:
        character.notes += " (edited)"
        store.save_character(character)
        character.notes = character.notes.removesuffix(" (edited)")
        store.save_character(character)
    store.save_chronicle()
    assert {f: load_toml(f) for f in files} == before


def test_unknown_keys_in_examples_survive(example: Path) -> None:
    sheet = sorted((example / "characters").glob("*.toml"))[0]
    sheet.write_text(sheet.read_text() + "\n[house_rules_note]\nfrom_the_table = \"keep me\"\n")
    store = open_chronicle(example)
    character = next(c for c in store.characters if c.slug == sheet.stem)
    character.concept = "changed"
    store.save_character(character)
    assert load_toml(sheet)["house_rules_note"] == {"from_the_table": "keep me"}


def test_session_logs_are_whole(example: Path) -> None:
    store = open_chronicle(example)
    numbers = session_numbers(example)
    assert numbers == list(range(1, store.chronicle.current_session + 1))
    names = {c.name for c in store.characters}
    for number in numbers:
        log = read_session(example, number)
        assert log.torn is None
        assert log.entries[-1].kind == "session_end"
        for entry in log.entries:
            assert entry.ruleset == store.chronicle.ruleset
            assert entry.actor == "" or entry.actor in names


def test_lisboa_has_what_the_issue_asks_for() -> None:
    store = open_chronicle(CAMPAIGNS / "lisboa-nocturna")
    pcs = [c for c in store.characters if c.kind == "pc"]
    spcs = [c for c in store.characters if c.kind == "spc"]
    assert len(pcs) == 4 and 4 <= len(spcs) <= 5
    assert len({c.sheet.clan for c in pcs}) == 4
    assert any(c.sheet.stains for c in pcs)
    assert any(c.sheet.health.superficial + c.sheet.health.aggravated for c in pcs)
    assert any(c.sheet.hunger >= 4 for c in pcs)
    assert {c.sheet.creature for c in spcs} >= {"mortal", "ghoul", "vampire"}
    assert store.chronicle.current_session >= 2


def test_logged_v5_rolls_re_judge_to_the_same_result() -> None:
    """Every face is kept, so a logged roll can be re-checked years later."""
    checked = 0
    for number in (1, 2, 3):
        for entry in read_session(CAMPAIGNS / "lisboa-nocturna", number).entries:
            if entry.kind != "roll":
                continue
            again = v5.judge(entry.roll["faces"], entry.roll["hunger_faces"], entry.difficulty or 0)
            assert (again.result, again.margin) == (entry.result, entry.margin)
            checked += 1
    assert checked >= 20


def test_characters_are_found_the_way_a_storyteller_types_them() -> None:
    store = open_chronicle(CAMPAIGNS / "lisboa-nocturna")
    assert store.character("ines").name == "Inês Valadares"
    assert store.character("nora").name == 'Leonor "Nora" Aires'
    assert store.character("amalia").name == "Dona Amália Corte-Real"
    assert store.character("ze").name == "Zé Pescada"
    assert store.character("corte real").name == "Dona Amália Corte-Real"
