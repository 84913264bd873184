"""``vtm-tui xp PATH award N (--character NAME | --all) --reason TEXT`` and ``xp PATH spend --character NAME --raise TRAIT``.

Both go through :mod:`vtm_tui.play.experience`, the path the app's raise key takes
too: the sheet is saved through the store and each award or spend is logged.
A spend the sheet cannot afford, or a trait at its maximum, exits with status 2
and one line saying why. ``costs`` prints the chronicle's cost table.
"""

from __future__ import annotations

import argparse

from vtm_tui.commands.common import emit, positive_int
from vtm_tui.errors import VtmError


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("xp", help="award experience, or spend it to raise a trait",
                                   description="Award experience to characters, spend it on a trait (priced from "
                                               "the rule set's cost table), or list the costs.")
    parser.add_argument("path", metavar="PATH", help="the chronicle's folder")
    parser.add_argument("action", choices=("award", "spend", "costs"), help="what to do")
    parser.add_argument("amount", nargs="?", type=positive_int, help="with award: how much experience")
    parser.add_argument("--character", metavar="NAME", help="the character (award: or --all)")
    parser.add_argument("--all", action="store_true", help="with award: every player character")
    parser.add_argument("--reason", default="", help="with award: what it is for (logged)")
    parser.add_argument("--raise", dest="trait", metavar="TRAIT",
                        help="with spend: the trait to raise one step, e.g. Strength, 'Brawl (Grappling)'")
    parser.add_argument("--power", metavar="NAME",
                        help="with spend on a Discipline: the core power its new dot brings (V5)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from vtm_tui.commands.session_note import saying_a_started_session
    from vtm_tui.play import experience as xp
    from vtm_tui.store.chronicle_store import open_chronicle

    store = open_chronicle(args.path)
    if args.action == "costs":
        from vtm_tui.rules.experience import xp_rules

        table = xp.costs_of(store.chronicle)
        formulas = xp_rules(store.chronicle.ruleset).FORMULAS
        lines = [f"{kind}: {formulas[kind].format(n=n)}" for kind, n in table.items()]
        emit(args, {"ruleset": store.chronicle.ruleset, "costs": table}, "\n".join(lines))
        return 0
    if args.action == "award":
        if args.amount is None:
            raise VtmError("xp award needs an amount, e.g. 'vtm-tui xp PATH award 3 --all --reason ...'")
        if bool(args.all) == bool(args.character):
            raise VtmError("xp award needs --character NAME or --all (not both)")
        if args.trait or args.power:
            raise VtmError("--raise and --power go with 'spend', not 'award'")
        chosen = xp.coterie(store) if args.all else [store.character(args.character)]
        with saying_a_started_session(store):
            done = xp.award(store, chosen, args.amount, args.reason)
        human = "\n".join(f"{a.character.name}: +{a.amount} experience ({xp.remaining(a.character)} unspent "
                          f"of {a.character.sheet.experience_total})" for a in done)
        emit(args, {"awarded": [a.to_dict() for a in done]}, human)
        return 0
    if args.amount is not None or args.all or args.reason:
        raise VtmError("xp spend takes --character NAME --raise TRAIT (no amount, --all or --reason)")
    if not args.character or not args.trait:
        raise VtmError("xp spend needs --character NAME and --raise TRAIT")
    character = store.character(args.character)
    field, label = xp.resolve(character, args.trait)
    with saying_a_started_session(store):
        spent = xp.spend(store, character, field, label=label, power=args.power)
    p = spent.price
    emit(args, {"trait": p.trait, "from": p.before, "to": p.after, "cost": p.cost, "remaining": spent.remaining,
                "character": spent.character.name, "kind": p.kind, "logged": spent.entry.id},
         f"{spent.character.name}: {p.trait} {p.before} → {p.after} for {p.cost} experience "
         f"({spent.remaining} left)")
    return 0
