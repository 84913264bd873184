"""Issue 14, finding 6: a seat changes exactly what the README says: trackers and notes, traits (Humanity and a V20
Path included) only when ``players_may_edit_traits`` is on. And its keys are the README's."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from seat_support import chronicle_copy, make_app, run, screen_text, set_chronicle_line

from vtm_tui.play.visibility import refusal, viewer_for
from vtm_tui.store.chronicle_store import open_chronicle
from vtm_tui.ui.screens.player import PlayerScreen
from vtm_tui.ui.widgets.sheet_view import SheetView, layout_for

README = Path(__file__).resolve().parents[2] / "README.md"
#: The key reference the README points to for a seat's key ids.
KEYS = Path(__file__).resolve().parents[2] / "docs" / "keys.md"
#: Slot kinds on the sheets that are trackers (what moves in play).
TRACKER_KINDS = {"tracker", "count", "hunger"}


@pytest.fixture(autouse=True)
def _cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("VTM_TUI_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("VTM_TUI_KEYMAP", str(tmp_path / "no-keymap.toml"))


def _open_session(chronicle: Path) -> None:
    set_chronicle_line(chronicle, "session_open = false", "session_open = true")


def _sheet(chronicle: Path, slug: str) -> dict:
    return tomllib.loads((chronicle / "characters" / f"{slug}.toml").read_text(encoding="utf-8"))


async def _press_on(app, pilot, field: str, *keys: str) -> None:
    await pilot.pause()
    app.screen.query_one(SheetView).cursor = field
    await pilot.press(*keys)
    await pilot.pause()


@pytest.mark.parametrize(("example", "player", "slug", "field", "read"), [
    ("lisboa-nocturna", "Marta", "ines-valadares", "humanity", lambda d: d["humanity"]),
    ("the-iron-vigil", "Priya", "edwin-hallam", "path_rating", lambda d: d["path_rating"]),
    ("lisboa-nocturna", "Marta", "ines-valadares", "blood_potency", lambda d: d["blood_potency"]),
])
def test_plus_on_humanity_or_a_path_is_refused_when_traits_are_the_storytellers(
        tmp_path: Path, example: str, player: str, slug: str, field: str, read) -> None:
    chronicle = chronicle_copy(tmp_path, example)
    _open_session(chronicle)
    before = read(_sheet(chronicle, slug))

    async def body() -> None:
        app = make_app(chronicle, player=player)
        async with app.run_test(size=(100, 30)) as pilot:
            await _press_on(app, pilot, field, "minus", "plus", "plus")
            assert "traits are the storyteller's" in screen_text(app)

    run(body())
    assert read(_sheet(chronicle, slug)) == before


def test_plus_on_humanity_is_saved_when_the_chronicle_allows_traits(tmp_path: Path) -> None:
    chronicle = chronicle_copy(tmp_path)
    _open_session(chronicle)
    set_chronicle_line(chronicle, "players_may_edit_traits = false", "players_may_edit_traits = true")
    before = _sheet(chronicle, "ines-valadares")["humanity"]

    async def body() -> None:
        app = make_app(chronicle, player="Marta")
        async with app.run_test(size=(100, 30)) as pilot:
            await _press_on(app, pilot, "humanity", "minus")

    run(body())
    assert _sheet(chronicle, "ines-valadares")["humanity"] == before - 1


@pytest.mark.parametrize("example", ["lisboa-nocturna", "the-iron-vigil", "lanterns-of-saltmarsh"])
def test_every_editable_place_of_every_sheet_is_a_tracker_or_refused(tmp_path: Path, example: str) -> None:
    """Every slot a seat's cursor can reach: trackers are the player's, everything else a trait."""
    store = open_chronicle(chronicle_copy(tmp_path, example))
    checked = 0
    for character in store.characters:
        if not character.player:
            continue
        viewer = viewer_for(character.player, store.characters)
        for slot in layout_for(character.ruleset)(character, 100, None).slots:
            off = refusal(viewer, character, slot.field, {"players_may_edit_traits": False})
            on = refusal(viewer, character, slot.field, {"players_may_edit_traits": True})
            assert on == "", slot
            assert (off == "") == (slot.kind in TRACKER_KINDS), (character.name, slot)
            checked += 1
        assert refusal(viewer, character, "notes") == ""
        assert refusal(viewer, character, "private_notes", {"players_may_edit_traits": True})
        other = next(c for c in store.characters if c.player != character.player)
        assert refusal(viewer, other, "notes")
    assert checked > 20


def test_the_seats_keys_are_the_readmes() -> None:
    """The README lists a seat's keys, docs/keys.md their ids; the seat binds exactly those."""
    text = README.read_text(encoding="utf-8")
    listed = set(re.findall(r"`(player\.[a-z_]+)`", KEYS.read_text(encoding="utf-8")))
    bound = {b.id for b in PlayerScreen.BINDINGS if b.id}
    assert listed == bound
    line = text[text.index("A player's seat: `"):].split("\n\n")[0]
    seat_keys = [b for b in PlayerScreen.BINDINGS if b.id != "player.locked_step"]  # the + and - of the sheet's
    for binding in [*seat_keys, *SheetView.BINDINGS[-2:]]:  # and the sheet's + and -
        shown = binding.key_display or binding.key
        assert f"`{shown}`" in line or f"{shown}`" in line or binding.key == "tab", binding.key


def test_a_seat_without_a_character_does_not_offer_to_add_one(tmp_path: Path) -> None:
    chronicle = chronicle_copy(tmp_path)

    async def body() -> None:
        app = make_app(chronicle, player="Nobody")
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            assert "a adds one" not in screen_text(app)

    run(body())


@pytest.mark.parametrize("example", ["lisboa-nocturna", "the-iron-vigil", "lanterns-of-saltmarsh"])
def test_whose_a_character_is_never_changes_from_a_seat(tmp_path: Path, example: str) -> None:
    """The sheet editor on a seat (ctrl+e, traits allowed) saves a whole batch: its name, player and kind stay the
    storyteller's, so a player cannot hand their character to another player or make it a storyteller character."""
    store = open_chronicle(chronicle_copy(tmp_path, example))
    character = next(c for c in store.characters if c.player)
    viewer = viewer_for(character.player, store.characters)
    allowed = {"players_may_edit_traits": True}
    for field in ("name", "player", "kind", "private_notes"):
        assert refusal(viewer, character, field, allowed), field
    assert refusal(viewer, character, "notes", allowed) == ""
