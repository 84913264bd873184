"""How a roll's dice are drawn: what each rule set's roll facet returns from ``dice_faces(outcome)``.

The result page (:mod:`vtm_tui.ui.widgets.dice_view`) draws whatever comes back: a row of cells (one per d10,
its face and the mark under it) or, for dice that are not a pool of d10s, words as they are; then the legend.
So it never asks which rule set rolled. ``[7]`` is a regular die and ``⟨7⟩`` a Hunger die; the marks are ``*``
a ten, ``+`` a success, ``!`` a one that counts (a Hunger one in V5, every one in V20), ``·`` anything else.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

#: The legend under a pool of d10s with Hunger dice and no target number (V5).
HUNGER_LEGEND = "[n] regular · ⟨n⟩ Hunger · * ten · + success · ! Hunger one"
#: The legend under a pool of d10s against a target number, where every one cancels a success (V20).
TARGET_LEGEND = "* ten · + success · ! one (cancels a success)"


@dataclass(frozen=True)
class DiceFaces:
    """The dice of one outcome as the result page draws them.

    ``cells`` are (kind, face, mark), kind ``regular`` or ``hunger``, regular dice first; ``words`` are
    (text, Rich style) pieces drawn as they are when the dice are not cells; ``legend`` goes under either.
    """

    cells: tuple[tuple[str, str, str], ...] = ()
    words: tuple[tuple[str, str], ...] = ()
    legend: str = ""

    def plain(self) -> str:
        """The dice as plain text: ``[10] [7] [3] ⟨10⟩ ⟨4⟩`` (or the words and the legend)."""
        if self.words:
            return "".join(text for text, _ in self.words) + "\n" + self.legend
        return " ".join(face for _, face, _ in self.cells)


def regular_face(face: int) -> str:
    return f"[{face}]"


def hunger_face(face: int) -> str:
    return f"⟨{face}⟩"


def mark(face: int, target: int, *, one_counts: bool = True) -> str:
    """The mark under one d10: ``*`` ten, ``+`` success, ``!`` a one that counts, ``·`` anything else."""
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


def hunger_cells(outcome: Any) -> DiceFaces:
    """A pool of d10s where 6+ succeeds and only a Hunger die's one counts (a regular one is a failure)."""
    roll = shown_roll(outcome)
    faces = tuple(getattr(roll, "faces", ()) or ())
    cells = [("regular", regular_face(f), mark(f, 6, one_counts=False)) for f in faces]
    cells += [("hunger", hunger_face(f), mark(f, 6)) for f in getattr(roll, "hunger_faces", ())]
    return DiceFaces(cells=tuple(cells), legend=HUNGER_LEGEND)


def target_cells(outcome: Any) -> DiceFaces:
    """A pool of d10s against the roll's Difficulty as a target number, where every one counts."""
    roll = shown_roll(outcome)
    faces = tuple(getattr(roll, "faces", ()) or ())
    target = roll.difficulty
    return DiceFaces(cells=tuple(("regular", regular_face(f), mark(f, target)) for f in faces), legend=TARGET_LEGEND)
