"""One interface per rule set, found through one registry: ``ruleset_for(id) -> RuleSet``.

What differs between V5, V20 and Ingenuity *about sheets* belongs behind :class:`RuleSet` and nowhere else:

- the sheet's free-text fields (``text_fields``) and the catalogues that complete trait names
  (``catalogue(kind)``: disciplines, merits, backgrounds, proficiencies...);
- guided creation: the pages (``creation_steps``), what a choice sets on the sheet (``creation_apply``) and
  the budgets and warnings of the core book (``creation_report``) — pure functions on the character's TOML
  document, which warn and never block (storytellers house-rule);
- quick storyteller characters: the shipped templates (``quick_templates``) and what a simplified pool may
  hold (``pool_value_error``);
- rolling, judging, odds, conflicts and the log: facets (``roll_play()``, ``conflict_round()``,
  ``logged_rolls()``, ``blood_upkeep()``...) whose methods do the work and return what the caller shows or
  keeps (the dice to draw, the keys to hint, the columns of the turn order, the choices a dialog offers), so
  play/, review/, conflict/, the command line and the screens never branch on a flag meaning "is rule set X";
- the small tables that used to be keyed by rule-set id: the kinds of roll, the Difficulty ladder, range and
  default, a contest's damage kinds, dodges and default pools, and what each package keeps in its same-named
  modules (``seat``, ``experience``, ``sheet_sections``: :mod:`vtm_tui.rules.package_modules`).

Code outside ``vtm_tui/rules/`` asks the object returned by :func:`ruleset_for`; it never compares a rule
set's name. Each implementation lives in its package (``v5/ruleset.py``, ``v20/ruleset.py``,
``ingenuity/ruleset.py``) and is imported only when first asked for, so opening a chronicle stays cheap.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from types import ModuleType
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from vtm_tui.rules.base import REGISTRY, RULESETS, RuleSetEntry
from vtm_tui.rules.errors import RulesError

if TYPE_CHECKING:  # the facets' Protocols and the forms' data: loaded when first asked for, not before the first paint
    from vtm_tui.rules.blood_upkeep import BloodUpkeep
    from vtm_tui.rules.command_line import CommandLine
    from vtm_tui.rules.conflict_round import ConflictRound
    from vtm_tui.rules.kind_spec import KindSpec
    from vtm_tui.rules.logged import LoggedRolls
    from vtm_tui.rules.roll_options import RollCommand, RollOption
    from vtm_tui.rules.roll_play import RollPlay
    from vtm_tui.rules.sheet_edits import SheetEdits
    from vtm_tui.rules.sheet_spec import CreationReport, CreationStep, EntryPage, QuickTemplate, Section, TextField

_LOADED: dict[str, RuleSet] = {}


@runtime_checkable
class RuleSet(Protocol):
    """What a rule set says about its sheets, rolls and conflicts (see the module docstring for what belongs here).

    A new rule set is one package with a ``ruleset.py`` whose ``RULESET`` provides all of this, plus one line in
    ``rules.base.REGISTRY``; ``tests/rules/ruleset/test_ruleset_conformance.py`` checks every implementation
    provides every capability.
    """

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

    def creation_start(self, doc: Mapping[str, Any]) -> dict[str, Any]:
        """The blank sheet ``doc`` as the book starts creation from it (Ingenuity: every attribute weak, d4,
        two of them to raise); a new dict."""
        ...

    def creation_apply(self, doc: Mapping[str, Any], choices: Mapping[str, str]) -> dict[str, Any]:
        """``doc`` with what the choices decide set on it (a clan, an age's generation...); a new dict."""
        ...

    def creation_report(self, doc: Mapping[str, Any], choices: Mapping[str, str]) -> CreationReport:
        """What is left to spend and what differs from the book, for the character document ``doc``."""
        ...

    # -- conflict --
    #: A nameless extra's general pool when none is given (dice, or a die size).
    default_extra_pool: int
    #: A nameless extra's health when none is given (boxes, levels or points).
    default_extra_health: int
    #: An extra's pools as a storyteller types them (the add dialog's example): names and dice or die sizes.
    extra_pools_example: str

    # -- play / review / commands --

    #: The Difficulty is the number of successes needed (open-ended, 0 = none), not a target per die (V5).
    difficulty_counts_successes: bool

    def pool_skill_order(self) -> tuple[str, ...]:
        """The book's skills in the order a pool list shows them (the sheet's own ones follow)."""
        ...

    def sheet_edits(self) -> SheetEdits:
        """What a sheet edit does under this rule set (:mod:`vtm_tui.rules.sheet_edits`)."""
        ...

    def pool_skills(self, sheet: Any) -> list[str]:
        """The skills a pool list offers for ``sheet``: the book's in :meth:`pool_skill_order`, then the sheet's own."""
        ...

    def pool_extras(self, sheet: Any) -> dict[str, int]:
        """Names a pool may use besides the sheet's traits (Ingenuity's proficiencies), each rated 0: what a typed
        pool is checked and completed against."""
        ...

    # -- ui --
    # What the screens ask so they never compare a rule set's name: each answer is what they show.

    def creatures(self) -> tuple[str, ...]:
        """What a new sheet may say it is (vampire, ghoul, mortal), the usual first; empty where sheets do not say."""
        ...

    def roster_mark(self, sheet: Any) -> str:
        """What the character list shows after a name (``H3``: a vampire's Hunger), or ""."""
        ...

    def damage_key_hint(self) -> str:
        """The damage keys a hint line names (``d/D damage``; ``d/D/x damage`` with a third, worst blow)."""
        ...

    def sheet_key_hints(self) -> tuple[str, ...]:
        """The sheet keys the coterie's hint line names, in order (``+/- dots``, the damage keys, ``]/[ Hunger``...)."""
        ...

    #: What an empty Difficulty field means in the roll form ("none", or nothing to say).
    difficulty_placeholder: str
    #: What the contest dialog calls the track a blow lowers ("Damage", or "Resource").
    contest_damage_label: str

    # -- tables each package keeps (``rules/package_modules.py`` reads the same-named modules) --

    def roll_kind_specs(self) -> Mapping[str, KindSpec]:
        """Every kind of roll offered, id → its declaration (the package's ``kinds.KIND_SPECS``; the ordinary test
        first): the one place a kind's title, fixed pool, Difficulty, check, Willpower and log kind are said."""
        ...

    def roll_kind(self, kind_id: str) -> KindSpec:
        """The declaration of ``kind_id``; a kind this rule set does not have reads as a plain roll of that id,
        which the request then refuses by name (so a screen opened on it never fails before that)."""
        ...

    def roll_kinds(self) -> dict[str, str]:
        """The kinds of roll offered, id → label (the first is the ordinary test)."""
        ...

    def listed_kinds(self) -> dict[str, str]:
        """The kinds besides the test that the app lists by name (command palette), id → label."""
        ...

    def tracker_fields(self) -> tuple[str, ...]:
        """The sheet fields a player's seat may change on its own (``resources`` covers ``resources.Health``)."""
        ...

    def reconcile(self, base: dict[str, Any], ours: dict[str, Any], theirs: dict[str, Any]
                  ) -> tuple[dict[tuple[str, ...], Any], list[str]]:
        """Tracks two logins both changed in one sheet: the combined values and the tracks that are refused."""
        ...

    def experience(self) -> ModuleType:
        """The experience module (``COSTS``, ``FORMULAS``, ``kind_of``, ``cost``, ``step``, ``show``, ``ceiling``)."""
        ...

    def sheet_sections(self, doc: dict[str, Any]) -> list[Section]:
        """The printable sheet of a character document, in titled sections (the Markdown export)."""
        ...

    def roll_play(self) -> RollPlay:
        """The roll facet (``rules/<package>/roll_play.py``): request, roll, faces, odds, follow-ups, sheet changes."""
        ...

    def roll_options(self) -> tuple[RollOption, ...]:
        """What a roll takes, declared once as data (:mod:`vtm_tui.rules.roll_options`): ``vtm-tui roll``'s options
        and the roll form's tick boxes are made from it."""
        ...

    def roll_command(self) -> RollCommand:
        """What ``vtm-tui roll <id>`` and ``odds <id>`` say of themselves in ``--help`` (one generic command,
        :mod:`vtm_tui.commands.declared`, serves every rule set)."""
        ...

    def conflict_round(self) -> ConflictRound:
        """The conflict facet (turn order, pools, contests, wounds, tallies): :mod:`vtm_tui.rules.conflict_round`."""
        ...

    def command_line(self) -> CommandLine:
        """``vtm-tui roll``/``odds``: counted rolls, refusals, odds (:mod:`vtm_tui.rules.command_line`)."""
        ...

    def entry_page(self, step_id: str) -> EntryPage | None:
        """The page of entries a creation step of kind ``entries`` names (V5 powers), or None."""
        ...

    def import_formats(self) -> dict[str, str]:
        """Other tools' export formats this rule set reads, format id → converter module (``detect``, ``convert``)."""
        ...

    def logged_rolls(self) -> LoggedRolls:
        """How review reads a logged roll: its exact odds, dice rows, tally (:mod:`vtm_tui.rules.logged`)."""
        ...

    def blood_upkeep(self) -> BloodUpkeep:
        """The blood's upkeep: Rouse, mend, awaken, slake, hunt, compulsions (:mod:`vtm_tui.rules.blood_upkeep`)."""
        ...

    # -- Difficulty --
    #: The named rungs of the Difficulty ladder, (name, value), lowest first.
    difficulty_ladder: tuple[tuple[str, int], ...]
    #: The lowest and highest Difficulty a roll may have.
    difficulty_range: tuple[int, int]
    #: The Difficulty a roll or a conflict's extended action takes when none is given.
    default_difficulty: int

    # -- conflict contests --
    #: The kinds of damage a blow may deal (Ingenuity: the resource it lowers), the usual one first.
    damage_kinds: tuple[str, ...]
    #: Words in a defence pool (traits, an extra's pool names) that make it a dodge: no blow is struck back.
    dodge_words: tuple[str, ...]
    #: Attack words whose damage is not the usual kind, word → kind (V20: Brawl deals bashing damage).
    damage_kind_by_word: Mapping[str, str]
    #: The attack and defence pools a contest offers when the storyteller types none.
    default_attack_pool: str
    default_defence_pool: str

    # -- results and sheet damage, as data the screens format --
    #: Result names in the order docs/rules.md lists them (statistics; others follow, alphabetically).
    result_order: tuple[str, ...]
    #: The results the one-key "went wrong in a way that matters" filter shows (empty: none of its own).
    messy_results: tuple[str, ...]
    #: The result a storyteller asks about first in the statistics (the sentence under the table).
    headline_result: str
    #: The sheet field a damage key marks when the cursor is on no track.
    sheet_damage_field: str
    #: What a light, a heavy and the worst blow mark on a sheet's track (the screens bind them to d, D, x).
    sheet_damage_marks: tuple[str, str, str]
    #: The same three blows in a conflict, as (damage kind, track): an empty kind or track is the default one.
    conflict_damage_marks: tuple[tuple[str, str], tuple[str, str], tuple[str, str]]


def ruleset_for(ruleset_id: str) -> RuleSet:
    """The one registry: the :class:`RuleSet` of ``ruleset_id`` (``v5``, ``v20``, ``ingenuity``)."""
    found = _LOADED.get(ruleset_id)
    if found is None:
        if ruleset_id not in REGISTRY:
            raise RulesError(f"unknown rule set {ruleset_id!r}: use one of {', '.join(RULESETS)}")
        found = importlib.import_module(REGISTRY[ruleset_id].module).RULESET
        _LOADED[ruleset_id] = found
    return found


def short_title(ruleset_id: str) -> str:
    """``V5``, ``V20``, ``Ingenuity``: the short name, from the registry (no engine is loaded); an unknown id as is."""
    entry = REGISTRY.get(ruleset_id)
    return entry.short_title if entry else ruleset_id


def registered() -> tuple[str, ...]:
    """The ids of every registered rule set, in registry order."""
    return tuple(REGISTRY)


def registry_entry(ruleset_id: str) -> RuleSetEntry:
    """``ruleset_id``'s registry line (:class:`~vtm_tui.rules.base.RuleSetEntry`: titles, sheet class, house rules,
    formats), read without loading its engine; an unknown id is refused naming the known ones."""
    entry = REGISTRY.get(ruleset_id)
    if entry is None:
        raise RulesError(f"unknown rule set {ruleset_id!r}: use one of {', '.join(RULESETS)}")
    return entry


def register(ruleset_id: str, entry: RuleSetEntry) -> None:
    """Add a rule set kept outside this package (a plug-in's, a test's): its one registry line. Every layer
    learns it from here (``RULESETS``, ``ruleset_for``, the command line's ``roll``/``odds``, the screens' lists).
    An id already registered is refused, so a plug-in cannot replace a shipped rule set by accident."""
    if ruleset_id in REGISTRY:
        raise RulesError(f"rule set {ruleset_id!r} is already registered")
    REGISTRY[ruleset_id] = entry


def unregister(ruleset_id: str) -> None:
    """Forget a rule set :func:`register` added, and the engine loaded for it (a test cleans up after itself)."""
    REGISTRY.pop(ruleset_id, None)
    _LOADED.pop(ruleset_id, None)
