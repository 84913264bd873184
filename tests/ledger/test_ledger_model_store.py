"""The ledger's model and file: round trip, limits, clear messages for a broken ledger.toml, compare-and-swap."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vtm_tui.model.ledger import NAME_LIMIT, Boon, Ledger, build_item, section_of
from vtm_tui.store.errors import BrokenFileError, InvalidDataError
from vtm_tui.store.ledger_file import change_ledger, ledger_path, load_ledger

EXAMPLE = Path(__file__).resolve().parents[2] / "campaigns" / "lisboa-nocturna"


@pytest.fixture
def chronicle(tmp_path: Path) -> Path:
    target = tmp_path / "chronicle"
    shutil.copytree(EXAMPLE, target)
    return target


def test_missing_file_is_an_empty_ledger_and_nothing_is_written(chronicle: Path) -> None:
    assert load_ledger(chronicle) == Ledger()
    assert not ledger_path(chronicle).exists()


def test_round_trip_keeps_every_field_and_unknown_keys(chronicle: Path) -> None:
    ledger_path(chronicle).write_text(
        'schema_version = 1\nfuture = "kept"\n\n[[boons]]\nid = "boon-1"\ndebtor = "Duarte"\ncreditor = "Amália"\n'
        'size = "life"\ncalled_in = true\nsecret = true\nwitness = "Inês"\n', encoding="utf-8")
    ledger = load_ledger(chronicle)
    boon = ledger.boons[0]
    assert (boon.debtor, boon.size, boon.called_in, boon.secret, boon.extra) == ("Duarte", "life", True, True,
                                                                                  {"witness": "Inês"})
    change_ledger(chronicle, lambda led: None)
    text = ledger_path(chronicle).read_text(encoding="utf-8")
    assert 'witness = "Inês"' in text and 'future = "kept"' in text


@pytest.mark.parametrize(("text", "field"), [
    ('[[boons]]\nid = "b1"\ndebtor = "A"\ncreditor = "B"\nsize = "huge"\n', "boons[0].size"),
    ('[[bonds]]\nid = "b1"\nthrall = "A"\nregnant = "B"\nsteps = 4\n', "bonds[0].steps"),
    ('[[domains]]\nid = "d1"\nname = "Alfama"\nchasse = "three"\n', "domains[0].chasse"),
    ('[[relationships]]\nid = "r1"\nwho = "A"\nrelation = "sire"\n', "relationships[0].whom"),
    ('[[timeline]]\nid = "n 1"\nwhen = "x"\nevent = "y"\n', "timeline[0].id"),
    ('[[timeline]]\nid = "n1"\nwhen = "x"\nevent = "a \\u001b[2J b"\n', "timeline[0].event"),
    (f'[[boons]]\nid = "b1"\ndebtor = "{"x" * (NAME_LIMIT + 1)}"\ncreditor = "B"\n', "boons[0].debtor"),
    ('[[boons]]\nid = "b1"\ndebtor = "A"\ncreditor = "B"\n[[bonds]]\nid = "b1"\nthrall = "A"\nregnant = "B"\n',
     "bonds[0].id"),
])  # fmt: skip
def test_bad_values_name_the_file_and_the_field(chronicle: Path, text: str, field: str) -> None:
    ledger_path(chronicle).write_text(text, encoding="utf-8")
    before = ledger_path(chronicle).read_bytes()
    with pytest.raises(InvalidDataError) as caught:
        load_ledger(chronicle)
    assert caught.value.field == field
    assert "ledger.toml" in str(caught.value)
    with pytest.raises(InvalidDataError):
        change_ledger(chronicle, lambda led: None)
    assert ledger_path(chronicle).read_bytes() == before


def test_broken_toml_names_the_line_and_is_never_overwritten(chronicle: Path) -> None:
    ledger_path(chronicle).write_text('schema_version = 1\n[[boons]\nid = "x"\n', encoding="utf-8")
    with pytest.raises(BrokenFileError) as caught:
        change_ledger(chronicle, lambda led: None)
    assert caught.value.line == 2
    assert ledger_path(chronicle).read_text(encoding="utf-8").startswith('schema_version = 1\n[[boons]\n')


def test_a_change_applies_to_what_is_on_disk_now(chronicle: Path) -> None:
    """Two logins adding an entry each: both are kept (the change reads the file again under the lock)."""
    first = build_item("boons", {"debtor": "A", "creditor": "B"})
    second = build_item("boons", {"debtor": "C", "creditor": "D"})
    stale = load_ledger(chronicle)
    change_ledger(chronicle, lambda led: led.boons.append(first))
    change_ledger(chronicle, lambda led: led.boons.append(second))
    assert stale.boons == []
    assert [b.debtor for b in load_ledger(chronicle).boons] == ["A", "C"]


def test_section_names_singular_and_plural() -> None:
    assert section_of("Boon") == section_of("boons") == "boons"
    assert section_of("night") == "timeline"
    with pytest.raises(ValueError, match="boon, bond, domain"):
        section_of("favour")


PLAIN = st.characters(blacklist_categories=("Cc", "Cs"))


@settings(max_examples=40, deadline=None)
@given(debtor=st.text(PLAIN, min_size=1, max_size=NAME_LIMIT).filter(str.strip),
       note=st.text(PLAIN, max_size=300), called=st.booleans(), secret=st.booleans())
def test_any_valid_boon_survives_the_file(tmp_path_factory: pytest.TempPathFactory, debtor: str, note: str,
                                           called: bool, secret: bool) -> None:
    folder = tmp_path_factory.mktemp("ledger")
    boon = build_item("boons", {"debtor": debtor, "creditor": "B", "note": note, "called_in": called,
                                "secret": secret})
    change_ledger(folder, lambda led: led.boons.append(boon))
    loaded = load_ledger(folder).boons[0]
    assert isinstance(loaded, Boon)
    assert (loaded.debtor, loaded.note, loaded.called_in, loaded.secret) == (debtor, note, called, secret)


@settings(max_examples=40, deadline=None)
@given(before=st.text(PLAIN, max_size=20), control=st.sampled_from(["\x1b", "\x00", "\x07", "\r", "\x9b"]),
       after=st.text(PLAIN, max_size=20))
def test_text_with_a_control_character_is_refused(before: str, control: str, after: str) -> None:
    with pytest.raises(InvalidDataError, match="control character"):
        build_item("boons", {"debtor": f"x{before}{control}{after}", "creditor": "B"})
