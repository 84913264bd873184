"""What a V5 roll takes, declared once (:mod:`vtm_tui.rules.roll_options`): ``vtm-tui roll v5``'s and ``odds v5``'s
options and the roll form's V5 tick boxes (Blood Surge, Forced, the Rouse's granted re-roll) come from here."""

from __future__ import annotations

from vtm_tui.rules.roll_options import FACES, PLAYER, STORYTELLER, RollCommand, RollOption
from vtm_tui.rules.v5.kinds import RollKind
from vtm_tui.rules.v5.reroll import STRATEGIES
from vtm_tui.rules.v5.results import MAX_HUNGER

_KINDS = tuple(kind.value for kind in RollKind)
_ST = (STORYTELLER,)

#: What ``vtm-tui roll v5`` and ``odds v5`` say of themselves in ``--help``.
COMMAND = RollCommand(
    help='Vampire: The Masquerade 5th edition',
    roll='Roll a V5 pool, or judge faces typed in from physical dice (0 on the die reads as 10).',
    odds='Exact odds of each V5 result, with and without each Willpower re-roll strategy.',
)

#: Every option, in ``--help`` order; ``odds`` marks those ``odds v5`` takes too (its pool is a count of dice).
OPTIONS: tuple[RollOption, ...] = (
    RollOption("pool", "text", "dice, or trait names with --chronicle/--character (e.g. 'Wits + Awareness')",
               flag="--pool"),
    RollOption("pool_count", "text", "dice in the pool (1-30 is the usual range)", flag="--pool", roll=False,
               odds=True),
    RollOption("hunger", "int", "current Hunger, 0-5 (default: --character's sheet, else 0)", flag="--hunger",
               low=0, high=MAX_HUNGER, high_why=f": Hunger is 0-{MAX_HUNGER}", metavar="HUNGER", who=_ST, odds=True),
    RollOption("difficulty", "int", "successes needed (default 0: no Difficulty, any success wins)",
               flag="--difficulty", low=0, metavar="DIFFICULTY", odds=True),
    RollOption("mortal", "bool", "a mortal or ghoul: no Hunger dice", flag="--mortal", who=_ST, odds=True),
    RollOption("specialties", "int", "applicable specialties (+1 die each)", flag="--specialty", default=0, low=0,
               metavar="N", odds=True),
    RollOption("modifier", "int", "ad-hoc dice modifier (warned beyond ±3)", flag="--modifier", default=0,
               metavar="N", odds=True),
    RollOption("difficulty_modifier", "int", "ad-hoc Difficulty modifier (warned beyond ±2)",
               flag="--difficulty-modifier", default=0, metavar="N", odds=True),
    RollOption("kind", "choice", "test (default), tracker (Willpower/Humanity roll), remorse, frenzy, check, rouse",
               flag="--kind", choices=_KINDS, default=RollKind.TEST.value),
    RollOption("surge", "bool", "Blood Surge: a Rouse check first, then the surge dice join the pool",
               flag="--blood-surge", label="Blood Surge +{surge_dice}", kinds=("test",), form_needs="vampire"),
    RollOption("power", "text", "use a power on --character's sheet: its Rouse checks first, then its pool "
               "(unless --pool is given) is rolled", flag="--power", metavar="NAME"),
    RollOption("faces", "faces", "the regular dice as rolled (a check's die or dice)", flag="--faces",
               metavar="A,B,...", who=(FACES,)),
    RollOption("hunger_faces", "faces", "the Hunger dice as rolled", flag="--hunger-faces", metavar="C,...",
               who=(FACES,)),
    RollOption("rouse_faces", "faces", "the Rouse die of a Blood Surge (or a power's Rouse dice) as rolled",
               flag="--rouse-faces", metavar="R,...", who=(FACES,)),
    RollOption("reroll", "text", f"spend Willpower after the roll: {', '.join(STRATEGIES)}, or regular dice by "
               "position (e.g. 1,3)",
               flag="--reroll", metavar="STRATEGY|POSITIONS"),
    RollOption("reroll_faces", "faces", "the re-rolled dice as rolled (with --faces)", flag="--reroll-faces",
               metavar="A,...", who=(FACES,)),
    RollOption("automatic", "bool", "take the automatic win (pool ≥ 2 × Difficulty)", flag="--automatic", who=_ST),
    RollOption("rouse_reroll", "bool", "a power grants a re-roll: two dice, keep the better", flag="--rouse-reroll",
               label="Re-roll granted: keep the better die", kinds=("rouse",), form_order=1, group="rouse checks"),
    RollOption("voluntary", "bool", "a Rouse the vampire cannot refuse (allowed at Hunger 5)", flag="--forced",
               label="Forced", form_id="forced", negate=True, kinds=("rouse",), group="rouse checks"),
    RollOption("awakening", "bool", "the Rouse on awakening (at Hunger 5, failure is torpor)", flag="--awakening",
               group="rouse checks", who=_ST),
    RollOption("humanity", "int", "Humanity (remorse; frenzy with --willpower)", flag="--humanity", low=0,
               metavar="HUMANITY", group="remorse and frenzy", who=_ST),
    RollOption("stains", "int", "stains (remorse)", flag="--stains", default=0, low=0, metavar="STAINS",
               group="remorse and frenzy", who=_ST),
    RollOption("frenzy_willpower", "int", "undamaged Willpower (frenzy pool with --humanity)", flag="--willpower",
               low=0, metavar="WILLPOWER", group="remorse and frenzy", who=_ST),
)

