"""Markup planted in everything people or files supply is shown as typed, on every screen and dialog that
shows it, and crashes nothing: a comment, a note, a character's name and notes, a pool, a session title, the
chronicle's name, a request's prompt and a storyteller-only comment.

``[/oops]`` crashed the app (MarkupError) wherever it was read as markup; ``[@click=app.quit]x[/]`` became a
link that ran an action when clicked. Each step below asserts the literal text is on the screen.
"""

from __future__ import annotations

import asyncio
import re
import shutil
from datetime import datetime, timezone
from pathlib import Path

import pytest

from tests.ui.ui_support import EXAMPLES, make_app, no_polling, screen_text
from vtm_tui.model.log_entry import STORYTELLER_COMMENT, LogEntry
from vtm_tui.store import index
from vtm_tui.store.requests import request_entry
from vtm_tui.store.session_log import append_entry

POISON = "[/oops] [@click=app.quit]x[/] [bold]B"
CLOSE, CLICK = "[/oops]", "[@click=app.quit]x[/]"
WHEN = datetime(2026, 10, 3, 23, 0, tzinfo=timezone.utc)
NAME = f"Rui {POISON}"


@pytest.fixture
def poisoned(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Lisboa Nocturna with markup in its name, a session title, Tomás (renamed, now Marta's), Inês's notes,
    and in a roll's pool, comment and storyteller comment, a note and a request's prompt."""
    no_polling()
    monkeypatch.setenv(index.CACHE_ENV, str(tmp_path / "cache"))
    monkeypatch.setenv("VTM_TUI_KEYMAP", str(tmp_path / "no-keymap.toml"))
    folder = tmp_path / "lisboa"
    shutil.copytree(EXAMPLES / "lisboa-nocturna", folder)

    def rewrite(relative: str, *subs: tuple[str, str]) -> None:
        path = folder / relative
        text = path.read_text(encoding="utf-8")
        for pattern, replacement in subs:
            text, count = re.subn(pattern, lambda _m: replacement, text, count=1, flags=re.M)
            assert count == 1, pattern
        path.write_text(text, encoding="utf-8")

    rewrite("chronicle.toml", (r'^name = .*$', f'name = "Lisboa {POISON}"'),
            (r"^session_open = false$", "session_open = true"))
    rewrite("sessions/0003.toml", (r'^title = .*$', f'title = "{POISON}"'))
    rewrite("characters/tomas-queiroz.toml", (r"^name = .*$", f'name = "{NAME}"'),
            (r"^player = .*$", 'player = "Marta"'))
    rewrite("characters/ines-valadares.toml", (r'^notes = """', f'notes = """{POISON} '))
    append_entry(folder, LogEntry.new("roll", session=3, ruleset="v5", now=WHEN, actor=NAME,
                                      pool=f"Wits 2 + {POISON}", difficulty=3, result="win", margin=1,
                                      roll={"faces": [8, 9], "win": True}, comment=f"comment {POISON}",
                                      extra={STORYTELLER_COMMENT: f"st {POISON}"}))
    append_entry(folder, LogEntry.new("note", session=3, ruleset="v5", now=WHEN, comment=f"note {POISON}"))
    append_entry(folder, request_entry(session=3, ruleset="v5", actor=NAME, pool=f"Wits + {POISON}",
                                       difficulty=4, prompt=f"prompt {POISON}", now=WHEN))
    return folder


async def _walk(app, steps: list[tuple[tuple[str, ...], str, tuple[str, ...]]]) -> list[str]:
    """Press each step's keys; collect what went wrong: the wrong screen, or the literal text missing."""
    problems = []
    async with app.run_test(size=(130, 40)) as pilot:
        await pilot.pause()
        for keys, screen, shown in steps:
            await pilot.press(*keys)
            await pilot.pause()
            text = screen_text(app)
            if type(app.screen).__name__ != screen:
                problems.append(f"{keys}: on {type(app.screen).__name__}, not {screen}")
            problems += [f"{keys} on {screen}: {want!r} not shown as typed" for want in shown if want not in text]
    return problems


def test_the_storytellers_screens_and_dialogs_show_markup_as_text(poisoned: Path) -> None:
    steps = [
        ((), "CoterieScreen", (CLOSE,)),
        (("slash", "R", "u", "i", "enter"), "CoterieScreen", (CLOSE, CLICK)),  # the name and its sheet
        (("e",), "NotesEditor", (CLOSE,)),  # the title names the character
        (("escape", "R"), "RenameDialog", (CLOSE,)),
        (("escape", "r"), "RollDialog", (CLOSE,)),
        (("escape", "escape", "3"), "LogScreen", (CLOSE,)),  # the log and its session's title
        (("end", "up", "up", "enter"), "EntryDetail", (f"comment {POISON}", f"st {POISON}", f"Wits 2 + {POISON}")),
        (("escape", "end", "up", "enter"), "EntryDetail", (f"note {POISON}",)),
        (("escape", "s"), "SessionPicker", (CLOSE,)),
        (("escape", "c"), "ChoicePicker", (CLOSE,)),
        (("escape", "2", "a"), "AddParticipantDialog", (CLOSE,)),
    ]
    app = make_app(poisoned)
    problems = asyncio.run(_walk(app, steps))
    assert not problems
    assert app.return_code in (None, 0)


def test_a_players_seat_and_its_dialogs_show_markup_as_text(poisoned: Path) -> None:
    steps = [
        ((), "PlayerScreen", (CLOSE, f"Wits + {CLOSE} {CLICK}")),  # the request bar
        (("c",), "PlayerScreen", (CLOSE,)),  # Rui's sheet
        (("a",), "RequestDialog", (f"prompt {POISON}", CLICK)),
        (("escape", "w"), "SeatsDialog", (CLOSE,)),
        (("escape", "r"), "PlayerRollDialog", (CLOSE,)),
    ]
    app = make_app(poisoned, player="Marta")
    problems = asyncio.run(_walk(app, steps))
    assert not problems


def test_a_notification_never_reads_markup(poisoned: Path) -> None:
    """Whatever a caller asks, a notification is plain text (its toast would run ``[@click]`` or crash)."""
    async def scene() -> list[tuple[str, bool]]:
        app = make_app(poisoned)
        async with app.run_test(size=(130, 40)) as pilot:
            app.notify(f"app {POISON}", markup=True)
            app.screen.notify(f"screen {POISON}")
            await pilot.pause()
            return [(n.message, n.markup) for n in app._notifications]  # as tests/ui/test_player_seat.py reads them

    assert asyncio.run(scene()) == [(f"app {POISON}", False), (f"screen {POISON}", False)]


def test_the_conflict_shows_a_typed_title_and_extras_as_text(poisoned: Path) -> None:
    """The conflict's title and a nameless extra's name, typed by the storyteller, on the tracker."""
    from textual.widgets import Input

    async def scene() -> tuple[str, str]:
        app = make_app(poisoned)
        async with app.run_test(size=(130, 40)) as pilot:
            await pilot.pause()
            await pilot.press("2")
            await pilot.pause()
            app.screen.action_title()
            await pilot.pause()
            app.screen.query_one(Input).value = f"Docks {POISON}"
            await pilot.press("enter")
            await pilot.pause()
            await pilot.press("a")
            await pilot.pause()
            app.screen.query_one("#add-name", Input).value = f"Thug {POISON}"
            app.screen.query_one("#add-name", Input).focus()
            await pilot.press("enter")
            await pilot.pause()
            return type(app.screen).__name__, screen_text(app)

    screen, text = asyncio.run(scene())
    assert screen == "ConflictScreen"
    assert f"Docks {POISON}" in text and f"Thug {CLOSE}" in text


def test_the_marked_option_list_shows_a_string_prompt_as_text() -> None:
    """The ▶ list (rule set, kind, creature) is general: a prompt with brackets is shown, never run as markup."""
    from textual.widgets.option_list import Option

    from vtm_tui.ui.widgets.marked_option_list import MarkedOptionList

    listed = MarkedOptionList(Option("[@click=app.quit]Ana[/]", id="a"), Option("[/oops]", id="b"))
    assert [str(prompt) for prompt in listed._prompts] == ["[@click=app.quit]Ana[/]", "[/oops]"]
