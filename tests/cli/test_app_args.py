"""Opening the app parses its plain arguments without argparse, exactly as argparse would."""

from __future__ import annotations

import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from vtm_tui.cli import build_app_parser, parse_app_args

TOKENS = st.sampled_from(["camp", "Ana", "/srv/nights", "7", "007", "-3", "", "=", "a=b", "--seed", "--seed=4",
                          "--seed=x", "--seed=٣", "--player", "--player=Ana", "--player=", "--campaigns",
                          "--campaigns=dir", "--camp", "--help", "-h", "--version", "--", "-", "roll x"])


def _argparse(argv: list[str]) -> dict | None:
    try:
        return vars(build_app_parser().parse_args(argv))
    except SystemExit:
        return None


@given(st.lists(TOKENS, max_size=5))
def test_plain_arguments_mean_what_argparse_makes_of_them(argv):
    fast = parse_app_args(argv)
    if fast is not None:  # anything else goes to argparse itself
        assert vars(fast) == _argparse(argv)


@pytest.mark.parametrize("argv", [[], ["nights"], ["nights", "--player", "Ana"], ["--seed=7", "--campaigns", "c"],
                                  ["--player=Tiago", "x", "--seed", "12"]])
def test_the_usual_ways_of_opening_the_app_need_no_argparse(argv):
    assert vars(parse_app_args(argv)) == _argparse(argv)


@pytest.mark.parametrize("argv", [["--help"], ["--version"], ["a", "b"], ["--seed", "x"], ["--camp", "c"],
                                  ["--player", "-x"], ["--seed=1", "--seed=2"]])
def test_help_version_and_mistakes_are_left_to_argparse(argv):
    assert parse_app_args(argv) is None


def test_the_command_line_module_does_not_import_argparse():
    """A fresh process: ``vtm-tui PATH`` reaches the app without argparse (about 2 % of a start on a terminal)."""
    code = ("import sys; from vtm_tui import cli; assert cli.parse_app_args(['nights', '--seed', '3']).seed == 3; "
            "print('argparse' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
