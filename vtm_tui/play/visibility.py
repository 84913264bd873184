"""What a player may see: the one place that redacts log entries, sheets and exports for a player's seat.

A player's seat (``vtm-tui PATH --player Ana``) runs in the same process and
reads the same files as the storyteller's app, so secrets are kept from the
player's *screen* (and anything the seat exports), not from the disk. Every
widget of the player's view is fed only what passes through here, and this
module is tested on its own (``tests/play/test_visibility.py``), so a new
screen cannot leak by forgetting a rule: it never sees the raw data.

For a player, and only for a player:

- **Secret Difficulties.** A secret roll keeps its dice and its outcome (the
  table hears those) but loses its Difficulty (also its name, ``Moderate``), margin
  and shortfall (from which the Difficulty could be worked out), at every depth of
  the outcome (a re-roll's ``before``, a contest's sides), and its comment unless
  the roll was the player's own character's (a storyteller's note on a secret roll
  is theirs; words only the storyteller may read go in ``storyteller_comment``).
- **Storyteller-only entries and comments.** An entry marked
  ``storyteller_only = true`` is dropped; a ``storyteller_comment`` (and any
  other key a newer tool or a hand edit added) never passes; a secret note,
  scene marker, session title or ledger change is dropped whole.
- **Storyteller characters' sheets.** For a character the player does not play
  that is a storyteller character, tracker and edit entries are dropped, a
  rolled pool keeps its trait names but not their dots (``Wits + Awareness``),
  and the sheet itself is never handed out: only its public card.
- **Private notes.** ``private_notes`` are "the storyteller's eyes only" (the
  character model says so, and the examples hold secrets the character does not
  know), so they are withheld from every player, their own character's
  included; an edit entry of them is dropped whole.
- **Roll requests** to other players are dropped; the player's own keep their
  Difficulty only when it is not secret.

Who plays what is decided by the chronicle's own names, exactly: a character
is the player's when its ``player`` field names them, and a log entry is theirs
when its actor *is* that character's name. Names are never folded here (a
storyteller character "Ines Valadares" is not the player's "Inês Valadares"), and
a name two characters share is nobody's. Anything not matched is treated as the
storyteller's.

``vtm-tui log --hide-secret`` and the app's export "for players" show what any
player at the table may see (:func:`table_viewer`): a player who plays none of
the characters, so every rule above applies to every entry.

The storyteller (``player is None``) sees everything unchanged.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from vtm_tui.model.character import Character
from vtm_tui.model.log_entry import STORYTELLER_COMMENT as STORYTELLER_COMMENT  # never passes to a player
from vtm_tui.model.log_entry import LogEntry
from vtm_tui.model.slug import fold_name
from vtm_tui.store.requests import CANCEL_KIND, REQUEST_KIND

#: Entry extra key: the whole entry is for the storyteller only.
STORYTELLER_ONLY = "storyteller_only"
#: Log kinds that record a sheet's state: hidden for storyteller characters.
SHEET_KINDS = frozenset({"damage", "heal", "hunger", "humanity", "stain", "willpower", "edit", "experience"})
#: Fields of an outcome (``roll`` table) from which a secret Difficulty could be worked out.
#: (``win`` goes too: the result's name says it, and a shown "+0" margin on a win would give D away.)
SECRET_ROLL_KEYS = frozenset({"difficulty", "difficulty_name", "margin", "shortfall", "win", "win_at_a_cost",
                              "automatic", "difficulties", "trivial"})
#: Who a player's export (``--hide-secret``) is for: any player, who plays none of the characters.
TABLE = "the table"
#: Sheet fields whose edits are never shown to a player.
PRIVATE_FIELDS = frozenset({"private_notes"})

#: A rating after a trait's name: ``Wits 3``, ``Intellect d10`` (a modifier such as ``+ 2`` follows no letter).
_DOTS = re.compile(r"(?<=[^\W\d_])\s+d?\d+\b")


@dataclass(frozen=True)
class Viewer:
    """Who is looking: the storyteller (``player is None``) or a player, the characters they play and the
    other players' characters. Anyone else in the log (a storyteller character, a deleted or renamed one)
    is treated as the storyteller's: an allow-list, so an unknown name leaks nothing."""

    player: str | None = None
    own: frozenset[str] = field(default_factory=frozenset)  # exact names of the player's characters
    players: frozenset[str] = field(default_factory=frozenset)  # exact names of other players' characters

    @property
    def storyteller(self) -> bool:
        return self.player is None

    def owns(self, name: str) -> bool:
        """Whether ``name`` (a character's or a log entry's actor) is one of the player's characters: the
        same name, character for character (``Ines`` is not ``Inês``)."""
        return self.storyteller or name in self.own

    def is_storyteller_character(self, name: str) -> bool:
        """Whether ``name`` is not a player character at all, from this player's seat (the storyteller's)."""
        if self.storyteller:
            return False
        return name not in self.own and name not in self.players


STORYTELLER = Viewer()


def plays(player: str, character: Character) -> bool:
    """Whether ``player`` plays ``character``: its ``player`` field names them (case and accents aside, as
    the seat's ``--player`` is typed; the character's *name* is never compared)."""
    wanted = fold_name(player)
    return bool(wanted) and fold_name(character.player) == wanted


def player_characters(player: str, characters: Iterable[Character]) -> list[Character]:
    """The characters ``player`` plays, player characters first (the store's order is kept)."""
    found = [c for c in characters if plays(player, c)]
    return sorted(found, key=lambda c: c.kind != "pc")


def viewer_for(player: str | None, characters: Iterable[Character]) -> Viewer:
    """The viewer for a seat: the storyteller when ``player`` is None."""
    if player is None:
        return STORYTELLER
    characters = list(characters)
    mine = [c.name for c in characters if plays(player, c)]
    theirs = [c.name for c in characters if not plays(player, c)]
    shared = set(mine) & set(theirs)  # two characters with one name: the log cannot tell whose, so nobody's
    own = frozenset(mine) - shared
    others = frozenset(c.name for c in characters if c.kind == "pc" and not plays(player, c)) - shared
    return Viewer(player=player, own=own, players=others)


def table_viewer(pc_names: Iterable[str]) -> Viewer:
    """What any player at the table may see (``log --hide-secret``, an export for the players): a viewer who
    plays none of the characters, knowing which names are player characters (``pc_names``, exact)."""
    return Viewer(player=TABLE, own=frozenset(), players=frozenset(pc_names))


# -- log entries -----------------------------------------------------------------------------------------


def strip_dots(pool: str) -> str:
    """``Wits 3 + Awareness 3`` → ``Wits + Awareness`` (``Intellect d10`` → ``Intellect``): traits, not ratings."""
    return " ".join(_DOTS.sub("", pool).split())


def entry_for(viewer: Viewer, entry: LogEntry) -> LogEntry | None:
    """``entry`` as ``viewer`` may see it, or None when it must not be shown at all."""
    if viewer.storyteller:
        return entry
    if entry.extra.get(STORYTELLER_ONLY) is True:
        return None
    own = bool(entry.actor) and viewer.owns(entry.actor)
    if entry.kind in (REQUEST_KIND, CANCEL_KIND) and not own:
        return None
    if entry.wholly_secret:  # a secret note, scene marker, session title or ledger change
        return None
    if entry.change.get("field") in PRIVATE_FIELDS:
        return None
    storyteller_character = bool(entry.actor) and viewer.is_storyteller_character(entry.actor)
    if storyteller_character and entry.kind in SHEET_KINDS:
        return None
    changes: dict[str, Any] = {"extra": {}}
    if entry.secret:
        changes.update(difficulty=None, margin=0, roll=_without_difficulty(entry.roll))
        if not own:
            changes["comment"] = ""
            changes["characters"] = ()  # whom else it concerned is said in the comment ("against …"): hidden too
    if storyteller_character:
        changes["pool"] = strip_dots(entry.pool)
        changes["change"] = {}
    return replace(entry, **changes)


def _without_difficulty(value: Any) -> Any:
    """An outcome with every key that tells a Difficulty removed, at any depth (``before``, contest sides)."""
    if isinstance(value, dict):
        return {k: _without_difficulty(v) for k, v in value.items() if k not in SECRET_ROLL_KEYS}
    if isinstance(value, list):
        return [_without_difficulty(v) for v in value]
    return value


def entries_for(viewer: Viewer, entries: Iterable[LogEntry]) -> list[LogEntry]:
    """The entries ``viewer`` may see, redacted, in order."""
    if viewer.storyteller:
        return list(entries)
    shown = (entry_for(viewer, entry) for entry in entries)
    return [entry for entry in shown if entry is not None]


# -- characters ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class CharacterCard:
    """What anyone at the table knows of a character: name, who plays it, concept and public notes."""

    name: str
    player: str
    kind: str
    concept: str
    notes: str
    own: bool = False


def card_for(viewer: Viewer, character: Character) -> CharacterCard:
    """The public card of ``character`` (the same for every viewer, marked when it is the viewer's)."""
    return CharacterCard(name=character.name, player=character.player, kind=character.kind,
                         concept=character.concept, notes=character.notes,
                         own=not viewer.storyteller and viewer.owns(character.name))


def sheet_visible(viewer: Viewer, character: Character) -> bool:
    """Whether ``viewer`` may see ``character``'s sheet: not a storyteller character's, for a player."""
    return viewer.storyteller or viewer.owns(character.name) or character.kind == "pc"


def character_for(viewer: Viewer, character: Character) -> Character | None:
    """A copy of ``character`` fit for ``viewer`` to *see* (None: the sheet is not theirs to see).

    Never save what this returns: it lacks the storyteller's fields. Edits are
    made to the store's own character (see :func:`editable_fields`).
    """
    if viewer.storyteller:
        return character
    if not sheet_visible(viewer, character):
        return None
    shown = copy.deepcopy(character)
    shown.private_notes = ""
    shown.extra = {}
    return shown


def editable(viewer: Viewer, character: Character, *, traits: bool = False,
             options: Mapping[str, Any] | None = None) -> bool:
    """Whether ``viewer`` may change ``character``: trackers and notes of their own characters always,
    traits only when the chronicle's ``players_may_edit_traits`` is on. The storyteller may change anything."""
    if viewer.storyteller:
        return True
    if not viewer.owns(character.name):
        return False
    if traits:
        return bool((options or {}).get("players_may_edit_traits", False))
    return True


#: Fields of the character itself (not its sheet) a player may always change on their own character.
PLAYER_TEXT_FIELDS = frozenset({"notes"})


#: What a character is and whose: a seat never changes these, whatever the chronicle's options.
IDENTITY_FIELDS = frozenset({"name", "player", "kind", "schema_version"})


def refusal(viewer: Viewer, character: Character, field: str, options: Mapping[str, Any] | None = None) -> str:
    """Why ``viewer`` may not change ``field`` of ``character`` ('' when they may): the one check of a seat's rights.

    A player changes their own characters' trackers (the rule set's, :mod:`vtm_tui.rules.seat`) and public
    notes; a trait (dots, die sizes, Humanity, a V20 Path, anything else) only when the chronicle's
    ``players_may_edit_traits`` is on; never the storyteller's private notes or another character."""
    from vtm_tui.rules.seat import is_tracker

    if viewer.storyteller:
        return ""
    if not viewer.owns(character.name):
        return "Only your own character's trackers and notes are yours to change."
    if field in PRIVATE_FIELDS:
        return "Private notes are the storyteller's."
    if field.split(".")[0] in IDENTITY_FIELDS:  # whose a character is and what it is: never a seat's to change
        return f"{field}: the character's name, player and kind are the storyteller's to change."
    if field in PLAYER_TEXT_FIELDS or is_tracker(character.ruleset, field):
        return ""
    if editable(viewer, character, traits=True, options=options):
        return ""
    label = field.split(".")[-1].replace("_", " ")
    return (f"{label}: traits are the storyteller's to change here "
            "(the chronicle's players_may_edit_traits is off).")


def typed_faces_refusal(viewer: Viewer, options: Mapping[str, Any] | None = None) -> str:
    """Why ``viewer`` may not judge faces typed by hand ('' when they may): a player's seat, with the chronicle's
    ``players_may_type_faces`` off. (Typed rolls are marked ``typed`` in the log either way.)"""
    from vtm_tui.model.typed import PLAYERS_MAY_TYPE_FACES

    if viewer.storyteller or bool((options or {}).get(PLAYERS_MAY_TYPE_FACES, True)):
        return ""
    return ("Typed faces are the storyteller's in this chronicle (players_may_type_faces is off): "
            "leave Faces empty and the app rolls.")


def characters_for(viewer: Viewer, characters: Sequence[Character]) -> list[Character]:
    """The sheets ``viewer`` may see, redacted (storyteller characters dropped for a player)."""
    shown = (character_for(viewer, c) for c in characters)
    return [c for c in shown if c is not None]


# -- exports -------------------------------------------------------------------------------------------


def session_for(viewer: Viewer, log: Any) -> Any:
    """A whole session (:class:`~vtm_tui.store.session_log.SessionLog`) as ``viewer`` may see it: the same
    log with its entries redacted, ready for ``log_recap.recap_markdown``/``recap_json`` (a player's export)."""
    if viewer.storyteller:
        return log
    return replace(log, entries=entries_for(viewer, log.entries))


def export_viewer(chronicle_dir: Any, *, hide_secret: bool) -> Viewer:
    """Who an export or a printed log is for: the storyteller, or (``hide_secret``) any player at the table,
    with the chronicle's player characters read straight from its files (a sheet that does not load counts
    as a storyteller character's, so it shows less, never more)."""
    if not hide_secret:
        return STORYTELLER
    from vtm_tui.store.log_recap import chronicle_facts

    return table_viewer(chronicle_facts(chronicle_dir).get("players", {}))

