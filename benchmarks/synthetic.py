"""The benchmark chronicle: 100 characters, 300 sessions, 100,000 logged rolls.

Rolls come from the real engines of all three rule sets (a few hundred seeded
outcomes per rule set, then drawn from at random, so 100,000 entries take
seconds rather than minutes); the log files are written directly, with
:func:`vtm_tui.store.log_format.format_header` and ``format_block``, which are
exactly the bytes ``append_entry`` writes (``tests/store/test_session_log_synthetic.py``
checks it), without paying 100,000 fsyncs. Same seed, same chronicle.

``python -m benchmarks.synthetic FOLDER`` builds one to look at.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable, Iterator
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

from vtm_tui.model.log_entry import LogEntry
from vtm_tui.store.log_format import format_block, format_header
from vtm_tui.store.session_log import session_path

EPOCH = datetime(2024, 1, 6, 20, 0, tzinfo=timezone.utc)
FIRST = ("Ana", "Bo", "Cairo", "Dunja", "Émile", "Farid", "Greta", "Hal", "Iolanthe", "Jonas")
LAST = ("Reyes", "Okafor", "Vance", "Łukasz", "Moreau", "Quist", "Tanaka", "Ferro", "Lind", "O'Hare")
COMMENTS = ("", "", "", "the guard at the gate", "tailing the ghoul", "Elysium small talk", "a locked archive",
            "the sheriff's question", "feeding in the docks", "a \"friendly\" warning")  # fmt: skip
OTHER_KINDS = ("note", "damage", "hunger", "willpower", "stain", "heal")


def character_names(count: int) -> list[str]:
    names = [f"{first} {last}" for last in LAST for first in FIRST]
    return [names[i % len(names)] + (f" {i // len(names) + 1}" if i >= len(names) else "") for i in range(count)]


def _outcomes(seed: int, count: int) -> dict[str, list[Any]]:
    """Real engine outcomes per rule set (seeded), to draw logged rolls from."""
    from vtm_tui.rules import ingenuity, v5, v20
    from vtm_tui.rules.dice import SeededDice

    dice = SeededDice(seed)
    rng = random.Random(seed)
    dies = ("d4", "d6", "d8", "d10", "d12")
    return {
        "v5": [v5.roll(rng.randint(1, 10), rng.randint(0, 3), rng.randint(0, 5), dice) for _ in range(count)],
        "v20": [v20.roll(rng.randint(1, 10), rng.randint(3, 9), dice) for _ in range(count)],
        "ingenuity": [
            ingenuity.roll(rng.choice(dies), rng.choice(dies), dice, difficulty=rng.choice((4, 6, 8, 10, 12)))
            for _ in range(count)
        ],
    }


def generate_entries(
    *, sessions: int, entries: int, characters: list[str], seed: int = 5
) -> Iterator[tuple[int, datetime, list[LogEntry]]]:
    """(session number, start, its entries) for every session, deterministic for a seed."""
    rng = random.Random(seed)
    outcomes = _outcomes(seed, 200)
    rulesets = ("v5", "v20", "ingenuity")
    per_session = [entries // sessions + (1 if i < entries % sessions else 0) for i in range(sessions)]
    for number, count in enumerate(per_session, start=1):
        started = EPOCH + timedelta(days=7 * (number - 1))
        items = []
        for n in range(count):
            when = started + timedelta(seconds=10 * n + rng.randint(0, 9))
            entry_id = f"{rng.getrandbits(64):016x}"
            actor = rng.choice(characters)
            comment = rng.choice(COMMENTS)
            if n % 10 == 9:
                kind = rng.choice(OTHER_KINDS)
                items.append(LogEntry(id=entry_id, time=when, session=number, kind=kind, ruleset=rulesets[number % 3],
                                      actor=actor if kind != "note" else "", comment=comment or "the scene moves on",
                                      change={"field": kind, "before": n % 5, "after": n % 5 + 1}))  # fmt: skip
                continue
            ruleset = rulesets[(number + n) % 3]
            outcome = rng.choice(outcomes[ruleset])
            items.append(LogEntry(
                id=entry_id, time=when, session=number, kind="roll", ruleset=ruleset, actor=actor,
                pool=f"Wits {n % 5 + 1} + Awareness {n % 4}", difficulty=rng.randint(1, 9), secret=n % 13 == 0,
                result=outcome.result, margin=int(outcome.margin), roll=outcome.to_dict(), comment=comment,
            ))  # fmt: skip
        yield number, started, items


def write_session(chronicle_dir: Path, number: int, started: datetime, items: list[LogEntry], title: str = "") -> Path:
    """A whole session file in one write: the header and one block per entry, as appends would."""
    path = session_path(chronicle_dir, number)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(format_header(number, started, title) + b"".join(format_block(entry) for entry in items))
    return path


def write_characters(chronicle_dir: Path, names: list[str]) -> None:
    """Character files through the sheet store when it is there (so it can load them), else minimal TOML."""
    try:
        from vtm_tui.model.character import new_character
        from vtm_tui.store.catalog import create_chronicle
    except ImportError:  # pragma: no cover - the sheets half not built
        (chronicle_dir / "characters").mkdir(parents=True, exist_ok=True)
        for i, name in enumerate(names):
            (chronicle_dir / "characters" / f"c{i:03d}.toml").write_text(
                f'schema_version = 1\nname = "{name}"\nkind = "pc"\n', encoding="utf-8"
            )
        return
    store = create_chronicle(chronicle_dir, "Benchmark Nights", "v5")
    for i, name in enumerate(names):
        store.add_character(new_character(name, "v5", kind="pc" if i < 5 else "spc"))


def set_current_session(chronicle_dir: Path, number: int) -> None:
    from vtm_tui.store.toml_io import load_toml, save_toml

    path = chronicle_dir / "chronicle.toml"
    data = load_toml(path) if path.exists() else {"schema_version": 1, "name": "Benchmark Nights", "ruleset": "v5"}
    data["current_session"] = number
    save_toml(path, data)


def build_chronicle(
    folder: Path,
    *,
    characters: int = 100,
    sessions: int = 300,
    entries: int = 100_000,
    seed: int = 5,
    progress: Callable[[int, int], None] | None = None,
) -> Path:
    """Build the benchmark chronicle in ``folder`` (which must not hold a chronicle yet)."""
    folder = Path(folder)
    names = character_names(characters)
    write_characters(folder, names)
    done = 0
    for number, started, items in generate_entries(sessions=sessions, entries=entries, characters=names, seed=seed):
        write_session(folder, number, started, items, title=f"Night {number}")
        done += len(items)
        if progress:
            progress(done, entries)
    set_current_session(folder, sessions)
    return folder


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.synthetic", description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--entries", type=int, default=100_000)
    parser.add_argument("--sessions", type=int, default=300)
    parser.add_argument("--characters", type=int, default=100)
    args = parser.parse_args(argv)
    build_chronicle(args.folder, characters=args.characters, sessions=args.sessions, entries=args.entries)
    print(f"{args.folder}: {args.characters} characters, {args.sessions} sessions, {args.entries} entries")
    return 0


if __name__ == "__main__":
    sys.exit(main())
