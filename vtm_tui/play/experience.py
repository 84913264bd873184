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
from vtm_tui.play.sessions import check_may_log, session_for_action
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
    """``Advantage: Herd``, ``Ritual: Wards (level 2)``, ``Proficiency: Swords``: something new of a table.

    A ritual or formula of the core catalogue may be named without its level (the catalogue's is used).
    """
    kind = xp_rules(character.ruleset).LEVELLED.get(table)
    if kind is not None:
        found = _LEVELLED.match(name)
        level = found.group("a") or found.group("b") if found and found.group("name") else None
        if level is not None:
            name = found.group("name").strip()  # type: ignore[union-attr]
        else:
            level = str(catalogue_level(kind, name) or "")
            if not name or not level:
                raise XpRefused(f"--raise '{prefix}: {name}': not a {kind} of the core; give its level, "
                                f"e.g. '{prefix}: Wards (level 2)'")
        if not 1 <= int(level) <= 5:
            raise XpRefused(f"--raise '{prefix}: {name}': a level is 1-5, not {level}")
        if character.sheet.knows(kind, name):
            raise XpRefused(f"{character.name} already knows the {kind} {name!r}")
        return f"{table}.{name}", f"{prefix}: {name} (level {level})"
    if not name:
        raise XpRefused(f"--raise '{prefix}:' names nothing; e.g. '{prefix}: Herd'")
    held = getattr(character.sheet, table, {})
    return f"{table}.{canonical_name(name, held) or name}", canonical_name(name, held) or name


def catalogue_level(kind: str, name: str) -> int | None:
    """The core catalogue's level of the ritual or formula ``name``, or ``None``."""
    from vtm_tui.rules.catalogue.v5_rituals import catalogue_ritual

    known = catalogue_ritual(kind, name)
    return known.level if known else None


def ritual_level(label: str) -> int | None:
    found = _LEVELLED.match(label)
    return int(found.group("a") or found.group("b")) if found else None


def current_value(character: Character, field: str) -> int:
    sheet = character.sheet
    if "." not in field:
        return int(getattr(sheet, field))
    table, name = field.split(".", 1)
    if table == "specialties" or table in xp_rules(character.ruleset).LEVELLED:
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
    rules = xp_rules(character.ruleset)
    levelled = field.split(".", 1)[0] in rules.LEVELLED
    level = ritual_level(label) if levelled else None
    if levelled and level is None:
        raise XpRefused(f"{character.name}: {label} needs its level, e.g. 'Ritual: Wards (level 2)'")
    sheet = character.sheet
    clan = getattr(sheet, "clan", "")
    try:
        offer = price(character.ruleset, field, label, before=current_value(character, field), clan=clan,
                      ceiling=ceiling(character, field), costs=costs_of(chronicle), after=level)
    except RulesError as exc:
        raise XpRefused(f"{character.name}: {exc}") from None
    why = rules.refusal(field, offer.after, generation=getattr(sheet, "generation", None), clan=clan,
                        dots=getattr(sheet, "disciplines", {}))
    if why:
        raise XpRefused(f"{character.name}: {why}")
    return offer


def check_affordable(character: Character, offer: Price) -> None:
    left = remaining(character)
    if offer.cost > left:
        raise XpRefused(f"{character.name}: {offer.trait} {offer.before} → {offer.after} costs {offer.cost} "
                        f"experience, only {left} unspent")


def power_choices(character: Character, offer: Price) -> tuple[Any, ...]:
    """The core powers a Discipline's new dot may bring (none for another trait, or a sheet without powers)."""
    picker = getattr(character.sheet, "powers_to_pick", None)
    if picker is None or not offer.field.startswith("disciplines."):
        return ()
    return tuple(picker(offer.field.split(".", 1)[1], offer.after))


def check_power(character: Character, offer: Price, power: str | None) -> None:
    """``power`` must be one of :func:`power_choices` (names the choices when it is not)."""
    if power is None:
        return
    choices = power_choices(character, offer)
    if not any(p.name.casefold() == power.casefold() for p in choices):
        names = ", ".join(p.name for p in choices) or "none left in the core catalogue"
        raise XpRefused(f"{character.name}: {power!r} is not a power {offer.trait} {offer.after} may bring "
                        f"(choices: {names})")


def raised(character: Character, offer: Price, now: datetime, power: str | None = None) -> Character:
    """A copy of ``character`` with ``offer`` bought and paid for (history row added), with ``power`` learned."""
    new = copy.deepcopy(character)
    sheet = new.sheet
    if power is not None:
        known = next(p for p in power_choices(character, offer) if p.name.casefold() == power.casefold())
        sheet.powers.setdefault(known.discipline, []).append(type(sheet).POWER(name=known.name))
    if "." in offer.field:
        table, name = offer.field.split(".", 1)
        if table == "specialties":
            special = offer.trait[len(name):].strip()[1:-1]
            sheet.specialties[name] = [*sheet.specialties.get(name, []), special]
        elif table in xp_rules(new.ruleset).LEVELLED:
            sheet.learn(xp_rules(new.ruleset).LEVELLED[table], name, offer.after)  # V5: its own list
        else:
            getattr(sheet, table)[name] = offer.after
    else:
        setattr(sheet, offer.field, offer.after)
        if offer.field == "willpower_permanent":  # V20: a bought Willpower dot comes with its point
            sheet.willpower_current = min(offer.after, sheet.willpower_current + 1)
    sheet.experience_spent += offer.cost
    bought = f"{offer.trait} {offer.before} → {offer.after}" + (f" ({power})" if power else "")
    sheet.experience_history.append(XpEvent(now, -offer.cost, bought))
    return new


def spend(store: ChronicleStore, character: Character, field: str, label: str | None = None, *,
          now: datetime | None = None, power: str | None = None) -> Spent:
    """Raise ``field`` with experience: checks the price, saves the sheet, logs the spend.

    ``power``: a Discipline's new dot brings that core power (one of :func:`power_choices`).
    """
    now = now or utc_now()
    offer = quote(store.chronicle, character, field, label)
    check_affordable(character, offer)
    check_power(character, offer, power)
    check_may_log(store)  # asked before the sheet is written, not after (vtm_tui.play.sessions, rule 5)
    replaced: list[Character] = []
    saved = store.save_character(raised(character, offer, now, power),
                                 before_write=lambda was, _now: replaced.append(was))
    left = remaining(saved)
    session = session_for_action(store, now=now).number
    entry = LogEntry.new("experience", session=session, ruleset=store.chronicle.ruleset, now=now,
                         actor=saved.name, comment=f"spent {offer.cost} on {offer.trait}"
                         + (f" with the power {power}" if power else ""),
                         change={"field": offer.field, "before": offer.before, "after": offer.after,
                                 "xp_cost": offer.cost, "xp_remaining": left})
    store.log(entry)
    return Spent(saved, offer, left, entry, replaced[0] if replaced else character)


def coterie(store: ChronicleStore) -> list[Character]:
    """Whom "the whole coterie" means for an award: every player character (``--all``, and the app's ``G``)."""
    return [c for c in store.characters if not c.is_storyteller_character]


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
    session = session_for_action(store, now=now).number
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
