"""``vtm-tui roll toy`` and ``odds toy`` (the ``command_line`` facet): a counted pool, or a character's roll."""

from __future__ import annotations

from typing import Any

from vtm_tui.errors import VtmError
from vtm_tui.rules.command_line import CommandHost, CountedRoll, OddsReport, SheetRoll
from vtm_tui.rules.dice import parse_faces

from tests.toy_ruleset.odds import p_win
from tests.toy_ruleset.outcome import judge


class ToyCommandLine:
    def option(self, name: str) -> Any:
        raise KeyError(f"Toy's command line has no option value {name!r}")

    def roll(self, args: Any, host: CommandHost) -> CountedRoll | SheetRoll:
        difficulty = 1 if args.difficulty is None else args.difficulty
        if getattr(args, "character", None):
            return SheetRoll(args.pool, dict(faces=args.faces, difficulty=args.difficulty))
        dice, pool = host.pool(args.pool)
        if args.faces is not None:
            faces = parse_faces(args.faces, sides=6, what="--faces")
            if len(faces) != dice:
                raise VtmError(f"--faces: expected {dice} d6 faces, got {len(faces)}")
        else:
            faces = host.dice().roll(dice, 6)
        return CountedRoll(judge(faces, difficulty), pool, difficulty)

    def odds(self, args: Any, host: CommandHost) -> OddsReport:
        dice = host.count(args.pool, "--pool")
        difficulty = 1 if args.difficulty is None else args.difficulty
        win = float(p_win(dice, difficulty))
        return OddsReport({"pool": dice, "difficulty": difficulty, "p_win": win}, f"win {win:.2%}")


COMMAND_LINE = ToyCommandLine()
