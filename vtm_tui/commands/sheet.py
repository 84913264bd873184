"""``vtm-tui sheet PATH --character NAME ACTION …``: change a sheet from a script, as the app's keys do.

The same headless edits as the coterie's and a seat's keys (:mod:`vtm_tui.play.sheet_edits`), saved and
logged by the same :class:`~vtm_tui.play.sheet_save.SheetKeeper`, so the sheet file and the log entry are
the ones the key writes (``notes`` is the notes editor's save). ``N`` repeats an edit as N presses of its key (N entries); if any of them is
refused, none is saved. ``set`` is the sheet editor's one logged change (``ctrl+e``).
"""

from __future__ import annotations

import argparse
import sys

from vtm_tui.commands.common import emit
from vtm_tui.errors import VtmError

ACTIONS = ("damage", "heal", "hunger", "stain", "notes", "set")

EPILOG = """\
actions:
  damage [SEVERITY] [N]   mark damage on --track (default: Health), the lightest unless named:
                          V5 superficial|aggravated; V20 Health bashing|lethal|aggravated;
                          V20 Willpower (willpower_current) and blood, Ingenuity resources: point
  heal [N]                heal --track, the lightest damage first (or regain a point)
  hunger +N|-N            V5: Hunger up or down (the app's ] and [); V20: + spends blood, - regains it
  stain [+N|-N]           V5: mark a stain on Humanity (default +1), -1 takes one away
  notes TEXT              replace the character's notes (the app's e); --private: the storyteller's (E)
  set FIELD VALUE ...     set sheet values as one change, like the sheet editor (ctrl+e)

examples:
  vtm-tui sheet chronicle/ --character duarte damage superficial 2
  vtm-tui sheet chronicle/ --character duarte heal --track willpower
  vtm-tui sheet chronicle/ --character ines hunger +1
  vtm-tui sheet chronicle/ --character ines stain
  vtm-tui sheet chronicle/ --character ines set attributes.Strength 3 skills.Brawl 2
  vtm-tui sheet chronicle/ --character ines notes "Owes Amália a minor boon" --private
  vtm-tui sheet v20-chronicle/ --character lucita hunger +2         (spends 2 blood)
  vtm-tui sheet ingenuity-chronicle/ --character mara damage --track resources.Focus

A storyteller's edit with no session open starts the next session (said on stderr); with --player NAME
the edit is that player's seat's: only their own character, the seat's rights, and no session is opened."""


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("sheet", help="damage, heal, Hunger, stains or values of a sheet, logged",
                                   description="Change a character's sheet as the app's keys do: saved and logged "
                                               "in the session.",
                                   epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("path", metavar="PATH", help="the chronicle's folder")
    parser.add_argument("action", choices=ACTIONS, metavar="ACTION", help=", ".join(ACTIONS))
    parser.add_argument("values", nargs="*", metavar="VALUE", help="the action's values (see below)")
    parser.add_argument("--character", metavar="NAME", required=True, help="whose sheet")
    parser.add_argument("--track", metavar="FIELD", default="",
                        help="damage/heal: the track (health, willpower, willpower_current, blood, "
                             "resources.Health...; default: the rule set's Health)")
    parser.add_argument("--private", action="store_true", help="notes: the storyteller-only notes")
    parser.add_argument("--player", metavar="NAME", help="as this player's seat (their rights, no new session)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from vtm_tui.model.chronicle import utc_now
    from vtm_tui.play.sessions import started_note
    from vtm_tui.play.sheet_save import SheetKeeper, apply_edits
    from vtm_tui.play.visibility import viewer_for
    from vtm_tui.store.chronicle_store import open_chronicle

    store = open_chronicle(args.path)
    character = store.character(args.character)
    makes = _makes(args, character)

    def said(number: int) -> None:
        print(f"vtm-tui: {store.path}: {started_note(number)}", file=sys.stderr)

    viewer = viewer_for(args.player, store.characters) if args.player else None
    if viewer is not None:
        store.seat = args.player  # its entries name the seat and count against its bound, as the app's seat's
    keeper = SheetKeeper(store, utc_now, said, player=viewer is not None)
    done = apply_edits(keeper, character, makes, viewer=viewer, options=store.chronicle.options)
    # What each save really did: another process's save merged in makes it differ from the edit's own view.
    lines = [edit.as_logged(entry.change).describe(saved.name) for edit, saved, entry in done]
    emit(args, {"character": done[-1][1].name, "session": done[-1][2].session,
                "logged": [entry.id for _edit, _saved, entry in done],
                "changes": [entry.change for _edit, _saved, entry in done]}, "\n".join(lines))
    return 0


def _makes(args: argparse.Namespace, character):
    """What each press of the action's key does, as many times as asked."""
    from vtm_tui.play import sheet_edits
    from vtm_tui.play.sheet_batch import set_values
    from vtm_tui.rules.ruleset import ruleset_for

    action, values = args.action, list(args.values)
    rules = ruleset_for(character.ruleset)
    if action == "set":
        if not values or len(values) % 2:
            raise VtmError("set: give FIELD VALUE pairs, e.g. 'set attributes.Strength 3'")
        pairs = list(zip(values[::2], values[1::2]))
        for field, _value in pairs:
            if not field.isprintable() or len(field) > MAX_FIELD:
                raise VtmError(f"set: {field[:MAX_FIELD]!r} is not a field of the sheet")
        return [lambda c: set_values(c, pairs)]
    if args.private and action != "notes":
        raise VtmError(f"{action}: --private is for notes")
    if action == "notes":
        if len(values) != 1:
            raise VtmError('notes: give the new notes as one argument, in quotes: notes "..."')
        field = "private_notes" if args.private else "notes"
        return [lambda c: sheet_edits.set_text(c, field, values[0])]
    if args.track and action not in ("damage", "heal"):
        raise VtmError(f"{action}: --track is for damage and heal")
    if action in ("damage", "heal"):
        field = args.track or rules.sheet_damage_field
        severities = rules.sheet_edits().severities(field)
        severity = severities[0]
        if action == "damage" and values and not values[0].isdigit():
            severity = values.pop(0).casefold()
            if severity not in severities:
                raise VtmError(f"damage: {field} takes {' or '.join(severities)}, not {severity!r}")
        times = _count(action, values, signed=False)
        if action == "damage":
            return [lambda c: sheet_edits.damage(c, field, severity)] * times
        return [lambda c: sheet_edits.heal(c, field)] * times
    if action == "hunger" and not values:
        raise VtmError("hunger: say how much, +1 (the app's ]) or -1 (the app's [)")
    amount = _count(action, values or ["+1"], signed=True)
    sign = 1 if amount > 0 else -1
    if action == "hunger":
        return [lambda c: sheet_edits.hunger(c, sign)] * abs(amount)
    return [lambda c: sheet_edits.add_stain(c, sign)] * abs(amount)


#: The longest dotted field name ``set`` takes (a table and a trait's name).
MAX_FIELD = 120
#: More presses than any track has boxes is a typing slip, not a script's intent.
MOST = 20


def _count(action: str, values: list[str], *, signed: bool) -> int:
    """The action's one number: how many times (``N``), or a signed amount (``+N``/``-N``)."""
    if len(values) > 1:
        raise VtmError(f"{action}: one number at most, got {' '.join(values)!r}")
    text = values[0] if values else "1"
    body = text[1:] if signed and text[:1] in "+-" else text
    if not body.isdigit() or int(body) == 0 or int(body) > MOST or (signed and text[:1] not in "+-"):
        shape = "+N or -N" if signed else "N"
        raise VtmError(f"{action}: {shape} with N from 1 to {MOST}, not {text!r}")
    return -int(body) if text.startswith("-") else int(body)
