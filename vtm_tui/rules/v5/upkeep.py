"""The blood's upkeep: a power's Rouse checks, awakening, slaking, the Blush of Life.

Pure functions over given dice, like the rest of the V5 engine. Sources and decisions:

- **A power's Rouse checks** (V5 core p.211, p.216): a power costing *n* Rouse checks makes
  *n* checks, one after the other, each at the Hunger the previous one left. Blood Potency
  grants a re-roll (two dice, keep the better) on the checks of powers whose level is at
  most the table's "rouse re-roll" level. Decision: once a power is started, its further
  checks are not voluntary any more: one that comes at Hunger 5 is a forced Rouse (docs/rules.md:
  a hunger frenzy test). A power cannot be started at Hunger 5.
- **Ghouls** have no Hunger: each Rouse check a power costs is instead 1 Aggravated Health
  damage (V5 core p.234, "Ghouls and Disciplines"). Mortals have no powers.
- **Oblivion** *(option ``oblivion_stains``, off)*: a Rouse check for an Oblivion power whose
  kept die shows 1 or 10 gives the user one Stain (*Chicago by Night*, "Oblivion").
- **Awakening** (V5 core p.211, p.158): a Rouse check at nightfall that Hunger 5 cannot refuse
  (a failure at Hunger 5 is torpor); then Superficial Willpower damage heals by the higher of
  Composure and Resolve. Ghouls and mortals only recover Willpower.
- **Slaking** (V5 core p.212, p.216 "Feeding penalty"): ``amount`` is what the feeding would
  slake; Blood Potency lowers it (animal and bagged blood: half at BP 2, none from BP 3; human
  blood: 1 less from BP 4, 2 less from BP 6, 3 less at BP 10). Without a kill Hunger never
  drops below 1, nor below 2 from BP 5, nor below 3 from BP 8; only draining a human can reach
  the lower values (to 0). Slaking never raises Hunger.
- **Blush of Life** (V5 core p.218): one voluntary Rouse check.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from vtm_tui.rules.dice import DiceSource
from vtm_tui.rules.errors import RulesError
from vtm_tui.rules.v5.blood import blood_potency
from vtm_tui.rules.v5.checks import RouseResult, judge_rouse, rouse_refusal
from vtm_tui.rules.catalogue.v5_powers import PowerInfo
from vtm_tui.rules.v5.results import MAX_HUNGER
from vtm_tui.rules.v5.rolling import REGULAR

OBLIVION = "Oblivion"
OBLIVION_STAIN_FACES = (1, 10)
SOURCES = ("human", "animal", "bagged")

#: Blood Potency 0-10 → (animal and bagged blood slakes: "full" | "half" | "none",
#: Hunger less slaked per human, lowest Hunger without killing a human). V5 core p.216.
FEEDING_PENALTY: tuple[tuple[str, int, int], ...] = (
    ("full", 0, 1), ("full", 0, 1), ("half", 0, 1), ("none", 0, 1), ("none", 1, 1), ("none", 1, 2),
    ("none", 2, 2), ("none", 2, 2), ("none", 2, 3), ("none", 2, 3), ("none", 3, 3),
)


@dataclass(frozen=True)
class PowerRouse:
    """What using a power cost: its Rouse checks (or a ghoul's Aggravated damage) and any Stains."""

    power: PowerInfo
    checks: tuple[RouseResult, ...] = ()
    reroll: bool = False  #: Blood Potency granted the re-roll on these checks
    hunger_before: int = 0
    hunger_after: int = 0
    aggravated: int = 0  #: a ghoul's Health damage instead of Rouse checks
    stains: int = 0  #: Oblivion stains (option)
    ruleset = "v5"
    margin = 0

    @property
    def result(self) -> str:
        return "fail" if any(not c.win for c in self.checks) else "pass"

    @property
    def win(self) -> bool:
        return self.result == "pass"

    @property
    def consequence(self) -> str | None:
        found = [c.consequence for c in self.checks if c.consequence]
        return found[-1] if found else None

    def to_dict(self) -> dict[str, Any]:
        return {
            "ruleset": "v5", "kind": "rouse", "result": self.result, "win": self.win, "margin": 0,
            "power": self.power.name, "discipline": self.power.discipline, "level": self.power.level,
            "rouse": self.power.rouse, "reroll": self.reroll,
            "checks": [c.to_dict() for c in self.checks],
            "faces": [face for c in self.checks for face in c.check.faces],
            "hunger_before": self.hunger_before, "hunger_after": self.hunger_after,
            "aggravated": self.aggravated, "stains": self.stains, "consequence": self.consequence,
        }

    def summary(self) -> str:
        head = f"{self.power.name}: "
        if self.aggravated:
            return head + f"{self.aggravated} Aggravated Health damage instead of Rouse (ghoul)"
        if not self.checks:
            return head + "free, no Rouse check"
        dice = ", ".join(c.check.dice_text() + f" {c.result}" for c in self.checks)
        text = head + f"{len(self.checks)} Rouse ({dice})"
        if self.reroll:
            text += ", Blood Potency re-roll"
        text += f", Hunger {self.hunger_before} → {self.hunger_after}"
        if self.stains:
            text += f", {self.stains} Stain{'s' if self.stains != 1 else ''} (Oblivion)"
        if self.consequence:
            text += f"; {self.consequence}"
        return text


def power_reroll(power: PowerInfo, potency: int) -> bool:
    """Whether Blood Potency ``potency`` re-rolls this power's Rouse checks."""
    return blood_potency(potency).may_reroll_rouse(power.level)


def judge_power_rouse(
    power: PowerInfo,
    faces: list[int] | tuple[int, ...],
    hunger: int,
    potency: int,
    *,
    creature: str = "vampire",
    oblivion_stains: bool = False,
) -> PowerRouse:
    """Judge a power's Rouse checks from given faces (two per check when Blood Potency re-rolls)."""
    if creature == "mortal":
        raise RulesError("a mortal has no Discipline powers")
    if creature == "ghoul":
        return PowerRouse(power, hunger_before=0, hunger_after=0, aggravated=power.rouse)
    reroll = power_reroll(power, potency)
    per = 2 if reroll else 1
    if len(faces) != per * power.rouse:
        raise RulesError(f"{power.name}: {power.rouse} Rouse check(s) need {per * power.rouse} faces, "
                         f"got {len(faces)}")
    if power.rouse:
        refusal = rouse_refusal(hunger)
        if refusal:
            raise RulesError(refusal)
    checks: list[RouseResult] = []
    now = hunger
    for index in range(power.rouse):
        check = judge_rouse(faces[index * per:(index + 1) * per], now, voluntary=index == 0 or now < MAX_HUNGER)
        checks.append(check)
        now = check.hunger_after
    stains = 0
    if oblivion_stains and power.discipline == OBLIVION:
        stains = sum(1 for c in checks if c.check.kept in OBLIVION_STAIN_FACES)
    return PowerRouse(power, tuple(checks), reroll, hunger, now, 0, stains)


def power_rouse(
    power: PowerInfo,
    hunger: int,
    potency: int,
    dice: DiceSource,
    *,
    creature: str = "vampire",
    oblivion_stains: bool = False,
) -> PowerRouse:
    """Roll a power's Rouse checks (see :func:`judge_power_rouse`)."""
    count = 0
    if creature == "vampire" and power.rouse:
        refusal = rouse_refusal(hunger)
        if refusal:
            raise RulesError(refusal)
        count = power.rouse * (2 if power_reroll(power, potency) else 1)
    faces = dice.roll(count, 10, REGULAR) if count else []
    return judge_power_rouse(power, faces, hunger, potency, creature=creature, oblivion_stains=oblivion_stains)


@dataclass(frozen=True)
class Awakening:
    """Nightfall: the Rouse check (vampires) and the Willpower recovered."""

    rouse: RouseResult | None
    willpower_recovered: int  #: the higher of Composure and Resolve

    def summary(self) -> str:
        text = f"Awakening: {self.rouse.summary()}" if self.rouse else "Awakening"
        return text + f"; up to {self.willpower_recovered} Superficial Willpower recovered"


def willpower_recovery(composure: int, resolve: int) -> int:
    """Superficial Willpower healed each night: the higher of Composure and Resolve (V5 core p.158)."""
    return max(composure, resolve)


def judge_awaken(faces: list[int], hunger: int, composure: int, resolve: int, *,
                 creature: str = "vampire") -> Awakening:
    recovered = willpower_recovery(composure, resolve)
    if creature != "vampire":
        if faces:
            raise RulesError("only a vampire makes a Rouse check on awakening")
        return Awakening(None, recovered)
    return Awakening(judge_rouse(faces, hunger, voluntary=False, awakening=True), recovered)


def awaken(hunger: int, composure: int, resolve: int, dice: DiceSource, *, creature: str = "vampire") -> Awakening:
    faces = dice.roll(1, 10, REGULAR) if creature == "vampire" else []
    return judge_awaken(faces, hunger, composure, resolve, creature=creature)


@dataclass(frozen=True)
class Slaking:
    """Hunger before and after a feeding, and why it slaked less than asked."""

    hunger_before: int
    hunger_after: int
    asked: int
    source: str
    killed: bool
    notes: tuple[str, ...] = field(default=())

    @property
    def slaked(self) -> int:
        return self.hunger_before - self.hunger_after

    def summary(self) -> str:
        text = f"Slake {self.asked} ({self.source}{', killed' if self.killed else ''}): " \
               f"Hunger {self.hunger_before} → {self.hunger_after}"
        return text + (f" ({'; '.join(self.notes)})" if self.notes else "")

    def to_dict(self) -> dict[str, Any]:
        return {"asked": self.asked, "source": self.source, "killed": self.killed,
                "hunger_before": self.hunger_before, "hunger_after": self.hunger_after,
                "notes": list(self.notes)}


def slake(hunger: int, amount: int, potency: int, *, source: str = "human", killed: bool = False) -> Slaking:
    """Lower Hunger by ``amount`` after Blood Potency's feeding penalty (see the module docstring)."""
    if isinstance(amount, bool) or not isinstance(amount, int) or not 0 <= amount <= MAX_HUNGER:
        raise RulesError(f"slake amount must be 0-{MAX_HUNGER}, not {amount!r}")
    if isinstance(hunger, bool) or not isinstance(hunger, int) or not 0 <= hunger <= MAX_HUNGER:
        raise RulesError(f"Hunger must be 0-{MAX_HUNGER}, not {hunger!r}")
    if source not in SOURCES:
        raise RulesError(f"blood source must be one of {', '.join(SOURCES)}, not {source!r}")
    blood_potency(potency)  # validates
    animal, human_less, floor = FEEDING_PENALTY[potency]
    notes: list[str] = []
    effective = amount
    if source == "human":
        if human_less and amount:
            effective = max(0, amount - human_less)
            notes.append(f"Blood Potency {potency}: {human_less} less per human")
        if killed:
            floor = 0
    else:
        killed = False  # only draining a human reaches below the floor
        if animal == "half":
            effective = amount // 2
            notes.append(f"Blood Potency {potency}: {source} blood slakes half")
        elif animal == "none":
            effective = 0
            notes.append(f"Blood Potency {potency}: {source} blood slakes no Hunger")
    after = max(hunger - effective, min(hunger, floor))
    if after > hunger - effective and floor and effective:
        notes.append(f"Hunger {floor} is as low as it goes without a kill")
    return Slaking(hunger, after, amount, source, killed, tuple(notes))
