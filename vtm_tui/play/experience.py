"""Awarding and spending experience: the one path the command line and the app both take.

``award`` adds to a character's experience; ``quote`` prices raising one trait
(from the rule set's cost table under ``vtm_tui/rules``, with the chronicle's
``[experience_costs]`` overrides); ``spend`` raises it and pays. Each change is
saved through the store (compare-and-swap: a sheet another login changed meanwhile
is merged or refused, never overwritten) and logged as an ``experience`` entry;
the sheet keeps a short history row too (:mod:`vtm_tui.model.experience`).
"""

from __future__ import annotations

import copy
import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from vtm_tui.errors import VtmError
from vtm_tui.model.character import Character
from vtm_tui.model.chronicle import Chronicle, utc_now
from vtm_tui.model.experience import NOTE_LIMIT, XpEvent
from vtm_tui.model.log_entry import LogEntry
from vtm_tui.model.validation import canonical_name
from vtm_tui.rules.errors import RulesError
from vtm_tui.rules.user_text import refuse_unsafe
from vtm_tui.rules.experience import Price, cost_table, price, xp_rules
from vtm_tui.store.chronicle_store import ChronicleStore

#: The most one award may grant (a typo such as 1000 should not pass).
MAX_AWARD = 100
#: Longest trait name typed after ``--raise``.
TRAIT_LIMIT = 80
#: ``Wards (level 2)`` or ``Wards 2``: a ritual or formula with its level.
_LEVELLED = re.compile(r"^(?P<name>.*?)\s*(?:\(\s*level\s*(?P<a>\d)\s*\)|(?P<b>\d))$", re.I)


class XpRefused(VtmError):
    """A spend or award the rules or the sheet refuse; the message says why."""


@dataclass(frozen=True)
class Spent:
    character: Character
    price: Price
    remaining: int
    entry: LogEntry
    #: The sheet as it was on disk just before the spend was saved (another login's change included): what
    #: ctrl+z restores (:meth:`vtm_tui.play.sheet_save.SheetKeeper.remember`), not the older sheet read here.
    replaced: Character | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"character": self.character.name, "trait": self.price.trait, "from": self.price.before,
                "to": self.price.after, "cost": self.price.cost, "remaining": self.remaining,
                "kind": self.price.kind, "logged": self.entry.id}


@dataclass(frozen=True)
class Awarded:
    character: Character
    amount: int
    entry: LogEntry

    def to_dict(self) -> dict[str, Any]:
        sheet = self.character.sheet
        return {"character": self.character.name, "awarded": self.amount, "total": sheet.experience_total,
                "remaining": sheet.experience_total - sheet.experience_spent, "logged": self.entry.id}


def costs_of(chronicle: Chronicle) -> dict[str, int]:
    """The chronicle's cost table: its rule set's, with ``[experience_costs]`` from chronicle.toml on top."""
    overrides = chronicle.extra.get("experience_costs")
    if overrides is not None and not isinstance(overrides, dict):
        raise XpRefused("chronicle.toml: experience_costs must be a table of cost = number")
    try:
        return cost_table(chronicle.ruleset, overrides)
    except RulesError as exc:
        raise XpRefused(f"chronicle.toml: {exc}") from None


def remaining(character: Character) -> int:
    sheet = character.sheet
    return sheet.experience_total - sheet.experience_spent


def resolve(character: Character, trait: str) -> tuple[str, str]:
    """The sheet field and display name of a typed trait: ``Strength``, ``Blood Potency``, ``Brawl (Grappling)``."""
    text = " ".join(trait.split())
    if not text or len(text) > TRAIT_LIMIT:
        raise XpRefused(f"--raise {trait[:TRAIT_LIMIT]!r}: name one trait (at most {TRAIT_LIMIT} characters)")
    rules = xp_rules(character.ruleset)
    sheet = character.sheet
    prefix, colon, rest = text.partition(":")
    table = rules.PREFIXES.get(prefix.strip().casefold()) if colon else None
    if table is not None:
        return _new_entry(character, table, prefix.strip().capitalize(), rest.strip())
    if text.endswith(")") and "(" in text:
        skill, _, special = text[:-1].partition("(")
        skill, special = skill.strip(), special.strip()
        name = canonical_name(skill, [*rules.KNOWN.get("skills", ()), *getattr(sheet, "skills", {})])
        if name is None or not special:
            raise XpRefused(f"--raise {text!r}: a specialty is written 'Skill (specialty)' with a skill of the sheet")
        if not sheet.traits().get(name):
            raise XpRefused(f"{character.name}: {name} has no dots; a specialty needs at least one")
        if special.casefold() in {s.casefold() for s in getattr(sheet, "specialties", {}).get(name, [])}:
            raise XpRefused(f"{character.name}: {name} already has the specialty {special!r}")
        return f"specialties.{name}", f"{name} ({special})"
    single = rules.SINGLES.get(text.casefold())
    if single is not None:
        return single
    for held_table in rules.TABLES:
        held = getattr(sheet, held_table, {})
        name = canonical_name(text, [*held, *rules.KNOWN.get(held_table, ())])
        if name is not None:
            return f"{held_table}.{name}", name
    raise XpRefused(f"--raise {text!r}: no such trait on a {character.ruleset} sheet "
                    f"(e.g. {', '.join(rules.EXAMPLES)})")


def _new_entry(character: Character, table: str, prefix: str, name: str) -> tuple[str, str]:
    """``Advantage: Herd``, ``Ritual: Wards (level 2)``, ``Proficiency: Swords``: something new of a table."""
    if table == "rituals":
        found = _LEVELLED.match(name)
        if found is None or not found.group("name"):
            raise XpRefused(f"--raise '{prefix}: {name}': give its level, e.g. '{prefix}: Wards (level 2)'")
        name, level = found.group("name").strip(), found.group("a") or found.group("b")
        if not 1 <= int(level) <= 5:
            raise XpRefused(f"--raise '{prefix}: {name}': a level is 1-5, not {level}")
        return f"rituals.{name}", f"{prefix}: {name} (level {level})"
    if not name:
        raise XpRefused(f"--raise '{prefix}:' names nothing; e.g. '{prefix}: Herd'")
    held = getattr(character.sheet, table, {})
    return f"{table}.{canonical_name(name, held) or name}", canonical_name(name, held) or name


def ritual_level(label: str) -> int | None:
    found = _LEVELLED.match(label)
    return int(found.group("a") or found.group("b")) if found else None


def current_value(character: Character, field: str) -> int:
    sheet = character.sheet
    if "." not in field:
        return int(getattr(sheet, field))
    table, name = field.split(".", 1)
    if table in ("specialties", "rituals"):
        return 0  # a specialty, ritual or formula is bought new
    held = getattr(sheet, table, {})
    if name in held:
        return int(held[name])
    return int(sheet.traits().get(name, 0)) if table in ("skills", "abilities") else 0


def ceiling(character: Character, field: str) -> int:
    """The highest a trait may go on this sheet (V20: the generation's maximum; no Blood Potency for a mortal)."""
    if field == "blood_potency" and not getattr(character.sheet, "is_vampire", True):
        return 0
    return xp_rules(character.ruleset).ceiling(field, getattr(character.sheet, "trait_max", 5))


def quote(chronicle: Chronicle, character: Character, field: str, label: str | None = None) -> Price:
    """What raising ``field`` one step costs; refused when it is at its maximum or not bought with experience."""
    label = label or field.split(".")[-1].replace("_", " ")
    level = ritual_level(label) if field.startswith("rituals.") else None
    if field.startswith("rituals.") and level is None:
        raise XpRefused(f"{character.name}: {label} needs its level, e.g. 'Ritual: Wards (level 2)'")
    try:
        return price(character.ruleset, field, label, before=current_value(character, field),
                     clan=getattr(character.sheet, "clan", ""), ceiling=ceiling(character, field),
                     costs=costs_of(chronicle), after=level)
    except RulesError as exc:
        raise XpRefused(f"{character.name}: {exc}") from None


def check_affordable(character: Character, offer: Price) -> None:
    left = remaining(character)
    if offer.cost > left:
        raise XpRefused(f"{character.name}: {offer.trait} {offer.before} → {offer.after} costs {offer.cost} "
                        f"experience, only {left} unspent")


def raised(character: Character, offer: Price, now: datetime) -> Character:
    """A copy of ``character`` with ``offer`` bought and paid for (history row added)."""
    new = copy.deepcopy(character)
    sheet = new.sheet
    if "." in offer.field:
        table, name = offer.field.split(".", 1)
        if table == "specialties":
            special = offer.trait[len(name):].strip()[1:-1]
            sheet.specialties[name] = [*sheet.specialties.get(name, []), special]
        elif table == "rituals":
            home = xp_rules(new.ruleset).RITUAL_HOMES[offer.trait.split(":", 1)[0].casefold()]
            power_type = type(sheet).POWER  # the sheet's own record of a power (V5: a Power)
            sheet.powers[home] = [*sheet.powers.get(home, []), power_type(name=offer.trait)]
        else:
            getattr(sheet, table)[name] = offer.after
    else:
        setattr(sheet, offer.field, offer.after)
        if offer.field == "willpower_permanent":  # V20: a bought Willpower dot comes with its point
            sheet.willpower_current = min(offer.after, sheet.willpower_current + 1)
    sheet.experience_spent += offer.cost
    sheet.experience_history.append(XpEvent(now, -offer.cost, f"{offer.trait} {offer.before} → {offer.after}"))
    return new


def spend(store: ChronicleStore, character: Character, field: str, label: str | None = None, *,
          now: datetime | None = None) -> Spent:
    """Raise ``field`` with experience: checks the price, saves the sheet, logs the spend."""
    now = now or utc_now()
    offer = quote(store.chronicle, character, field, label)
    check_affordable(character, offer)
    replaced: list[Character] = []
    saved = store.save_character(raised(character, offer, now), before_write=lambda was, _now: replaced.append(was))
    left = remaining(saved)
    session, _ = store.logging_session(now)
    entry = LogEntry.new("experience", session=session, ruleset=store.chronicle.ruleset, now=now,
                         actor=saved.name, comment=f"spent {offer.cost} on {offer.trait}",
                         change={"field": offer.field, "before": offer.before, "after": offer.after,
                                 "xp_cost": offer.cost, "xp_remaining": left})
    store.log(entry)
    return Spent(saved, offer, left, entry, replaced[0] if replaced else character)


def award(store: ChronicleStore, characters: Sequence[Character], amount: int, reason: str, *,
          now: datetime | None = None) -> list[Awarded]:
    """Give ``amount`` experience to each of ``characters``, one log entry and history row each."""
    if isinstance(amount, bool) or not 1 <= amount <= MAX_AWARD:
        raise XpRefused(f"award {amount}: give 1-{MAX_AWARD} experience at a time")
    reason = " ".join(refuse_unsafe(reason, "--reason").split())  # refused, not silently cut (rules/user_text.py)
    if not reason:
        raise XpRefused("--reason is empty; say what the experience is for (it goes into the log)")
    if len(reason) > NOTE_LIMIT:
        raise XpRefused(f"--reason is {len(reason)} characters long; keep it under {NOTE_LIMIT}")
    if not characters:
        raise XpRefused(f"{store.path}: no characters to award experience to")
    now = now or utc_now()
    session, _ = store.logging_session(now)
    done: list[Awarded] = []
    for character in characters:
        new = copy.deepcopy(character)
        before = new.sheet.experience_total
        new.sheet.experience_total += amount
        new.sheet.experience_history.append(XpEvent(now, amount, reason))
        saved = store.save_character(new)
        entry = LogEntry.new("experience", session=session, ruleset=store.chronicle.ruleset, now=now,
                             actor=saved.name, comment=reason,
                             change={"field": "experience.total", "before": before,
                                     "after": saved.sheet.experience_total})
        store.log(entry)
        done.append(Awarded(saved, amount, entry))
    return done
