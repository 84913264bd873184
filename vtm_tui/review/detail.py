"""Everything about one logged entry, as label/value rows: every die, the re-roll links, the odds it had.

The detail screen shows these rows; a test reads them. A re-roll entry names
the roll it re-rolled (its ``ref``) and an original roll names its re-rolls, so
a storyteller can follow "did the Willpower help?" both ways.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timezone, tzinfo

from vtm_tui.model.log_entry import LogEntry
from vtm_tui.model.asked import changed_from
from vtm_tui.model.typed import is_typed
from vtm_tui.review.entry_odds import Odds
from vtm_tui.review.lines import Die, change_text, dice_of, difficulty_text, margin_text, outcome_name
from vtm_tui.review.stats import result_order
from vtm_tui.rules.ruleset import ruleset_for


@dataclass(frozen=True)
class DetailRow:
    label: str
    value: str


def _dice_words(dice: tuple[Die, ...]) -> str:
    return " ".join(die.text for die in dice) or "—"


def _listed(value: object) -> list:
    """``value`` when the log holds a list there, else nothing (a damaged entry shows less, never a traceback)."""
    return value if isinstance(value, list) else []


def _faces_text(value: object) -> str:
    return " ".join(map(str, _listed(value)))


def short_ref(entry: LogEntry, tz: tzinfo | None = None) -> str:
    """``21:26 Tomás Queiroz, Intelligence 4 + Occult 3 → failure`` (how a linked entry is named)."""
    moment = entry.time.astimezone(tz).strftime("%Y-%m-%d %H:%M")
    what = entry.pool or entry.kind
    verdict = f" → {outcome_name(entry.result)}" if entry.result else ""
    who = f"{entry.actor}, " if entry.actor else ""
    return f"{moment} {who}{what}{verdict}"


def detail_rows(
    entry: LogEntry,
    *,
    odds: Odds | None = None,
    original: LogEntry | None = None,
    rerolls: tuple[LogEntry, ...] = (),
    storyteller: bool = True,
    tz: tzinfo | None = None,
) -> list[DetailRow]:
    """The rows of ``entry``'s detail. ``original`` is the entry its ``ref`` names, ``rerolls`` those naming it."""
    roll = entry.roll
    local = entry.time.astimezone(tz)
    utc = entry.time.astimezone(timezone.utc)
    rows = [DetailRow("When", f"{local:%Y-%m-%d %H:%M:%S %Z}".strip() + f"  ({utc:%H:%M} UTC)"),
            DetailRow("Session", str(entry.session))]
    if entry.actor:
        rows.append(DetailRow("Who", entry.actor))
    kind = entry.kind + (f" ({roll['kind']})" if isinstance(roll.get("kind"), str) and roll["kind"] != entry.kind
                         else "")
    rows.append(DetailRow("Kind", f"{kind}, {entry.ruleset}"))
    if entry.pool:
        size = ""
        if isinstance(roll.get("pool"), int):
            size = f"  ({roll['pool']} dice" + (f", {roll['hunger']} Hunger" if roll.get("hunger") else "") + ")"
        rows.append(DetailRow("Pool", entry.pool + size))
    difficulty = difficulty_text(entry, storyteller=storyteller)
    if difficulty:
        name = f" {roll['difficulty_name']}" if roll.get("difficulty_name") else ""
        rows.append(DetailRow("Difficulty", difficulty[1:].replace(" secret", "") + name
                              + (" (secret)" if entry.secret and storyteller else "")))
    rows += [DetailRow(label, value) for label, value in ruleset_for(entry.ruleset).logged_rolls().dice_rows(roll)]
    if asked := changed_from(entry):
        rows.append(DetailRow("Asked", f"{asked} (the storyteller's request; this pool was changed)"))
    if is_typed(entry):
        rows.append(DetailRow("Typed", "the faces were typed by hand, not rolled by the app"))
    counted = [f"{roll['successes']} successes" if isinstance(roll.get("successes"), int) else ""]
    if roll.get("tens"):
        counted.append(f"{roll['tens']} ten" + ("s" if roll["tens"] != 1 else ""))
    if roll.get("ones"):
        counted.append(f"{roll['ones']} ones")
    if counted[0]:
        rows.append(DetailRow("Counted", ", ".join(c for c in counted if c)))
    hidden = entry.secret and not storyteller  # nothing that would give a secret Difficulty away
    if entry.result:
        margin = "" if hidden else margin_text(entry)
        extra = [(f"margin {margin}" if margin.startswith("+") else f"short by {margin[1:]}") if margin else ""]
        if roll.get("degree"):
            extra.append(str(roll["degree"]))
        if roll.get("automatic"):
            extra.append("automatic: not rolled")
        if roll.get("win_at_a_cost") and not hidden:
            extra.append("win at a cost may be offered")
        if roll.get("free_botch_consumed"):
            extra.append("the session's free botch")
        shown = ", ".join(e for e in extra if e)
        rows.append(DetailRow("Result", outcome_name(entry.result) + (f" ({shown})" if shown else "")))
    reroll = roll.get("reroll")
    if isinstance(reroll, dict):
        positions = ", ".join(str(i + 1) if isinstance(i, int) else str(i) for i in _listed(reroll.get("indices")))
        rows.append(DetailRow("Re-rolled", f"dice {positions}: {_faces_text(reroll.get('old_faces'))} → "
                                           f"{_faces_text(reroll.get('new_faces'))}"
                                           + (f" ({reroll['strategy']})" if reroll.get("strategy") else "")))
        before = roll.get("before")
        if isinstance(before, dict):
            result = outcome_name(str(before.get("result", "")))
            rows.append(DetailRow("Before", f"{_dice_words(dice_of(before, entry.ruleset))} → {result}"))
    if entry.ref:
        rows.append(DetailRow("Re-roll of", short_ref(original, tz) if original else f"entry {entry.ref} (not found)"))
    for later in rerolls:
        rows.append(DetailRow("Re-rolled as", short_ref(later, tz)))
    change = change_text(entry.change)
    if change:
        rows.append(DetailRow("Changed", change))
    if roll.get("consequence"):
        rows.append(DetailRow("Consequence", str(roll["consequence"])))
    if odds and not hidden:
        order = result_order(entry.ruleset)
        names = [n for n in order if n in odds] + sorted(n for n in odds if n not in order)
        shown = "  ".join(f"{outcome_name(n)} {odds[n]:.1%}" + (" ◀" if n == entry.result else "") for n in names)
        rows.append(DetailRow("Odds", shown))
    if entry.comment:
        rows.append(DetailRow("Comment", entry.comment))
    if storyteller and entry.storyteller_comment:
        rows.append(DetailRow("Storyteller only", entry.storyteller_comment))
    notes = roll.get("notes")
    if isinstance(notes, list) and notes:
        rows.append(DetailRow("Notes", "; ".join(map(str, notes))))
    rows.append(DetailRow("Id", entry.id))
    return rows
