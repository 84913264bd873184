"""A batch of sheet edits saved together as one change: the diff between two versions of a character.

The sheet editor (``ctrl+e`` on the coterie) hands back the whole edited character; this turns it into one
:class:`~vtm_tui.play.sheet_edits.Edit` whose ``change`` is ``{field: "sheet", before: {...}, after: {...}}``
— only the values that changed, keyed by their dotted place in the file (``attributes.Strength``,
``disciplines.Potence``; a value that was absent is ``""``). ``SheetKeeper.apply`` logs it as one entry,
and its undo reverts the whole batch (three-way, so a Hunger change made meanwhile is kept).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from vtm_tui.model.character import Character
from vtm_tui.play.sheet_edits import Edit, flatten
from vtm_tui.model.limits import MAX_COMMENT, check_text
from vtm_tui.rules.ruleset import ruleset_for
from vtm_tui.rules.sheet_edits import EditRefused

_ABSENT = ""


def sheet_diff(before: Character, after: Character) -> tuple[dict[str, Any], dict[str, Any]]:
    """The changed values only: (their values before, their values after), absent ones as ``""``."""
    old, new = flatten(before.to_toml()), flatten(after.to_toml())
    keys = [k for k in {**old, **new} if old.get(k, _ABSENT) != new.get(k, _ABSENT)]
    empty = ({}, [], _ABSENT)
    keys = [k for k in keys if not (old.get(k, _ABSENT) in empty and new.get(k, _ABSENT) in empty)]
    return {k: old.get(k, _ABSENT) for k in keys}, {k: new.get(k, _ABSENT) for k in keys}


def batch_edit(before: Character, after: Character) -> Edit | None:
    """One logged change for the whole batch, or None when nothing changed."""
    old, new = sheet_diff(before, after)
    if not new:
        return None
    count = len(new)
    return Edit(after, "edit", "sheet", old, new, f"{count} change{'s' if count != 1 else ''} saved together")


#: Fields ``set_values`` never changes: what a character is and whose file it is (a rename moves the file).
FIXED_FIELDS = ("schema_version", "name", "ruleset", "kind")


def set_values(character: Character, values: Sequence[tuple[str, str]]) -> Edit:
    """``vtm-tui sheet … set attributes.Strength 3 …``: the values typed, set on the character's document and
    read back by the model, as one change — what the sheet editor (``ctrl+e``) saves and logs.

    A value is read as the kind the field holds (a whole number, true/false, text), text within the rule set's
    limit for the field (``text_fields``; others within a comment's); a field the sheet does not know, or a value
    the model refuses, is refused with the model's own message and nothing changes."""
    doc = character.to_toml()
    limits = {f.key: (f.label, f.limit) for f in ruleset_for(character.ruleset).text_fields()}
    for field, text in values:
        label, limit = limits.get(field, (field, MAX_COMMENT))
        check_text(text, label, limit)
        if field.split(".")[0] in FIXED_FIELDS:
            raise EditRefused(f"{field}: a character's name, rule set and kind are not changed by set")
        table, _, key = field.rpartition(".")
        holder = doc
        for part in table.split(".") if table else ():
            holder = holder.setdefault(part, {})
            if not isinstance(holder, dict):
                raise EditRefused(f"{field}: {part} is a value, not a table of the sheet")
        held = holder.get(key)
        if isinstance(held, (dict, list)):
            raise EditRefused(f"{field} is a table: set one of its values ({field}.NAME)")
        holder[key] = _typed(field, text, held)
    known: list[str] = []
    Character.from_toml(character.to_toml(), where=character.name, ruleset=character.ruleset, warnings=known)
    found: list[str] = []
    edited = Character.from_toml(doc, where=character.name, ruleset=character.ruleset, warnings=found)
    unknown = [w for w in found if w not in known]
    if unknown:
        raise EditRefused(unknown[0])
    for field, _ in values:  # a key the model does not read is kept as an unknown one: a typo, here
        if _holds(edited.extra, field) and not _holds(character.extra, field):
            raise EditRefused(f"{field}: not a field of a {character.ruleset} sheet; nothing was changed")
    edited.slug = character.slug
    edit = batch_edit(character, edited)
    if edit is None:
        raise EditRefused(f"{', '.join(f for f, _ in values)}: already {', '.join(t for _, t in values)}; "
                          "nothing to change")
    return edit


def _holds(extra: dict[str, Any], field: str) -> bool:
    """Whether the dotted ``field`` is among a model's unknown keys."""
    holder: Any = extra
    for part in field.split("."):
        if not isinstance(holder, dict) or part not in holder:
            return False
        holder = holder[part]
    return True


def _typed(field: str, text: str, held: Any) -> Any:
    """The typed text as the kind of value the field holds (a number when it holds none yet and looks like one)."""
    folded = text.casefold()
    if isinstance(held, bool) or (held is None and folded in ("true", "false")):
        if folded not in ("true", "false"):
            raise EditRefused(f"{field}: true or false, not {text!r}")
        return folded == "true"
    if isinstance(held, int) or (held is None and text.lstrip("-").isdigit()):
        try:
            return int(text)
        except ValueError:
            raise EditRefused(f"{field}: a whole number, not {text!r}") from None
    return text
