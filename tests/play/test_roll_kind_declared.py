"""A kind's properties reach the play layer and the screens from its one declaration (``rules/<set>/kinds.py``).

Each test changes or adds one declaration and shows the caller follows it: before, play/sessions.py kept
``{"remorse"}``, play/request.py and play/apply.py ``("rouse", "check")``, the roll dialog its own titles and fixed
pools, so a declaration alone changed nothing there.
"""

from __future__ import annotations

import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from vtm_tui.play.sessions import free_botch_spent, session_for_action
from vtm_tui.rules.kind_spec import KindSpec
from vtm_tui.rules.kinds import kind_title, roll_kinds
from vtm_tui.rules.v5 import kinds as v5_kinds
from vtm_tui.store.chronicle_store import open_chronicle
from vtm_tui.store.requests import RollAsk, request_entry

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def declared(monkeypatch: pytest.MonkeyPatch):
    """Replace or add V5 kind declarations for one test."""

    def declare(*specs: KindSpec) -> None:
        monkeypatch.setattr(v5_kinds, "KIND_SPECS", {**v5_kinds.KIND_SPECS, **{s.id: s for s in specs}})

    return declare


def test_a_kind_owed_at_the_end_is_logged_in_the_session_that_ended(tmp_path: Path, declared) -> None:
    folder = tmp_path / "lisboa"
    shutil.copytree(REPO / "campaigns" / "lisboa-nocturna", folder)
    store = open_chronicle(folder)
    assert not store.chronicle.session_open and store.chronicle.current_session == 3
    assert session_for_action(store, player=False, kind="remorse").number == 3
    declared(replace(v5_kinds.KIND_SPECS["frenzy"], owed_at_end=True))
    found = session_for_action(store, player=False, kind="frenzy")
    assert (found.number, found.started) == (3, False)
    assert not free_botch_spent(store, kind="frenzy")  # a V5 session forgives none, owed or not
    assert session_for_action(store, player=False, kind="test").number == 4  # not owed: the next session


def test_a_new_kind_is_offered_titled_and_asked_for_from_its_declaration(declared) -> None:
    declared(KindSpec("vigil", "vigil roll", "Vigil roll", fixed_pool="Vigil", takes_difficulty=False))
    assert roll_kinds("v5")["vigil"] == "vigil roll"
    assert kind_title("vigil") == "Vigil roll"
    entry = request_entry(session=1, ruleset="v5", actor="Inês Valadares", pool="", roll_kind="vigil")
    assert entry.extra == {"roll_kind": "vigil"} and RollAsk.from_entry(entry).roll_kind == "vigil"


def test_a_request_takes_the_kinds_of_its_chronicles_rule_set() -> None:
    v20 = request_entry(session=1, ruleset="v20", actor="Gregor", pool="", roll_kind="rotschreck")
    assert RollAsk.from_entry(v20).roll_kind == "rotschreck"
    with pytest.raises(Exception, match="roll kind 'rouse' is unknown; use one of test, damage, soak"):
        request_entry(session=1, ruleset="v20", actor="Gregor", pool="", roll_kind="rouse")
    with pytest.raises(Exception, match="needs a pool"):
        request_entry(session=1, ruleset="ingenuity", actor="Ada", pool=" ", roll_kind="test")


def test_an_unknown_kind_is_refused_with_the_characters_rule_sets_kinds() -> None:
    """Before, any rule set's refusal listed V5's kinds (a list in rules/roll_request.py)."""
    from vtm_tui.errors import VtmError
    from vtm_tui.play import make_request

    edwin = open_chronicle(REPO / "campaigns" / "the-iron-vigil").characters[0]
    with pytest.raises(VtmError, match=r"unknown kind of roll 'dance': use one of test, damage, soak, frenzy, "
                                       r"rotschreck, degeneration$"):
        make_request(edwin, "Strength + Brawl", kind="dance")
    with pytest.raises(VtmError, match=r"a rouse is not a V20 roll \(kinds: test, damage"):
        make_request(edwin, "Strength + Brawl", kind="rouse")  # another rule set's kind: named as such
