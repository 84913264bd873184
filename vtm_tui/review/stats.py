"""Statistics of a session or a character next to what the dice should have given.

"Ana's messy criticals: 4 of 31 rolls; expected 2.6": the expected count is the
sum, over the rolls counted, of the engine's exact probability of that result
for that roll's pool, Hunger and Difficulty (:mod:`vtm_tui.review.entry_odds`).
It is an expectation, not a verdict: a storyteller compares, the tool does not
accuse the dice.

Also kept: successes per roll (V5, V20) or totals (Ingenuity), in order, and
each character's Hunger through the session, read from Hunger changes, Rouse
checks and the Hunger dice of rolls.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from vtm_tui.model.log_entry import LogEntry
from vtm_tui.review.entry_odds import entry_odds, odds_contexts
from vtm_tui.review.lines import outcome_name
from vtm_tui.rules.base import RULESETS
from vtm_tui.rules.ruleset import ruleset_for



def result_order(ruleset: str) -> tuple[str, ...]:
    """Result names in the order docs/rules.md lists them for ``ruleset`` (the RuleSet's ``result_order``);
    nothing for an unknown rule set, whose results are then shown alphabetically."""
    return ruleset_for(ruleset).result_order if ruleset in RULESETS else ()


def all_results() -> tuple[str, ...]:
    """Every rule set's result names, sorted (the command line's ``--result`` words, with ``tie``)."""
    return tuple(sorted({name for ruleset in RULESETS for name in result_order(ruleset)}))


@dataclass(frozen=True)
class OutcomeCount:
    """How often one result came up, and how often the exact odds say it should have."""

    result: str
    count: int
    expected: float

    @property
    def name(self) -> str:
        return outcome_name(self.result)


@dataclass(frozen=True)
class RollStats:
    """The numbers behind the statistics view, for one scope (a session, a character, all history)."""

    label: str  # "session 3", "Inês Valadares", …
    rolls: int  # entries that are rolls
    with_odds: int  # of those, the ones whose odds are known (expected counts are over these)
    outcomes: tuple[OutcomeCount, ...]
    successes: tuple[int, ...]  # per roll in order: net successes (V5, V20) or the total (Ingenuity)
    hunger: dict[str, tuple[int, ...]] = field(default_factory=dict)  # character → Hunger over time
    of_character: bool = False  #: the label names a character ("Ana's …"), not a scope ("… in session 3")

    def outcome(self, result: str) -> OutcomeCount:
        return next((o for o in self.outcomes if o.result == result), OutcomeCount(result, 0, 0.0))

    def sentence(self, result: str) -> str:
        """``Inês Valadares's messy criticals: 4 of 31 rolls; expected 2.6`` for a character,
        ``Messy criticals in session 3: …`` for a scope (a possessive would read "All sessions shown's")."""
        found = self.outcome(result)
        plural = _plural(found.name)
        rolls = "roll" if self.rolls == 1 else "rolls"
        figures = f"{found.count} of {self.rolls} {rolls}; expected {found.expected:.1f}"
        if self.of_character:
            return f"{_possessive(self.label)} {plural}: {figures}"
        scope = self.label[:1].lower() + self.label[1:]
        return f"{plural[:1].upper()}{plural[1:]} in {scope}: {figures}"

    @property
    def mean_successes(self) -> float | None:
        return sum(self.successes) / len(self.successes) if self.successes else None


def _plural(name: str) -> str:
    """``messy critical`` → ``messy criticals``, ``botch`` → ``botches``."""
    if name.endswith(("s", "ch")):
        return name + "es"
    return name if name.endswith("rolled") else name + "s"


def _possessive(label: str) -> str:
    return f"{label}'" if label.endswith("s") else f"{label}'s"


def _successes(entry: LogEntry) -> int | None:
    return ruleset_for(entry.ruleset).logged_rolls().tally(entry.roll)


def hunger_points(entry: LogEntry) -> int | None:
    """The Hunger an entry shows its actor at: after a Hunger change or a Rouse, or the Hunger dice rolled."""
    if entry.change.get("field") == "hunger" and isinstance(entry.change.get("after"), int):
        return entry.change["after"]
    roll = entry.roll
    if isinstance(roll.get("hunger_after"), int):
        return roll["hunger_after"]
    return ruleset_for(entry.ruleset).logged_rolls().hunger_shown(roll)  # its Hunger dice, if the rule set has any


def roll_stats(
    entries: Iterable[LogEntry],
    *,
    label: str,
    actor: str | None = None,
    options: dict[str, Any] | None = None,
) -> RollStats:
    """Statistics of ``entries`` (in log order), only ``actor``'s rolls when given.

    ``options`` are the chronicle's house rules (V20 specialty doubling, free botch),
    which change the odds; the contexts are worked out over all the entries given,
    so pass whole sessions even when counting one character.
    """
    ordered = list(entries)
    contexts = odds_contexts(ordered, options)
    wanted = actor.casefold() if actor else None
    counts: dict[str, int] = {}
    expected: dict[str, float] = {}
    successes: list[int] = []
    hunger: dict[str, list[int]] = {}
    rolls = with_odds = 0
    ruleset = ordered[0].ruleset if ordered else ""  # no entries: no rule set, no result order
    for entry, context in zip(ordered, contexts, strict=True):
        if wanted is not None and entry.actor.casefold() != wanted:
            continue
        point = hunger_points(entry)
        if point is not None and entry.actor:
            hunger.setdefault(entry.actor, []).append(point)
        if not entry.is_roll or not entry.result:
            continue
        rolls += 1
        counts[entry.result] = counts.get(entry.result, 0) + 1
        value = _successes(entry)
        if value is not None:
            successes.append(value)
        odds = entry_odds(entry, context)
        if odds is None:
            continue
        with_odds += 1
        for result, p in odds.items():
            expected[result] = expected.get(result, 0.0) + p
    order = result_order(ruleset)  # others follow, alphabetically
    names = [r for r in order if r in counts or expected.get(r, 0.0) > 0]
    names += sorted((set(counts) | {r for r, p in expected.items() if p > 0}) - set(names))
    outcomes = tuple(OutcomeCount(r, counts.get(r, 0), expected.get(r, 0.0)) for r in names)
    return RollStats(label, rolls, with_odds, outcomes, tuple(successes), {k: tuple(v) for k, v in hunger.items()},
                     of_character=actor is not None)


def bar(value: float, most: float, width: int) -> str:
    """A horizontal bar of ``width`` cells at most, in eighths (``███▌``), for ``value`` out of ``most``."""
    if most <= 0 or width <= 0 or value <= 0:
        return ""
    eighths = round(value / most * width * 8)
    full, part = divmod(max(1, eighths), 8)
    return "█" * full + ("", "▏", "▎", "▍", "▌", "▋", "▊", "▉")[part]


SPARKS = " ▁▂▃▄▅▆▇█"


def spark(values: tuple[int, ...] | list[int], top: int, width: int = 60) -> str:
    """One cell per value on a fixed scale 0..``top`` (Hunger: 0–5), so equal values look equal everywhere.

    More values than ``width``: neighbours are grouped and the highest of each group is drawn.
    """
    if not values or top <= 0:
        return ""
    points = list(values)
    if len(points) > width:
        size = -(-len(points) // width)
        points = [max(points[i:i + size]) for i in range(0, len(points), size)]
    last = len(SPARKS) - 1
    return "".join(SPARKS[max(1 if v > 0 else 0, min(last, round(v / top * last)))] for v in points)
