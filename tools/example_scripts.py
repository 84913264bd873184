"""What happened at the table in the example chronicles: the scripts tools/make_examples.py plays.

Each event names a character and a pool by trait names, as a storyteller would
type it; the dice are rolled by the real engines with a seed per session.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timezone


@dataclass(frozen=True)
class Event:
    kind: str  # roll, rouse, reroll, frenzy, remorse, note, damage, heal, hunger, stain, willpower, humanity
    actor: str = ""
    pool: str = ""  # trait expression (roll) or re-roll strategy (reroll)
    difficulty: int = 0
    comment: str = ""
    secret: bool = False
    specialty: bool = False  # v20
    advantage: int = 0  # ingenuity
    change: tuple = ()  # (field, before, after); remorse: (humanity, stains)


def roll(actor: str, pool: str, difficulty: int, comment: str = "", **kw) -> Event:
    return Event("roll", actor, pool, difficulty, comment, **kw)


def note(comment: str, actor: str = "") -> Event:
    return Event("note", actor, comment=comment)


def change(kind: str, actor: str, field_: str, before: int, after: int, comment: str = "") -> Event:
    return Event(kind, actor, comment=comment, change=(field_, before, after))


@dataclass(frozen=True)
class Session:
    number: int
    started: datetime
    title: str
    events: tuple[Event, ...]
    closing: str = ""


@dataclass(frozen=True)
class Campaign:
    slug: str
    sessions: tuple[Session, ...]
    hunger: dict[str, int] = field(default_factory=dict)  # V5 Hunger at the first session


def at(day: str, hour: int = 20) -> datetime:
    return datetime.fromisoformat(f"{day}T{hour:02d}:30:00").replace(tzinfo=timezone.utc)


LISBOA = Campaign("lisboa-nocturna", hunger={"Inês Valadares": 1, "Duarte Moniz": 2, "Leonor \"Nora\" Aires": 2,
                                             "Tomás Queiroz": 1}, sessions=(
    Session(1, at("2026-09-12"), "Three nights at Cais do Sodré", (
        note("The Sheriff gives the coterie three nights to find who leaves bodies by the river."),
        Event("rouse", "Inês", comment="Awe, to get the Sheriff to say more than he means to"),
        roll("Inês", "Charisma + Persuasion", 3, "asking Vicente Lobo for the first body's name"),
        roll("Vicente Lobo", "Wits + Insight", 3, "does he notice the Presence?", secret=True),
        roll("Nora", "Intelligence + Investigation", 3, "the river police's files, through her Metro tap"),
        roll("Duarte", "Charisma + Streetwise", 2, "asking the night shift at the docks"),
        roll("Zé Pescada", "Charisma + Streetwise", 2, "the fishermen's version of the story"),
        roll("Tomás", "Intelligence + Occult", 5, "the sigil cut into the victim's palm"),
        Event("reroll", pool="reroll_failures", comment="Tomás spends Willpower: he has seen this sigil before"),
        change("willpower", "Tomás", "willpower.superficial", 0, 1, "spent on the re-roll"),
        roll("Nora", "Dexterity + Stealth", 4, "following a hooded figure into the Cais do Sodré station"),
        Event("rouse", "Nora", comment="Cloak of Shadows on the platform"),
        roll("Frei Anselmo", "Wits + Awareness", 4, "he feels someone pass beneath Carmo", secret=True),
        roll("Duarte", "Strength + Intimidation", 3, "leaning on the night watchman who took a bribe"),
        change("stain", "Duarte", "stains", 0, 1, "he breaks the watchman's hand to make the point"),
        note("The figure vanishes into the sealed Roman galleries under Rua da Prata."),
        Event("remorse", "Duarte", comment="end of session", change=(6, 1)),
    ), "The coterie knows where the killer goes to ground, not who it is."),
    Session(2, at("2026-09-19"), "The Roman galleries", (
        note("The galleries open two days a year; the coterie does not wait for either."),
        roll("Nora", "Intelligence + Larceny", 3, "the municipal lock on the gallery hatch"),
        roll("Duarte", "Strength + Athletics", 3, "holding the hatch while the others drop through"),
        roll("Tomás", "Resolve + Awareness", 3, "Premonition: which tunnel?"),
        Event("rouse", "Tomás", comment="Premonition"),
        roll("Inês", "Composure + Insight", 4, "reading the ghoul they find guarding an altar"),
        roll("Duarte", "Strength + Brawl", 3, "taking the ghoul down before it reaches its radio"),
        change("damage", "Duarte", "health.superficial", 0, 2, "a rusted spike through the forearm"),
        roll("Tomás", "Intelligence + Occult", 3, "the altar is Hecata work, and recent"),
        Event("frenzy", "Duarte", difficulty=3, comment="the ghoul spits at Zé's name"),
        Event("rouse", "Duarte", comment="Prowess against the iron grate"),
        roll("Nora", "Wits + Investigation", 4, "the ledger under the altar: who was paying", secret=True),
        note("The ledger names a shipping company that banks with Dona Amália."),
    ), "Duarte carries the ledger out under his coat; nobody mentions the frenzy."),
    Session(3, at("2026-10-03"), "Alcântara containers", (
        note("Rita Calado stakes out the Alcântara container terminal; so does the coterie."),
        roll("Rita Calado", "Wits + Awareness", 3, "she spots Duarte on the gantry", secret=True),
        roll("Inês", "Manipulation + Subterfuge", 3, "a story for Inspector Calado"),
        roll("Rita Calado", "Wits + Insight", 4, "she does not believe a word", secret=True),
        note("Shotguns: the shipping company's guards open fire on the inspector."),
        roll("Duarte", "Dexterity + Athletics", 3, "throwing himself in front of Rita Calado"),
        change("damage", "Duarte", "health.aggravated", 0, 2, "buckshot at point blank, halved and still ugly"),
        Event("rouse", "Duarte", comment="mending on the spot, in front of a witness"),
        roll("Nora", "Dexterity + Stealth", 3, "into the container office for the manifests"),
        Event("rouse", "Nora", comment="Unseen Passage past the guards"),
        note("She refuses to feed on the wounded guard, Hunger or not.", actor="Nora"),
        roll("Tomás", "Manipulation + Dominate", 3, "Cloud Memory on the guard who saw Nora"),
        change("stain", "Inês", "stains", 0, 2, "she leaves the wounded guard to bleed rather than be seen"),
        roll("Amália", "Manipulation + Politics", 4, "the Prince hears of it before dawn", secret=True),
        note("Dona Amália summons the coterie for the next night. Rita Calado has seen too much."),
    ), "Inês's stains wait on her; Duarte's wounds wait on blood."),
))

IRON_VIGIL = Campaign("the-iron-vigil", sessions=(
    Session(1, at("2026-08-08", 21), "The first watch", (
        note("Lady Honoria charges the three with the vigil at the Cutlers' Hall: report anything that stirs."),
        roll("Honoria", "Manipulation + Leadership", 7, "she makes it sound like an honour", secret=True),
        roll("Margaret", "Perception + Occult", 6, "the wards painted inside the furnace door", specialty=True),
        roll("Edwin", "Intelligence + Crafts", 6, "the furnace has been relit, once, recently", specialty=True),
        roll("Silas", "Dexterity + Stealth", 7, "into the culvert under the casting floor", specialty=True),
        roll("Silas", "Perception + Alertness", 7, "something moving against the current"),
        roll("Silas", "Dexterity + Brawl", 6, "it grabs him in the dark"),
        change("damage", "Silas", "health.lethal", 0, 2, "claws, or something like them"),
        change("damage", "Silas", "health.bashing", 0, 1, "thrown against the culvert wall"),
        roll("Edwin", "Strength + Athletics", 6, "hauling Silas out by the collar"),
        change("willpower", "Edwin", "willpower.current", 4, 3, "spent to keep his footing in the flood"),
        roll("Margaret", "Intelligence + Occult", 8, "what kind of thing wears iron filings for skin?"),
        change("edit", "Silas", "blood.current", 8, 6, "healing what he can before dawn"),
        note("The culvert grate is found bent outward, from below."),
    ), "The vigil has something to report, and nobody wants to be the one to report it."),
))

SALTMARSH = Campaign("lanterns-of-saltmarsh", sessions=(
    Session(1, at("2026-10-17", 19), "The first dark lantern", (
        note("The seventh lantern on the sea wall is found cold at midnight, its wick cut."),
        roll("Wren", "Intellect + Wizardry + 2", 10, "relighting it so it stays lit (Lantern lore)"),
        roll("Maud", "Resolve + Communion + 2", 8, "asking the drowned who cut the wick"),
        roll("Bram", "Resolve + Perception", 8, "the footprints on the wet stones"),
        roll("Wren", "Intellect + Perception", 8, "the prints come up out of the sea, not down to it"),
        roll("The Drowned Man", "Strength + Combat + 3", 10, "the surf rises and he comes with it", secret=True),
        roll("Bram", "Strength + Combat + 2", 10, "the boat hook, with a lantern for a second hand", advantage=1),
        change("damage", "Bram", "resources.Health", 16, 12, "a grip like a mooring chain"),
        roll("Maud", "Resolve + Insight", 12, "she knows his face from the chapel book"),
        roll("Wren", "Dexterity + Agility", 8, "running the length of the wall to light the eighth lantern"),
        note("With every lantern lit, the Drowned Man walks back into the sea, saying Jory's name."),
    ), "The lanterns hold until dawn. The keeper's book has a page torn out."),
))

CAMPAIGNS = (LISBOA, IRON_VIGIL, SALTMARSH)
