"""Several seats of one player roll at once over real SSH, each typing two rolls (``r``, ``ctrl+t``, a comment,
Enter to roll, Enter to close, and again) in one burst (not Esc: a terminal reads Esc and the ``r`` right behind
it as Alt+r) (issue 27: under load a seat's first roll was lost, its keys typed before the dialog had its focus).
Every roll is logged with its own comment. Skipped, with the reason, where sshd, ssh, ssh-keygen or tmux are
missing (see test_sshd_seats.py)."""

from __future__ import annotations

import os
import shlex

from ssh_harness import keygen, wait_for
from test_sshd_seats import WAIT, entries, rig, run_vtm, vtm_command  # noqa: F401 - rig is the fixture

import pytest

from ssh_harness import Unavailable

SEATS = 6


def test_seats_rolling_at_once_log_every_roll_with_its_comment(rig) -> None:  # noqa: F811
    work, chronicle, sshd, terminals = rig
    env_vars = {"VTM_TUI_CACHE": str(work / "cache"), "VTM_TUI_KEYMAP": str(work / "no-keymap.toml"),
                "TEXTUAL_ANIMATIONS": "none"}
    run_vtm({**os.environ, **env_vars}, "session", str(chronicle), "start", "--title", "Many seats")
    forced = shlex.join(["env", *(f"{k}={v}" for k, v in env_vars.items()), *vtm_command(), str(chronicle),
                         "--player", "Marta"])
    key = work / "id_marta"
    try:
        sshd.start([f'command="{forced}",restrict,pty {keygen(key, "marta")}'])
    except Unavailable as exc:
        pytest.skip(str(exc))
    names = [f"seat{n}" for n in range(SEATS)]
    for name in names:
        terminals.open(name, sshd.ssh_command(key))
    for name in names:
        terminals.wait_for_text(name, "Marta's seat", WAIT)
    for name in names:  # all at once: the dialogs are built together, and each seat's keys arrive in one read
        terminals.keys(name, "r", "C-t", f"first{name}", "Enter", "Enter", "r", "C-t", f"second{name}",
                       "Enter")
    wanted = {f"{which}{name}" for name in names for which in ("first", "second")}

    def logged() -> set[str]:
        return {e.get("comment", "") for e in entries(chronicle, 4) if e.get("kind") == "roll"}

    try:
        wait_for(lambda: wanted <= logged(), WAIT * 2, "every seat's roll with its comment")
    except AssertionError as exc:
        raise AssertionError(f"{exc}: logged {sorted(logged())}\n{terminals.screen(names[0])}") from None
    assert sorted(logged()) == sorted(wanted)
