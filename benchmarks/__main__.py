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
    args = parser.parse_args(argv)
    figures: list[Figure] = []
    for info in sorted(pkgutil.iter_modules(benchmarks.__path__), key=lambda i: i.name):
        if not info.name.startswith("bench_"):
            continue
        if args.only and not any(word in info.name for word in args.only):
            continue
        module = importlib.import_module(f"benchmarks.{info.name}")
        for figure in module.figures(args.quick):
            print(figure.line(), flush=True)
            figures.append(figure)
    if args.json:
        Path(args.json).write_text(json.dumps([f.to_dict() for f in figures], indent=2) + "\n")
    over = [f.name for f in figures if not f.ok]
    print(f"\n{len(figures)} figures, {len(over)} over budget" + (f": {', '.join(over)}" if over else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
