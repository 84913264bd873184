"""The real thing: OpenSSH's sshd on a loopback port, two players and the storyteller logged in with ``ssh -tt``.

The storyteller's key has no forced command (a shell, where they start the
app); each player's key line is ``command="vtm-tui <chronicle> --player
NAME",restrict,pty`` as the README tells a storyteller to write it. Before the
players connect, the storyteller logs a secret roll with ``vtm-tui roll ...
--chronicle --secret``. Then Marta rolls from her seat by keys, and the test
checks that the storyteller's log screen and the session file show the roll,
that Tiago's seat sees it too, that Tiago answers a secret request, and that
no player's screen (any screen read on the way, and every byte sent to their
terminal) ever shows the secret Difficulty or the storyteller's comment.

Skipped, with the reason, only where sshd, ssh, ssh-keygen or tmux are not
installed (``.ci/run`` installs them on Debian) or sshd cannot start here.
"""

from __future__ import annotations

import shlex
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from ssh_harness import Sshd, Terminals, Unavailable, find_sshd, keygen, need, wait_for

from vtm_tui.store.requests import ask_for_roll, request_entry
from vtm_tui.store.seats import list_seats

EXAMPLE = Path(__file__).resolve().parents[2] / "campaigns" / "lisboa-nocturna"
ASIDE = "ZZ-aside-ZZ"  # the storyteller's comment on the secret roll: must never reach a player
WAIT = 45  # seconds: generous for a loaded two-core CI machine; every wait is bounded by it


def vtm_command() -> list[str]:
    script = Path(sys.executable).parent / "vtm-tui"
    return [str(script)] if script.exists() else [sys.executable, "-m", "vtm_tui"]


def run_vtm(env: dict[str, str], *args: str) -> str:
    done = subprocess.run([*vtm_command(), *args], capture_output=True, text=True, timeout=60, env=env,
                          stdin=subprocess.DEVNULL)
    assert done.returncode == 0, done.stderr
    return done.stdout


def entries(chronicle: Path, number: int) -> list[dict]:
    path = chronicle / "sessions" / f"{number:04d}.toml"
    return tomllib.loads(path.read_text(encoding="utf-8")).get("entry", [])


@pytest.fixture
def rig(tmp_path: Path):
    """sshd + tmux + a copy of the Lisboa chronicle; everything stopped afterwards."""
    try:
        find_sshd()
        for tool in ("ssh", "ssh-keygen", "tmux"):
            need(tool)
    except Unavailable as exc:
        pytest.skip(str(exc))
    work = tmp_path / "ssh"
    work.mkdir()
    chronicle = tmp_path / "srv" / "lisboa"
    shutil.copytree(EXAMPLE, chronicle)
    sshd = Sshd(work)
    terminals = Terminals(work)
    try:
        yield work, chronicle, sshd, terminals
    finally:
        terminals.close()
        sshd.stop()


def test_players_and_the_storyteller_over_real_ssh(rig) -> None:
    work, chronicle, sshd, terminals = rig
    env_vars = {"VTM_TUI_CACHE": str(work / "cache"), "VTM_TUI_KEYMAP": str(work / "no-keymap.toml"),
                "TEXTUAL_ANIMATIONS": "none"}
    local_env = {**__import__("os").environ, **env_vars}
    prefix = ["env", *(f"{k}={v}" for k, v in env_vars.items()), *vtm_command()]

    # The storyteller opens session 4 and makes a secret roll from the command line.
    run_vtm(local_env, "session", str(chronicle), "start", "--title", "Over SSH")
    run_vtm(local_env, "roll", "v5", "--chronicle", str(chronicle), "--character", "Rita Calado", "--pool",
            "Wits + Awareness", "--difficulty", "7", "--secret", "--comment", ASIDE, "--seed", "3")

    keys = {name: work / f"id_{name}" for name in ("storyteller", "marta", "tiago")}
    lines = [keygen(keys["storyteller"], "storyteller")]
    for name, player in (("marta", "Marta"), ("tiago", "Tiago")):
        public = keygen(keys[name], name)
        forced = shlex.join([*prefix, str(chronicle), "--player", player])
        assert '"' not in forced
        lines.append(f'command="{forced}",restrict,pty {public}')
    try:
        sshd.start(lines)
    except Unavailable as exc:
        pytest.skip(str(exc))

    def never_secret(screen: str) -> None:
        assert "D7" not in screen and ASIDE not in screen and "D8" not in screen, screen

    # The storyteller logs in to a shell and starts the app on the log screen.
    terminals.open("st", sshd.ssh_command(keys["storyteller"]))
    wait_for(lambda: terminals.raw("st"), WAIT, "the storyteller's shell")
    terminals.keys("st", "exec " + shlex.join([*prefix, str(chronicle)]), literal=True)
    terminals.keys("st", "Enter")
    terminals.wait_for_text("st", "Lisboa Nocturna", WAIT)
    terminals.keys("st", "3")
    terminals.wait_for_text("st", "D7 secret", WAIT)  # the storyteller sees the secret Difficulty

    # Two players log in: their keys open only their seats.
    for name in ("marta", "tiago"):
        terminals.open(name, sshd.ssh_command(keys[name]))
    terminals.wait_for_text("marta", "Marta's seat", WAIT, watch=never_secret)
    terminals.wait_for_text("tiago", "Tiago's seat", WAIT, watch=never_secret)
    seats = wait_for(lambda: len(list_seats(chronicle)) == 3 and list_seats(chronicle), WAIT, "three seats")
    assert sorted(s.player for s in seats if not s.is_storyteller) == ["Marta", "Tiago"]
    assert all(s.via.startswith("ssh from 127.0.0.1") for s in seats)
    terminals.wait_for_text("st", "Marta", WAIT)  # the header names who is connected

    # Marta rolls by keys: r opens the roll dialog for Inês, Enter rolls the pool it offers, Esc closes.
    terminals.keys("marta", "r")
    terminals.wait_for_text("marta", "Inês Valadares", WAIT, watch=never_secret)
    terminals.wait_for_text("marta", "Enter rolls", WAIT, watch=never_secret)
    terminals.keys("marta", "Enter")
    terminals.wait_for_text("marta", "new roll", WAIT, watch=never_secret)
    terminals.keys("marta", "Escape")
    terminals.wait_until_gone("marta", "Roll — Inês", WAIT)
    rolled = wait_for(lambda: [e for e in entries(chronicle, 4) if e.get("actor") == "Inês Valadares"], WAIT,
                      "Marta's roll in the session file")
    assert rolled[0]["kind"] == "roll"
    # The storyteller's log shows it live, and so does the other player's seat.
    terminals.wait_for_text("st", "Inês Valadares", WAIT)
    terminals.wait_for_text("tiago", "Inês Val", WAIT, watch=never_secret)  # the column may cut the name

    # The storyteller asks Tiago for a roll against a secret Difficulty; he answers it from his seat.
    ask = request_entry(session=4, ruleset="v5", actor="Duarte Moniz", pool="Wits + Awareness", difficulty=8,
                        secret=True, prompt="the gantry creaks")
    ask_for_roll(chronicle, ask)
    terminals.wait_for_text("tiago", "the gantry creaks", WAIT, watch=never_secret)
    terminals.keys("tiago", "a")
    terminals.wait_for_text("tiago", "Difficulty: secret", WAIT, watch=never_secret)
    terminals.keys("tiago", "Enter")
    terminals.wait_for_text("tiago", "Logged", WAIT, watch=never_secret)
    terminals.keys("tiago", "Escape")
    terminals.wait_until_gone("tiago", "The storyteller asks", WAIT)
    answered = wait_for(lambda: [e for e in entries(chronicle, 4) if e.get("ref") == ask.id], WAIT,
                        "Tiago's answer in the session file")
    assert answered[0]["difficulty"] == 8 and answered[0]["secret"] is True
    terminals.wait_for_text("st", "Duarte Moniz", WAIT)
    terminals.wait_for_text("st", "D8 secret", WAIT)

    # Nothing secret ever went down a player's wire, not even in a frame the screen reads missed.
    for name in ("marta", "tiago"):
        never_secret(terminals.screen(name))
        assert ASIDE.encode() not in terminals.raw(name)
    assert terminals.raw("marta") and terminals.raw("tiago")

    # Marta leaves with q; Tiago's connection drops (his ssh client dies: sshd hangs up on his seat).
    terminals.keys("marta", "q")
    terminals.kill("tiago")
    try:
        wait_for(lambda: all(s.is_storyteller for s in list_seats(chronicle, prune=False)), WAIT,
                 "the players' seat files to go")
    except AssertionError as exc:
        raise AssertionError(f"{exc}\n{terminals.screen('marta')}") from None
    terminals.keys("st", "q")
    wait_for(lambda: not list_seats(chronicle), WAIT, "the storyteller's seat to go")
    log = sshd.log.read_text(errors="replace")
    assert log.count("Accepted publickey") >= 3, log[-2000:]


def test_an_attacked_seat_never_sends_a_secret_down_the_wire(rig) -> None:
    """A player's scripted attack over real SSH: a pasted 5,000-digit pool in a secret request, stray bytes,
    a 3000×3000 window and an in-band size claim, a markup comment in the log. Whatever the seat does (it
    should stay up), the bytes sent to the player's terminal never hold a planted canary: a storyteller
    character's private notes, the storyteller's aside on a secret roll, the secret Difficulty as a crash
    report would show it, the chronicle's path on the server, or any traceback."""
    work, chronicle, sshd, terminals = rig
    env_vars = {"VTM_TUI_CACHE": str(work / "cache"), "VTM_TUI_KEYMAP": str(work / "no-keymap.toml"),
                "VTM_TUI_LOG_DIR": str(work / "logs"), "TEXTUAL_ANIMATIONS": "none"}
    local_env = {**__import__("os").environ, **env_vars}
    prefix = ["env", *(f"{k}={v}" for k, v in env_vars.items()), *vtm_command()]
    notes_canary = "ZZ-private-notes-ZZ"
    from vtm_tui.store.chronicle_store import open_chronicle

    store = open_chronicle(chronicle)
    vicente = store.character("Vicente Lobo")
    vicente.private_notes = f"{notes_canary}: he owns the harbour master"
    store.save_character(vicente)
    run_vtm(local_env, "session", str(chronicle), "start", "--title", "Under attack")
    run_vtm(local_env, "roll", "v5", "--chronicle", str(chronicle), "--character", "Vicente Lobo", "--pool", "3",
            "--difficulty", "7", "--secret", "--comment", ASIDE, "--seed", "3")
    run_vtm(local_env, "roll", "v5", "--chronicle", str(chronicle), "--character", "Inês", "--pool", "2",
            "--comment", "[/oops][@click=app.quit]see the map[/] [bold]x", "--seed", "4")
    key = work / "id_marta"
    forced = shlex.join([*prefix, str(chronicle), "--player", "Marta"])
    try:
        sshd.start([f'command="{forced}",restrict,pty {keygen(key, "marta")}'])
    except Unavailable as exc:
        pytest.skip(str(exc))
    canaries = [notes_canary.encode(), ASIDE.encode(), str(chronicle).encode(), str(work).encode(),
                b"Traceback", b"difficulty = ", b"private_notes", b"D7", b"D8"]

    def clean(screen: str) -> None:
        for canary in canaries:
            assert canary.decode() not in screen, canary

    terminals.open("marta", sshd.ssh_command(key))
    terminals.wait_for_text("marta", "Marta's seat", WAIT, watch=clean)

    # A secret request answered with a pasted 5,000-digit pool: refused in the dialog, nothing logged.
    ask = request_entry(session=4, ruleset="v5", actor="Inês Valadares", pool="Wits + Awareness", difficulty=8,
                        secret=True, prompt="the harbour gate")
    ask_for_roll(chronicle, ask)
    terminals.wait_for_text("marta", "the harbour gate", WAIT, watch=clean)
    terminals.keys("marta", "a")
    terminals.wait_for_text("marta", "Difficulty: secret", WAIT, watch=clean)
    terminals.keys("marta", "End")
    terminals.keys("marta", " + " + "9" * 5000, literal=True)
    terminals.keys("marta", "Enter")
    terminals.wait_for_text("marta", "Pool", WAIT, watch=clean)
    terminals.keys("marta", "Escape")
    terminals.wait_until_gone("marta", "Difficulty: secret", WAIT)  # the dialog closed; the request waits

    # Stray bytes, then a 3000×3000 window and the same claim in band: the seat stays up and answers keys.
    terminals.keys("marta", "-H", "ff", "fe", "c3", "28")
    terminals._run("resize-window", "-t", "marta", "-x", "3000", "-y", "3000")
    terminals.keys("marta", "\x1b[48;3000;3000;0;0t", literal=True)
    terminals._run("resize-window", "-t", "marta", "-x", "100", "-y", "30")
    terminals.keys("marta", "w")
    terminals.wait_for_text("marta", "connected", WAIT, watch=clean)
    terminals.keys("marta", "Escape")
    terminals.wait_for_text("marta", "Marta's seat", WAIT, watch=clean)

    assert not [e for e in entries(chronicle, 4) if e.get("ref") == ask.id]  # the pasted pool logged nothing
    raw = terminals.raw("marta")
    assert raw
    for canary in canaries:
        assert canary not in raw, canary
    terminals.keys("marta", "q")
    wait_for(lambda: not list_seats(chronicle), WAIT, "Marta's seat to go")


def test_a_seat_key_used_without_a_terminal_gets_one_line_and_no_orphan(rig) -> None:
    """``ssh -T`` with a player's key: the seat says it needs a terminal and ends; no process, no seat file."""
    work, chronicle, sshd, terminals = rig
    env_vars = {"VTM_TUI_CACHE": str(work / "cache"), "VTM_TUI_LOG_DIR": str(work / "logs")}
    prefix = ["env", *(f"{k}={v}" for k, v in env_vars.items()), *vtm_command()]
    key = work / "id_marta"
    forced = shlex.join([*prefix, str(chronicle), "--player", "Marta"])
    try:
        sshd.start([f'command="{forced}",restrict,pty {keygen(key, "marta")}'])
    except Unavailable as exc:
        pytest.skip(str(exc))
    command = [part if part != "-tt" else "-T" for part in sshd.ssh_command(key)]
    done = subprocess.run(command, capture_output=True, text=True, timeout=WAIT, stdin=subprocess.DEVNULL)
    assert done.returncode == 2, done.stderr
    assert done.stderr.strip().count("\n") == 0 and "needs a terminal" in done.stderr
    assert str(chronicle) not in done.stdout + done.stderr and "\x1b[" not in done.stdout + done.stderr
    assert not list_seats(chronicle, prune=False)


def test_a_notes_flood_over_ssh_logs_bounded_edits_and_the_log_reads(rig) -> None:
    """Issue 27's attack, scaled down, through the README's forced command: Marta pastes 5,000 × U+1F987 into her
    notes with ``e``, then makes one-key edits. Each one-key edit logs a few hundred bytes (its changed span, not
    both whole texts: 40 KB each before), every entry names her seat, and ``vtm-tui log`` reads the session."""
    work, chronicle, sshd, terminals = rig
    env_vars = {"VTM_TUI_CACHE": str(work / "cache"), "VTM_TUI_KEYMAP": str(work / "no-keymap.toml"),
                "VTM_TUI_LOG_DIR": str(work / "logs"), "TEXTUAL_ANIMATIONS": "none"}
    local_env = {**__import__("os").environ, **env_vars}
    prefix = ["env", *(f"{k}={v}" for k, v in env_vars.items()), *vtm_command()]
    run_vtm(local_env, "session", str(chronicle), "start")
    key = work / "id_marta"
    forced = shlex.join([*prefix, str(chronicle), "--player", "Marta"])
    try:
        sshd.start([f'command="{forced}",restrict,pty {keygen(key, "marta")}'])
    except Unavailable as exc:
        pytest.skip(str(exc))
    terminals.open("marta", sshd.ssh_command(key))
    terminals.wait_for_text("marta", "Marta's seat", WAIT)
    session = chronicle / "sessions" / "0004.toml"

    def notes_edits() -> list[dict]:
        return [e for e in entries(chronicle, 4) if e.get("change", {}).get("field") == "notes"]

    terminals.keys("marta", "e")
    terminals.wait_for_text("marta", "Esc saves and closes", WAIT)
    for _chunk in range(20):  # tmux takes a command line of a few KB: the paste in pieces
        terminals.keys("marta", "\U0001F987" * 250, literal=True)
    terminals.keys("marta", "END", literal=True)
    terminals.wait_for_text("marta", "END", WAIT)  # the whole paste is in (the cursor, and the view, at its end)
    terminals.keys("marta", "Escape")
    wait_for(lambda: len(notes_edits()) == 1, WAIT, "the pasted notes to be logged")
    terminals.wait_until_gone("marta", "Esc saves and closes", WAIT)
    typed = "END"
    for count, key in enumerate("xyz", 2):
        size = session.stat().st_size
        terminals.keys("marta", "e")
        terminals.wait_for_text("marta", "Esc saves and closes", WAIT)
        terminals.wait_for_text("marta", typed, WAIT)
        typed += key
        terminals.keys("marta", key, literal=True)
        terminals.wait_for_text("marta", typed, WAIT)
        terminals.keys("marta", "Escape")
        wait_for(lambda count=count: len(notes_edits()) == count, WAIT, "a one-key edit to be logged")
        terminals.wait_until_gone("marta", "Esc saves and closes", WAIT)
        assert session.stat().st_size - size < 1_500  # both whole texts: over 40,000 bytes
    logged = notes_edits()
    assert all(e.get("seat") == "Marta" and e["change"]["span"]["after_length"] >= 5000 for e in logged)
    assert "notes" in run_vtm(local_env, "log", str(chronicle), "--session", "4")
    terminals.keys("marta", "q")
    wait_for(lambda: not list_seats(chronicle), WAIT, "Marta's seat to go")


def test_a_seat_gets_no_escape_and_runs_no_other_command_over_real_ssh(rig) -> None:
    """Issue 27 through the README's forced command: a command the player asks for (``vtm-tui xp … award``,
    ``vtm-tui sheet … set``) is not run, the seat opens instead; and a name holding OSC 52 (the clipboard) and
    ``CSI ?1049l`` (a sheet edited by hand) reaches the player's terminal without a byte of either."""
    work, chronicle, sshd, terminals = rig
    env_vars = {"VTM_TUI_CACHE": str(work / "cache"), "VTM_TUI_KEYMAP": str(work / "no-keymap.toml"),
                "TEXTUAL_ANIMATIONS": "none"}
    prefix = ["env", *(f"{k}={v}" for k, v in env_vars.items()), *vtm_command()]
    sheet = chronicle / "characters" / "ines-valadares.toml"
    text = sheet.read_text(encoding="utf-8")
    sheet.write_text(text.replace('name = "Inês Valadares"',
                                  'name = "Inês \\u001b]52;c;aGk=\\u001b\\\\Valadares\\u001b[?1049l"', 1),
                     encoding="utf-8")
    before = {p.name: p.read_bytes() for p in (chronicle / "characters").iterdir()}
    key = work / "id_marta"
    public = keygen(key, "marta")
    forced = shlex.join([*prefix, str(chronicle), "--player", "Marta"])
    try:
        sshd.start([f'command="{forced}",restrict,pty {public}'])
    except Unavailable as exc:
        pytest.skip(str(exc))
    asked = shlex.join([*vtm_command(), "xp", str(chronicle), "award", "99", "--character", "Inês",
                        "--reason", "x"])
    terminals.open("marta", sshd.ssh_command(key, asked))
    terminals.wait_for_text("marta", "Marta's seat", WAIT)
    terminals.wait_for_text("marta", "52;c;aGk=", WAIT)  # the name's printable rest, shown as text
    raw = terminals.raw("marta")
    assert b"\x1b]52" not in raw and b"\x1b[?1049l" not in raw  # the app is still running: it never left its screen
    assert {p.name: p.read_bytes() for p in (chronicle / "characters").iterdir()} == before  # no award ran
