"""The headless edit layer under the coterie screen: every edit keeps the sheet loadable, and undo walks
back exactly — checked on the example characters with hypothesis-chosen sequences of key presses."""

from __future__ import annotations

import shutil
import tomllib

import pytest
from ui_support import EXAMPLES, FIXED_NOW
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from vtm_tui.errors import VtmError
from vtm_tui.model.character import Character
from vtm_tui.store.chronicle_store import open_chronicle
from vtm_tui.play import sheet_edits
from vtm_tui.ui.clock import fixed_clock
from vtm_tui.play.sheet_save import SheetKeeper
from vtm_tui.ui.widgets.sheet_view import layout_for

RULESET_OF = {"lisboa-nocturna": "v5", "the-iron-vigil": "v20", "lanterns-of-saltmarsh": "ingenuity"}
TRACKS = {"v5": ("health", "willpower"), "v20": ("health", "willpower_current", "blood"),
          "ingenuity": ("resources.Health", "resources.Focus")}
SEVERITIES = {"v5": ("superficial", "aggravated"), "v20": ("bashing", "lethal", "aggravated"),
              "ingenuity": ("point",)}

# One press: (what, index into the slots / tracks, +1 or -1)
presses = st.lists(st.tuples(st.sampled_from(["step", "damage", "heal", "hunger", "stain"]),
                             st.integers(0, 200), st.sampled_from([1, -1])), max_size=25)


def apply_press(character: Character, press) -> sheet_edits.Edit:
    what, index, sign = press
    ruleset = character.ruleset
    if what == "step":
        slots = layout_for(ruleset)(character, 80, None).slots
        return sheet_edits.step(character, slots[index % len(slots)], sign)
    tracks = TRACKS[ruleset]
    if what == "damage":
        severities = SEVERITIES[ruleset]
        field = tracks[index % len(tracks)]
        severity = severities[index % len(severities)] if field == "health" or ruleset == "v5" else "point"
        return sheet_edits.damage(character, field, severity)
    if what == "heal":
        return sheet_edits.heal(character, tracks[index % len(tracks)])
    if what == "hunger":
        return sheet_edits.hunger(character, sign)
    return sheet_edits.add_stain(character, sign)


def reloads(character: Character) -> Character:
    """The character as a file would give it back (raises if the file would be invalid)."""
    return Character.from_toml(tomllib.loads(_dump(character)), where="test", ruleset=character.ruleset)


def _dump(character: Character) -> str:
    from vtm_tui.store.toml_io import dumps_toml

    return dumps_toml(character.to_toml())


@pytest.mark.parametrize("chronicle", sorted(RULESET_OF))
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(sequence=presses)
def test_any_key_sequence_keeps_every_sheet_loadable(chronicle, sequence):
    store = open_chronicle(EXAMPLES / chronicle)
    for character in store.characters:
        current = character
        for press in sequence:
            try:
                edit = apply_press(current, press)
            except VtmError:
                continue  # refused with a reason; nothing changed
            assert edit.character is not current  # never mutated in place
            current = reloads(edit.character)
            assert current.to_toml() == edit.character.to_toml()


def test_edits_never_mutate_their_argument():
    store = open_chronicle(EXAMPLES / "lisboa-nocturna")
    character = store.characters[0]
    before = character.to_toml()
    sheet_edits.damage(character, "health", "aggravated")
    sheet_edits.hunger(character, 1)
    sheet_edits.add_stain(character, 1)
    assert character.to_toml() == before


def test_a_stain_with_no_empty_box_is_degeneration():
    store = open_chronicle(EXAMPLES / "lisboa-nocturna")
    character = store.characters[0]
    character.sheet.stains = 10 - character.sheet.humanity  # every empty box stained
    edit = sheet_edits.add_stain(character, 1)
    assert edit.after == edit.before  # no room: the stain becomes Willpower damage instead
    assert edit.character.sheet.willpower.aggravated == character.sheet.willpower.aggravated + 1
    assert "degeneration" in edit.comment


def test_lowering_stamina_trims_health_damage_to_fit():
    store = open_chronicle(EXAMPLES / "lisboa-nocturna")
    character = store.characters[0]
    character.sheet.attributes["Stamina"] = 2
    character.sheet.health.superficial, character.sheet.health.aggravated = 3, 2  # 5 boxes, all used
    slot = sheet_edits.Slot("attributes.Stamina", "Stamina", "dots", 1, 5)
    edit = sheet_edits.step(character, slot, -1)
    health = edit.character.sheet.health
    assert edit.character.sheet.health_size == 4
    assert (health.superficial, health.aggravated) == (2, 2)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(sequence=presses)
def test_undo_walks_back_to_the_files_as_they_were(tmp_path_factory, sequence):
    folder = tmp_path_factory.mktemp("undo") / "lisboa-nocturna"
    shutil.copytree(EXAMPLES / "lisboa-nocturna", folder)
    store = open_chronicle(folder)
    keeper = SheetKeeper(store, fixed_clock(FIXED_NOW))
    originals = {p.name: p.read_text() for p in (folder / "characters").glob("*.toml")}
    slug = store.characters[0].slug
    done = 0
    for press in sequence:
        current = next(c for c in store.characters if c.slug == slug)
        try:
            keeper.apply(current, apply_press(current, press))
            done += 1
        except VtmError:
            continue
    for _ in range(done):
        keeper.undo()
    after = {p.name: p.read_text() for p in (folder / "characters").glob("*.toml")}
    assert tomllib.loads(after[f"{slug}.toml"]) == tomllib.loads(originals[f"{slug}.toml"])
    with pytest.raises(VtmError, match="nothing to undo"):
        keeper.undo()


def test_undo_takes_back_only_its_own_change(tmp_path):
    folder = tmp_path / "lisboa-nocturna"
    shutil.copytree(EXAMPLES / "lisboa-nocturna", folder)
    store = open_chronicle(folder)
    keeper = SheetKeeper(store, fixed_clock(FIXED_NOW))
    duarte = store.character("Duarte Moniz")
    strength = duarte.sheet.attributes["Strength"]
    slot = sheet_edits.Slot("attributes.Strength", "Strength", "dots", 1, 5)
    keeper.apply(duarte, sheet_edits.step(duarte, slot, -1))
    # Meanwhile the roll dialog raised Hunger after a failed rouse check:
    rolled = store.character("Duarte Moniz")
    rolled.sheet.hunger = 5
    store.save_character(rolled)
    keeper.undo()
    now = store.character("Duarte Moniz")
    assert now.sheet.attributes["Strength"] == strength
    assert now.sheet.hunger == 5  # kept


def test_undo_refuses_when_the_same_value_changed_since(tmp_path):
    folder = tmp_path / "lisboa-nocturna"
    shutil.copytree(EXAMPLES / "lisboa-nocturna", folder)
    store = open_chronicle(folder)
    keeper = SheetKeeper(store, fixed_clock(FIXED_NOW))
    duarte = store.character("Duarte Moniz")
    keeper.apply(duarte, sheet_edits.hunger(duarte, -1))
    again = store.character("Duarte Moniz")
    again.sheet.hunger = 4
    store.save_character(again)
    with pytest.raises(VtmError, match="hunger changed again since"):
        keeper.undo()
    assert store.character("Duarte Moniz").sheet.hunger == 4


def test_raising_humanity_never_pushes_stains_off_the_track():
    """Found by the property test: Humanity 7 with 2 stains raised to 9 made a sheet no file could hold."""
    store = open_chronicle(EXAMPLES / "lisboa-nocturna")
    ines = store.character("Inês")
    assert (ines.sheet.humanity, ines.sheet.stains) == (7, 2)
    slot = next(s for s in layout_for("v5")(ines, 80, None).slots if s.field == "humanity")
    raised = sheet_edits.step(ines, slot, +1).character  # 8 leaves room for exactly 2
    assert raised.sheet.humanity == 8
    with pytest.raises(sheet_edits.EditRefused, match="Humanity 9 leaves room for 1 stain.*2 are marked"):
        sheet_edits.step(raised, slot, +1)
