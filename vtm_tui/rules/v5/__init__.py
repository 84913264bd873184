"""Vampire: The Masquerade 5th edition, as docs/rules.md (section "V5") decides it.

Pure functions and frozen dataclasses; dice come from a
:class:`~vtm_tui.rules.dice.DiceSource` (``SystemDice()``, ``SeededDice(seed)``,
or ``GivenFaces({"regular": [...], "hunger": [...], "reroll": [...]})`` for
physical dice). Bad input raises :class:`~vtm_tui.rules.errors.RulesError`.

Rolling and reading dice (``results``, ``rolling``)
    ``roll(pool, hunger, difficulty, dice, *, kind=RollKind.TEST, mortal=False) -> V5Roll``
    ``judge(regular_faces, hunger_faces=(), difficulty=0, *, kind=RollKind.TEST) -> V5Roll``
    ``automatic_win(pool, difficulty, *, kind)`` / ``automatic_win_refusal(...) -> str | None``
    ``take_half(pool, *, kind) -> int``; ``split_pool(pool, hunger, *, kind, mortal)``
    ``V5Roll``: faces, hunger_faces, difficulty, successes, tens, result, win, margin,
    shortfall, win_at_a_cost, kind, automatic, rerolled, pool, notes; ``to_dict()``,
    ``summary()`` (``6 dice (2 Hunger) vs 3: 7 3 2 1 | 10 4 → 3 successes, win, margin 0``).
    Result names: ``RESULTS`` = messy_critical, critical_win, win, bestial_failure,
    total_failure, failure (and ``TIE`` for contests).
    ``RollKind``: test, tracker, remorse, frenzy, check, rouse — with ``has_hunger``,
    ``reroll_refusal()``, ``automatic_refusal()``, ``taking_half_refusal()``.

Willpower re-roll (``reroll``)
    ``reroll(result, strategy_name | indices, dice) -> RerollResult`` (``before``, ``after``,
    ``selection``, ``old_faces``, ``new_faces``, ``willpower_damage``); ``select(result,
    strategy) -> Selection`` (nothing when the strategy cannot help); ``helpful_strategies(result)``;
    ``reroll_refusal(result) -> str | None``; ``STRATEGIES``.
    Indices count from 0 over ``V5Roll.all_faces`` (regular dice first); Hunger dice are refused.

Exact odds (``exact_odds``)
    ``odds(pool, hunger=0, difficulty=0, strategy=None) -> Odds`` (``outcomes``, ``p_win``,
    ``expected_successes``); ``odds_report(pool, hunger, difficulty) -> OddsReport``
    (``base``, ``strategies``, ``best_strategy()``, ``to_dict()``).

Checks, Humanity, Frenzy, blood (``checks``, ``humanity``, ``frenzy``, ``blood``)
    ``check(dice, *, reroll=False)``, ``judge_check(faces)`` → ``CheckResult`` (pass/fail)
    ``rouse_check(hunger, dice, *, reroll=False, voluntary=True, awakening=False) -> RouseResult``
    (``hunger_after``, ``consequence``: hunger frenzy test at Difficulty 4 / torpor);
    ``judge_rouse(faces, hunger, ...)``; ``rouse_refusal(hunger, ...)``.
    ``Humanity(rating, stains, degenerating)`` with ``add_stains(n) -> (Humanity, aggravated
    Willpower damage)``; ``remorse_pool(h)``, ``remorse(h, dice)``, ``judge_remorse(h, faces)``.
    ``frenzy_pool(willpower, humanity)``, ``frenzy_test(pool, difficulty, dice)``,
    ``judge_frenzy(faces, difficulty)`` → ``FrenzyResult`` (resisted, turn_spent, effect).
    ``blood_potency(level) -> BloodPotency`` (surge, mend, power_bonus, rouse_reroll,
    bane_severity; ``BLOOD_POTENCY`` is the table); ``blood_surge(pool, level, hunger, dice)``,
    ``mend(health, level, hunger, dice)``.

Upkeep, powers, hunting, compulsions (``upkeep``, ``hunting``, ``compulsions``; the powers catalogue is ``vtm_tui.rules.catalogue.v5_powers``)
    ``PowerInfo`` and the core ``CATALOGUE`` (``catalogue_power``, ``catalogue_for``);
    ``power_rouse(power, hunger, potency, dice, *, creature, oblivion_stains) -> PowerRouse`` (one Rouse
    check per point of cost, Blood Potency's re-roll); ``awaken``, ``slake`` (Blood Potency's feeding
    penalty), ``FEEDING_PENALTY``; ``PREDATOR_TYPES``, ``hunting_pools``, ``roll_resonance`` /
    ``judge_resonance`` → ``Resonance``; ``general_compulsion(face)``, ``clan_compulsion(clan)``.
    Sources and decisions are in each module's docstring.

Pools, trackers, contests, conflict (``pools``, ``trackers``, ``contests``, ``turn_order``)
    ``build_pool(traits, *, specialties, modifier, rule_dice, difficulty_modifier,
    health_impaired, willpower_impaired) -> Pool`` (``dice``, ``warnings``, ``notes``,
    ``describe()``); ``pool_from_expression(text, sheet, **options)``.
    ``Tracker(size, superficial, aggravated)``: ``Tracker.health(stamina)``,
    ``Tracker.willpower(composure, resolve)``, ``take_superficial(n, halve=...)``,
    ``take_aggravated(n)``, ``heal_*``, ``impaired``, ``condition(vampire=...)``, ``pool()``.
    ``contest(actor_roll, opponent_roll_or_successes) -> ContestResult`` (tie, winner, margin);
    ``teamwork_pool(pools, skill_dots=None) -> TeamworkPool``.
    ``turn_order(actions)``, ``advanced_initiative(combatants, dice)``, ``pass_turn(order, name)``,
    ``damage(margin, weapon)``; ``Group``, ``Action``, ``Combatant``.
    ``ATTRIBUTES``, ``SKILLS`` (by ``Category``), ``DISCIPLINES``, ``TRAIT_NAMES``, ``category_of``.
"""

import importlib
import sys
import types
from typing import Any

#: Each public name → the module that holds it, imported on first use (PEP 562): a sheet that needs only the
#: trait lists or the RuleSet does not load the dice engine and its odds tables before the first screen.
_LAZY: dict[str, tuple[str, str]] = {
    'ATTRIBUTES': ('vtm_tui.rules.v5.traits', 'ATTRIBUTES'),
    'Action': ('vtm_tui.rules.v5.turn_order', 'Action'),
    'BLOOD_POTENCY': ('vtm_tui.rules.v5.blood', 'BLOOD_POTENCY'),
    'BloodPotency': ('vtm_tui.rules.v5.blood', 'BloodPotency'),
    'Category': ('vtm_tui.rules.v5.traits', 'Category'),
    'CheckResult': ('vtm_tui.rules.v5.checks', 'CheckResult'),
    'Combatant': ('vtm_tui.rules.v5.turn_order', 'Combatant'),
    'ContestResult': ('vtm_tui.rules.v5.contests', 'ContestResult'),
    'DISCIPLINES': ('vtm_tui.rules.v5.traits', 'DISCIPLINES'),
    'FrenzyResult': ('vtm_tui.rules.v5.frenzy', 'FrenzyResult'),
    'Group': ('vtm_tui.rules.v5.turn_order', 'Group'),
    'Humanity': ('vtm_tui.rules.v5.humanity', 'Humanity'),
    'Odds': ('vtm_tui.rules.v5.exact_odds', 'Odds'),
    'OddsReport': ('vtm_tui.rules.v5.exact_odds', 'OddsReport'),
    'Pool': ('vtm_tui.rules.v5.pools', 'Pool'),
    'RESULTS': ('vtm_tui.rules.v5.results', 'RESULTS'),
    'RemorseResult': ('vtm_tui.rules.v5.humanity', 'RemorseResult'),
    'RerollRefused': ('vtm_tui.rules.v5.reroll', 'RerollRefused'),
    'RerollResult': ('vtm_tui.rules.v5.reroll', 'RerollResult'),
    'RollKind': ('vtm_tui.rules.v5.kinds', 'RollKind'),
    'RouseResult': ('vtm_tui.rules.v5.checks', 'RouseResult'),
    'SKILLS': ('vtm_tui.rules.v5.traits', 'SKILLS'),
    'STRATEGIES': ('vtm_tui.rules.v5.reroll', 'STRATEGIES'),
    'Selection': ('vtm_tui.rules.v5.reroll', 'Selection'),
    'TIE': ('vtm_tui.rules.v5.results', 'TIE'),
    'TRAIT_NAMES': ('vtm_tui.rules.v5.traits', 'TRAIT_NAMES'),
    'TeamworkPool': ('vtm_tui.rules.v5.contests', 'TeamworkPool'),
    'Tracker': ('vtm_tui.rules.v5.trackers', 'Tracker'),
    'V5Roll': ('vtm_tui.rules.v5.results', 'V5Roll'),
    'WINNING_RESULTS': ('vtm_tui.rules.v5.results', 'WINNING_RESULTS'),
    'advanced_initiative': ('vtm_tui.rules.v5.turn_order', 'advanced_initiative'),
    'automatic_win': ('vtm_tui.rules.v5.rolling', 'automatic_win'),
    'automatic_win_refusal': ('vtm_tui.rules.v5.rolling', 'automatic_win_refusal'),
    'blood_potency': ('vtm_tui.rules.v5.blood', 'blood_potency'),
    'blood_surge': ('vtm_tui.rules.v5.blood', 'blood_surge'),
    'build_pool': ('vtm_tui.rules.v5.pools', 'build_pool'),
    'category_of': ('vtm_tui.rules.v5.traits', 'category_of'),
    'check': ('vtm_tui.rules.v5.checks', 'check'),
    'contest': ('vtm_tui.rules.v5.contests', 'contest'),
    'count_successes': ('vtm_tui.rules.v5.results', 'count_successes'),
    'damage': ('vtm_tui.rules.v5.turn_order', 'damage'),
    'frenzy_pool': ('vtm_tui.rules.v5.frenzy', 'frenzy_pool'),
    'frenzy_test': ('vtm_tui.rules.v5.frenzy', 'frenzy_test'),
    'halve_superficial': ('vtm_tui.rules.v5.trackers', 'halve_superficial'),
    'helpful_strategies': ('vtm_tui.rules.v5.reroll', 'helpful_strategies'),
    'judge': ('vtm_tui.rules.v5.results', 'judge'),
    'judge_check': ('vtm_tui.rules.v5.checks', 'judge_check'),
    'judge_frenzy': ('vtm_tui.rules.v5.frenzy', 'judge_frenzy'),
    'judge_remorse': ('vtm_tui.rules.v5.humanity', 'judge_remorse'),
    'judge_rouse': ('vtm_tui.rules.v5.checks', 'judge_rouse'),
    'mend': ('vtm_tui.rules.v5.blood', 'mend'),
    'odds': ('vtm_tui.rules.v5.exact_odds', 'odds'),
    'odds_report': ('vtm_tui.rules.v5.exact_odds', 'odds_report'),
    'pass_turn': ('vtm_tui.rules.v5.turn_order', 'pass_turn'),
    'pool_from_expression': ('vtm_tui.rules.v5.pools', 'pool_from_expression'),
    'remorse': ('vtm_tui.rules.v5.humanity', 'remorse'),
    'remorse_pool': ('vtm_tui.rules.v5.humanity', 'remorse_pool'),
    'reroll_refusal': ('vtm_tui.rules.v5.reroll', 'reroll_refusal'),
    'roll': ('vtm_tui.rules.v5.rolling', 'roll'),
    'rouse_check': ('vtm_tui.rules.v5.checks', 'rouse_check'),
    'rouse_refusal': ('vtm_tui.rules.v5.checks', 'rouse_refusal'),
    'select': ('vtm_tui.rules.v5.reroll', 'select'),
    'spend_willpower': ('vtm_tui.rules.v5.trackers', 'spend_willpower'),
    'split_pool': ('vtm_tui.rules.v5.rolling', 'split_pool'),
    'take_half': ('vtm_tui.rules.v5.rolling', 'take_half'),
    'teamwork_pool': ('vtm_tui.rules.v5.contests', 'teamwork_pool'),
}

# Names that are also submodules' names: importing the submodule binds its name on the package, which would
# hide the function. The package's class binds the function instead, so these stay lazy too (they were imported
# with the package, 6-9 ms before the first screen, whose status line asks the V5 RuleSet for its key hints).
_SHADOWED = ("reroll", "turn_order")
_LAZY.update({name: (f"{__name__}.{name}", name) for name in _SHADOWED})


class _Package(types.ModuleType):
    """This package: a submodule named like one of its functions is bound as that function."""

    def __setattr__(self, name: str, value: Any) -> None:
        if name in _SHADOWED and isinstance(value, types.ModuleType) and value.__name__ == f"{__name__}.{name}":
            value = getattr(value, name)
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package


def __getattr__(name: str) -> Any:
    try:
        module, attribute = _LAZY[name]
    except KeyError:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None
    value = getattr(importlib.import_module(module), attribute)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_LAZY])

__all__ = [
    "ATTRIBUTES", "BLOOD_POTENCY", "DISCIPLINES", "RESULTS", "SKILLS", "STRATEGIES", "TIE", "TRAIT_NAMES",
    "WINNING_RESULTS", "Action", "BloodPotency", "Category", "CheckResult", "Combatant", "ContestResult",
    "FrenzyResult", "Group", "Humanity", "Odds", "OddsReport", "Pool", "RemorseResult", "RerollRefused",
    "RerollResult", "RollKind", "RouseResult", "Selection", "TeamworkPool", "Tracker", "V5Roll",
    "advanced_initiative", "automatic_win", "automatic_win_refusal", "blood_potency", "blood_surge",
    "build_pool", "category_of", "check", "contest", "count_successes", "damage", "frenzy_pool",
    "frenzy_test", "halve_superficial", "judge", "judge_check", "judge_frenzy", "judge_remorse",
    "judge_rouse", "mend", "odds", "odds_report", "pass_turn", "pool_from_expression", "remorse",
    "remorse_pool", "reroll", "reroll_refusal", "helpful_strategies", "roll", "rouse_check", "rouse_refusal", "select",
    "spend_willpower", "split_pool", "take_half", "teamwork_pool", "turn_order",
]
