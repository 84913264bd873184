"""A V5 roll request from a sheet: the pool with its Hunger dice, impairment, Blood Potency and Blood Surge.

The V5 part of :func:`vtm_tui.play.make_request` (through :meth:`~vtm_tui.rules.roll_play.RollPlay.build`):
Rouse checks and plain checks, Remorse, Frenzy and ordinary tests. Penalties taken from the sheet are named in
``penalties`` so the dialog can say why the pool is smaller than the dots; the engine's warnings (ad-hoc
modifiers beyond ±3 dice / ±2 Difficulty) travel in ``warnings``. The sheet is duck-typed (rules/ knows no model).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from vtm_tui.errors import VtmError
from vtm_tui.rules.ladders import read_ladder
from vtm_tui.rules.pool_text import describe_pool, resolve_pool_text
from vtm_tui.rules.roll_request import RollRequest

#: V5 Frenzy Difficulty when the storyteller gives none: a hunger frenzy (docs/rules.md).
FRENZY_DIFFICULTY = 4
#: A pool of only these traits is a tracker roll (no Hunger dice, no impairment).
V5_TRACKERS = ("Willpower", "Humanity")


def build(base: RollRequest, difficulty: int | str | None, sheet: Any, *, name: str, traits: dict[str, int],
          surge: bool, voluntary: bool, rouse_reroll: bool) -> RollRequest:
    """``base`` completed for a V5 roll of its kind, from ``sheet`` (a V5 sheet) and the character's ``traits``."""
    from vtm_tui.rules.v5.blood import blood_potency
    from vtm_tui.rules.v5.checks import rouse_refusal
    from vtm_tui.rules.v5.frenzy import frenzy_pool
    from vtm_tui.rules.v5.pools import build_pool
    from vtm_tui.rules.v5.traits import is_discipline

    vampire = sheet.is_vampire
    common = dict(mortal=not vampire, humanity=sheet.humanity, stains=sheet.stains, degenerating=sheet.degenerating)
    if base.kind in ("rouse", "check"):
        if base.kind == "rouse":
            if not vampire:
                raise VtmError(f"{name} is a {sheet.creature}: only vampires make Rouse checks")
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
    level = _difficulty(difficulty)
    if base.automatic and base.kind != "test":
        raise VtmError(f"automatic: an automatic win is for tests, not a {base.kind} roll")
    if base.automatic and base.options.get("automatic_win") is False:
        raise VtmError("automatic: this chronicle's option automatic_win is off (docs/rules.md, Automatic win)")
    if base.kind == "remorse":
        if not sheet.remorse_due:
            raise VtmError(f"{name} has no stains: Remorse is tested only with stains")
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
    resolved = resolve_pool_text(base.pool_text, traits)
    names = [n for n, _ in resolved.traits]
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
            raise VtmError(f"{name} is a {sheet.creature}: only vampires Blood Surge")
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


def _difficulty(difficulty: int | str | None) -> int:
    return read_ladder("v5", difficulty)
