"""``vtm-tui blood PATH --character NAME ACTION``: the V5 blood's upkeep from a shell.

The same headless actions the coterie screen's Blood dialog calls (:mod:`vtm_tui.play.blood`,
:mod:`vtm_tui.play.hunting`), logged into the open session and saved to the sheet:

    power NAME          a power's Rouse checks (Blood Potency re-roll, ghoul damage, Oblivion stains)
    mend                one Rouse check heals Blood Potency's mend in Superficial Health
    awaken              the nightfall Rouse check and Willpower back
    blush               the Blush of Life: a Rouse check
    slake N             feed: Hunger − N after Blood Potency (--source, --kill)
    hunt                roll the predator type's pool (--pool, --difficulty); on a win slake and roll Resonance
    compulsion [NAME]   put a compulsion on the sheet (rolled on the general table without NAME)
    clear [CONDITION]   clear a condition (the last one without CONDITION)

``--faces`` judges physical dice instead of rolling (in the order they are used: regular
dice, then Hunger dice, then the Resonance dice); ``--seed`` makes the dice repeatable.
"""

from __future__ import annotations

import argparse
import json
from datetime import datetime, timezone

from vtm_tui.errors import VtmError

ACTIONS = ("power", "mend", "awaken", "blush", "slake", "hunt", "compulsion", "clear")


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("blood", help="V5 upkeep: a power's Rouse, mend, awaken, slake, hunt, compulsions",
                                   description="The blood's upkeep for a V5 character, logged and saved: "
                                               + ", ".join(ACTIONS) + ".")
    parser.add_argument("path", metavar="PATH", help="the chronicle's folder")
    parser.add_argument("action", choices=ACTIONS, help="what to do")
    parser.add_argument("value", nargs="?", default="",
                        help="power: its name; slake: how much; compulsion: its name; clear: the condition")
    parser.add_argument("--character", metavar="NAME", required=True, help="whose blood")
    parser.add_argument("--pool", default="", help="hunt: the pool (default: the predator type's)")
    parser.add_argument("--difficulty", default=None, help="hunt: the storyteller's Difficulty")
    parser.add_argument("--amount", type=int, help="hunt: Hunger a win slakes (default: all, to the floor)")
    parser.add_argument("--source", default="human", choices=("human", "animal", "bagged"),
                        help="slake/hunt: whose blood (Blood Potency slakes less from animals and bags)")
    parser.add_argument("--kill", action="store_true", help="slake/hunt: the vessel was drained (Hunger may reach 0)")
    parser.add_argument("--faces", help="judge these faces instead of rolling, e.g. 7,3")
    parser.add_argument("--seed", type=int, help="seed the dice")
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.set_defaults(func=run)


def _dice(args: argparse.Namespace):
    from vtm_tui.rules.dice import GivenFaces, SeededDice, SystemDice, parse_faces

    if args.faces:
        return GivenFaces(parse_faces(args.faces, sides=10, what="--faces"))
    return SeededDice(args.seed) if args.seed is not None else SystemDice()


def run(args: argparse.Namespace) -> int:
    from vtm_tui.commands.chronicle import ensure_session
    from vtm_tui.play import blood
    from vtm_tui.play.hunting import hunt
    from vtm_tui.play.record import Recorder
    from vtm_tui.store.chronicle_store import open_chronicle

    store = open_chronicle(args.path)
    character = store.character(args.character)
    refusal = blood.upkeep_refusal(character)
    if refusal:
        raise VtmError(refusal)
    dice = _dice(args)
    now = datetime.now(timezone.utc).replace(microsecond=0)
    session = ensure_session(store)
    at = dict(session=session, now=now)
    action = args.action
    if action == "power":
        if not args.value:
            raise VtmError("power: name the power, e.g. 'vtm-tui blood PATH power Mesmerize --character NAME'")
        done = blood.use_power(character, blood.find_power(character, args.value), dice,
                               oblivion_stains=bool(store.chronicle.option("oblivion_stains")), **at)
    elif action == "mend":
        done = blood.mend(character, dice, **at)
    elif action == "awaken":
        done = blood.awaken(character, dice, **at)
    elif action == "blush":
        done = blood.blush(character, dice, **at)
    elif action == "slake":
        done = blood.slake(character, _amount(args.value), source=args.source, killed=args.kill, **at)
    elif action == "hunt":
        done = hunt(character, args.pool, args.difficulty, dice, amount=args.amount, source=args.source,
                    killed=args.kill, **at)
    elif action == "compulsion":
        done = blood.add_condition(character, blood.compulsion_condition(blood.pick_compulsion(character, args.value, dice)),
                                   **at)
    else:
        done = blood.clear_condition(character, args.value or None, **at)
    if args.faces:
        dice.check_used()
    Recorder(store, lambda: now).record(done, character)
    if args.json:
        print(json.dumps({"character": character.name, "action": action, "summary": done.summary,
                          "changes": list(done.changes), "entries": [e.id for e in done.entries]},
                         ensure_ascii=False))
    else:
        print(done.summary)
        for change in done.changes:
            print(f"  {change}")
    return 0


def _amount(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise VtmError(f"slake: how much Hunger, a whole number 0-5 (got {text!r})") from None
