"""Every benchmark module runs to its end with ``--quick`` and prints its figures, so a benchmark that leans on
something the app no longer does fails here, not on the day someone measures. No budget is asserted: the figures
of a smoke run on a shared machine say nothing; ``python -m benchmarks`` judges them."""

from __future__ import annotations

import json
import math
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest

import benchmarks

REPO = Path(__file__).resolve().parent.parent
MODULES = sorted(info.name for info in pkgutil.iter_modules(benchmarks.__path__) if info.name.startswith("bench_"))


def test_every_benchmark_module_is_found() -> None:
    assert {"bench_log_screen", "bench_server", "bench_startup", "bench_store"} <= set(MODULES)


@pytest.mark.parametrize("module", MODULES)
def test_a_quick_run_prints_its_figures(module: str, tmp_path: Path) -> None:
    out = tmp_path / "figures.json"
    # The module's full name selects it alone (a module is picked by a part of its name: "roll" is two).
    run = subprocess.run([sys.executable, "-m", "benchmarks", "--quick", "--json", str(out), module], cwd=REPO,
                         capture_output=True, text=True, timeout=900)  # a guard against a hang, not a budget
    assert run.returncode == 0, f"{module} failed:\n{run.stdout[-2000:]}\n{run.stderr[-4000:]}"
    assert "Traceback" not in run.stderr, run.stderr[-4000:]
    figures = json.loads(out.read_text())
    assert figures, f"{module} printed no figure:\n{run.stdout}"
    for figure in figures:
        assert figure["name"] and figure["name"] in run.stdout, figure
        assert figure["skipped"] or not math.isnan(figure["value"]), figure  # measured, or says why not
    assert f"\n{len(figures)} figures, " in run.stdout
