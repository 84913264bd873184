"""Every screen and dialog of ``vtm_tui/ui/screens`` opened on hostile data: nothing crashes, nothing is read as
markup (issue 27: ``b`` on a character named ``Aaa [/oops]`` ended the app with a MarkupError, every time).

The chronicle of ``test_markup_screens.py`` (markup in a character's name and notes, a comment, a note, a pool,
the session's title and the chronicle's name) gets a ledger entry and a template made of markup too. The
storyteller's app and a seat then open every screen they can reach, by their keys where a key opens it and
pushed as the app pushes it otherwise. :data:`NOT_OPENED` lists the screens no walk opens, each with why; a new
screen that is neither opened nor listed fails :func:`test_every_screen_is_opened_on_hostile_data`.
"""

from __future__ import annotations

import asyncio
import importlib
import inspect
import pkgutil
from collections.abc import Callable
from pathlib import Path
from typing import Any


from tests.adversarial.test_markup_screens import CLICK, CLOSE, NAME, POISON, poisoned  # noqa: F401 - a fixture
from tests.ui.ui_support import make_app, screen_text

#: Screens no walk below opens, and why that is safe.
NOT_OPENED = {
    "ModeScreen": "the base of the four mode screens (coterie, conflict, log, ledger), each opened",
    "_Modal": "the base of the log's pickers, each opened",
}

Step = tuple[Any, str, tuple[str, ...]]  # keys (or a function of the app that pushes a screen), screen, shown
SEEN: set[str] = set()


def _poison_more(folder: Path) -> None:
    """A ledger entry, a chronicle template and a conflict made of markup, beside what the fixture planted."""
    from vtm_tui.model.conflict import Conflict, Participant
    from vtm_tui.store.chronicle_store import open_chronicle

    from vtm_tui.play import experience as xp

    store = open_chronicle(folder)
    store.save_conflict(Conflict(title=f"Docks {POISON}", participants=[
        Participant(NAME, "coterie"), Participant("Duarte Moniz", "foes")]))
    xp.award(store, [store.character(NAME)], 60, f"xp {POISON}")
    (folder / "ledger.toml").write_text(
        'schema_version = 1\n\n[[boons]]\nid = "boon-0001"\n'
        f'debtor = "{NAME}"\ncreditor = "Duarte Moniz"\nsize = "major"\nnote = "ledger {POISON}"\n',
        encoding="utf-8")
    (folder / "templates").mkdir()
    (folder / "templates" / "poison.toml").write_text(
        f'label = "tpl {POISON}"\ndescription = "desc {POISON}"\n\n[character]\nconcept = "thug"\n',
        encoding="utf-8")


async def _walk(app, steps: list[Step], size: tuple[int, int] = (140, 44)) -> list[str]:
    """Take each step; collect what went wrong: the app gone, the wrong screen, the literal text missing."""
    problems = []
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        for action, screen, shown in steps:
            if callable(action):
                pushed = action(app)  # a screen to push, or None when the app's own action pushed it
                if pushed is not None:
                    app.push_screen(pushed)
            else:
                await pilot.press(*action)
            await pilot.pause()
            if app.return_code not in (None, 0) or not app.is_running:
                problems.append(f"{action}: the app ended")
                break
            SEEN.update(type(s).__name__ for s in app.screen_stack)
            text = screen_text(app)
            if type(app.screen).__name__ != screen:
                problems.append(f"{action}: on {type(app.screen).__name__}, not {screen}")
            problems += [f"{action} on {screen}: {want!r} not shown as typed" for want in shown if want not in text]
    return problems


def _rui(app):
    return next(c for c in app.chronicle_store.characters if c.name == NAME)


def _pushed(name: str, make: Callable[[Any], Any]) -> Callable[[Any], Any]:
    make.__name__ = f"push {name}"
    return make


def _prompt(app):
    """The conflict's ``action_title`` pushes its own dialog; the walk then finds it on top."""
    app.screen.action_title()
    return None


def _storyteller_walk(poisoned: Path) -> None:
    from vtm_tui.ui.screens.ask_roll import AskRollDialog
    from vtm_tui.ui.screens.blood_dialog import FeedDialog
    from vtm_tui.ui.screens.import_dialog import ImportDialog
    from vtm_tui.ui.screens.power_pick_dialog import PowerPickDialog
    from vtm_tui.ui.screens.next_session import NextSessionDialog
    from vtm_tui.ui.screens.remorse_due import RemorseDueDialog

    _poison_more(poisoned)
    rui = ("slash", "R", "u", "i", "enter")
    steps: list[Step] = [
        (rui, "CoterieScreen", (CLOSE, CLICK)),
        (("b",), "BloodDialog", (CLOSE, CLICK)),  # issue 27: its title ended the app
        (("escape", "e"), "NotesEditor", (CLOSE,)),
        (("escape", "R"), "RenameDialog", (CLOSE,)),
        (("escape", "r"), "RollDialog", (CLOSE,)),
        (("escape", "escape", "a"), "NewCharacterDialog", ()),
        (("escape", "A"), "QuickCharacterDialog", ()),
        (("end",), "QuickCharacterDialog", (f"tpl {CLOSE}",)),
        (("escape", "c"), "CreationWizard", ()),
        (("x", "escape"), "ConfirmDiscard", ()),  # something typed: Esc asks
        (("d", "ctrl+e"), "SheetEditor", ()),
        (("escape", "escape", "tab", "down", "X"), "SpendXpDialog", (CLOSE,)),
        (("escape", "G"), "AwardXpDialog", ()),
        (("escape", "N"), "NewTraitDialog", ()),
        (("escape",), "CoterieScreen", ()),
        (_pushed("PowerPickDialog", lambda app: PowerPickDialog(
            f"{NAME}: Dominate 1 brings one power", tuple(_rui(app).sheet.powers_to_pick("Dominate", 1)))),
         "PowerPickDialog", (CLOSE,)),
        (("escape",), "CoterieScreen", ()),
        (_pushed("RemorseDueDialog", lambda app: RemorseDueDialog(4, [_rui(app)])), "RemorseDueDialog", (CLOSE,)),
        (("escape",), "CoterieScreen", ()),
        (_pushed("NextSessionDialog", lambda app: NextSessionDialog(3)), "NextSessionDialog", ()),
        (("escape",), "CoterieScreen", ()),
        (("escape", "ctrl+n"), "NoteDialog", ()),
        (("escape", "question_mark"), "HelpScreen", ()),
        (("escape",), "CoterieScreen", ()),
        (_pushed("FeedDialog", lambda app: FeedDialog(_rui(app), "hunt")), "FeedDialog", (CLOSE,)),
        (("escape",), "CoterieScreen", ()),
        (_pushed("AskRollDialog", lambda app: AskRollDialog(NAME, "Marta")), "AskRollDialog", (CLOSE,)),
        (("escape",), "CoterieScreen", ()),
        (_pushed("ImportDialog", lambda app: ImportDialog(app.chronicle_store)), "ImportDialog", ()),
        (("escape", "3"), "LogScreen", (CLOSE,)),
        (("end", "up", "up", "up", "enter"), "EntryDetail", (f"comment {POISON}", f"st {POISON}")),
        (("escape", "s"), "SessionPicker", (CLOSE,)),
        (("escape", "c"), "ChoicePicker", (CLOSE,)),
        (("escape", "slash"), "TextPrompt", ()),
        (("escape", "t"), "LogStats", ()),
        (("escape", "e"), "ExportDialog", ()),
        (("escape", "4"), "LedgerScreen", (f"ledger {CLOSE}",)),
        (("e",), "LedgerItemDialog", (f"ledger {POISON}",)),
        (("escape", "2"), "ConflictScreen", (f"Docks {CLOSE}", CLICK)),
        (("a",), "AddParticipantDialog", ()),
        (("escape",), "ConflictScreen", ()),
        (_prompt, "PromptDialog", ()),
        (("escape", "t"), "TallyDialog", (CLOSE,)),
        (("escape", "c"), "ContestDialog", (CLOSE,)),
        (("escape", "o"), "PickerScreen", (CLOSE,)),
        (("n",), "NewChronicleDialog", ()),
    ]
    app = make_app(poisoned)
    problems = asyncio.run(_walk(app, steps))
    assert not problems, problems
    assert app.return_code in (None, 0)


def _seat_walk(poisoned: Path) -> None:
    _poison_more(poisoned)
    steps: list[Step] = [
        ((), "PlayerScreen", (CLOSE, f"Wits + {CLOSE} {CLICK}")),
        (("c",), "PlayerScreen", (CLOSE,)),
        (("a",), "RequestDialog", (f"prompt {POISON}", CLICK)),
        (("escape", "r"), "PlayerRollDialog", (CLOSE,)),
        (("escape", "escape", "e"), "NotesEditor", (CLOSE,)),
        (("escape",), "PlayerScreen", (f"note {POISON}",)),  # the seat's log
    ]
    app = make_app(poisoned, player="Marta")
    problems = asyncio.run(_walk(app, steps))
    assert not problems


def _broken_walk(poisoned: Path) -> None:
    """The problem screen quotes the broken line: markup there is text too."""
    path = poisoned / "chronicle.toml"
    path.write_text(path.read_text(encoding="utf-8") + f"\n{POISON} = \n", encoding="utf-8")
    problems = asyncio.run(_walk(make_app(poisoned), [((), "ProblemScreen", ("chronicle.toml",))]))
    assert not problems


def _screen_classes() -> set[str]:
    from textual.screen import Screen

    import vtm_tui.ui.screens as package

    found = set()
    for info in pkgutil.iter_modules(package.__path__):
        module = importlib.import_module(f"{package.__name__}.{info.name}")
        found |= {name for name, cls in inspect.getmembers(module, inspect.isclass)
                  if issubclass(cls, Screen) and cls.__module__ == module.__name__}
    return found


def test_every_screen_is_opened_on_hostile_data(poisoned: Path, tmp_path: Path) -> None:  # noqa: F811
    """The storyteller's walk, the seat's and the broken chronicle's, each on a copy of the poisoned chronicle, in
    one test: the screens they open are counted in this process whichever worker runs it."""
    import shutil

    SEEN.clear()
    for walk in (_storyteller_walk, _seat_walk, _broken_walk):
        folder = tmp_path / walk.__name__ / poisoned.name
        shutil.copytree(poisoned, folder)
        walk(folder)
    missing = _screen_classes() - SEEN - set(NOT_OPENED)
    assert not missing, f"screens no walk opens on hostile data (open them above, or say why in NOT_OPENED): " \
                        f"{sorted(missing)}"
