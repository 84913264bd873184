"""What a toy roll takes, declared once: ``vtm-tui roll toy``'s options and the roll form's fields."""

from __future__ import annotations

from vtm_tui.rules.roll_options import FACES, RollCommand, RollOption

COMMAND = RollCommand(help="a toy: a plain pool of d6s, 5+ succeeds",
                      roll="Roll a pool of d6s (each 5 or 6 a success), or judge typed faces.",
                      odds="Exact chance of reaching the Difficulty.")

OPTIONS: tuple[RollOption, ...] = (
    RollOption("pool", "text", "dice, or trait names with --chronicle/--character", flag="--pool", required=True),
    RollOption("pool_count", "text", "dice in the pool", flag="--pool", roll=False, odds=True),
    RollOption("difficulty", "int", "successes needed (default 1)", flag="--difficulty", low=0, metavar="N",
               odds=True),
    RollOption("faces", "faces", "faces typed in from physical d6s, e.g. 6,2,5", flag="--faces", metavar="FACES",
               who=(FACES,)),
)
