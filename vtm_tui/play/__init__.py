"""A character rolls: the headless play layer between the sheets, the engines and the log.

The roll dialog is a thin Textual shell over these functions, which know nothing
of Textual (``tests/test_layers.py`` checks) and are tested with given faces.

Requests (``request``, ``ladders``)
    ``request_for(character, roll: RollOptions, *, house_rules=None, free_botch_used=False) -> RollRequest``:
    ``RollOptions`` (rules/roll_options.py) is the one typed value the dialog's form and the command line build
    from the rule set's declared options (pool, kind, modifier, difficulty, difficulty_modifier, secret,
    specialty, comment, storyteller_comment, willpower, surge, voluntary, rouse_reroll, automatic, awakening,
    attempt, wounds, assist_bonus, size_bonus, passive, picks; each refused where the rule set has no such rule).
    ``make_request(character, pool_text, *, options=None, free_botch_used=False, **fields)`` is its shorthand
    with the fields as keywords.
    (V5 kinds: test, tracker (Willpower/Humanity alone, found from the pool), rouse, check, remorse,
    frenzy). ``RollRequest``: ruleset, actor, pool_text, kind, traits, dice, hunger, difficulty,
    modifier, difficulty_modifier, secret, specialty, comment, description (the log's ``pool``),
    penalties (impairment / wounds / bonuses applied from the sheet), warnings (the engine's), ...;
    ``headline(request)``. ``parse_difficulty(ruleset, text)``, ``ladder_text(ruleset)``,
    ``difficulty_label(ruleset, value)`` (the ladder, range and default are the RuleSet's).

Odds (``odds_view``)
    ``odds(request) -> OddsView`` (``rows``: ordered (result, probability); ``p_win``; ``expected``,
    ``expected_label``; ``summary()``), from the engines' exact odds. ``label(result)``.

Rolling (``perform``)
    ``perform(request, dice) -> Outcome``; ``judge_faces(request, text) -> Outcome`` (V5: ``7 3 2 | 10 4``);
    ``faces_hint(request)``; V5: ``surge_rouse(request, dice)``, ``after_surge(request, rouse)`` (the test
    with the Hunger after the Rouse), ``willpower_reroll(first, choice, dice)``,
    ``reroll_odds(first, indices) -> OddsView`` (exact, given the faces showing).

What follows (``follow_ups``)
    ``follow_ups(outcome, request, character) -> tuple[FollowUp, ...]`` (action info/reroll/pick/cost/
    rouse/frenzy, text, key, strategy, indices, odds, available); ``describe_result(outcome)``.

Applying (``apply``, ``counted``)
    ``apply(character, request, outcome, *, session, now, ref="", comment=None) -> Applied``
    (``character`` after: Hunger, Willpower damage, Humanity/stains; ``entries``: LogEntry objects with
    ``change`` and ``ref``; ``changes`` in words); ``note_entry(request, text, *, session, now, ref)``;
    ``roll_entry(request, outcome, *, kind, session, now, ...)``, the one shape of a roll's entry.
    A roll the storyteller counted (no sheet): ``counted.counted_request(...)``, ``counted.record_counted(recorder,
    request, outcome, *, typed)``.

Recording (``record``)
    ``Recorder(store, clock, on_session_started=None, *, player=False)``: ``session(kind="")`` (the rule
    of :mod:`vtm_tui.play.sessions`), ``record(applied, character) -> Character`` (appends the entries with fsync first,
    then saves the changed sheet; a ConflictError reloads the store and is re-raised), ``log(entry)``,
    ``free_botch_used()``, ``last_pool(actor)``.

Defaults (``defaults``)
    ``default_pool(character, ruleset=None, last_pool=None) -> str``; ``find_last_pool(chronicle_dir,
    current_session, actor)`` (scans the newest sessions' text from the end); ``last_pool(entries, actor)``; ``strongest_pool(character)``;
    ``expression_from_description(text)``; ``trait_completions(character, text) -> list[str]``.
"""

from vtm_tui.play.apply import Applied, apply, note_entry
from vtm_tui.play.defaults import (
    default_pool,
    expression_from_description,
    find_last_pool,
    last_pool,
    last_pool_in_text,
    strongest_pool,
    trait_completions,
)
from vtm_tui.play.follow_ups import FollowUp, describe_result, follow_ups
from vtm_tui.play.ladders import difficulty_label, ladder_text, parse_difficulty
from vtm_tui.play.odds_view import OddsView, label, odds
from vtm_tui.play.perform import (
    after_surge,
    faces_hint,
    judge_faces,
    perform,
    reroll_indices,
    reroll_odds,
    surge_rouse,
    willpower_reroll,
)
from vtm_tui.play.request import RollOptions, RollRequest, difficulty_text, headline, make_request, request_for

__all__ = [
    "Applied", "FollowUp", "OddsView", "RollOptions", "RollRequest", "request_for", "after_surge", "apply",
    "default_pool", "describe_result", "difficulty_label", "expression_from_description", "faces_hint",
    "difficulty_text", "find_last_pool", "follow_ups", "headline", "judge_faces", "label", "ladder_text",
    "last_pool", "last_pool_in_text", "make_request", "note_entry", "odds", "parse_difficulty", "perform",
    "reroll_indices", "reroll_odds", "strongest_pool", "surge_rouse", "trait_completions", "willpower_reroll",
]
