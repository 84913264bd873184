"""The command line's own contract: one-line errors, exit status 2, no Textual for scripts."""

import subprocess
import sys

from vtm_tui.cli import main


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "vtm_tui", *args], capture_output=True, text=True)


def test_version() -> None:
    out = run_cli("--version")
    assert out.returncode == 0 and out.stdout.startswith("vtm-tui ")


def test_unknown_ruleset_is_one_line_exit_2() -> None:
    out = run_cli("roll", "v7")
    assert out.returncode == 2
    assert out.stderr.count("\n") == 1 and "invalid choice: 'v7'" in out.stderr
    assert "Traceback" not in out.stderr


def test_bad_app_option_is_one_line(capsys) -> None:
    try:
        main(["--seed", "abc"])
    except SystemExit as exc:
        assert exc.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--seed" in err


def test_help_says_how_to_open_the_app(capsys) -> None:
    """Issue 19: ``vtm-tui --help`` listed the scripts' verbs only, never PATH, --campaigns, --player or --seed."""
    import pytest

    from vtm_tui.cli import main

    with pytest.raises(SystemExit) as done:
        main(["--help"])
    out = capsys.readouterr().out
    assert done.value.code == 0
    assert out.startswith("usage: vtm-tui [PATH] [--campaigns DIR] [--player NAME] [--seed N]")
    for words in ("vtm-tui PATH", "--campaigns DIR", "--player NAME", "--seed N", "roll", "log"):
        assert words in out
