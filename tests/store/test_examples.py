"""Issue 19 (14): the README's first command opened the example inside the git checkout, so a newcomer's first
edits changed tracked files. A checkout's examples open as copies in the user data folder."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from vtm_tui.store.examples import redirect, user_campaigns_dir

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def checkout(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A vtm-tui checkout (a .git, the package, the examples) and an empty user data folder."""
    root = tmp_path / "vtm-tui"
    (root / ".git").mkdir(parents=True)
    (root / "vtm_tui").mkdir()
    (root / "vtm_tui" / "__init__.py").write_text("", encoding="utf-8")
    shutil.copytree(ROOT / "campaigns" / "lisboa-nocturna", root / "campaigns" / "lisboa-nocturna",
                    ignore=shutil.ignore_patterns(".*"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.delenv("VTM_TUI_CAMPAIGNS", raising=False)
    monkeypatch.chdir(root)
    return root


def test_an_example_in_a_checkout_opens_as_a_copy_made_once(checkout: Path) -> None:
    moved = redirect("campaigns/lisboa-nocturna", None)
    target = user_campaigns_dir() / "lisboa-nocturna"
    assert moved is not None and moved.path == target and (target / "chronicle.toml").is_file()
    assert moved.campaigns == user_campaigns_dir()  # o lists the copies, not the checkout's examples
    assert str(target) in moved.notice and "made a copy" in moved.notice
    (target / "chronicle.toml").write_text((target / "chronicle.toml").read_text() + "\n# mine\n")
    again = redirect("campaigns/lisboa-nocturna", None)
    assert again is not None and "opened your copy" in again.notice
    assert (target / "chronicle.toml").read_text().endswith("# mine\n")  # never copied over


def test_only_a_copy_made_now_is_news(checkout: Path) -> None:
    """The app toasts ``news`` only: at every later start the same sentence told the storyteller nothing new."""
    first = redirect("campaigns/lisboa-nocturna", None)
    assert first is not None and first.made and first.news == first.notice
    again = redirect("campaigns/lisboa-nocturna", None)
    assert again is not None and not again.made and again.news == ""
    assert "opened your copy" in again.notice  # still said on stderr by the command line
    shutil.rmtree(user_campaigns_dir())
    picker = redirect(None, None)
    assert picker is not None and picker.made and "copied now: lisboa-nocturna" in picker.news
    assert redirect(None, None).news == ""


def test_the_app_toasts_the_copy_only_when_it_was_made(checkout: Path, monkeypatch: pytest.MonkeyPatch,
                                                        capsys) -> None:
    import argparse

    from vtm_tui.ui import app as app_module

    shown: list[str] = []
    monkeypatch.setattr(app_module.VtmApp, "run", lambda self, *a, **k: shown.append(self.start_notice))
    args = argparse.Namespace(path="campaigns/lisboa-nocturna", campaigns=None, player=None, seed=None)
    for _ in range(2):
        assert app_module.run(args) == 0
    assert "made a copy" in shown[0] and shown[1] == ""
    assert capsys.readouterr().err.count("example inside the vtm-tui checkout") == 2


def test_the_picker_in_a_checkout_lists_the_copies(checkout: Path) -> None:
    moved = redirect(None, None)
    assert moved is not None and moved.campaigns == user_campaigns_dir() and moved.path is None
    assert (user_campaigns_dir() / "lisboa-nocturna" / "chronicle.toml").is_file()
    assert redirect(None, "campaigns") is None  # --campaigns is taken as given


def test_a_chronicle_elsewhere_opens_where_it_is(tmp_path: Path, checkout: Path) -> None:
    own = tmp_path / "mine" / "campaigns" / "lisboa-nocturna"
    shutil.copytree(checkout / "campaigns" / "lisboa-nocturna", own)
    (tmp_path / "mine" / ".git").mkdir()  # a storyteller's chronicles kept in git: not a vtm-tui checkout
    assert redirect(str(own), None) is None


def test_the_verbs_work_on_the_same_copy(checkout: Path, capsys) -> None:
    from vtm_tui.cli import main

    original = (checkout / "campaigns" / "lisboa-nocturna" / "chronicle.toml").read_text()
    assert main(["session", "campaigns/lisboa-nocturna", "start"]) == 0
    err = capsys.readouterr().err
    assert "example inside the vtm-tui checkout" in err
    assert (checkout / "campaigns" / "lisboa-nocturna" / "chronicle.toml").read_text() == original
    assert (user_campaigns_dir() / "lisboa-nocturna" / "chronicle.toml").read_text() != original
