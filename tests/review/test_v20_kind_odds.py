"""A logged V20 damage or soak roll is weighed against odds without a botch (it cannot botch)."""

from datetime import datetime, timezone

import pytest

from vtm_tui.model.log_entry import LogEntry
from vtm_tui.review.entry_odds import OddsContext, entry_odds
from vtm_tui.rules import v20

WHEN = datetime(2026, 9, 12, 20, 0, tzinfo=timezone.utc)


def test_damage_entry_odds_have_no_botch_and_follow_the_ones_option():
    entry = LogEntry.from_outcome(v20.judge([1, 3, 8], 6, kind="damage"), session=1, now=WHEN)
    odds = entry_odds(entry)
    assert odds["botch"] == 0 and odds == pytest.approx(v20.roll_odds(3, 6, kind="damage").outcomes)
    spared = entry_odds(entry, OddsContext(options={"damage_ones_do_not_cancel": True}))
    assert spared["success"] == pytest.approx(1 - 0.5 ** 3)
    test = LogEntry.from_outcome(v20.judge([1, 3, 8], 6), session=1, now=WHEN)
    assert entry_odds(test)["botch"] > 0
