"""What a player may see: the one place that redacts log entries, sheets and exports for a player's seat.

A player's seat (``vtm-tui PATH --player Ana``) runs in the same process and
reads the same files as the storyteller's app, so secrets are kept from the
player's *screen* (and anything the seat exports), not from the disk. Every
widget of the player's view is fed only what passes through here, and this
module is tested on its own (``tests/play/test_visibility.py``), so a new
screen cannot leak by forgetting a rule: it never sees the raw data.

For a player, and only for a player:

- **Secret Difficulties.** A secret roll keeps its dice and its outcome (the
  table hears those) but loses its Difficulty, margin and shortfall (from which
  the Difficulty could be worked out), and its comment unless the roll was the
  player's own character's (a storyteller's note on a secret roll is theirs).
- **Storyteller-only entries and comments.** An entry marked
  ``storyteller_only = true`` is dropped; a ``storyteller_comment`` (and any
  other key a newer tool or a hand edit added) never passes; a secret note is
  dropped whole.
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

The storyteller (``player is None``) sees everything unchanged.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from vtm_tui.model.character import Character
from vtm_tui.model.log_entry import LogEntry
from vtm_tui.model.slug import fold_name
from vtm_tui.store.requests import CANCEL_KIND, REQUEST_KIND

#: Entry extra key: the whole entry is for the storyteller only.
STORYTELLER_ONLY = "storyteller_only"
#: Entry extra key: a comment only the storyteller reads (beside the public ``comment``).
STORYTELLER_COMMENT = "storyteller_comment"
#: Log kinds that record a sheet's state: hidden for storyteller characters.
SHEET_KINDS = frozenset({"damage", "heal", "hunger", "humanity", "stain", "willpower", "edit", "experience"})
#: Fields of an outcome (``roll`` table) from which a secret Difficulty could be worked out.
#: (``win`` goes too: the result's name says it, and a shown "+0" margin on a win would give D away.)
SECRET_ROLL_KEYS = frozenset({"difficulty", "margin", "shortfall", "win", "win_at_a_cost", "automatic",
                              "difficulties"})
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
    own: frozenset[str] = field(default_factory=frozenset)  # folded names of the player's characters
    players: frozenset[str] = field(default_factory=frozenset)  # folded names of other players' characters

    @property
    def storyteller(self) -> bool:
        return self.player is None

    def owns(self, name: str) -> bool:
        """Whether ``name`` (a character's or a log entry's actor) is one of the player's characters."""
        return self.storyteller or fold_name(name) in self.own

    def is_storyteller_character(self, name: str) -> bool:
        """Whether ``name`` is not a player character at all, from this player's seat (the storyteller's)."""
        if self.storyteller:
            return False
        folded = fold_name(name)
        return folded not in self.own and folded not in self.players


STORYTELLER = Viewer()


def plays(player: str, character: Character) -> bool:
    """Whether ``player`` plays ``character`` (its ``player`` field, case and accents aside)."""
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
    own = frozenset(fold_name(c.name) for c in characters if plays(player, c))
    others = frozenset(fold_name(c.name) for c in characters if c.kind == "pc" and fold_name(c.name) not in own)
    return Viewer(player=player, own=own, players=others)


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
    if entry.kind == "note" and entry.secret:
        return None
    if entry.change.get("field") in PRIVATE_FIELDS:
        return None
    storyteller_character = bool(entry.actor) and viewer.is_storyteller_character(entry.actor)
    if storyteller_character and entry.kind in SHEET_KINDS:
        return None
    changes: dict[str, Any] = {"extra": {}}
    if entry.secret:
        changes.update(difficulty=None, margin=0,
                       roll={k: v for k, v in entry.roll.items() if k not in SECRET_ROLL_KEYS})
        if not own:
            changes["comment"] = ""
    if storyteller_character:
        changes["pool"] = strip_dots(entry.pool)
        changes["change"] = {}
    return replace(entry, **changes)


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
