"""The Revised / V20 rules engine (docs/rules.md, section "V20"), side by side with V5.

Everything here is pure: faces in, values out; dice come from a
:class:`vtm_tui.rules.dice.DiceSource`; bad input raises
:class:`vtm_tui.rules.errors.RulesError` (a :class:`~vtm_tui.errors.VtmError`)
naming the value and its allowed range. Results satisfy
:class:`vtm_tui.rules.base.Outcome` (``ruleset == "v20"``).

Reading and rolling (``results``, ``rolling``, ``retry``)
    ``judge(faces, difficulty=6, *, specialty=False, willpower=False,
    specialty_doubles=True, free_botch=False, attempt=1) -> V20Result`` — the pure judge.
    ``roll(pool, difficulty, dice, *, specialty=False, willpower=False,
    options=V20Options(), free_botch_used=False, attempt=1) -> V20Result``.
    ``automatic_success(pool, difficulty=6, *, options=..., attempt=1) -> V20Result``
    (refused when pool < Difficulty or the option is off).
    ``V20Result``: ``result`` (success/failure/botch), ``win``, ``successes`` (net),
    ``margin``, ``degree`` (marginal … phenomenal, None unless a success),
    ``raw_successes``, ``ones``, ``faces``, ``difficulty``, ``specialty``,
    ``willpower``, ``automatic``, ``free_botch_consumed``, ``attempt``, ``pool``,
    ``to_dict()``, ``summary()``. ``degree_for(net)``.
    ``retry_difficulty(difficulty, attempt) -> int`` (raises ``ImpossibleTask``
    above 10); ``RetryState(difficulty, attempt=1).record(outcome)``.

Pools (``pools``, ``traits``)
    ``check_difficulty(value, *, what="difficulty")``, ``check_dice(value)``,
    ``check_traits(traits)`` (two Traits at most, Willpower/Humanity/Path/Virtues
    alone), ``V20Pool(traits, modifier=0, wound_penalty=0)`` with ``.dice``,
    ``build_pool(*(name, dots), modifier=0, wound_penalty=0)``,
    ``resolve_pool("Dexterity + Stealth", sheet, wound_penalty=0)``.
    Names: ``ATTRIBUTES``, ``TALENTS``, ``SKILLS``, ``KNOWLEDGES``, ``ABILITIES``,
    ``VIRTUES``, ``SOLO_TRAITS``.

House rules (``options``)
    ``V20Options(free_botch=False, specialty_doubles=True, extended_botch="restart",
    automatic_success=True)``, ``.to_dict()`` / ``V20Options.from_dict(data, *, strict=True)``
    (``strict=False`` ignores the app's own switches in a chronicle's ``[options]``).

Actions — frozen state, each method returns the next state
    ``ExtendedAction(target, botch_rule="restart", max_rolls=None)``: ``.apply(outcome)``,
    ``.add(successes, botched=False)``, ``tally``, ``rolls``, ``status``.
    ``ExtendedContest(target, names=("actor", "opponent"), botch_rule="restart")``:
    ``.apply(first, second)``, ``tallies``, ``winner``.
    ``resist(actor, opponent) -> ResistedResult`` (an Outcome from the actor's side).
    ``Teamwork().add(name, outcome)`` (an Outcome; ``botched`` / ``botched_by``).
    ``MultipleActions(pools)`` / ``declare(pools)``: ``dice(i)``, ``dice_for(i)``,
    ``can_attempt(i)``, ``record(i, outcome)``.

Combat (``turn_order``, ``health``)
    ``Combatant(name, dexterity, wits, wound_penalty=0)``;
    ``order_initiative(combatants, faces)`` / ``roll_initiative(combatants, dice)``
    ``-> InitiativeOrder`` with ``act_order`` (highest first) and ``declare_order``
    (lowest first), slots of simultaneous characters.
    ``HealthLevels(boxes=(), vampire=True)``: ``.damage(kind, levels)``,
    ``.heal(levels, kind=None)``, ``penalty``, ``level``, ``status``, ``marks()``.

Odds (``exact_odds``)
    ``roll_odds(pool, difficulty=6, *, specialty=False, willpower=False,
    specialty_doubles=True, free_botch=False) -> V20Odds`` — exact fractions:
    ``outcomes``, ``p_win``, ``net_successes``, ``degrees``, ``mean``, ``p_at_least(k)``.
    ``extended_odds(pool, difficulty, target, rolls, *, specialty=False,
    willpower=False, specialty_doubles=True, botch_rule="restart") -> ExtendedOdds``
    (``p_reach``, ``p_failed``, ``by_roll``).
    ``resisted_odds(actor_odds, opponent_odds) -> ResistedOdds`` (``p_actor``,
    ``p_tie``, ``p_opponent``, ``margins``), exact.
"""

from vtm_tui.rules.v20.contests import Contribution, ResistedResult, Teamwork, resist
from vtm_tui.rules.v20.extended import ExtendedAction, ExtendedContest
from vtm_tui.rules.v20.health import DAMAGE_KINDS, LEVELS, HealthLevels
from vtm_tui.rules.v20.turn_order import (
    Combatant,
    InitiativeEntry,
    InitiativeOrder,
    order_initiative,
    roll_initiative,
)
from vtm_tui.rules.v20.multiple import MultipleActions, declare
from vtm_tui.rules.v20.exact_odds import ExtendedOdds, V20Odds, extended_odds, roll_odds
from vtm_tui.rules.v20.odds_contest import ResistedOdds, resisted_odds
from vtm_tui.rules.v20.options import DEFAULT_OPTIONS, V20Options
from vtm_tui.rules.v20.pools import (
    DEFAULT_DIFFICULTY,
    V20Pool,
    build_pool,
    check_dice,
    check_difficulty,
    check_traits,
    resolve_pool,
)
from vtm_tui.rules.v20.results import DEGREES, RESULTS, V20Result, degree_for, judge
from vtm_tui.rules.v20.retry import ImpossibleTask, RetryState, max_attempts, retry_difficulty
from vtm_tui.rules.v20.rolling import automatic_success, can_succeed_automatically, roll
from vtm_tui.rules.v20.traits import (
    ABILITIES,
    ATTRIBUTES,
    KNOWLEDGES,
    SKILLS,
    SOLO_TRAITS,
    TALENTS,
    VIRTUES,
    is_solo_trait,
)

__all__ = [
    "ABILITIES", "ATTRIBUTES", "DAMAGE_KINDS", "DEFAULT_DIFFICULTY", "DEFAULT_OPTIONS", "DEGREES",
    "KNOWLEDGES", "LEVELS", "RESULTS", "SKILLS", "SOLO_TRAITS", "TALENTS", "VIRTUES",
    "Combatant", "Contribution", "ExtendedAction", "ExtendedContest", "ExtendedOdds", "HealthLevels",
    "ImpossibleTask", "InitiativeEntry", "InitiativeOrder", "MultipleActions", "ResistedOdds", "ResistedResult",
    "RetryState", "Teamwork", "V20Odds", "V20Options", "V20Pool", "V20Result",
    "automatic_success", "build_pool", "can_succeed_automatically", "check_dice", "check_difficulty",
    "check_traits", "declare", "degree_for", "extended_odds", "is_solo_trait", "judge",
    "max_attempts", "order_initiative", "resist", "resisted_odds", "resolve_pool", "retry_difficulty", "roll",
    "roll_initiative", "roll_odds",
]
