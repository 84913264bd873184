"""The server benchmark's own arithmetic: the pace of a table's rolls, the memory it reads, how steps are judged
(``python -m benchmarks server``; the load itself is not a test)."""

from __future__ import annotations

import argparse
import os
import sys

import pytest

from benchmarks import bench_server, server_apps
from benchmarks.figure import Figure


@pytest.mark.parametrize(("tables", "seats", "pace"), [(1, 7, 4.0), (3, 7, 4.0), (2, 3, 0.5)])
def test_a_table_rolls_once_every_pace_its_seats_in_turn(tables: int, seats: int, pace: float) -> None:
    every = pace * seats  # what _load adds to a seat's next roll once it has rolled
    for table in range(tables):
        rolls = sorted((bench_server.first_roll(table, tables, seat, pace) + every * n, seat)
                       for seat in range(seats) for n in range(3))  # fmt: skip
        gaps = {round(b[0] - a[0], 9) for a, b in zip(rolls, rolls[1:])}
        assert gaps == {pace}
        assert [seat for _, seat in rolls] == list(range(seats)) * 3
    firsts = sorted(bench_server.first_roll(table, tables, 0, pace) for table in range(tables))
    assert firsts[-1] < pace and len(set(firsts)) == tables  # the tables apart, within one pace


def test_memory_is_the_proportional_set_size() -> None:
    pss = server_apps.pss_mb(os.getpid())
    with open(f"/proc/{os.getpid()}/status", encoding="ascii") as status:
        rss = next(int(line.split()[1]) / 1024 for line in status if line.startswith("VmRSS:"))
    assert 0 < pss <= rss


def _figures(tables: int, over: str = "") -> list[Figure]:
    label = f"server {tables}×(1+7) @4 s"
    names = [*bench_server.CARRIED_BY, "memory per seat, PSS (max)"]
    return [Figure(f"{label}: {name}", 2.0 if name == over else 0.0, "ms", 1.0) for name in names]


@pytest.mark.parametrize(("over_at", "over", "carried"), [
    (20, "roll → seen by the rest of the table, p95", 10.0),
    (5, "key → result painted, p95", 0.0),
    (10, "memory per seat, PSS (max)", 30.0),  # memory is a budget of its own, not of how many tables
    (None, "", 30.0),
])  # fmt: skip
def test_the_steps_stop_at_the_first_one_over_the_latency_budgets(monkeypatch: pytest.MonkeyPatch, over_at: int | None,
                                                                  over: str, carried: float) -> None:  # fmt: skip
    ran: list[tuple[int, bool]] = []

    def step(tables: int, seats: int, seconds: float, pace: float, *, budgets: bool = True) -> list[Figure]:
        ran.append((tables, budgets))
        return _figures(tables, over if tables == over_at else "")

    monkeypatch.setattr(bench_server, "step", step)
    parser = argparse.ArgumentParser()
    bench_server.add_options(parser)
    figures = bench_server.figures(False, parser.parse_args([]))
    steps = [tables for tables, budgets in ran if budgets]
    assert steps == [n for n in bench_server.STEPS if over_at is None or n <= over_at or over.startswith("memory")]
    assert ran[-1] == (bench_server.STRESS_TABLES, False)  # the stress run last, information only
    assert next(f.value for f in figures if f.name.startswith("server: tables carried")) == carried


def test_one_step_is_run_alone_at_the_pace_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    ran: list[tuple] = []
    monkeypatch.setattr(bench_server, "step", lambda *args, **kw: ran.append((args, kw)) or [])
    parser = argparse.ArgumentParser()
    bench_server.add_options(parser)
    bench_server.figures(False, parser.parse_args(["--tables", "20", "--pace", "4", "--seconds", "30"]))
    assert ran == [((20, 7, 30.0, 4.0), {})]


def test_the_load_waits_until_the_apps_have_settled() -> None:
    """Apps still busy after their first screen (runnable, even when other work starves them) hold the load back."""
    from benchmarks.ptyrun import PtyProgram

    busy = ("import time\nend = time.process_time() + 1.0\nwhile time.process_time() < end: pass\n"
            "print('done', flush=True)\ntime.sleep(60)\n")  # fmt: skip
    programs = [PtyProgram([sys.executable, "-c", busy], columns=80, rows=24).start() for _ in range(3)]
    try:
        everyone = {program.fd: program for program in programs}
        server_apps.until_settled(everyone)
        server_apps.pump(everyone, 0.1)
        assert all(b"done" in program.output for program in programs)
    finally:
        for program in programs:
            program.stop()
