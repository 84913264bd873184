"""Opening the app parses its plain arguments without argparse, exactly as argparse would."""

from __future__ import annotations

import json
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


def test_the_command_line_path_to_the_app_is_light():
    """A fresh process: ``vtm-tui PATH`` reaches the app without argparse, and what it alone loads on the way
    (the example redirect, the seat's terminal filter) defines no dataclass: argparse and its parser were about
    2 % of a start on a terminal, each frozen dataclass 4 M instructions (``python -m benchmarks startup``)."""
    code = ("import dataclasses, json, sys; from vtm_tui import cli; from vtm_tui.store.examples import redirect; "
            "import vtm_tui.ui.sgr_compact; args = cli.parse_app_args(['nights', '--seed', '3']); "
            "redirect(args.path, args.campaigns); "
            "mods = ('vtm_tui.cli', 'vtm_tui.store.examples', 'vtm_tui.ui.sgr_compact'); "
            "print(json.dumps({'argparse': 'argparse' in sys.modules, 'seed': args.seed, 'dataclasses': "
            "[k for m in mods for k, v in vars(sys.modules[m]).items() if dataclasses.is_dataclass(v)]}))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert json.loads(out.stdout) == {"argparse": False, "seed": 3, "dataclasses": []}
