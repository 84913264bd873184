"""A roll request: what a character is about to roll, resolved against their sheet.

The dialog collects text (a pool expression, a Difficulty, modifiers) and hands
it to :func:`make_request`; everything that needs the rules happens here, once,
so the odds the dialog shows, the dice it rolls and the log entry it writes all
describe the same pool. Penalties taken from the sheet (V5 impairment, V20
wound penalties) are applied here and named in ``penalties`` so the dialog can
say why the pool is smaller than the dots; the engines' warnings (ad-hoc
modifiers beyond ±3 dice / ±2 Difficulty) travel in ``warnings``.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from vtm_tui.errors import VtmError
from vtm_tui.model.character import Character
from vtm_tui.model.limits import MAX_COMMENT, check_text
from vtm_tui.play.ladders import difficulty_label, parse_difficulty
from vtm_tui.play.pool_text import describe_pool, resolve_pool_text
from vtm_tui.play.request_options import refuse_foreign_rules
from vtm_tui.rules.kinds import roll_kinds
from vtm_tui.rules.ruleset import ruleset_for

#: Kinds of roll the play layer makes (V5 has them all; V20 and Ingenuity make tests).
KINDS = ("test", "tracker", "rouse", "check", "remorse", "frenzy")
#: The log entry kind for each roll kind (LogEntry.KINDS).
LOG_KINDS = {"test": "roll", "tracker": "roll", "rouse": "rouse", "check": "check", "remorse": "remorse",
             "frenzy": "frenzy"}
#: V5 Frenzy Difficulty when the storyteller gives none: a hunger frenzy (docs/rules.md).
FRENZY_DIFFICULTY = 4
V5_TRACKERS = ("Willpower", "Humanity")
MAX_MODIFIER = 20


@dataclass(frozen=True)
class RollRequest:
    """One roll, ready for :func:`~vtm_tui.play.odds_view.odds` and :func:`~vtm_tui.play.perform.perform`.

    ``dice`` is what is rolled (V5: Hunger dice included; Ingenuity: the two trait dice);
    ``difficulty`` is the effective Difficulty (the modifier applied), None for an
    Ingenuity test without one. ``description`` is the pool as the log writes it.
    """

    ruleset: str
    actor: str
    pool_text: str
    kind: str = "test"
    traits: tuple[tuple[str, int], ...] = ()
    dice: int = 0
    hunger: int = 0
    difficulty: int | None = None
    modifier: int = 0
    difficulty_modifier: int = 0
    secret: bool = False
    specialty: str = ""
    comment: str = ""
    storyteller_comment: str = ""  #: words only the storyteller reads (logged apart, never shown to a player)
    description: str = ""
    penalties: tuple[str, ...] = ()
    warnings: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    # V5
    mortal: bool = False
    surge: int = 0  #: Blood Surge dice included in ``dice`` (a Rouse check comes first)
    voluntary: bool = True  #: a Rouse the vampire chose (refused at Hunger 5)
    rouse_reroll: bool = False  #: a power grants a re-roll of the Rouse check
    awakening: bool = False  #: the Rouse on awakening (at Hunger 5 a failure is torpor; never refused)
    automatic: bool = False  #: V5 automatic win / V20 automatic success: the storyteller skips the dice
    humanity: int = 0
    stains: int = 0
    degenerating: bool = False
    # V20
    willpower: bool = False  #: spend a Willpower point for one automatic success
    options: dict[str, Any] = field(default_factory=dict)
    free_botch_used: bool = False
    attempt: int = 1  #: trying again: ``difficulty`` already holds the raise (attempt N is +N-1)
    # Ingenuity
    attribute_die: int = 0
    skill_die: int = 0
    bonus: int = 0
    assist_bonus: int = 0  #: the best helper's bonus
    size_bonus: int = 0  #: the smaller side's size difference in a contest
    passive: bool = False  #: half of each die, no luck die
    picks: tuple[str, ...] = ()  #: which die each advantage re-roll takes, chosen by hand

    @property
    def log_kind(self) -> str:
        return LOG_KINDS.get(self.kind, "roll")

    @property
    def regular(self) -> int:
        """V5 regular dice (the pool less its Hunger dice)."""
        return self.dice - self.hunger

    @property
    def advantage(self) -> int:
        return max(0, self.modifier) if ruleset_for(self.ruleset).rolls_sized_dice else 0

    @property
    def disadvantage(self) -> int:
        return max(0, -self.modifier) if ruleset_for(self.ruleset).rolls_sized_dice else 0

    def difficulty_text(self, *, reveal: bool = True) -> str:
        """``Moderate 3``; a secret Difficulty reads ``Moderate 3 (secret)``, or just ``secret`` unrevealed."""
        if self.secret and not reveal:
            return "a secret Difficulty"
        text = difficulty_label(self.ruleset, self.difficulty)
        return f"{text} (secret)" if self.secret else text

    def headline(self, *, reveal: bool = True) -> str:
        """``Wits 3 + Awareness 2 = 5 dice (2 Hunger) vs Moderate 3``: the dialog's one-line summary.

        ``reveal=False`` keeps a secret Difficulty off a screen the players may see (the result page).
        """
        if ruleset_for(self.ruleset).rolls_sized_dice:
            head = f"{self.description}"
            if self.modifier:
                head += f", {'advantage' if self.modifier > 0 else 'disadvantage'} {abs(self.modifier)}"
        else:
            head = f"{self.description} = {self.dice} {'die' if self.dice == 1 else 'dice'}"
            if self.hunger:
                head += f" ({self.hunger} Hunger)"
        if self.kind in ("rouse", "check"):
            return self.description
        return f"{head} vs {self.difficulty_text(reveal=reveal)}"


def _sheet(character: Character) -> Any:
    return character.sheet


def _number(value: int | str | None, what: str, low: int = -MAX_MODIFIER, high: int = MAX_MODIFIER) -> int:
    if value is None or (isinstance(value, str) and not value.strip()):
        return 0
    try:
        number = int(value)
    except (TypeError, ValueError):
        raise VtmError(f"{what}: {value!r} is not a whole number (e.g. -2 or 1)") from None
    if not low <= number <= high:
        raise VtmError(f"{what}: {number} is out of range ({low} to {high})")
    return number


def make_request(
    character: Character,
    pool_text: str = "",
    *,
    kind: str = "test",
    modifier: int | str | None = 0,
    difficulty: int | str | None = None,
    difficulty_modifier: int | str | None = 0,
    secret: bool = False,
    specialty: str = "",
    comment: str = "",
    storyteller_comment: str = "",
    willpower: bool = False,
    surge: bool = False,
    voluntary: bool = True,
    rouse_reroll: bool = False,
    options: dict[str, Any] | None = None,
    free_botch_used: bool = False,
    automatic: bool = False,
    awakening: bool = False,
    attempt: int = 1,
    wounds: int | None = None,
    assist_bonus: int = 0,
    size_bonus: int = 0,
    passive: bool = False,
    picks: tuple[str, ...] = (),
) -> RollRequest:
    """Resolve a roll for ``character``; bad input raises :class:`VtmError` naming the field.

    The keywords after ``free_botch_used`` are what the command line can also say (the dialog leaves them at
    their defaults): ``automatic`` (skip the dice), ``awakening`` (V5 Rouse), ``attempt`` and ``wounds`` (V20:
    trying again, a wound penalty typed instead of the sheet's), and the Ingenuity test's ``assist_bonus``,
    ``size_bonus``, ``passive`` and ``picks``. Each is refused where the rule set has no such rule.
    """
    offered = roll_kinds(character.ruleset)
    if kind not in KINDS and kind not in offered:
        raise VtmError(f"unknown kind of roll {kind!r}: use one of {', '.join(KINDS)}")
    check_text(comment, "Comment", MAX_COMMENT)
    check_text(storyteller_comment, "ST comment", MAX_COMMENT)
    base = RollRequest(
        ruleset=character.ruleset,
        actor=character.name,
        pool_text=pool_text.strip(),
        kind=kind,
        modifier=_number(modifier, "Modifier"),
        difficulty_modifier=_number(difficulty_modifier, "Difficulty modifier"),
        secret=secret,
        specialty=specialty.strip(),
        comment=comment.strip(),
        storyteller_comment=storyteller_comment.strip(),
        options=dict(options or {}),
        free_botch_used=free_botch_used,
    )
    rules = ruleset_for(character.ruleset)
    refuse_foreign_rules(character, rules, automatic=automatic, awakening=awakening, attempt=attempt, wounds=wounds,
                         assist_bonus=assist_bonus, size_bonus=size_bonus, passive=passive, picks=picks)
    base = replace(base, automatic=automatic, awakening=awakening, attempt=attempt, assist_bonus=assist_bonus,
                   size_bonus=size_bonus, passive=passive, picks=tuple(picks))
    if rules.has_hunger:
        return _v5(character, base, difficulty, willpower=willpower, surge=surge, voluntary=voluntary,
                   rouse_reroll=rouse_reroll)
    if kind not in offered:
        raise VtmError(f"a {kind} is not a {character.ruleset.upper()} roll (kinds: {', '.join(offered)})")
    if not rules.rolls_sized_dice:  # a pool of d10s without Hunger dice (V20)
        return _v20(character, base, difficulty, willpower=willpower, wounds=wounds)
    return _ingenuity(character, base, difficulty)


# -- V5 ------------------------------------------------------------------------------------------------


def _v5(character: Character, base: RollRequest, difficulty: int | str | None, *, willpower: bool, surge: bool,
        voluntary: bool, rouse_reroll: bool) -> RollRequest:
    from vtm_tui.rules.v5 import blood_potency, build_pool, frenzy_pool, rouse_refusal
    from vtm_tui.rules.v5.traits import is_discipline

    sheet = _sheet(character)
    vampire = sheet.is_vampire
    common = dict(mortal=not vampire, humanity=sheet.humanity, stains=sheet.stains, degenerating=sheet.degenerating)
    if base.kind in ("rouse", "check"):
        if base.kind == "rouse":
            if not vampire:
                raise VtmError(f"{character.name} is a {sheet.creature}: only vampires make Rouse checks")
            refusal = rouse_refusal(sheet.hunger, voluntary=voluntary, awakening=base.awakening)
            if refusal:
                raise VtmError(f"{refusal} (a Rouse the vampire cannot refuse is a forced one)")
        elif base.awakening:
            raise VtmError("awakening: only a Rouse check is made on awakening")
        dice = 2 if rouse_reroll else 1
        what = ("Rouse check on awakening" if base.awakening else "Rouse check") if base.kind == "rouse" else "Check"
        text = what + (" (re-roll: two dice, keep the better)" if rouse_reroll else "")
        return replace(base, dice=dice, hunger=sheet.hunger if vampire else 0, difficulty=None, description=text, voluntary=voluntary,
                       rouse_reroll=rouse_reroll, pool_text=base.pool_text or what,
                       notes=(f"Hunger {sheet.hunger}: a failure raises it by 1",) if base.kind == "rouse" else (),
                       **common)
    if base.awakening:
        raise VtmError("awakening: only a Rouse check is made on awakening")
    level = _v5_difficulty(base, difficulty)
    if base.automatic and base.kind != "test":
        raise VtmError(f"automatic: an automatic win is for tests, not a {base.kind} roll")
    if base.automatic and base.options.get("automatic_win") is False:
        raise VtmError("automatic: this chronicle's option automatic_win is off (docs/rules.md, Automatic win)")
    if base.kind == "remorse":
        if not sheet.remorse_due:
            raise VtmError(f"{character.name} has no stains: Remorse is tested only with stains")
        dice = sheet.remorse_dice
        return replace(base, dice=dice, difficulty=1, description=f"Remorse {dice} (10 − Humanity {sheet.humanity} "
                       f"− stains {sheet.stains})", pool_text="Remorse", **common)
    if base.kind == "frenzy":
        undamaged = sheet.willpower.undamaged(sheet.willpower_size)
        dice = frenzy_pool(undamaged, sheet.humanity)
        if difficulty is None or (isinstance(difficulty, str) and not difficulty.strip()):
            level = FRENZY_DIFFICULTY
        level = max(0, level + base.difficulty_modifier)
        return replace(base, dice=dice, difficulty=level, pool_text="Frenzy",
                       description=f"Frenzy: Willpower {undamaged} + Humanity {sheet.humanity} // 3", **common)
    resolved = resolve_pool_text(base.pool_text, character.traits())
    names = [name for name, _ in resolved.traits]
    kind = "tracker" if names and all(n in V5_TRACKERS for n in names) else "test"
    penalties: list[str] = []
    rule_dice = 0
    if any(is_discipline(n) for n in names) and vampire:
        bonus = blood_potency(sheet.blood_potency).power_bonus
        if bonus:
            rule_dice += bonus
            penalties.append(f"+{bonus} Blood Potency power bonus (Discipline pool)")
    surge_dice = 0
    if surge:
        if not vampire:
            raise VtmError(f"{character.name} is a {sheet.creature}: only vampires Blood Surge")
        if any(is_discipline(n) for n in names):
            raise VtmError("Blood Surge adds dice to a non-Discipline pool only")
        refusal = rouse_refusal(sheet.hunger)
        if refusal:
            raise VtmError(f"Blood Surge: {refusal}")
        surge_dice = blood_potency(sheet.blood_potency).surge
        rule_dice += surge_dice
        penalties.append(f"+{surge_dice} Blood Surge (a Rouse check first)")
    health_impaired = sheet.health.impaired(sheet.health_size)
    willpower_impaired = sheet.willpower.impaired(sheet.willpower_size) or sheet.degenerating
    pool = build_pool(
        resolved.traits,
        specialties=1 if base.specialty else 0,
        modifier=resolved.modifier + base.modifier,
        rule_dice=rule_dice,
        difficulty_modifier=base.difficulty_modifier,
        health_impaired=health_impaired and kind == "test",
        willpower_impaired=willpower_impaired and kind == "test",
    )
    if pool.impairment:
        why = []
        if health_impaired:
            why.append("Health")
        if willpower_impaired:
            why.append("Willpower" + (" (degeneration)" if sheet.degenerating else ""))
        penalties.append(f"−{pool.impairment} impaired ({' and '.join(why)} track full)")
    from vtm_tui.rules.v5.rolling import check_pool

    check_pool(pool.dice, what="Pool")
    hunger = sheet.hunger if vampire and kind == "test" else 0
    notes = []
    if pool.total < 1:
        notes.append(f"the pool would be {pool.total}: penalties never drop a pool below 1 die")
    if sheet.conditions:  # a compulsion's penalty is the storyteller's call: the pool may serve it
        from vtm_tui.rules.v5.compulsions import condition_text

        notes += [f"{condition_text(held)}; enter it in ± dice unless the pool serves it"
                  for held in sheet.conditions]
    return replace(
        base,
        kind=kind,
        traits=resolved.traits,
        dice=pool.dice,
        hunger=min(hunger, pool.dice),
        difficulty=max(0, level + base.difficulty_modifier),
        description=describe_pool(resolved.traits, resolved.modifier + base.modifier, base.specialty, penalties,
                                  impairment=pool.impairment),
        penalties=tuple(penalties),
        warnings=pool.warnings,
        notes=tuple(notes),
        surge=surge_dice,
        **common,
    )


def _v5_difficulty(base: RollRequest, difficulty: int | str | None) -> int:
    value = parse_difficulty("v5", difficulty)
    return 0 if value is None else value


# -- V20 -----------------------------------------------------------------------------------------------


def _v20(character: Character, base: RollRequest, difficulty: int | str | None, *, willpower: bool,
         wounds: int | None = None) -> RollRequest:
    """A V20 roll of any kind: a test takes the wound penalty; damage, soak and the Virtue rolls
    (frenzy, Rötschreck, degeneration: the sheet's Virtue, whatever the pool field says) do not."""
    from vtm_tui.rules.pool import ResolvedPool
    from vtm_tui.rules.v20 import V20Pool
    from vtm_tui.rules.v20.kinds import parse_kind, virtue_for
    from vtm_tui.rules.v20.pools import check_dice

    sheet = _sheet(character)
    kind = parse_kind(base.kind)
    penalty = sheet.health.penalty() if kind.id == "test" else 0
    if wounds is not None:  # the storyteller's count of the wound penalty stands in for the sheet's
        penalty = -_number(wounds, "Wounds", 0, 10)
    if penalty is None:
        raise VtmError(f"{character.name} is Incapacitated: no action can be attempted until healed")
    if willpower and kind.willpower_refusal():
        raise VtmError(kind.willpower_refusal())
    if base.automatic and kind.id != "test":
        raise VtmError(f"automatic: an automatic success is for tests, not a {kind.label}")
    if base.automatic and willpower:
        raise VtmError("automatic: an automatic success needs no Willpower")
    if kind.virtue_roll:
        resolved = ResolvedPool((virtue_for(kind, character.traits()),), 0, base.pool_text)
    else:
        resolved = resolve_pool_text(base.pool_text, character.traits())
    pool = V20Pool(resolved.traits, resolved.modifier + base.modifier, -penalty, base.pool_text)
    check_dice(pool.dice, what="Pool")
    value = parse_difficulty("v20", difficulty)
    assert value is not None
    effective = value + base.difficulty_modifier
    if not 2 <= effective <= 10:
        raise VtmError(f"Difficulty {value} with modifier {base.difficulty_modifier:+d} is {effective}: "
                       "a V20 Difficulty is 2-10 (above 10 the task is impossible)")
    if base.attempt != 1:
        from vtm_tui.rules.v20.retry import retry_difficulty

        effective = retry_difficulty(effective, base.attempt)  # names the attempt and refuses above 10
    if willpower and sheet.willpower_current < 1:
        raise VtmError(f"{character.name} has no Willpower left to spend (0 of {sheet.willpower_permanent})")
    penalties = []
    if penalty and wounds is not None:
        penalties.append(f"{penalty} wounds (as given)")
    elif penalty:
        penalties.append(f"{penalty} wounds ({sheet.health.level()})")
    if base.attempt != 1:
        penalties.append(f"attempt {base.attempt}: Difficulty +{base.attempt - 1}")
    if willpower:
        penalties.append("+1 automatic success (Willpower spent)")
    return replace(
        base,
        traits=resolved.traits,
        dice=pool.dice,
        difficulty=effective,
        description=describe_pool(resolved.traits, resolved.modifier + base.modifier, base.specialty,
                                  [f"{penalty} wounds"] if penalty else []),
        penalties=tuple(penalties),
        willpower=willpower,
    )


# -- Ingenuity -------------------------------------------------------------------------------------------


def _ingenuity(character: Character, base: RollRequest, difficulty: int | str | None) -> RollRequest:
    from vtm_tui.model.traits import INGENUITY_ATTRIBUTES

    sheet = _sheet(character)
    dice_traits = character.traits()
    proficiencies = dict(sheet.proficiencies)
    known = {**dice_traits, **{name: bonus for name, bonus in proficiencies.items() if name not in dice_traits}}
    resolved = resolve_pool_text(base.pool_text, known)
    attribute = [(n, d) for n, d in resolved.traits if n in INGENUITY_ATTRIBUTES]
    skill = [(n, d) for n, d in resolved.traits if n in dice_traits and n not in INGENUITY_ATTRIBUTES]
    named_profs = [n for n, _ in resolved.traits if n not in dice_traits]
    if any(d < 0 for _, d in resolved.traits):
        raise VtmError(f"Pool {base.pool_text!r}: an Ingenuity test adds its dice, it cannot subtract one")
    if len(attribute) != 1 or len(skill) != 1:
        raise VtmError(f"Pool {base.pool_text!r}: an Ingenuity test is one attribute die + one skill die "
                       f"(e.g. 'Dexterity + Agility'), got {', '.join(n for n, _ in resolved.traits) or 'none'}")
    chosen = [*named_profs, *([base.specialty] if base.specialty else [])]
    bonus = resolved.modifier
    if len(set(chosen)) > 1 or (chosen and resolved.modifier):
        raise VtmError("at most one proficiency bonus adds to a test")
    if chosen:
        name = chosen[0]
        if name not in proficiencies:
            raise VtmError(f"proficiency {name!r} is not on {character.name}'s sheet "
                           f"({', '.join(proficiencies) or 'none'})")
        bonus = proficiencies[name]
    if not 0 <= bonus <= 4:
        raise VtmError(f"proficiency bonus {bonus:+d}: one proficiency adds +1 to +4")
    value = parse_difficulty("ingenuity", difficulty)
    if value is not None:
        value += base.difficulty_modifier
        if value < 1:
            raise VtmError(f"Difficulty with its modifier is {value}: it must be at least 1")
    (att_name, att_die), (skill_name, skill_die) = attribute[0], skill[0]
    text = f"{att_name} d{att_die} + {skill_name} d{skill_die}" + (f" + {bonus}" if bonus else "")
    if chosen:
        text += f" ({chosen[0]})"
    text += "".join(f" + {label} {n}" for label, n in (("assist", base.assist_bonus), ("size", base.size_bonus)) if n)
    if base.passive:
        text = "passive " + text
    return replace(base, traits=((att_name, att_die), (skill_name, skill_die)), dice=2, difficulty=value,
                   attribute_die=att_die, skill_die=skill_die, bonus=bonus, description=text,
                   specialty=chosen[0] if chosen else "")
