"""One interface per rule set, found through one registry: ``ruleset_for(id) -> RuleSet``.

What differs between V5, V20 and Ingenuity *about sheets* belongs behind :class:`RuleSet` and nowhere else:

- the sheet's free-text fields (``text_fields``) and the catalogues that complete trait names
  (``catalogue(kind)``: disciplines, merits, backgrounds, proficiencies...);
- guided creation: the pages (``creation_steps``), what a choice sets on the sheet (``creation_apply``) and
  the budgets and warnings of the core book (``creation_report``) — pure functions on the character's TOML
  document, which warn and never block (storytellers house-rule);
- quick storyteller characters: the shipped templates (``quick_templates``) and what a simplified pool may
  hold (``pool_value_error``);
- rolling, judging, odds and the log: capabilities named for what differs (``has_hunger``,
  ``rolls_sized_dice``, ``difficulty_counts_successes``, ``willpower_buys_success``...), which play/,
  review/ and the command line ask instead of the rule set's name.

Code outside ``vtm_tui/rules/`` asks the object returned by :func:`ruleset_for`; it never compares a rule
set's name. Each implementation lives in its package (``v5/ruleset.py``, ``v20/ruleset.py``,
``ingenuity/ruleset.py``) and is imported only when first asked for, so opening a chronicle stays cheap.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any, Protocol, runtime_checkable

from vtm_tui.rules.base import RULESETS
from vtm_tui.rules.errors import RulesError
from vtm_tui.rules.sheet_spec import CreationReport, CreationStep, QuickTemplate, TextField

#: Rule-set id → the module holding its implementation (``RULESET`` in that module).
_MODULES = {"v5": "vtm_tui.rules.v5.ruleset", "v20": "vtm_tui.rules.v20.ruleset",
            "ingenuity": "vtm_tui.rules.ingenuity.ruleset"}
_LOADED: dict[str, RuleSet] = {}


@runtime_checkable
class RuleSet(Protocol):
    """What a rule set says about its sheets (see the module docstring for what belongs here)."""

    id: str
    title: str

    def text_fields(self) -> tuple[TextField, ...]:
        """The sheet's free-text fields, in sheet order."""
        ...

    def catalogue_kinds(self) -> tuple[str, ...]:
        """The sheet tables whose names complete from a catalogue (``disciplines``, ``advantages``...)."""
        ...

    def catalogue(self, kind: str) -> tuple[str, ...]:
        """The rule set's names for ``kind`` (empty for a kind it does not know)."""
        ...

    def quick_templates(self) -> tuple[QuickTemplate, ...]:
        """The shipped storyteller-character templates (a chronicle's ``templates/`` may override them)."""
        ...

    def pool_value_error(self, value: int) -> str | None:
        """Why ``value`` cannot be a simplified pool's rating (dice, or a die size), or None."""
        ...

    def conflict_extra(self, doc: Mapping[str, Any]) -> tuple[dict[str, int], int, bool]:
        """A (quick) character document as a conflict's nameless extra: (pools, health, takes damage as a vampire).

        Pool names are the conflict's (``general`` first, lower case); values are dice or die sizes.
        """
        ...

    def creation_steps(self) -> tuple[CreationStep, ...]:
        """The pages of guided creation, in order."""
        ...

    def creation_apply(self, doc: Mapping[str, Any], choices: Mapping[str, str]) -> dict[str, Any]:
        """``doc`` with what the choices decide set on it (a clan, an age's generation...); a new dict."""
        ...

    def creation_report(self, doc: Mapping[str, Any], choices: Mapping[str, str]) -> CreationReport:
        """What is left to spend and what differs from the book, for the character document ``doc``."""
        ...

    # -- conflict --
    #: How a pool is rolled and judged: ``"successes"`` (d10s, 6+ succeed, Hunger dice, no Difficulty),
    #: ``"difficulty"`` (d10s against a Difficulty, 1s cancel, botches) or ``"total"`` (an attribute die
    #: plus a skill die, the total against a Difficulty). Picks how a conflict reads a pool, rolls a
    #: contest and counts an extended action.
    roll_style: str
    #: How a conflict's round is ordered: ``"declared"`` (declared groups or initiative, each acts once),
    #: ``"initiative"`` (initiative rolled, declarations lowest first, actions highest first) or
    #: ``"teams"`` (the sides alternate and each side picks who acts).
    turn_order: str
    #: Whether a fight may open with a surprise round that the tracker runs (others leave it to the storyteller).
    surprise_rounds: bool
    #: How wounds are kept in a conflict: ``"boxes"`` (superficial/aggravated boxes on Health and Willpower),
    #: ``"levels"`` (bashing/lethal/aggravated health levels) or ``"points"`` (points off a named resource).
    damage_track: str
    #: Whether a sheet that does not say what it is belongs to a vampire.
    vampire_by_default: bool
    #: Whether an extra's pool is a die size (d4-d12) rather than a number of dice.
    pools_are_die_sizes: bool
    #: A nameless extra's general pool when none is given (dice, or a die size).
    default_extra_pool: int
    #: A nameless extra's health when none is given (boxes, levels or points).
    default_extra_health: int

    # -- play / review / commands --

    #: Pools carry Hunger dice: Rouse checks, messy criticals and bestial failures, the Willpower re-roll
    #: and the Blood Surge follow a roll (V5).
    has_hunger: bool
    #: A roll is an attribute die plus a skill die plus a luck d20 (sizes, not a pool of d10s): the result is
    #: a total, a modifier means advantage or disadvantage, and a blank Difficulty means none (Ingenuity).
    rolls_sized_dice: bool
    #: The Difficulty is the number of successes needed (open-ended, 0 = none), not a target per die (V5).
    difficulty_counts_successes: bool
    #: Spending Willpower on a roll buys one automatic success and costs a point at once (V20).
    willpower_buys_success: bool
    #: Willpower is a damage track that can be impaired, so spending it may cost Aggravated damage (V5).
    willpower_takes_damage: bool
    #: The chronicle option of one free botch per session can apply to a roll (V20).
    has_free_botch: bool
    #: Conscience, Self-Control and Courage are rolled as their own kinds of roll (V20).
    has_virtue_rolls: bool
    #: A pool may name the sheet's proficiencies as well as its traits (Ingenuity).
    pools_use_proficiencies: bool
    #: The sheet table that holds skills (``skills``, or ``abilities`` in V20).
    skills_table: str

    def pool_skill_order(self) -> tuple[str, ...]:
        """The book's skills in the order a pool list shows them (the sheet's own ones follow)."""
        ...

    # -- ui --
    # What the screens ask so they never compare a rule set's name: each answer names what differs.

    #: Humanity takes stains (``s``/``S``), and stains beyond its empty boxes are degeneration.
    has_stains: bool
    #: Vitae is a counted blood pool that is spent and regained (``[``/``]`` spend and regain it).
    has_blood_pool: bool
    #: A sheet says what it holds (vampire, ghoul, mortal...): new characters pick one.
    has_creatures: bool
    #: A nameless extra may be a vampire, who takes damage as one (the Vampire box when adding it).
    has_vampire_damage: bool
    #: Health and Willpower are tracks of Superficial and Aggravated boxes (resized, healed lightest first).
    damage_tracks_superficial: bool
    #: Health is seven levels marked bashing / lethal / aggravated, each level a dice penalty; other tracks
    #: (Willpower, blood) lose a point.
    health_levels: bool
    #: Traits are rated in die sizes (d4-d12, untrained mundane skills d4), not in dots.
    traits_are_die_sizes: bool
    #: Proficiencies (a bonus any roll may take) stand where other rule sets have specialties of one trait.
    has_proficiencies: bool
    #: A roll is judged by the total of its dice (attribute, skill, luck d20), not by counting d10 successes.
    judges_total: bool
    #: Difficulty is the target number each d10 must reach (6 unless set), not the successes needed.
    difficulty_is_target_number: bool
    #: What an empty Difficulty field means in the roll form ("none", or nothing to say).
    difficulty_placeholder: str
    #: What the contest dialog calls the track a blow lowers ("Damage", or "Resource").
    contest_damage_label: str
    #: A contest's blow may land on Willpower instead of Health (a social conflict).
    contest_to_willpower: bool
    #: Conflict rounds go by declared groups (``g``: conflict, ranged, close, other...).
    declares_action_groups: bool
    #: Conflict rounds go by rolled initiative: declared lowest first, acted highest first, and several actions
    #: (``m``) split the pool.
    rolls_initiative: bool
    #: In a conflict, the team whose turn it is picks who acts (Enter on a row).
    teams_pick_turns: bool


def ruleset_for(ruleset_id: str) -> RuleSet:
    """The one registry: the :class:`RuleSet` of ``ruleset_id`` (``v5``, ``v20``, ``ingenuity``)."""
    found = _LOADED.get(ruleset_id)
    if found is None:
        if ruleset_id not in _MODULES:
            raise RulesError(f"unknown rule set {ruleset_id!r}: use one of {', '.join(RULESETS)}")
        found = importlib.import_module(_MODULES[ruleset_id]).RULESET
        _LOADED[ruleset_id] = found
    return found
