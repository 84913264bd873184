"""The sheet editor (``ctrl+e`` on the coterie): every field of the selected sheet, saved as one batch.

Its pages are the guided-creation pages without the choices: first every text field of the rule set (concept,
clan, sire, generation, predator type, ambition, desire...; completion from the rule set's lists), then its
ratings (attributes, skills, virtues: ↑/↓, ``+``/``-`` or a digit) and its named traits (disciplines, merits,
flaws, backgrounds, specialties, proficiencies: type ``Name 2`` with completion, ``Name 0`` or Delete removes;
a new name adds, so renaming is remove and add; V5 powers: ``Discipline: power``, or one's own with its level,
Rouse cost and pool; a quick storyteller character's pools too). The panel lists what changed so far. ``ctrl+s`` hands the
edited character back; the coterie saves it as one logged change (the diff) that ``ctrl+z`` reverts whole.
Esc goes back a page; on the first page Esc twice discards every change.
"""

from __future__ import annotations

import copy
from typing import Any

from textual.widgets import Static

from vtm_tui.errors import VtmError
from vtm_tui.model.character import Character
from vtm_tui.rules.sheet_spec import CreationStep
from vtm_tui.ui.screens.creation_wizard import CreationWizard
from vtm_tui.play.sheet_batch import sheet_diff

MAX_SHOWN = 8
#: A quick storyteller character's simplified pools (checked by the rule set when the batch is saved).
POOLS_STEP = CreationStep("pools", "Simplified pools", "named",
                          "Name and dice, rolled by name: 'Brawl 6' (Ingenuity: a die size, 'Fight 8'); 0 removes.",
                          options=("Physical", "Social", "Mental"), table="pools", low=1, high=30)


class SheetEditor(CreationWizard):
    """Answers the edited character (same file), or None when discarded."""

    HELP_TITLE = "Edit sheet"

    def __init__(self, character: Character) -> None:
        super().__init__(character.ruleset)
        self.original = character
        self.doc = character.to_toml()
        self.identity = {}
        texts = ("concept", *(f.key for f in self.rules.text_fields()))
        extra_text = [s for s in self.rules.creation_steps() if s.kind == "text" and "convictions" in s.fields]
        self.steps = (
            CreationStep("texts", f"{character.name}: who they are", "text",
                         "Tab or Enter moves between fields; PgDn: the next page.", fields=texts),
            *[s for s in self.rules.creation_steps() if s.kind in ("dots", "named", "entries")],
            *extra_text,
            *([POOLS_STEP] if character.pools else []),
        )

    def on_mount(self) -> None:  # type: ignore[override]
        box = self.query_one("Vertical")
        box.border_title = "Edit sheet — PgDn/PgUp pages · ctrl+s saves all at once · Esc back"

    def derive(self, doc: dict[str, Any]) -> dict[str, Any]:
        return doc

    def edited(self) -> Character:
        doc = copy.deepcopy(self.doc)
        character = Character.from_toml(doc, where=f"the edited sheet of {self.original.name}",
                                        ruleset=self.original.ruleset)
        character.slug = self.original.slug
        return character

    def refresh_report(self) -> None:
        try:
            old, new = sheet_diff(self.original, self.edited())
        except VtmError as exc:
            self.query_one("#create-report", Static).update(f"⚠ {exc}")
            return
        if not new:
            text = "No changes yet."
        else:
            lines = [f"{k}: {_short(old[k])} → {_short(new[k])}" for k in list(new)[:MAX_SHOWN]]
            if len(new) > MAX_SHOWN:
                lines.append(f"… {len(new) - MAX_SHOWN} more")
            text = f"{len(new)} change{'s' if len(new) != 1 else ''} (ctrl+s saves them as one):\n" + "\n".join(lines)
        self.query_one("#create-report", Static).update(text)

    def discard_question(self) -> str:
        return f"Discard the changes to {self.original.name}'s sheet? Nothing of them is saved."

    def touched(self) -> bool:
        try:
            _old, new = sheet_diff(self.original, self.edited())
        except VtmError:
            return True  # a value that does not read yet is a change too
        return bool(new)

    async def finish(self) -> None:
        try:
            character = self.edited()
        except VtmError as exc:
            self.query_one("#create-problem", Static).update(str(exc))
            return
        # After an ended session the app asks before the edit is saved; Esc keeps this editor and its changes.
        self.app.before_logging(lambda: self.dismiss(character))


def _short(value: Any) -> str:
    text = "—" if value in ("", None) else str(value)
    return text if len(text) <= 40 else text[:39] + "…"
