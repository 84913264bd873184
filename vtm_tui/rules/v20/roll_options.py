"""What a V20 roll takes, declared once (:mod:`vtm_tui.rules.roll_options`): ``vtm-tui roll v20``'s and ``odds v20``'s
options and the roll form's V20 tick box (Spend Willpower) come from here."""

from __future__ import annotations

from vtm_tui.rules.roll_options import FACES, STORYTELLER, RollCommand, RollOption
from vtm_tui.rules.v20.kinds import KINDS
from vtm_tui.rules.v20.options import EXTENDED_BOTCH_RULES
from vtm_tui.rules.v20.pools import DEFAULT_DIFFICULTY

_ST = (STORYTELLER,)
_BOTH = {"roll": True, "odds": True}

#: What ``vtm-tui roll v20`` and ``odds v20`` say of themselves in ``--help``.
COMMAND = RollCommand(
    help='Vampire: The Masquerade Revised / 20th anniversary',
    roll='Roll a V20 pool, or judge faces rolled on physical dice.',
    odds='Exact odds of a V20 roll, and of an extended action.',
)

#: Every option, in ``--help`` order; ``roll``/``odds`` say which subcommand takes it.
OPTIONS: tuple[RollOption, ...] = (
    RollOption("pool", "text", "dice to roll: a number, or trait names with --chronicle and --character "
               "(frenzy, rotschreck, degeneration: the character's Virtue unless given)", flag="--pool"),
    RollOption("pool_count", "int", "dice in the pool", flag="--pool", low=0, metavar="N", required=True,
               roll=False, odds=True),
    RollOption("kind", "choice", "test (default); damage and soak (cannot botch); frenzy (Self-Control or Instinct), "
               "rotschreck (Courage), degeneration (Conscience or Conviction: a failure costs a dot of "
               "Humanity/Path, applied with --chronicle and --character)", flag="--kind", choices=tuple(KINDS),
               default="test"),
    RollOption("odds_kind", "choice", "test (default); damage and soak cannot botch; frenzy, rotschreck, degeneration",
               flag="--kind", choices=tuple(KINDS), default="test", roll=False, odds=True),
    RollOption("difficulty", "int", f"target number for each die, 2-10 (default {DEFAULT_DIFFICULTY}; a degeneration "
               f"roll {KINDS['degeneration'].difficulty})", flag="--difficulty", metavar="D", **_BOTH),
    RollOption("specialty", "bool", "a specialty applies: a 10 counts two successes", flag="--specialty", **_BOTH),
    RollOption("willpower", "bool", "spend Willpower: one success 1s cannot cancel", flag="--willpower",
               label="Spend Willpower", kinds=("test",), **_BOTH),
    RollOption("wounds", "int", "dice lost to the wound penalty (Hurt 1, Wounded 2, Crippled 5); "
               "with --character, the sheet's health levels unless this is given", flag="--wounds", low=0,
               metavar="N", who=_ST, **_BOTH),
    RollOption("modifier", "int", "ad-hoc dice added or removed", flag="--modifier", default=0, metavar="N", **_BOTH),
    RollOption("attempt", "int", "trying again: attempt N is Difficulty +N-1 (impossible above 10)",
               flag="--attempt", default=1, low=1, metavar="N", **_BOTH),
    RollOption("no_specialty_doubling", "bool", "house rule: a specialty 10 counts one success only",
               flag="--no-specialty-doubling", who=_ST, **_BOTH),
    RollOption("free_botch", "bool", "house rule: this session's free botch is unused, so a botch counts as a failure "
               "(with --chronicle, the chronicle's option and session log decide unless this is given)",
               flag="--free-botch", who=_ST, **_BOTH),
    RollOption("ones_do_not_cancel", "bool", "house rule: 1s do not cancel successes on damage and soak rolls "
               "(with --chronicle, its damage_ones_do_not_cancel option unless this is given)",
               flag="--ones-do-not-cancel", who=_ST),
    RollOption("odds_ones_do_not_cancel", "bool", "house rule: 1s do not cancel successes on damage and soak rolls",
               flag="--ones-do-not-cancel", roll=False, odds=True),
    RollOption("faces", "faces", "judge these d10 faces instead of rolling (0 means 10)", flag="--faces",
               metavar="F,F,...", who=(FACES,)),
    RollOption("automatic", "bool", "take an automatic (marginal) success without rolling: pool must reach the "
               "Difficulty", flag="--automatic", who=_ST),
    RollOption("extended_target", "int", "extended action: successes needed (with --rolls)", flag="--extended-target",
               low=1, metavar="T", roll=False, odds=True),
    RollOption("rolls", "int", "extended action: rolls allowed", flag="--rolls", low=1, metavar="N", roll=False,
               odds=True),
    RollOption("botch", "choice", "extended action: a botch restarts the tally (default) or fails it", flag="--botch",
               choices=tuple(EXTENDED_BOTCH_RULES), default="restart", roll=False, odds=True),
    RollOption("against", "int", "resisted action: the opponent's pool", flag="--against", low=0, metavar="N",
               roll=False, odds=True),
    RollOption("against_difficulty", "int", "resisted action: the opponent's Difficulty (default: --difficulty)",
               flag="--against-difficulty", metavar="D", roll=False, odds=True),
)
