"""The sheet store: layout, atomic compare-and-swap saves, merges, refusals, migration, campaigns folder."""

from pathlib import Path

import pytest

from vtm_tui.rules.user_text import normal_name
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from vtm_tui.errors import VtmError
from vtm_tui.model.character import new_character
from vtm_tui.store.catalog import create_chronicle, list_chronicles
from vtm_tui.store.chronicle_store import open_chronicle
from vtm_tui.store.errors import BrokenFileError, ConflictError, StoreError
from vtm_tui.store.paths import find_campaigns_dir
from vtm_tui.store.toml_io import load_toml


@pytest.fixture(autouse=True)
def _cache_outside_home(tmp_path_factory, monkeypatch: pytest.MonkeyPatch) -> None:
    """The parsed-sheet cache goes to a temporary folder, not the user's cache."""
    monkeypatch.setenv("VTM_TUI_CACHE", str(tmp_path_factory.getbasetemp() / "vtm-cache"))


@pytest.fixture
def chronicle(tmp_path: Path) -> Path:
    store = create_chronicle(tmp_path / "noites", "Noites", "v5")
    store.add_character(new_character("Ana Sousa", "v5", player="Marta"))
    store.add_character(new_character("Rui", "v5", kind="spc"))
    return store.path


def test_layout_and_schema_version(chronicle: Path) -> None:
    assert sorted(p.name for p in (chronicle / "characters").iterdir()) == ["ana-sousa.toml", "rui.toml"]
    assert (chronicle / "sessions").is_dir()
    assert load_toml(chronicle / "chronicle.toml")["schema_version"] == 1
    for file in (chronicle / "characters").glob("*.toml"):
        assert load_toml(file)["schema_version"] == 2  # 2: rituals and formulas have tables of their own


def test_disjoint_changes_from_two_processes_are_merged(chronicle: Path) -> None:
    one, two = open_chronicle(chronicle), open_chronicle(chronicle)
    a1, a2 = one.character("ana"), two.character("ana")
    a1.sheet.hunger = 3
    one.save_character(a1)
    a2.sheet.stains = 2
    a2.notes = "Owes the Prince a favour"
    merged = two.save_character(a2)
    assert (merged.sheet.hunger, merged.sheet.stains, merged.notes) == (3, 2, "Owes the Prince a favour")
    again = open_chronicle(chronicle).character("ana")
    assert (again.sheet.hunger, again.sheet.stains) == (3, 2)


def test_same_field_changed_twice_is_refused_and_nothing_is_written(chronicle: Path) -> None:
    one, two = open_chronicle(chronicle), open_chronicle(chronicle)
    a1, a2 = one.character("ana"), two.character("ana")
    a1.sheet.hunger = 3
    one.save_character(a1)
    before = (chronicle / "characters" / "ana-sousa.toml").read_text()
    a2.sheet.hunger = 5
    with pytest.raises(ConflictError) as err:
        two.save_character(a2)
    message = str(err.value)
    assert "ana-sousa.toml" in message and "'hunger'" in message and "reload" in message
    assert (chronicle / "characters" / "ana-sousa.toml").read_text() == before
    two.reload()
    assert two.character("ana").sheet.hunger == 3


def test_changed_on_disk_sees_other_processes(chronicle: Path) -> None:
    one, two = open_chronicle(chronicle), open_chronicle(chronicle)
    assert not one.changed_on_disk()
    ana = two.character("ana")
    ana.sheet.hunger = 4
    two.save_character(ana)
    assert one.changed_on_disk() and not two.changed_on_disk()
    one.reload()
    assert one.character("ana").sheet.hunger == 4 and not one.changed_on_disk()
    two.add_character(new_character("Zé", "v5"))
    assert one.changed_on_disk()


def test_same_value_from_both_sides_is_still_refused(chronicle: Path) -> None:
    """Two logins each adding 1 XP write the same number: agreeing would lose a point."""
    one, two = open_chronicle(chronicle), open_chronicle(chronicle)
    a1, a2 = one.character("ana"), two.character("ana")
    a1.sheet.experience_total += 1
    one.save_character(a1)
    a2.sheet.experience_total += 1
    with pytest.raises(ConflictError, match="'experience.total'"):
        two.save_character(a2)


def test_chronicle_file_is_merged_too(chronicle: Path) -> None:
    one, two = open_chronicle(chronicle), open_chronicle(chronicle)
    one.chronicle.description = "Lisbon by night"
    one.save_chronicle()
    two.chronicle.options["automatic_win"] = False
    saved = two.save_chronicle()
    assert saved.description == "Lisbon by night" and saved.option("automatic_win") is False


def test_a_file_broken_by_hand_is_reported_and_never_overwritten(chronicle: Path) -> None:
    store = open_chronicle(chronicle)
    path = chronicle / "characters" / "rui.toml"
    broken = path.read_text().replace('player = ""', 'player = "unterminated')
    path.write_text(broken)
    rui = store.character("rui")
    rui.sheet.hunger = 2
    with pytest.raises(BrokenFileError) as err:
        store.save_character(rui)
    assert path.read_text() == broken
    line = broken.splitlines().index('player = "unterminated') + 1
    assert (err.value.path, err.value.line, err.value.column) == (path, line, 23)
    assert f"rui.toml, line {line}, column 23" in str(err.value) and "nothing was overwritten" in str(err.value)
    reopened = open_chronicle(chronicle)  # the other sheets still open; this one names where it broke
    assert f"rui.toml, line {line}, column 23" in reopened.broken[path]
    assert "rui" not in {c.slug for c in reopened.characters}


def test_invalid_value_names_file_field_and_range(chronicle: Path) -> None:
    path = chronicle / "characters" / "rui.toml"
    path.write_text(path.read_text().replace("Strength = 1", "Strength = 7"))
    assert open_chronicle(chronicle).broken[path] == f"{path}: field 'attributes.Strength': 7 is out of range 1-5"


def test_unknown_keys_survive_a_save(chronicle: Path) -> None:
    path = chronicle / "characters" / "rui.toml"
    path.write_text(path.read_text() + '\n[haven]\naddress = "Rua da Rosa 12"\n')
    store = open_chronicle(chronicle)
    rui = store.character("rui")
    rui.sheet.humanity = 6
    store.save_character(rui)
    data = load_toml(path)
    assert data["haven"] == {"address": "Rua da Rosa 12"} and data["humanity"] == 6


def test_old_schema_is_migrated_on_load_and_newer_refused(chronicle: Path) -> None:
    path = chronicle / "characters" / "rui.toml"
    path.write_text(path.read_text().replace("schema_version = 2\n", ""))
    store = open_chronicle(chronicle)
    assert load_toml(path).get("schema_version") is None  # opening changes nothing on disk
    rui = store.character("rui")
    rui.notes = "migrated"
    store.save_character(rui)
    assert load_toml(path)["schema_version"] == 2
    path.write_text(path.read_text().replace("schema_version = 2", "schema_version = 9"))
    assert "schema_version 9 was written by a newer vtm-tui" in open_chronicle(chronicle).broken[path]


def test_version_1_pretend_ritual_powers_move_to_rituals_and_formulas(chronicle: Path) -> None:
    path = chronicle / "characters" / "rui.toml"
    text = path.read_text().replace("schema_version = 2\n", "schema_version = 1\n")
    path.write_text(text + '\n[powers]\n"Blood Sorcery" = ["A Taste for Blood", "Ritual: Clinging of the Insect (level 1)",'
                    ' "Ritual: Bind the Familiar (level 2)"]\n"Thin-Blood Alchemy" = ["Formula: Far Reach (level 1)"]\n')
    store = open_chronicle(chronicle)
    assert path.read_text().startswith("schema_version = 1")  # opening changes nothing on disk
    rui = store.character("rui")
    assert [p.name for p in rui.sheet.powers["Blood Sorcery"]] == ["A Taste for Blood"]
    assert [(r.name, r.level) for r in rui.sheet.rituals] == [("Clinging of the Insect", None), ("Bind the Familiar", 2)]
    assert [r.name for r in rui.sheet.formulas] == ["Far Reach"] and "Thin-Blood Alchemy" not in rui.sheet.powers
    assert not any("not in the core catalogue" in w for w in store.warnings)
    rui.notes = "migrated"
    store.save_character(rui)
    saved = load_toml(path)
    assert saved["schema_version"] == 2 and saved["powers"] == {"Blood Sorcery": ["A Taste for Blood"]}
    assert saved["rituals"] == ["Clinging of the Insect", {"name": "Bind the Familiar", "level": 2}]
    assert saved["formulas"] == ["Far Reach"]


def test_add_rename_delete(chronicle: Path) -> None:
    store = open_chronicle(chronicle)
    with pytest.raises(VtmError, match="already has a character called 'Rui'"):
        store.add_character(new_character("rui", "v5"))
    with pytest.raises(VtmError, match="a character needs a name"):
        store.add_character(new_character(" \n", "v5"))
    with pytest.raises(VtmError, match="has a v20 sheet"):
        store.add_character(new_character("Tom", "v20"))
    renamed = store.rename_character(store.character("rui"), "Rui Valadares")
    assert renamed.slug == "rui-valadares" and not (chronicle / "characters" / "rui.toml").exists()
    assert open_chronicle(chronicle).character("rui v").name == "Rui Valadares"
    trashed = store.delete_character(renamed)
    assert trashed.parent.name == "trash" and trashed.is_file()
    assert [c.name for c in open_chronicle(chronicle).characters] == ["Ana Sousa"]


def test_saving_a_sheet_another_process_deleted_is_refused(chronicle: Path) -> None:
    one, two = open_chronicle(chronicle), open_chronicle(chronicle)
    one.delete_character(one.character("rui"))
    rui = two.character("rui")
    rui.notes = "x"
    with pytest.raises(ConflictError, match="deleted this file"):
        two.save_character(rui)


def test_character_lookup_by_prefix(chronicle: Path) -> None:
    store = open_chronicle(chronicle)
    assert store.character("ANA").name == "Ana Sousa"
    store.add_character(new_character("Ruth", "v5"))
    assert store.character("rui").name == "Rui"
    with pytest.raises(VtmError, match="'ru' could be"):
        store.character("ru")
    with pytest.raises(VtmError, match="no character 'zé'; the characters are: Ana Sousa, Rui, Ruth"):
        store.character("zé")


def test_create_inside_a_campaigns_folder_and_list(tmp_path: Path) -> None:
    create_chronicle(tmp_path, "Primeira", "v5")  # empty folder: becomes the chronicle itself
    with pytest.raises(StoreError, match="already a chronicle"):
        create_chronicle(tmp_path, "Again", "v5")
    campaigns = tmp_path / "campaigns"
    create_chronicle(campaigns / "a", "Alpha", "v20")
    store = create_chronicle(campaigns, "Beta: \"the sequel\"", "ingenuity")
    assert store.path == campaigns / "beta-the-sequel"
    (campaigns / "broken").mkdir()
    (campaigns / "broken" / "chronicle.toml").write_text("name = \n")
    summaries = list_chronicles(campaigns)
    assert [(s.name, s.ruleset, s.characters) for s in summaries] == [
        ("Alpha", "v20", 0), ("Beta: \"the sequel\"", "ingenuity", 0), ("broken", "?", 0)]
    assert "line 1" in summaries[2].error
    with pytest.raises(VtmError, match="--ruleset 'v6' is not a rule set"):
        create_chronicle(tmp_path / "x", "X", "v6")


def test_opening_a_folder_that_is_not_a_chronicle(tmp_path: Path) -> None:
    with pytest.raises(StoreError, match="not a chronicle, chronicle.toml is missing.*vtm-tui new"):
        open_chronicle(tmp_path)


def test_find_campaigns_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("VTM_TUI_CAMPAIGNS", raising=False)
    assert find_campaigns_dir("~/x") == Path.home() / "x"
    assert find_campaigns_dir().name == "campaigns" and "vtm-tui" in str(find_campaigns_dir())
    (tmp_path / "campaigns").mkdir()
    assert find_campaigns_dir() == tmp_path / "campaigns"
    monkeypatch.setenv("VTM_TUI_CAMPAIGNS", str(tmp_path / "elsewhere"))
    assert find_campaigns_dir() == tmp_path / "elsewhere"
    assert find_campaigns_dir(str(tmp_path / "explicit")) == tmp_path / "explicit"


#: Plain text: no terminal control (vtm_tui.terminal_text.UNSAFE; the entering check refuses those, see
#: tests/adversarial/test_escape_doors.py), tab, newline and carriage return aside.
PLAIN = st.characters(exclude_categories=("Cs", "Cc"), exclude_characters="\u061c\u200e\u200f\u202a\u202b\u202c"
                      "\u202d\u202e\u2066\u2067\u2068\u2069\u2028\u2029") | st.sampled_from("\t\n\r")
NAMES = st.text(PLAIN, min_size=1, max_size=40).filter(lambda s: s.strip())
NOTES = st.text(PLAIN, max_size=200)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(name=NAMES, notes=NOTES, chronicle_name=NAMES)
@example(name="0\r\n", notes="a line\r\nand the next\r", chronicle_name="0")  # a reader folds \r\n in """…"""
def test_any_name_and_note_round_trips_exactly(tmp_path_factory, name: str, notes: str,
                                               chronicle_name: str) -> None:
    root = tmp_path_factory.mktemp("rt")
    chronicle_name = " ".join(chronicle_name.split())  # a chronicle's name is one line (typed in one field)
    store = create_chronicle(root / "c", chronicle_name, "v5")
    added = store.add_character(new_character(name, "v5", notes=notes, private_notes=notes[::-1]))
    assert added.slug and "/" not in added.slug and added.slug not in {".", ".."}
    assert (root / "c" / "characters" / f"{added.slug}.toml").is_file()
    back = open_chronicle(root / "c")
    assert back.chronicle.name == chronicle_name
    [character] = back.characters
    assert (character.name, character.notes, character.private_notes) == (normal_name(name), notes, notes[::-1])


def test_conflict_file_round_trip_and_clear(chronicle: Path) -> None:
    from vtm_tui.model.conflict import Conflict, Participant

    store = open_chronicle(chronicle)
    assert store.load_conflict() is None
    saved = store.save_conflict(Conflict(title="Docks", participants=[Participant("Ana Sousa", "coterie")]))
    assert open_chronicle(chronicle).load_conflict() == saved
    other = open_chronicle(chronicle)
    other.load_conflict()
    store.save_conflict(Conflict(title="Docks", round=2, participants=saved.participants))
    with pytest.raises(ConflictError, match="conflict.toml: another process changed 'round'"):
        other.save_conflict(Conflict(title="Docks", round=3, participants=saved.participants))
    store.clear_conflict()
    assert not (chronicle / "conflict.toml").exists() and list((chronicle / "trash").glob("conflict-*.toml"))


def test_a_character_is_found_by_its_file_slug_too() -> None:
    """A renamed character keeps its file: ``--character ana-sousa`` still finds her (issue 19's one lookup)."""
    from types import SimpleNamespace

    from vtm_tui.store.name_lookup import lookup

    known = [SimpleNamespace(name="Beatriz Lobo", slug="ana-sousa"), SimpleNamespace(name="Rui", slug="rui")]
    assert lookup("ana-sousa", known, "here").name == "Beatriz Lobo"
    assert lookup("lobo", known, "here").name == "Beatriz Lobo"
    with pytest.raises(VtmError, match="no character 'ana'; the characters are: Beatriz Lobo, Rui"):
        lookup("ana", known, "here")
