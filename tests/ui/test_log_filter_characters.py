"""Issue 28: on the log screen (3), filtering by a character shows the contests they defended."""

from __future__ import annotations

from datetime import datetime, timezone

from test_log_support import log_app, log_env, open_log, settle, shown_ids  # noqa: F401 - log_env is a fixture

from vtm_tui.conflict import roster, tracker
from vtm_tui.conflict.contest import ContestSpec, resolve
from vtm_tui.conflict.context import Table
from vtm_tui.rules.dice import GivenFaces
from vtm_tui.store.chronicle_store import open_chronicle
from vtm_tui.ui.screens.session_picker import ChoicePicker

NOW = datetime(2026, 11, 30, 21, 0, tzinfo=timezone.utc)


def _contest_in_session_4(folder) -> str:  # noqa: ANN001
    """Vicente Lobo attacks Inês Valadares (roll only), logged in a new session 4; the contest's id."""
    store = open_chronicle(folder)
    number = store.start_session(NOW)
    chronicle = store.chronicle
    table = Table.build(chronicle.ruleset, number, NOW, chronicle.options, store.characters)
    conflict = tracker.new_conflict()
    for name in ("Vicente Lobo", "Inês Valadares"):
        conflict = roster.add_character(conflict, table, store.character(name)).conflict
    conflict = tracker.next_round(conflict, table, GivenFaces([])).conflict
    dice = GivenFaces({"regular": [7, 7, 7, 2, 2, 2, 6, 2], "hunger": [3, 3, 4, 4]})
    change = resolve(conflict, table, dice, ContestSpec("Vicente Lobo", "Inês Valadares", "Strength + Brawl",
                                                        "Dexterity + Athletics", apply=False))
    for entry in change.entries:
        store.log(entry)
    return change.entries[0].id


async def test_the_character_filter_shows_the_contest_she_defended(log_env):
    contest = _contest_in_session_4(log_env)
    app = log_app(log_env)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_log(pilot)
        screen.show_session(4)
        await settle(pilot)
        await pilot.press("c")
        picker = app.screen
        assert isinstance(picker, ChoicePicker)
        names = [value for value, _label in picker.choices]
        for _ in range(names.index("Inês Valadares")):
            await pilot.press("down")
        await pilot.press("enter")
        await settle(pilot)
        assert [c.key for c in screen.filter.chips()] == ["actor:Inês Valadares"]
        assert contest in shown_ids(screen)
