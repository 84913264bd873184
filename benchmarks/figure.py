"""One measured figure and the helpers to time things consistently."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass


@dataclass(frozen=True)
class Figure:
    """A measurement next to its budget: ``ok`` when ``value <= budget``.

    ``skipped`` says why a figure was not measured on this machine (``"skipped: no valgrind"``): its line says so
    instead of a value, and it counts as neither ok nor over."""

    name: str
    value: float
    unit: str
    budget: float | None = None
    note: str = ""
    skipped: str = ""

    @property
    def ok(self) -> bool:
        return self.budget is None or bool(self.skipped) or self.value <= self.budget

    def line(self) -> str:
        budget = f"≤ {self.budget:g} {self.unit}" if self.budget is not None else "—"
        verdict = "ok" if self.ok else "over"
        if self.budget is None:
            verdict = "info"
        note = f"  ({self.note})" if self.note else ""
        if self.skipped:
            return f"{self.name:<48} {'—':>10} {self.unit:<4} {budget:<14} {self.skipped}"
        return f"{self.name:<48} {self.value:>10.3f} {self.unit:<4} {budget:<14} {verdict}{note}"

    def to_dict(self) -> dict:
        return {**asdict(self), "ok": self.ok}


def median_seconds(fn: Callable[[], object], *, repeat: int = 7, number: int = 1) -> float:
    """Median wall time of ``number`` calls of ``fn``, over ``repeat`` runs, per call."""
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        for _ in range(number):
            fn()
        samples.append((time.perf_counter() - start) / number)
    return statistics.median(samples)


def best_ms(fn: Callable[[], object], repeat: int) -> float:
    """Best wall time of ``repeat`` calls, in ms: the run least disturbed by other work on the machine."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best * 1000
