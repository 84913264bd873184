"""Run every benchmark module and print name, value, budget and ok/over per figure."""

from __future__ import annotations

import argparse
import importlib
import json
import pkgutil
import sys
from pathlib import Path

import benchmarks
from benchmarks.figure import Figure


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__)
    parser.add_argument("--json", metavar="FILE", help="also write the figures to FILE as JSON")
    parser.add_argument("--quick", action="store_true", help="fewer repeats (a smoke run)")
    parser.add_argument("only", nargs="*", help="run only modules whose name contains one of these")
    names = sorted(info.name for info in pkgutil.iter_modules(benchmarks.__path__) if info.name.startswith("bench_"))
    modules = {name: importlib.import_module(f"benchmarks.{name}") for name in names}
    for module in modules.values():  # a module's own options (the server's --pace, --tables)
        if hasattr(module, "add_options"):
            module.add_options(parser)
    args = parser.parse_args(argv)
    figures: list[Figure] = []
    for name, module in modules.items():
        if args.only and not any(word in name for word in args.only):
            continue
        found = module.figures(args.quick, args) if hasattr(module, "add_options") else module.figures(args.quick)
        for figure in found:
            print(figure.line(), flush=True)
            figures.append(figure)
    if args.json:
        Path(args.json).write_text(json.dumps([f.to_dict() for f in figures], indent=2) + "\n")
    over = [f.name for f in figures if not f.ok]
    print(f"\n{len(figures)} figures, {len(over)} over budget" + (f": {', '.join(over)}" if over else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
