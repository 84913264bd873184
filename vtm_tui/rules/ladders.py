"""Each rule set's Difficulty, as a storyteller names it and as the engine counts it.

The dialog shows the ladder beside the Difficulty field so "Hard" is one glance
away from "5"; :func:`parse_difficulty` reads a number or a name, so a
storyteller can type either. The ladder, the range and the default are the
RuleSet's (``difficulty_ladder``, ``difficulty_range``, ``default_difficulty``): V5
names come from the seed's table (Routine 1 … Nearly Impossible 7+), V20 names only
the rungs its seed names (2, 6, 10), and Ingenuity uses its engine's own ladder.
"""

from __future__ import annotations

from vtm_tui.errors import VtmError
from vtm_tui.rules.numbers import looks_whole, read_whole
from vtm_tui.rules.pool import PoolError, match_trait
from vtm_tui.rules.ruleset import ruleset_for


def difficulty_name(ruleset: str, value: int | None) -> str:
    """``"Hard"`` for V5 5, ``"Nearly Impossible"`` for V5 9, ``""`` off the ladder or for None."""
    if value is None:
        return ""
    ladder = ruleset_for(ruleset).difficulty_ladder
    for name, rung in ladder:
        if rung == value:
            return name
    counts_successes = ruleset_for(ruleset).difficulty_counts_successes
    if counts_successes and value > ladder[-1][1]:
        return ladder[-1][0]
    if counts_successes and value == 0:
        return "no Difficulty"
    return ""


def difficulty_label(ruleset: str, value: int | None) -> str:
    """``"Hard 5"``, ``"7"`` (V20 off the named rungs) or ``"secret"``-free plain text."""
    if value is None:
        return "none"
    name = difficulty_name(ruleset, value)
    return f"{name} {value}" if name and name != "no Difficulty" else ("none (1 success)" if name else str(value))


def ladder_text(ruleset: str) -> str:
    """The ladder on one line: ``Routine 1 · Straightforward 2 · …``."""
    rungs = ruleset_for(ruleset).difficulty_ladder
    text = " · ".join(f"{name} {value}" for name, value in rungs)
    return text + "+" if ruleset_for(ruleset).difficulty_counts_successes else text


def parse_difficulty(ruleset: str, text: str | int | None) -> int | None:
    """A Difficulty typed as a number or a ladder name (``"hard"``, ``"chall"``, ``"8"``).

    Empty text means the rule set's default (V5 0, V20 6) and, for Ingenuity,
    no Difficulty at all (a plain total). Anything out of range raises
    :class:`VtmError` naming the range. The rule set's roll facet reads it
    (:meth:`~vtm_tui.rules.roll_play.RollPlay.parse_difficulty`).
    """
    return ruleset_for(ruleset).roll_play().parse_difficulty(text)


def read_ladder(ruleset: str, text: str | int | None, *, rungs: tuple[tuple[str, int], ...] = (),
                default: int | None = None) -> int:
    """A Difficulty on a ladder of whole numbers (a d10 rule set's): a number or a rung's name, in range.

    ``rungs`` are more names to read (a kind of roll's provocations: V20 frenzy's "Malicious taunts" 4).
    Empty text is ``default``, else the rule set's ``default_difficulty``.
    """
    rules = ruleset_for(ruleset)
    low, high = rules.difficulty_range
    if text is None or (isinstance(text, str) and not text.strip()):
        return rules.default_difficulty if default is None else default
    if isinstance(text, int):
        value = text
    else:
        words = text.split()
        if looks_whole(words[-1]):
            value = read_whole(words[-1], "Difficulty")
        else:
            names = dict(rungs) | dict(rules.difficulty_ladder)
            try:
                value = names[match_trait(text, names)]
            except PoolError:
                offered = " · ".join(f"{name} {rung}" for name, rung in rungs) or ladder_text(ruleset)
                raise VtmError(f"Difficulty {text.strip()!r} is not a number or a name ({offered})") from None
    if not low <= value <= high:
        what = "successes needed" if rules.difficulty_counts_successes else "the target number of each die"
        raise VtmError(f"Difficulty {value} is out of range: a {ruleset.upper()} Difficulty ({what}) is {low}-{high}")
    return value
