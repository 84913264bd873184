"""One log entry as one line a storyteller can scan: time, actor, pool, dice, Difficulty, outcome, margin, comment.

Shared by the log screen and anything printing a log (the CLI, an export), so
that a roll reads the same everywhere. Nothing here knows Textual: the screen
styles the fields, this module only decides the words.

Hunger dice are told apart by symbol, not only by colour (a storyteller over a
monochrome SSH link must still see a messy critical): a Hunger face is written
``⟨10⟩``. Secret Difficulties are shown to the storyteller marked ``secret`` and
hidden from anyone else (``D?``).

Times are shown in the local zone of the machine running the tool (``tz=None``)
unless a zone is passed; the files themselves store UTC.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, tzinfo
from typing import Any

from vtm_tui.model.log_entry import LogEntry, describe_change
from vtm_tui.model.asked import changed_from
from vtm_tui.model.typed import is_typed
from vtm_tui.rules.ruleset import ruleset_for

HUNGER_OPEN, HUNGER_CLOSE = "⟨", "⟩"


@dataclass(frozen=True)
class Die:
    """One shown die: its face (text, e.g. ``"10"`` or ``"d8:5"``) and whether it is a Hunger die."""

    face: str
    hunger: bool = False

    @property
    def text(self) -> str:
        return f"{HUNGER_OPEN}{self.face}{HUNGER_CLOSE}" if self.hunger else self.face


@dataclass(frozen=True)
class EntryLine:
    """The fields of one log line, as words; :meth:`text` joins them."""

    time: str
    actor: str
    what: str
    dice: tuple[Die, ...]
    difficulty: str
    outcome: str
    margin: str
    comment: str
    result: str = ""  # the raw result name, "" for non-rolls
    session: int = 0
    #: How the outcome should stand out: ``alarm`` (it changes the story: a Compulsion, a botch), ``win`` or "".
    tone: str = ""

    @property
    def dice_text(self) -> str:
        return " ".join(die.text for die in self.dice)

    def text(self) -> str:
        """The plain one-line form (what the CLI prints): fields joined by two spaces, empty ones left out."""
        parts = [self.time, self.actor, self.what, self.dice_text, self.difficulty, self.outcome, self.margin,
                 self.comment]
        return "  ".join(part for part in parts if part)


def outcome_name(result: str) -> str:
    """``messy_critical`` → ``messy critical`` (the name docs/rules.md uses, in words)."""
    return result.replace("_", " ")


def local_time(moment: datetime, tz: tzinfo | None = None) -> datetime:
    """``moment`` in ``tz`` (the machine's local zone when None)."""
    return moment.astimezone(tz)


def entry_dice(entry: LogEntry) -> tuple[Die, ...]:
    """Every face of a logged roll, Hunger dice marked; () for entries without dice."""
    return dice_of(entry.roll, entry.ruleset)


def dice_of(roll: dict[str, Any], ruleset: str) -> tuple[Die, ...]:
    """The faces of ``roll`` (a roll table of ``ruleset``'s log): a contest shows each side's dice, ``vs`` between;
    how one roll's faces read is the rule set's (``logged_rolls().dice``)."""
    if "faces" not in roll and isinstance(roll.get("actor"), dict):  # a contest: each side's dice
        mine = dice_of(roll["actor"], ruleset)
        theirs = dice_of(roll["opponent"], ruleset) if isinstance(roll.get("opponent"), dict) else ()
        return mine + ((Die("vs"), *theirs) if theirs else ())
    if not roll:
        return ()
    return tuple(Die(face, hunger) for face, hunger in ruleset_for(ruleset).logged_rolls().dice(roll))


def difficulty_text(entry: LogEntry, *, storyteller: bool = True) -> str:
    """``D3``; a secret one is ``D3 secret`` for the storyteller and ``D?`` for anyone else."""
    difficulty = entry.difficulty
    if difficulty is None:
        value = entry.roll.get("difficulty")
        difficulty = value if isinstance(value, int) and not isinstance(value, bool) else None
    if difficulty is None:
        return ""
    if entry.secret:
        return f"D{difficulty} secret" if storyteller else "D?"
    return f"D{difficulty}"


def margin_text(entry: LogEntry) -> str:
    """``+3`` on a win, ``-1`` (the shortfall) on a failure, "" when neither is known."""
    if not entry.result:
        return ""
    win = entry.win
    if win is True:
        return f"+{entry.margin}"
    shortfall = entry.roll.get("shortfall")
    if win is False and isinstance(shortfall, int) and shortfall > 0:
        return f"-{shortfall}"
    if win is False and entry.margin:
        return f"-{abs(entry.margin)}"
    return ""


def change_text(change: dict[str, Any]) -> str:
    """``hunger 1→2`` from a change table (what a tracker or edit entry changed)."""
    return describe_change(change)


def comment_text(entry: LogEntry, *, storyteller: bool = True) -> str:
    """The comment, and for the storyteller their own words after it (``… · ST: he lies``); nobody else's
    line ever carries those."""
    words = entry.storyteller_comment if storyteller else ""
    if not words:
        return entry.comment
    return f"{entry.comment} · ST: {words}" if entry.comment else f"ST: {words}"


def tone_of(entry: LogEntry) -> str:
    """``alarm``, ``win`` or "" for ``entry``'s result, as its rule set reads it (``logged_rolls()``)."""
    if not entry.result:
        return ""
    logged = ruleset_for(entry.ruleset).logged_rolls()
    if entry.result in logged.alarming_results:
        return "alarm"
    return "win" if entry.result in logged.winning_results else ""


def what_text(entry: LogEntry) -> str:
    """What was rolled or done: the pool for rolls, the change for tracker entries, the kind otherwise."""
    if entry.kind == "session_start":
        return "session started"
    if entry.kind == "session_end":
        return "session ended"
    if entry.pool:
        prefix = {"reroll": "re-roll: ", "request": "asked: "}.get(entry.kind, "")
        if changed_from(entry):  # a player answered the storyteller's request with another pool
            prefix = "changed · " + prefix
        if is_typed(entry):  # faces typed by hand, not rolled by the app: said first, where no width cuts it
            prefix = "typed · " + prefix
        return prefix + entry.pool
    change = change_text(entry.change)
    if change:
        return change
    return entry.kind


def format_entry(
    entry: LogEntry,
    *,
    storyteller: bool = True,
    tz: tzinfo | None = None,
    with_date: bool = False,
    short_date: bool = False,
) -> EntryLine:
    """The line for ``entry``. ``with_date`` adds the session and date when several sessions show together;
    ``short_date`` keeps only the session number (narrow screens: the session picker has the dates)."""
    moment = local_time(entry.time, tz)
    stamp = moment.strftime("%Y-%m-%d %H:%M" if with_date and not short_date else "%H:%M")
    if with_date:
        stamp = f"#{entry.session} {stamp}"
    return EntryLine(
        time=stamp,
        actor=entry.actor,
        what=what_text(entry),
        dice=entry_dice(entry),
        difficulty=difficulty_text(entry, storyteller=storyteller),
        outcome=outcome_name(entry.result),
        margin="" if entry.secret and not storyteller else margin_text(entry),  # a margin would give D away
        comment=comment_text(entry, storyteller=storyteller),
        result=entry.result,
        session=entry.session,
        tone=tone_of(entry),
    )
