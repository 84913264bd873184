"""Importing Progeny and Foundry exports, and exporting back: mapped values, refusals, round trips.

The fixtures under import_fixtures/ are built from the published schemas (see its README.md:
Progeny's Character.ts, the WoD5e data models, the worldofdarkness system's template.json)."""

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from vtm_tui.commands.chronicle import character_pool
from vtm_tui.play import experience as xp
from vtm_tui.play.exporting import md, to_json, to_markdown
from vtm_tui.play.importing import MAX_BYTES, ImportRefused, import_character
from vtm_tui.store.catalog import create_chronicle
from vtm_tui.store.chronicle_store import open_chronicle
from vtm_tui.store.errors import InvalidDataError
from vtm_tui.store.session_log import read_session

from play_characters import NOW

FIXTURES = Path(__file__).parent / "import_fixtures"


@pytest.fixture(autouse=True)
def _cache(tmp_path_factory, monkeypatch):
    monkeypatch.setenv("VTM_TUI_CACHE", str(tmp_path_factory.getbasetemp() / "vtm-cache"))


def chronicle(tmp_path: Path, ruleset: str = "v5", name: str = "c"):
    return create_chronicle(tmp_path / name, name.upper(), ruleset)


def test_progeny_v1_maps_traits_disciplines_from_powers_and_state(tmp_path):
    store = chronicle(tmp_path)
    done = import_character(store, FIXTURES / "progeny-v1.json", now=NOW)
    sheet = done.character.sheet
    assert done.format == "progeny" and done.character.name == "Marta Reis"
    assert sheet.attributes["Intelligence"] == 4 and sheet.skills["Medicine"] == 3
    assert sheet.disciplines == {"Auspex": 2, "Blood Sorcery": 1}
    assert [p.name for p in sheet.powers["Auspex"]] == ["Heightened Senses", "Sense the Unseen"]
    # a ritual is its own kind on the sheet, with the core catalogue's level (not a pretend power)
    assert [(r.name, r.known_level("ritual")) for r in sheet.rituals] == [("Wake with Evening's Freshness", 1)]
    assert [p.name for p in sheet.powers["Blood Sorcery"]] == ["Corrosive Vitae"]
    # the predator type's picks, kept apart in Progeny, join the sheet's own lists
    assert sheet.specialties == {"Medicine": ["Haematology"], "Occult": ["Tremere lore"],
                                 "Persuasion": ["Bedside manner"]}
    assert (sheet.hunger, sheet.stains, sheet.health.superficial, sheet.willpower.superficial) == (2, 1, 1, 2)
    assert (sheet.experience_total, sheet.experience_spent) == (15, 6)
    assert sheet.advantages == {"Resources": 2, "Linguistics": 1, "Herd": 1}
    assert sheet.flaws == {"Prey Exclusion": 1, "Dark Secret": 1}
    assert sheet.predator == "Consensualist" and sheet.touchstones[0].conviction == "Never harm a patient"
    assert [line.split(":")[0] for line in done.unmapped] == ["disciplines"]  # the Vicissitude power
    assert character_pool(str(store.path), "marta", "Wits + Auspex")[0] == 5


def test_progeny_player_resilience_and_empty_touchstones(tmp_path):
    """The export's player owns the character (``--player Odin`` finds it), Resilience adds Fortitude's dots to
    Health (Stamina 3 + 3 + Fortitude 1 = 7, as Progeny's own maxHealth says), and touchstone rows the player
    never filled are skipped, not kept as "(unnamed)"."""
    from vtm_tui.model.slug import fold_name

    data = json.loads((FIXTURES / "progeny-v1.json").read_text())
    data.update(player="  Odin ", maxHealth=7, id="3f2a", characterVersion=4, chronicle="Lisboa")
    data["disciplines"].append({"name": "Resilience", "description": "", "summary": "", "dicePool": "", "level": 1,
                                "discipline": "fortitude", "rouseChecks": 0, "amalgamPrerequisites": []})
    data["touchstones"] += [{"name": "", "description": "", "conviction": ""},
                            {"name": " ", "description": "", "conviction": ""}]
    path = tmp_path / "marta.json"
    path.write_text(json.dumps(data))
    store = chronicle(tmp_path)
    done = import_character(store, path, now=NOW)
    ch = done.character
    assert ch.player == "Odin" and not any("player" in line for line in done.unmapped)
    assert "chronicle: not a Progeny field this tool knows" in done.unmapped  # named; its bookkeeping is not
    assert not any(line.startswith(("id:", "characterVersion:")) for line in done.unmapped)
    assert [c.name for c in open_chronicle(store.path).characters if fold_name(c.player) == fold_name("odin")] == [
        "Marta Reis"]
    assert ch.sheet.disciplines["Fortitude"] == 1 and ch.sheet.health_size == 7
    assert "/...... (7 boxes)" in to_markdown(ch, store.chronicle)  # the printable sheet sizes it alike
    assert not any(line.startswith("maxHealth") for line in done.unmapped)  # 7 agrees with the sheet
    assert [t.name for t in ch.sheet.touchstones] == ["Rita, her sister"]


def test_progeny_first_form_reads_animal_ken_and_a_plain_predator(tmp_path):
    store = chronicle(tmp_path)
    sheet = import_character(store, FIXTURES / "progeny-v0.json", now=NOW).character.sheet
    assert sheet.skills["Animal Ken"] == 1 and sheet.predator == "Alleycat"
    assert sheet.disciplines == {"Potence": 2, "Presence": 1}  # Prowess is level 2: at least 2
    assert sheet.generation is None  # Progeny's 0 means "not chosen"


def test_wod5e_actor_with_items_html_and_bonuses(tmp_path):
    store = chronicle(tmp_path)
    done = import_character(store, FIXTURES / "wod5e-vampire.json", now=NOW)
    ch, sheet = done.character, done.character.sheet
    assert (sheet.clan, sheet.predator, sheet.generation, ch.concept) == ("Toreador", "Siren", 11, "Fado singer")
    assert sheet.disciplines == {"Presence": 2, "Celerity": 1}  # Celerity rated from its one power
    assert sheet.specialties == {"Performance": ["Fado"]}
    assert sheet.advantages == {"Herd": 2, "Beautiful": 2} and sheet.flaws == {"Suspect": 1}
    # as the system derives it: total 8 + 12 gained = 20; unspent 4 + 12 - 10 = 6
    assert (sheet.experience_total, sheet.experience_spent) == (20, 14)
    assert [(e.time.year, e.amount, e.note) for e in sheet.experience_history] == [
        (2025, 12, "Story: the Alfama fire"), (2025, -10, "Presence 2")]
    assert (sheet.health.superficial, sheet.health.aggravated, sheet.hunger) == (2, 1, 3)
    assert "Sings & feeds." in ch.notes and "<p>" not in ch.notes
    assert ch.private_notes == "Owes the Prince a boon."
    assert sorted(done.unmapped) == ["items: weapon 'Switchblade' not mapped", "skills.piloting: not a V5 skill"]
    assert character_pool(str(store.path), "sebastiao", "Strength + Athletics")[0] == 3
    assert character_pool(str(store.path), "sebastiao", "Charisma + Presence")[0] == 6


def test_wod5e_actor_of_the_current_system_field_by_field(tmp_path):
    """A whole actor as the system's data models make it (every splat's fields, their defaults): each field mapped,
    or named; Resilience makes Health 3 + 3 + Fortitude 1 = 7, as the export's own health.max says."""
    store = chronicle(tmp_path)
    done = import_character(store, FIXTURES / "wod5e-full-vampire.json", now=NOW)
    ch, sheet = done.character, done.character.sheet
    assert sorted(done.unmapped) == ["effects: 1 active effect(s) not applied (Blush of Life)",
                                     "headers.chronicle: not mapped", "items: weapon 'Scalpel' not mapped"]
    assert sheet.health_size == 7 and (sheet.health.superficial, sheet.willpower.superficial) == (1, 2)
    assert sheet.disciplines == {"Auspex": 2, "Fortitude": 1, "Blood Sorcery": 1}
    assert (sheet.clan, sheet.predator, sheet.generation, sheet.hunger, sheet.stains) == (
        "Tremere", "Consensualist", 12, 2, 1)
    assert (sheet.experience_total, sheet.experience_spent) == (15, 7)  # the export's derivedXP: 15, 8 left
    for part in ("History:\nEmbraced in the blood bank.", "Appearance:\nScrubs, always.", "True age: 41", "Died: 1999"):
        assert part in ch.notes
    assert ch.private_notes == "Knows the Prince's blood type."


def _stats(node) -> list[tuple[str, str]]:
    """Every ``_stats`` (systemId, systemVersion) in an export: the actor's and each item's."""
    if isinstance(node, dict):
        own = [(node["_stats"]["systemId"], node["_stats"]["systemVersion"])] if "_stats" in node else []
        return own + [s for value in node.values() for s in _stats(value)]
    return [s for value in node for s in _stats(value)] if isinstance(node, list) else []


@pytest.mark.parametrize(("fixture", "system_id", "release"), [
    ("wod5e-full-vampire.json", "wod5e", "5.3."),  # the system's id since 5.3.1
    ("wod5e-vampire.json", "vtm5e", "4."),  # its id until 5.3.0: still read
])
def test_wod5e_exports_under_either_system_id_import_alike(tmp_path, fixture, system_id, release):
    stats = _stats(json.loads((FIXTURES / fixture).read_text(encoding="utf-8")))
    assert stats and all(sid == system_id and version.startswith(release) for sid, version in stats)
    done = import_character(chronicle(tmp_path), FIXTURES / fixture, now=NOW)
    assert done.format == "wod5e" and not [line for line in done.unmapped if "_stats" in line]


def test_wod5e_a_filled_field_of_another_splat_or_a_wrong_maximum_is_named(tmp_path):
    data = json.loads((FIXTURES / "wod5e-full-vampire.json").read_text())
    data["system"]["rage"]["value"] = 3
    data["system"]["headers"]["domitor"] = "Ana"
    data["system"]["health"]["max"] = 6
    data["system"]["headers"]["generation"], data["system"]["blood"]["generation"] = "", "10th"
    path = tmp_path / "marta.json"
    path.write_text(json.dumps(data))
    done = import_character(chronicle(tmp_path), path, now=NOW)
    assert done.character.sheet.generation == 10  # blood.generation when the header is empty
    assert {"rage: not mapped", "headers.domitor: not mapped",
            "health.max 6: derived here from the sheet as 7"} <= set(done.unmapped)


def test_wod5e_legacy_data_key_and_a_ghoul(tmp_path):
    store = chronicle(tmp_path)
    sheet = import_character(store, FIXTURES / "wod5e-legacy-ghoul.json", now=NOW).character.sheet
    assert sheet.creature == "ghoul" and sheet.attributes["Wits"] == 3 and sheet.disciplines == {"Potence": 1}
    assert (sheet.experience_total, sheet.experience_spent) == (5, 3)


def test_wod20_ghoul_keeps_its_exported_blood_pool_and_a_mortal_has_none(tmp_path):
    """The system's 7.x makes a ghoul as a Mortal actor of the ghoul variant: a ghoul here, its blood pool as the
    table kept it (3 of 10), one point a turn; a plain Mortal has no pool to spend, whatever the template held."""
    store = chronicle(tmp_path, "v20")
    ghoul = import_character(store, FIXTURES / "wod20-ghoul.json", now=NOW)
    sheet = ghoul.character.sheet
    assert (sheet.creature, sheet.blood, sheet.blood_pool, sheet.blood_per_turn) == ("ghoul", 3, 10, 1)
    assert sheet.disciplines == {"Potence": 1} and ghoul.unmapped == []
    mortal = import_character(store, FIXTURES / "wod20-mortal.json", now=NOW)
    assert (mortal.character.sheet.creature, mortal.character.sheet.blood_pool) == ("mortal", 0)
    assert mortal.unmapped == []
    assert [c.sheet.creature for c in open_chronicle(store.path).characters] == ["ghoul", "mortal"]


def test_wod20_ghoul_without_a_blood_pool_gets_a_ghouls_not_a_vampires(tmp_path):
    data = json.loads((FIXTURES / "wod20-ghoul.json").read_text(encoding="utf-8"))
    del data["system"]["advantages"]["bloodpool"]
    data["type"] = "Ghoul"  # the older Ghoul actor
    del data["system"]["settings"]
    source = tmp_path / "ghoul.json"
    source.write_text(json.dumps(data), encoding="utf-8")
    sheet = import_character(chronicle(tmp_path, "v20"), source, now=NOW).character.sheet
    assert (sheet.creature, sheet.blood, sheet.blood_pool) == ("ghoul", 2, 2)  # not the 13th generation's 10


def test_an_existing_character_is_not_overwritten_without_replace(tmp_path):
    store = chronicle(tmp_path)
    first = import_character(store, FIXTURES / "progeny-v1.json", now=NOW)
    ana = store.character("Marta")
    ana.player = "Rita"
    store.save_character(ana)
    before = (store.path / "characters" / "marta-reis.toml").read_text()
    with pytest.raises(ImportRefused, match="already has a character called 'Marta Reis'; nothing was changed$"):
        import_character(store, FIXTURES / "progeny-v1.json", now=NOW)
    assert (store.path / "characters" / "marta-reis.toml").read_text() == before
    again = import_character(store, FIXTURES / "progeny-v1.json", replace_existing=True, now=NOW)
    assert again.replaced and again.character.slug == first.character.slug and again.character.player == "Rita"
    logged = read_session(store.path, 1).entries
    assert [e.comment.split(" from")[0] for e in logged if e.kind == "edit"] == ["imported", "re-imported"]


@pytest.mark.parametrize("body, ruleset, message", [
    ('{"name": "x",', "v5", r"not JSON \(line 1, column 14"),
    ("[1, 2]", "v5", "is not a character export this tool reads"),
    ('{"hello": 1}', "v5", "is not a character export this tool reads"),
    (None, "v20", "is a progeny export, a v5 character, but this chronicle plays v20"),
])
def test_bad_files_get_one_line_naming_the_file(tmp_path, body, ruleset, message):
    store = chronicle(tmp_path, ruleset)
    file = FIXTURES / "progeny-v1.json" if body is None else tmp_path / "bad.json"
    if body is not None:
        file.write_text(body)
    with pytest.raises(ImportRefused, match=message) as caught:
        import_character(store, file, now=NOW)
    assert str(file) in str(caught.value) and "\n" not in str(caught.value)
    assert not list((store.path / "characters").glob("*.toml"))


def test_a_value_out_of_range_names_the_file_and_field(tmp_path):
    data = json.loads((FIXTURES / "progeny-v1.json").read_text())
    data["attributes"]["strength"] = 9
    file = tmp_path / "strong.json"
    file.write_text(json.dumps(data))
    with pytest.raises(InvalidDataError, match=r"strong.json: field 'attributes.Strength': 9 is out of range 1-5"):
        import_character(chronicle(tmp_path), file, now=NOW)


def test_too_big_and_nameless_files_are_refused(tmp_path):
    big = tmp_path / "big.json"
    big.write_text(" " * (MAX_BYTES + 1))
    with pytest.raises(ImportRefused, match="more than a character export holds"):
        import_character(chronicle(tmp_path), big)
    data = json.loads((FIXTURES / "wod5e-vampire.json").read_text())
    data["name"] = "  "
    nameless = tmp_path / "nameless.json"
    nameless.write_text(json.dumps(data))
    with pytest.raises(ImportRefused, match="has no character name"):
        import_character(chronicle(tmp_path, name="d"), nameless)


def test_a_foundry_hunter_is_refused_by_name(tmp_path):
    data = json.loads((FIXTURES / "wod5e-vampire.json").read_text())
    data["type"] = "hunter"
    file = tmp_path / "hunter.json"
    file.write_text(json.dumps(data))
    with pytest.raises(ImportRefused, match="is a WoD5e hunter actor"):
        import_character(chronicle(tmp_path), file)


@pytest.mark.parametrize("fixture, ruleset", [
    ("progeny-v1.json", "v5"), ("progeny-v0.json", "v5"), ("wod5e-vampire.json", "v5"),
    ("wod5e-legacy-ghoul.json", "v5"), ("wod20-vampire.json", "v20"), ("wod5e-full-vampire.json", "v5"),
    ("wod20-v7-vampire.json", "v20"), ("wod20-v2-nested.json", "v20"), ("wod20-v7-pc-vampire.json", "v20"),
    ("wod20-ghoul.json", "v20"), ("wod20-mortal.json", "v20"),
])
def test_round_trip_import_export_import_is_identical(tmp_path, fixture, ruleset):
    store = chronicle(tmp_path, ruleset, "one")
    done = import_character(store, FIXTURES / fixture, now=NOW)
    xp.award(store, [store.character(done.character.name)], 3, "round trip", now=NOW)  # a dated history row
    character = store.character(done.character.name)
    exported = tmp_path / "out.json"
    exported.write_text(to_json(character, private=True))
    other = chronicle(tmp_path, ruleset, "two")
    back = import_character(other, exported, now=NOW)
    assert back.format == "vtm-tui" and back.unmapped == []
    assert (other.path / "characters" / f"{back.character.slug}.toml").read_text() == \
        (store.path / "characters" / f"{character.slug}.toml").read_text()


def test_markdown_sheet_escapes_text_and_keeps_private_notes_out(tmp_path):
    store = chronicle(tmp_path)
    import_character(store, FIXTURES / "wod5e-vampire.json", now=NOW)
    character = store.character("Sebastiao")
    character.concept = "singer | *star*"
    sheet = to_markdown(character, store.chronicle)
    assert "# Sebastião Vaz" in sheet and "singer \\| \\*star\\*" in sheet
    assert "| Presence | ●●○○○ 2: Awe, Lingering Kiss |" in sheet
    assert "Owes the Prince" not in sheet and "Owes the Prince" in to_markdown(character, store.chronicle,
                                                                                  private=True)
    assert "Owes the Prince" not in to_json(character)
    assert md("a\nb") == "a<br>b"


def test_every_rule_set_exports_a_sheet(tmp_path):
    for ruleset in ("v5", "v20", "ingenuity"):
        store = open_chronicle(Path(__file__).parents[2] / "campaigns" / {
            "v5": "lisboa-nocturna", "v20": "the-iron-vigil", "ingenuity": "lanterns-of-saltmarsh"}[ruleset])
        text = to_markdown(store.characters[0], store.chronicle)
        assert text.startswith(f"# {md(store.characters[0].name)}") and "## Attributes" in text


def test_hostile_files_are_refused_in_one_line(tmp_path):
    store = chronicle(tmp_path)
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000)
    huge = tmp_path / "huge.json"
    huge.write_text('{"name": ' + "9" * 5000 + "}")
    fifo = tmp_path / "pipe.json"
    import os

    os.mkfifo(fifo)
    for file, message in ((deep, "nested too deeply"), (huge, "not a character export"),
                          (fifo, "not a regular file"), (tmp_path, "is a folder")):
        with pytest.raises(ImportRefused, match=message):
            import_character(store, file)


def test_control_characters_and_absurd_numbers_do_not_get_through(tmp_path):
    data = json.loads((FIXTURES / "wod5e-vampire.json").read_text())
    data["name"] = "Seb\x1b[31mastião\x07"
    data["system"]["exp"] = {"value": 10**40, "max": 20}
    data["system"]["biography"] = "x\x1b]52;c;aGk=\x07y\x9b31mz"
    file = tmp_path / "odd.json"
    file.write_text(json.dumps(data))
    store = chronicle(tmp_path)
    with pytest.raises(ImportRefused, match=r"its name holds a control character \(an escape, U\+001B"):
        import_character(store, file, now=NOW)  # a name is refused, never silently changed
    data["name"] = "Sebastião"
    file.write_text(json.dumps(data))
    done = import_character(store, file, now=NOW)
    assert done.character.sheet.experience_total == 32  # the absurd value is ignored: max 20 + 12 gained
    assert "\x1b" not in done.character.notes and "52;c" not in done.character.notes  # the whole sequence goes


JSON = st.recursive(st.none() | st.booleans() | st.integers(-10**12, 10**12) | st.floats(allow_nan=True)
                    | st.text(max_size=20),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner,
                                                                                 max_size=4),
                    max_leaves=12)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(fixture=st.sampled_from(["progeny-v1.json", "progeny-v0.json", "wod5e-vampire.json", "wod20-vampire.json",
                                 "wod5e-full-vampire.json", "wod20-v7-vampire.json", "wod20-v2-nested.json",
                                 "wod20-v7-pc-vampire.json"]),
       changes=st.dictionaries(st.sampled_from(["name", "attributes", "skills", "disciplines", "system", "items",
                                                "ephemeral", "merits", "experience", "type", "predatorType",
                                                "touchstones", "skillSpecialties", "generation", "player", "effects",
                                                "data"]), JSON, max_size=3),
       inner=st.dictionaries(st.sampled_from(["abilities", "advantages", "path", "player", "clan", "custom", "headers",
                                              "bio", "health", "willpower", "rage", "appearance", "disciplines"]),
                             JSON, max_size=3))
def test_any_damaged_export_is_imported_or_refused_with_a_message(tmp_path, fixture, changes, inner):
    """Whatever a file holds, the import either gives a valid sheet or raises a VtmError (one message), never
    another exception."""
    from vtm_tui.errors import VtmError
    from vtm_tui.play.importing import prepare

    data = json.loads((FIXTURES / fixture).read_text())
    for key in ("system", "data"):  # a Foundry actor's own fields, damaged too
        if isinstance(data.get(key), dict):
            data[key].update(inner)
    data.update(changes)
    file = tmp_path / "damaged.json"
    file.write_text(json.dumps(data))
    ruleset = "v20" if fixture.startswith("wod20") else "v5"
    try:
        done = prepare(file, ruleset)
    except VtmError as exc:
        assert "\n" not in str(exc)
        return
    assert done.character.name
