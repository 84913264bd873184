"""Filters as data: chips added and removed one by one, and the same answers in memory and from the index."""

from __future__ import annotations

from datetime import date, timezone

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vtm_tui.review.filters import MESSY_RESULTS, FilterError, LogFilter, parse_dates
from vtm_tui.store.index import HistoryIndex
from vtm_tui.store.session_log import read_session


def test_chips_are_one_per_value_and_each_can_be_removed():
    f = (LogFilter(tz=timezone.utc).with_actor("Inês Valadares").with_kind("roll").with_results(*MESSY_RESULTS)
         .with_text("  the  sigil ").with_date_text("2026-09-12..2026-10-03"))
    keys = [chip.key for chip in f.chips()]
    assert keys == ["actor:Inês Valadares", "kind:roll", "result:messy_critical", "result:bestial_failure",
                    "result:botch", "date", "text"]
    assert [chip.label for chip in f.chips()][-2:] == ["date: 2026-09-12..2026-10-03", "“the sigil”"]
    for key in keys:
        f = f.without(key)
    assert f.is_empty and f.chips() == []


def test_adding_a_value_twice_adds_one_chip():
    f = LogFilter().with_actor("Inês").with_actor("Inês").with_results("win").with_results("win")
    assert len(f.chips()) == 2


@pytest.mark.parametrize("text, expected", [
    ("2026-09-12", (date(2026, 9, 12), date(2026, 9, 12))),
    ("2026-09-12..", (date(2026, 9, 12), None)),
    ("..2026-10-03", (None, date(2026, 10, 3))),
    ("", (None, None)),
])  # fmt: skip
def test_dates_are_read_as_a_day_or_a_range(text, expected):
    assert parse_dates(text) == expected


@pytest.mark.parametrize("text, where", [("12/09/2026", "the day"), ("2026-10-03..2026-09-12", "before"),
                                         ("..", "at least one day"), ("2026-13-01..", "the first day")])
def test_bad_dates_say_what_was_wrong(text, where):
    with pytest.raises(FilterError, match=where):
        parse_dates(text)


@given(st.dates(), st.dates())
@settings(max_examples=100)
def test_a_written_range_reads_back_as_itself(a, b):
    since, until = min(a, b), max(a, b)
    f = LogFilter().with_dates(since, until)
    text = f.chips()[0].label.removeprefix("date: ")
    assert parse_dates(text) == (since, until)


FILTERS = [
    LogFilter(tz=timezone.utc).with_actor("inês valadares"),
    LogFilter(tz=timezone.utc).with_results(*MESSY_RESULTS),
    LogFilter(tz=timezone.utc).with_kind("roll").with_actor("Leonor \"Nora\" Aires").with_actor("Duarte Moniz"),
    LogFilter(tz=timezone.utc).with_text("sigil"),
    LogFilter(tz=timezone.utc).with_text("HUNGER"),
    LogFilter(tz=timezone.utc).with_date_text("2026-09-12"),
    LogFilter(tz=timezone.utc).with_date_text("2026-09-20..").with_results("win"),
    LogFilter(tz=timezone.utc).with_ruleset("v20"),
]


@pytest.mark.parametrize("log_filter", FILTERS, ids=lambda f: ",".join(c.key for c in f.chips()))
def test_memory_and_index_agree(lisboa, log_filter):
    entries = [e for n in (1, 2, 3) for e in read_session(lisboa, n, recover=False).entries]
    in_memory = [e.id for e in entries if log_filter.matches(e)]
    with HistoryIndex(lisboa) as index:
        index.sync()
        from_index = [row.id for row in index.query(**log_filter.query_kwargs())]
    assert in_memory == from_index
    if log_filter.ruleset != "v20":
        assert in_memory, "a filter that matches nothing proves nothing here"
