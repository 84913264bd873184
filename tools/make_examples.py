"""Regenerate the example chronicles' session logs, deterministically.

    python tools/make_examples.py            # rewrite campaigns/*/sessions and chronicle.toml
    python tools/make_examples.py --check    # exit 1 if the committed logs differ from a fresh run

The character sheets under ``campaigns/*/characters`` are written by hand; the
logs are not: each session below is a script of events (rolls by trait name,
Rouse checks, Willpower re-rolls, damage, notes) played through the real rules
engines with seeded dice and appended through the log store's own API, so the
shipped logs are exactly what the app would have written. Entry ids and times
are derived from the script, so a re-run writes the same bytes.

The work happens in a temporary copy; only ``sessions/*.toml`` and
``chronicle.toml`` are copied back (no lock or index files in the repository).
"""

from __future__ import annotations

import argparse
import filecmp
import hashlib
import shutil
import sys
import tempfile
from dataclasses import replace
from datetime import timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from example_scripts import CAMPAIGNS, Campaign, Event  # noqa: E402

from vtm_tui.model.log_entry import LogEntry  # noqa: E402
from vtm_tui.rules import ingenuity, v5, v20  # noqa: E402
from vtm_tui.rules.dice import SeededDice  # noqa: E402
from vtm_tui.rules.pool import resolve  # noqa: E402
from vtm_tui.store import session_log  # noqa: E402
from vtm_tui.store.chronicle_store import ChronicleStore, open_chronicle  # noqa: E402

STEP = timedelta(minutes=7)


class Player:
    """Plays one campaign's scripted sessions into a chronicle folder."""

    def __init__(self, store: ChronicleStore, campaign: Campaign) -> None:
        self.store = store
        self.campaign = campaign
        self.ruleset = store.chronicle.ruleset
        self.hunger = dict(campaign.hunger)
        self.last_roll: v5.V5Roll | None = None
        self.last_entry: LogEntry | None = None

    def entry_id(self, session: int, index: int) -> str:
        return hashlib.sha1(f"{self.campaign.slug}:{session}:{index}".encode()).hexdigest()[:16]

    def play(self) -> None:
        for session in self.campaign.sessions:
            dice = SeededDice(f"{self.campaign.slug}:{session.number}")
            session_log.create_session(self.store.path, session.number, started=session.started, title=session.title)
            for index, event in enumerate(session.events):
                entry = self.entry_for(event, session.number, dice)
                entry = replace(entry, id=self.entry_id(session.number, index),
                                time=session.started + STEP * (index + 1))
                session_log.append_entry(self.store.path, entry)
                self.last_entry = entry
            end = LogEntry.new("session_end", session=session.number, ruleset=self.ruleset,
                               now=session.started + STEP * (len(session.events) + 1), comment=session.closing)
            session_log.append_entry(self.store.path, replace(end, id=self.entry_id(session.number, 9999)))
        last = self.campaign.sessions[-1]
        chronicle = self.store.chronicle
        chronicle.current_session, chronicle.session_open, chronicle.last_session = last.number, False, last.started
        self.store.save_chronicle()

    # -- one event ------------------------------------------------------------------
    def entry_for(self, event: Event, session: int, dice: SeededDice) -> LogEntry:
        actor = self.store.character(event.actor).name if event.actor else ""
        common = {"session": session, "actor": actor, "comment": event.comment}
        if event.kind == "roll":
            return self.roll(event, dice, common)
        if event.kind == "rouse":
            before = self.hunger.get(actor, 1)
            outcome = v5.rouse_check(before, dice)
            self.hunger[actor] = outcome.hunger_after
            entry = LogEntry.from_outcome(outcome, kind="rouse", pool="Rouse check", **common)
            return replace(entry, change={"field": "hunger", "before": before, "after": outcome.hunger_after})
        if event.kind == "reroll":
            assert self.last_roll is not None and self.last_entry is not None
            outcome = v5.reroll(self.last_roll, event.pool, dice)
            return LogEntry.from_outcome(outcome, kind="reroll", pool=self.last_entry.pool,
                                         difficulty=self.last_entry.difficulty, ref=self.last_entry.id,
                                         session=session, actor=self.last_entry.actor, comment=event.comment)
        if event.kind == "frenzy":
            sheet = self.store.character(event.actor).sheet
            pool = v5.frenzy_pool(sheet.willpower.undamaged(sheet.willpower_size), sheet.humanity)
            outcome = v5.frenzy_test(pool, event.difficulty, dice)
            return LogEntry.from_outcome(outcome, kind="frenzy", pool=f"Frenzy {pool}", difficulty=event.difficulty,
                                         **common)
        if event.kind == "remorse":
            before = v5.Humanity(event.change[0], event.change[1])
            outcome = v5.remorse(before, dice)
            entry = LogEntry.from_outcome(outcome, kind="remorse", pool=f"Remorse {v5.remorse_pool(before)}",
                                          difficulty=1, **common)
            return replace(entry, change={"field": "humanity", "before": before.rating,
                                          "after": outcome.after.rating})
        change = {}
        if event.change:
            field, before, after = event.change
            change = {"field": field, "before": before, "after": after}
            if field == "hunger":
                self.hunger[actor] = after
        return LogEntry.new(event.kind, ruleset=self.ruleset, change=change, **common)

    def roll(self, event: Event, dice: SeededDice, common: dict) -> LogEntry:
        character = self.store.character(event.actor)
        resolved = resolve(event.pool, character.traits())
        difficulty = event.difficulty
        if self.ruleset == "v5":
            sheet = character.sheet
            hunger = self.hunger.get(character.name, sheet.hunger) if sheet.is_vampire else 0
            outcome = v5.roll(max(1, resolved.total), hunger, difficulty, dice, mortal=not sheet.is_vampire)
            self.last_roll = outcome
            pool = resolved.describe()
        elif self.ruleset == "v20":
            outcome = v20.roll(max(1, resolved.total), difficulty, dice, specialty=event.specialty)
            pool = resolved.describe()
        else:
            (attribute, a_die), (skill, s_die) = resolved.traits
            outcome = ingenuity.roll(a_die, s_die, dice, bonus=resolved.modifier, difficulty=difficulty,
                                     advantage=event.advantage)
            pool = f"{attribute} d{a_die} + {skill} d{s_die}" + (f" + {resolved.modifier}" if resolved.modifier else "")
        return LogEntry.from_outcome(outcome, pool=pool, difficulty=difficulty, secret=event.secret, **common)


def generate(campaign: Campaign, target_root: Path) -> Path:
    """Play ``campaign`` in a temporary copy; returns the folder holding the fresh files."""
    source = ROOT / "campaigns" / campaign.slug
    work = Path(tempfile.mkdtemp(prefix="vtm-examples-")) / campaign.slug
    shutil.copytree(source, work, ignore=shutil.ignore_patterns("sessions", ".*"))
    store = open_chronicle(work)
    if store.warnings:
        raise SystemExit(f"{campaign.slug}: warnings on load: {store.warnings}")
    store.chronicle.current_session, store.chronicle.session_open, store.chronicle.last_session = 0, False, None
    store.save_chronicle()
    Player(store, campaign).play()
    return work


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare with the committed files instead of writing")
    args = parser.parse_args(argv)
    different: list[str] = []
    for campaign in CAMPAIGNS:
        fresh = generate(campaign, ROOT)
        shipped = ROOT / "campaigns" / campaign.slug
        files = ["chronicle.toml", *(f"sessions/{p.name}" for p in sorted((fresh / "sessions").glob("*.toml")))]
        for name in files:
            if args.check:
                if not (shipped / name).is_file() or not filecmp.cmp(fresh / name, shipped / name, shallow=False):
                    different.append(f"{campaign.slug}/{name}")
            else:
                (shipped / name).parent.mkdir(exist_ok=True)
                shutil.copyfile(fresh / name, shipped / name)
        shutil.rmtree(fresh.parent)
        print(f"{campaign.slug}: {len(campaign.sessions)} sessions, "
              f"{sum(len(s.events) for s in campaign.sessions)} events")
    if different:
        print("differ from a fresh run: " + ", ".join(different), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
