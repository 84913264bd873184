"""LogEntry: validation names the field, unknown keys and kinds survive, outcomes become entries."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from typing import Any

import pytest

from vtm_tui.errors import VtmError
from vtm_tui.model.log_entry import KINDS, LogEntry, drop_none, new_entry_id
from vtm_tui.store.errors import InvalidDataError

NOW = datetime(2026, 11, 29, 21, 4, 11, 250000, tzinfo=timezone.utc)


def make(**overrides: Any) -> LogEntry:
    values: dict[str, Any] = dict(id="3f2a9c0d1b7e4a55", time=NOW, session=3, kind="roll", ruleset="v5")
    values.update(overrides)
    return LogEntry(**values)


@dataclass
class FakeOutcome:
    """Satisfies vtm_tui.rules.base.Outcome without depending on an engine module."""

    ruleset: str = "v5"
    result: str = "messy_critical"
    win: bool = True
    margin: int = 2
    extra: dict = field(default_factory=lambda: {"faces": [10, 7, 3], "hunger_faces": [10], "shortfall": None})

    def to_dict(self) -> dict[str, Any]:
        return {"ruleset": self.ruleset, "result": self.result, "win": self.win, "margin": self.margin, **self.extra}

    def summary(self) -> str:
        return "fake"


def test_ids_are_sixteen_hex_digits_and_distinct() -> None:
    ids = {new_entry_id() for _ in range(2000)}
    assert len(ids) == 2000
    assert all(len(i) == 16 and int(i, 16) >= 0 for i in ids)


@pytest.mark.parametrize(
    ("overrides", "field_name", "fragment"),
    [
        ({"id": ""}, "id", "1–64 letters"),
        ({"id": "has space"}, "id", "1–64 letters"),
        ({"id": "x\n# end session"}, "id", "1–64 letters"),
        ({"time": "yesterday"}, "time", "date and time"),
        ({"time": datetime(2026, 1, 1)}, "time", "time zone"),
        ({"session": 0}, "session", "1 or more, got 0"),
        ({"session": True}, "session", "whole number"),
        ({"kind": "Roll!"}, "kind", "lower-case word"),
        ({"ruleset": "v7"}, "ruleset", "v5, v20, ingenuity"),
        ({"actor": 3}, "actor", "must be text"),
        ({"comment": "bad \ud800 surrogate"}, "comment", "UTF-8"),
        ({"difficulty": -1}, "difficulty", "0–100, got -1"),
        ({"difficulty": "3"}, "difficulty", "whole number"),
        ({"secret": 1}, "secret", "true or false"),
        ({"margin": 1.5}, "margin", "whole number"),
        ({"roll": [1, 2]}, "roll", "table"),
        ({"change": "hunger 2"}, "change", "table"),
        ({"extra": {"kind": "x"}}, "extra", "kind"),
    ],
)
def test_validation_names_the_field(overrides: dict, field_name: str, fragment: str) -> None:
    with pytest.raises(InvalidDataError) as info:
        make(**overrides)
    assert info.value.field == field_name
    assert fragment in str(info.value)
    assert isinstance(info.value, VtmError)


def test_to_toml_leaves_out_defaults_and_none() -> None:
    entry = make(actor="Ana", roll={"faces": [1, 2], "gone": None}, difficulty=None)
    data = entry.to_toml()
    assert data == {
        "id": "3f2a9c0d1b7e4a55", "time": NOW, "session": 3, "kind": "roll", "ruleset": "v5",
        "actor": "Ana", "roll": {"faces": [1, 2]},
    }  # fmt: skip


def test_to_toml_keeps_difficulty_zero_and_false_secret_is_omitted() -> None:
    data = make(difficulty=0, secret=False, margin=0).to_toml()
    assert data["difficulty"] == 0 and "secret" not in data and "margin" not in data


def test_time_is_written_in_utc() -> None:
    paris = timezone(timedelta(hours=1))
    entry = make(time=datetime(2026, 11, 29, 22, 0, tzinfo=paris))
    assert entry.to_toml()["time"] == datetime(2026, 11, 29, 21, 0, tzinfo=timezone.utc)
    assert entry.to_toml()["time"].utcoffset() == timedelta(0)


def test_from_toml_round_trip_keeps_unknown_keys() -> None:
    entry = make(actor="Ana", pool="Wits 3 + Awareness 2", difficulty=3, secret=True, result="win", margin=2,
                 roll={"faces": [7, 10]}, comment="spotted", ref="aa11", change={"field": "hunger", "after": 2},
                 extra={"mood": "grim", "future": {"x": [1]}})  # fmt: skip
    data = entry.to_toml()
    assert data["mood"] == "grim"
    again = LogEntry.from_toml(data, where="sessions/0003.toml, entry 1")
    assert again == entry
    assert again.extra == {"mood": "grim", "future": {"x": [1]}}


def test_unknown_kind_from_a_newer_file_loads() -> None:
    data = make().to_toml() | {"kind": "blood_bond"}
    assert LogEntry.from_toml(data, where="x").kind == "blood_bond"
    assert "blood_bond" not in KINDS


def test_from_toml_missing_field_names_it_and_where() -> None:
    data = make().to_toml()
    del data["ruleset"]
    with pytest.raises(InvalidDataError) as info:
        LogEntry.from_toml(data, where="sessions/0003.toml, entry 7")
    assert info.value.field == "ruleset"
    assert str(info.value).startswith("sessions/0003.toml, entry 7: field 'ruleset': is missing")


def test_from_toml_bad_value_names_where_not_a_generic_place() -> None:
    data = make().to_toml() | {"margin": "two"}
    with pytest.raises(InvalidDataError, match=r"^here: field 'margin': must be a whole number, got 'two'"):
        LogEntry.from_toml(data, where="here")


def test_from_toml_reads_a_hand_written_local_time_as_utc() -> None:
    data = make().to_toml() | {"time": datetime(2026, 11, 29, 21, 0)}
    assert LogEntry.from_toml(data, where="x").time == datetime(2026, 11, 29, 21, 0, tzinfo=timezone.utc)


def test_from_toml_refuses_a_bare_date() -> None:
    data = make().to_toml() | {"time": NOW.date()}
    with pytest.raises(InvalidDataError, match="needs both a date and a time"):
        LogEntry.from_toml(data, where="x")


def test_from_outcome_keeps_every_face_and_the_result() -> None:
    entry = LogEntry.from_outcome(
        FakeOutcome(), session=4, actor="Ana", pool="Wits + Awareness", difficulty=3, secret=True,
        comment="the guard", now=NOW,
    )  # fmt: skip
    assert (entry.kind, entry.ruleset, entry.result, entry.margin, entry.session) == ("roll", "v5", "messy_critical", 2, 4)
    assert entry.roll == {"ruleset": "v5", "result": "messy_critical", "win": True, "margin": 2,
                          "faces": [10, 7, 3], "hunger_faces": [10]}  # fmt: skip
    assert entry.win is True and entry.is_roll and entry.time == NOW and entry.secret


def test_from_outcome_of_a_reroll_points_at_the_original() -> None:
    entry = LogEntry.from_outcome(FakeOutcome(ruleset="v20", result="botch", win=False, margin=0), session=1,
                                  kind="reroll", ref="aaaa")  # fmt: skip
    assert entry.kind == "reroll" and entry.ref == "aaaa" and entry.win is False


def test_note_is_not_a_roll_and_has_no_win() -> None:
    entry = LogEntry.new("note", session=1, ruleset="ingenuity", comment="The prince arrives.")
    assert not entry.is_roll and entry.win is None and entry.time.tzinfo is not None


def test_to_json_is_plain_data() -> None:
    import json

    entry = make(roll={"faces": [1]}, extra={"when": NOW})
    text = json.dumps(entry.to_json())
    assert '"time": "2026-11-29T21:04:11.250000Z"' in text and '"when": "2026-11-29T21:04:11.250000+00:00"' in text


def test_drop_none_recurses() -> None:
    assert drop_none({"a": None, "b": [1, None, {"c": None}]}) == {"b": [1, {}]}


def test_none_values_are_dropped_on_construction_so_round_trips_are_exact() -> None:
    entry = make(change={"field": "hunger", "before": None, "after": 2})
    assert entry.change == {"field": "hunger", "after": 2}


def test_a_tracker_change_reads_as_words_not_python() -> None:
    """Damage entries store trackers as tables; every view of the log shows them as words."""
    from vtm_tui.model.log_entry import describe_change

    change = {"field": "health", "before": {"superficial": 2, "aggravated": 2},
              "after": {"superficial": 3, "aggravated": 2}}
    assert describe_change(change) == "health superficial 2 aggravated 2→superficial 3 aggravated 2"
    assert describe_change({"field": "hunger", "before": 1, "after": 2}, arrow=" → ") == "hunger 1 → 2"
    assert "{" not in describe_change(change) and describe_change({}) == ""
    remorse = {"field": "humanity", "before": {"humanity": 7, "stains": 2}, "after": {"humanity": 6, "stains": 0}}
    assert describe_change(remorse, arrow=" → ") == "humanity 7 → 6, stains 2 → 0"  # not "humanity humanity 6"
