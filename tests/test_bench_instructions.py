"""The start-up benchmark's instruction counts: callgrind's output read right, and a row that could not be
measured said so instead of failing (``python -m benchmarks startup``; the counting itself is not a test)."""

from __future__ import annotations

import pytest

from benchmarks.figure import Figure
from benchmarks.instructions import callgrind_total

#: The head and tail of a real callgrind file (valgrind 3.19), the function records between them cut short.
CALLGRIND_OUT = """# callgrind format
version: 1
creator: callgrind-3.19.0
pid: 28361
cmd:  python /tmp/child.py vtm /tmp/chr
part: 1

desc: Timerange: Basic block 0 - 240715392
desc: Trigger: Program termination

positions: line
events: Ir
summary: 1109852457


ob=(40) /usr/lib/python3.11/lib-dynload/termios.cpython-311-x86_64-linux-gnu.so
fl=(651) ???
fn=(14494) 0x0000000000003370
0 12

totals: 1109852457
"""


def test_the_total_is_the_totals_line():
    assert callgrind_total(CALLGRIND_OUT) == 1_109_852_457


def test_with_several_events_the_instructions_are_taken():
    text = "events: Dr Ir Dw\nsummary: 5 700 9\n\nfn=(1) main\n3 1 2 3\n\ntotals: 5 700 9\n"
    assert callgrind_total(text) == 700


def test_a_file_cut_before_its_totals_still_has_its_summary():
    assert callgrind_total(CALLGRIND_OUT.replace("totals: 1109852457\n", "")) == 1_109_852_457


def test_the_totals_line_is_preferred_to_the_summary():
    assert callgrind_total("events: Ir\nsummary: 10\ntotals: 12\n") == 12


def test_a_record_line_is_not_mistaken_for_a_total():
    text = "events: Ir\nfn=(3) totals\ncalls=1 0\n0 99\ntotals: 42\n"
    assert callgrind_total(text) == 42


def test_no_profile_is_an_error_not_a_zero():
    with pytest.raises(ValueError, match="totals"):
        callgrind_total("# callgrind format\nversion: 1\n")


def test_a_skipped_figure_says_why_and_is_not_over_its_budget():
    figure = Figure("start: ratio headless in instructions", 0.0, "x", 1.25, "note", "skipped: no valgrind")
    assert figure.ok
    assert figure.line().rstrip().endswith("skipped: no valgrind")
    assert "0.000" not in figure.line() and "over" not in figure.line()


def test_a_measured_figure_over_its_budget_is_over():
    assert not Figure("ratio", 1.3, "x", 1.25).ok
    assert " over" in Figure("ratio", 1.3, "x", 1.25).line()
