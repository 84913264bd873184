"""Every die of a roll, its face written out, Hunger dice told apart by their brackets.

``[7]`` is a regular die and ``⟨7⟩`` a Hunger die, so a storyteller reading a
monochrome terminal (or a colour-blind one) sees which is which. The line below
marks each die: ``*`` a ten, ``+`` a success, ``!`` a one that counts (in V5 only
a Hunger one, which makes a bestial failure; in V20 every one, which cancels a
success), ``·`` anything else. In pick mode (a Willpower
re-roll by hand) the regular dice carry their key above them and ``^`` marks
the picked ones. The roll result (:mod:`vtm_tui.ui.widgets.roll_result`) draws them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.style import Style
from rich.text import Text

from vtm_tui.rules.ruleset import ruleset_for

CELL = 5
#: The marks under the dice, by how the rule set reads them (the RuleSet's ``roll_style``).
LEGEND = {
    "successes": "[n] regular · ⟨n⟩ Hunger · * ten · + success · ! Hunger one",
    "difficulty": "* ten · + success · ! one (cancels a success)",
    "total": "attribute, skill and luck dice; ★ luck 20 adds 4",
}
PICK_KEYS = "1234567890"


def regular_face(face: int) -> str:
    return f"[{face}]"


def hunger_face(face: int) -> str:
    return f"⟨{face}⟩"


def _mark(face: int, target: int, *, one_counts: bool = True) -> str:
    if face == 10:
        return "*"
    if face >= target:
        return "+"
    if face == 1 and one_counts:
        return "!"
    return "·"


def shown_roll(outcome: Any) -> Any:
    """The judged dice inside an outcome: a re-roll's result after, a Rouse's check, a Frenzy's roll."""
    if hasattr(outcome, "selection"):  # a Willpower re-roll: show the dice as they stand now
        return outcome.after
    if hasattr(outcome, "check"):  # a Rouse check
        return outcome.check
    inner = getattr(outcome, "roll", None)
    if inner is not None and hasattr(inner, "faces"):  # Frenzy, Remorse
        return inner
    return outcome


def dice_cells(outcome: Any) -> list[tuple[str, str, str]]:
    """(kind, face text, mark) for each d10 of a V5/V20 outcome, regular dice first."""
    roll = shown_roll(outcome)
    faces = tuple(getattr(roll, "faces", ()) or ())
    if ruleset_for(outcome.ruleset).difficulty_is_target_number:
        target = roll.difficulty
        return [("regular", regular_face(f), _mark(f, target)) for f in faces]
    cells = [("regular", regular_face(f), _mark(f, 6, one_counts=False)) for f in faces]  # a regular 1 is a failure
    cells += [("hunger", hunger_face(f), _mark(f, 6)) for f in getattr(roll, "hunger_faces", ())]
    return cells


def append_dice(text: Text, outcome: Any, width: int, style: Callable[[str], Style],
                pick_mode: bool = False, picked: tuple[int, ...] = ()) -> None:
    """Append the dice of ``outcome`` to ``text``: faces, marks and the legend, wrapped to ``width`` cells.

    ``style(name)`` gives the style of a ``dice-view--*`` component (hunger, regular, legend, picked).
    """
    if ruleset_for(outcome.ruleset).judges_total:
        _append_ingenuity(text, outcome, style)
        return
    cells = dice_cells(outcome)
    per_line = max(1, (width - 2) // CELL) if width > 0 else 14
    indexed = list(enumerate(cells))
    picked_style = style("dice-view--picked") if picked else None
    kind_styles = {"regular": style("dice-view--regular"), "hunger": style("dice-view--hunger")}
    for start in range(0, len(cells), per_line):
        chunk = indexed[start : start + per_line]
        if start:
            text.append("\n")
        if pick_mode:
            keys = "".join(
                (PICK_KEYS[i] if kind == "regular" and i < len(PICK_KEYS) else "").center(CELL)
                for i, (kind, _, _) in chunk
            )
            text.append(keys.rstrip() + "\n")
        for i, (kind, face, _) in chunk:
            cell_style = kind_styles[kind]
            if picked_style is not None and i in picked:
                cell_style = cell_style + picked_style
            text.append(face.center(CELL - 1), style=cell_style)
            text.append(" ")
        text.append("\n")
        marks = "".join(("^" if i in picked else mark).center(CELL) for i, (_, _, mark) in chunk)
        text.append(marks.rstrip())
    text.append("\n")
    text.append(LEGEND[ruleset_for(outcome.ruleset).roll_style], style=style("dice-view--legend"))


def _append_ingenuity(text: Text, outcome: Any, style: Callable[[str], Style]) -> None:
    data = outcome.to_dict()
    faces = data.get("faces", {})
    if "dice" in data:
        dice = data["dice"]
        text.append(f"{dice['attribute']} [{faces.get('attribute')}]  {dice['skill']} [{faces.get('skill')}]",
                    style="bold")
        luck = faces.get("luck")
        if luck is not None:
            text.append(f"  luck d20 [{luck}]" + (" ★ +4" if luck == 20 else ""))
        for reroll in getattr(outcome, "rerolls", ()):
            text.append(f"\nre-rolled: {reroll.describe()}")
    else:
        text.append(f"luck d20 [{faces.get('luck')}]", style="bold")
    text.append("\n")
    text.append(LEGEND["total"], style=style("dice-view--legend"))


def describe_dice(outcome: Any) -> str:
    """The dice as plain text (for tests): ``[10] [7] [3] ⟨10⟩ ⟨4⟩``."""
    if outcome is None:
        return ""
    if ruleset_for(outcome.ruleset).judges_total:
        text = Text()
        _append_ingenuity(text, outcome, lambda _name: Style())
        return text.plain
    return " ".join(face for _, face, _ in dice_cells(outcome))
