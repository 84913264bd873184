"""What an Ingenuity roll takes, declared once (:mod:`vtm_tui.rules.roll_options`): ``vtm-tui roll ingenuity``'s and
``odds ingenuity``'s options (the roll form has no box of Ingenuity's own: its test's fields are the common ones)."""

from __future__ import annotations

from vtm_tui.rules.ingenuity.advantage import MAX_SOURCES
from vtm_tui.rules.ingenuity.rolling import MAX_PROFICIENCY
from vtm_tui.rules.roll_options import FACES, STORYTELLER, RollCommand, RollOption

_ST = (STORYTELLER,)
_BOTH = {"roll": True, "odds": True}
_NAMED = " (or its name on --character's sheet)"

#: What ``vtm-tui roll ingenuity`` and ``odds ingenuity`` say of themselves in ``--help``.
COMMAND = RollCommand(
    help='the Ingenuity system (step dice and a luck die)',
    roll='Roll an Ingenuity test, or judge faces typed in from physical dice.',
    odds='Exact chance of success and of every result, luck and re-rolls included.',
)

#: Every option, in ``--help`` order; ``roll``/``odds`` say which subcommand takes it.
OPTIONS: tuple[RollOption, ...] = (
    RollOption("attribute", "text", f"the attribute's die: d4, d6, d8, d10 or d12{_NAMED}", flag="--attribute",
               metavar="DIE"),
    RollOption("attribute_die", "text", "the attribute's die: d4, d6, d8, d10 or d12", flag="--attribute",
               metavar="DIE", required=True, roll=False, odds=True),
    RollOption("skill", "text", f"the skill's die (default d4: untrained){_NAMED}", flag="--skill", default="d4",
               metavar="DIE"),
    RollOption("skill_die", "text", "the skill's die (default d4: untrained)", flag="--skill", default="d4",
               metavar="DIE", roll=False, odds=True),
    RollOption("bonus", "int", f"one proficiency's bonus, 0-{MAX_PROFICIENCY}", flag="--bonus", default=0, low=0,
               high=MAX_PROFICIENCY, high_why=f": a proficiency adds +1 to +{MAX_PROFICIENCY}", metavar="B", **_BOTH),
    RollOption("difficulty", "parsed", "a number or a ladder name (Simple 4 ... Improbable 24); none: total only",
               flag="--difficulty", parser="parse_difficulty", metavar="D", **_BOTH),
    RollOption("advantage", "int", "sources of advantage (pairs with disadvantage cancel)", flag="--advantage",
               default=0, low=0, high=MAX_SOURCES, high_why=" sources", metavar="N", **_BOTH),
    RollOption("disadvantage", "int", "sources of disadvantage", flag="--disadvantage", default=0, low=0,
               high=MAX_SOURCES, high_why=" sources", metavar="M", **_BOTH),
    RollOption("assist_bonus", "int", "a helper's result (repeat for several; only the best bonus counts)",
               flag="--assist", low=0, repeat=True, metavar="TOTAL", **_BOTH),
    RollOption("size", "parsed", "this side's size in a contest (1-12 or a name such as Medium)", flag="--size",
               parser="parse_size", metavar="SIZE", **_BOTH),
    RollOption("opponent_size", "parsed", "the other side's size; the smaller side adds the difference",
               flag="--opponent-size", parser="parse_size", metavar="SIZE", **_BOTH),
    RollOption("passive", "bool", "a passive test: half of each die, no luck die", flag="--passive", **_BOTH),
    RollOption("faces", "faces", "the attribute and skill dice as rolled", flag="--faces", metavar="A,S",
               group="typed-in dice", who=(FACES,)),
    RollOption("luck", "int", "the luck die (d20) as rolled", flag="--luck", low=0, metavar="L",
               group="typed-in dice", who=(FACES,)),
    RollOption("reroll_faces", "faces", "advantage/disadvantage re-rolls as rolled, in the order the engine asks",
               flag="--reroll-faces", metavar="F,...", group="typed-in dice", who=(FACES,)),
    RollOption("picks", "text", "pick the die for each advantage re-roll by hand: attribute or skill", flag="--pick",
               metavar="DIE,...", group="typed-in dice"),
    RollOption("luck_test", "bool", "roll the luck die alone (no attribute or skill)", flag="--luck-test",
               group="luck test", who=_ST),
    RollOption("luck_target", "int", "the face a luck test needs (default 20)", flag="--luck-target", default=20,
               low=0, metavar="N", group="luck test", who=_ST),
)
