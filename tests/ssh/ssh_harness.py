"""A real OpenSSH server on a loopback port, and terminals (tmux panes) that log in to it.

Used by the SSH integration test: nothing here is home-made SSH. ``sshd`` runs
in the foreground (``-D -e``) from a temporary config: a temporary host key,
``AuthorizedKeysFile`` pointing at a temporary file, ``ListenAddress
127.0.0.1`` only. Each seat is a detached tmux session running
``ssh -tt ... root@127.0.0.1`` at a fixed size, so the test reads what a person
would see (``capture-pane``) and every byte sent to the terminal
(``pipe-pane``). Every wait has a timeout; :meth:`Sshd.stop` and
:meth:`Terminals.close` end everything started here.
"""

from __future__ import annotations

import getpass
import os
import shlex
import shutil
import socket
import subprocess
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

SSHD_CANDIDATES = ("/usr/sbin/sshd", "/usr/local/sbin/sshd")


class Unavailable(Exception):
    """What is missing for the test to run (the skip reason)."""


def find_sshd() -> str:
    for candidate in (*SSHD_CANDIDATES, shutil.which("sshd") or ""):
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    raise Unavailable("OpenSSH's sshd is not installed (Debian: apt-get install openssh-server; .ci/run does it)")


def need(tool: str) -> str:
    path = shutil.which(tool)
    if path is None:
        raise Unavailable(f"{tool} is not installed (Debian: apt-get install openssh-client tmux; .ci/run does it)")
    return path


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_for(check: Callable[[], object], timeout: float, what: str, interval: float = 0.1) -> object:
    """Poll ``check`` until it returns something truthy; AssertionError naming ``what`` after ``timeout``."""
    deadline = time.monotonic() + timeout
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout:.0f} s waiting for {what}")
        time.sleep(interval)


def keygen(path: Path, comment: str) -> str:
    """A fresh ed25519 key pair without a passphrase; returns the public key line."""
    subprocess.run([need("ssh-keygen"), "-q", "-t", "ed25519", "-N", "", "-C", comment, "-f", str(path)],
                   check=True, timeout=30, stdin=subprocess.DEVNULL)
    return path.with_suffix(".pub").read_text(encoding="utf-8").strip()


@dataclass
class Sshd:
    """sshd on 127.0.0.1:``port`` with its own host key and authorized_keys; ``start()``, then ``stop()``."""

    folder: Path
    port: int = 0
    process: subprocess.Popen | None = None

    @property
    def authorized_keys(self) -> Path:
        return self.folder / "authorized_keys"

    @property
    def log(self) -> Path:
        return self.folder / "sshd.log"

    def config(self, user: str) -> str:
        return "\n".join([
            f"Port {self.port}",
            "ListenAddress 127.0.0.1",
            f"HostKey {self.folder / 'host_ed25519'}",
            f"PidFile {self.folder / 'sshd.pid'}",
            f"AuthorizedKeysFile {self.authorized_keys}",
            "StrictModes no",
            "UsePAM no",
            "PubkeyAuthentication yes",
            "PasswordAuthentication no",
            "KbdInteractiveAuthentication no",
            "PermitRootLogin prohibit-password",
            f"AllowUsers {user}",
            "PermitTTY yes",
            "X11Forwarding no",
            "AllowTcpForwarding no",
            "PrintMotd no",
            "PrintLastLog no",
            "LogLevel VERBOSE",
            "",
        ])

    def start(self, keys: list[str], attempts: int = 3) -> None:
        """Start sshd on a free loopback port; a start that fails (a port taken in between, a slow
        machine) is tried again on a new port, so only a missing or refusing sshd ends in a skip."""
        for attempt in range(attempts):
            try:
                self._start_once(keys)
                return
            except (Unavailable, TimeoutError, AssertionError):
                self.stop()
                if attempt == attempts - 1:
                    raise

    def _start_once(self, keys: list[str]) -> None:
        sshd = find_sshd()
        for old in (self.folder / "host_ed25519", self.folder / "host_ed25519.pub"):
            old.unlink(missing_ok=True)  # a retry makes a fresh host key
        keygen(self.folder / "host_ed25519", "vtm-tui test host")
        self.authorized_keys.write_text("\n".join(keys) + "\n", encoding="utf-8")
        user = getpass.getuser()
        self.port = free_port()
        config = self.folder / "sshd_config"
        config.write_text(self.config(user), encoding="utf-8")
        if os.geteuid() == 0:
            os.makedirs("/run/sshd", mode=0o755, exist_ok=True)  # sshd's privilege separation directory
        check = subprocess.run([sshd, "-t", "-f", str(config)], capture_output=True, text=True, timeout=30)
        if check.returncode != 0:
            raise Unavailable(f"sshd refuses the test config: {check.stderr.strip() or check.stdout.strip()}")
        log = self.log.open("wb")
        self.process = subprocess.Popen([sshd, "-D", "-e", "-f", str(config)], stdout=log, stderr=log,
                                        stdin=subprocess.DEVNULL, start_new_session=True)
        log.close()

        def listening() -> bool:
            if self.process.poll() is not None:
                raise Unavailable(f"sshd exited at start: {self.log.read_text(errors='replace')[-500:]}")
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5):
                    return True
            except OSError:
                return False

        wait_for(listening, 20, f"sshd to listen on 127.0.0.1:{self.port}")

    def ssh_command(self, key: Path, remote: str = "") -> list[str]:
        command = [need("ssh"), "-tt", "-i", str(key), "-p", str(self.port), "-o", "StrictHostKeyChecking=no",
                   "-o", "UserKnownHostsFile=/dev/null", "-o", "IdentitiesOnly=yes", "-o", "BatchMode=yes",
                   "-o", "LogLevel=ERROR", "-o", "ConnectTimeout=10", f"{getpass.getuser()}@127.0.0.1"]
        return command + ([remote] if remote else [])

    def stop(self) -> None:
        """Stop sshd and every session it forked (its process group)."""
        process = self.process
        if process is None:
            return
        try:
            os.killpg(process.pid, 15)
        except ProcessLookupError:
            pass
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, 9)
            process.wait(timeout=10)
        self.process = None


class Terminals:
    """tmux panes on a private server socket: one per seat, each ``width``×``height``."""

    def __init__(self, folder: Path, width: int = 100, height: int = 30) -> None:
        self.tmux = need("tmux")
        self.socket = folder / "tmux.sock"
        self.folder = folder
        self.width, self.height = width, height
        self.names: list[str] = []

    def _run(self, *args: str, check: bool = True) -> subprocess.CompletedProcess:
        return subprocess.run([self.tmux, "-S", str(self.socket), "-f", "/dev/null", *args], capture_output=True,
                              text=True, timeout=20, check=check, stdin=subprocess.DEVNULL)

    def open(self, name: str, command: list[str]) -> None:
        """A detached session ``name`` running ``command``; its output is also logged to ``<name>.raw``."""
        self._run("new-session", "-d", "-s", name, "-x", str(self.width), "-y", str(self.height),
                  "-e", "TERM=xterm-256color", shlex.join(command))
        self._run("set-option", "-t", name, "remain-on-exit", "on")
        self._run("set-option", "-s", "escape-time", "10")
        self._run("pipe-pane", "-t", name, "-o", f"cat >> {shlex.quote(str(self.raw_path(name)))}")
        self.names.append(name)

    def raw_path(self, name: str) -> Path:
        return self.folder / f"{name}.raw"

    def raw(self, name: str) -> bytes:
        path = self.raw_path(name)
        return path.read_bytes() if path.exists() else b""

    def screen(self, name: str) -> str:
        return self._run("capture-pane", "-p", "-t", name).stdout

    def keys(self, name: str, *keys: str, literal: bool = False) -> None:
        self._run("send-keys", "-t", name, *(["-l"] if literal else []), *keys)

    def wait_for_text(self, name: str, text: str, timeout: float = 120,
                      watch: Callable[[str], None] | None = None) -> str:
        """The screen once it shows ``text``; ``watch`` sees every screen read on the way."""
        def seen() -> str:
            screen = self.screen(name)
            if watch is not None:
                watch(screen)
            return screen if text in screen else ""

        try:
            return str(wait_for(seen, timeout, f"{text!r} on {name}'s screen", interval=0.2))
        except AssertionError as exc:
            raise AssertionError(f"{exc}; the screen shows:\n{self.screen(name)}") from None

    def wait_until_gone(self, name: str, text: str, timeout: float = 120) -> None:
        """Wait until ``name``'s screen no longer shows ``text`` (a dialog closed)."""
        try:
            wait_for(lambda: text not in self.screen(name), timeout, f"{text!r} to leave {name}'s screen", 0.2)
        except AssertionError as exc:
            raise AssertionError(f"{exc}; the screen shows:\n{self.screen(name)}") from None

    def kill(self, name: str) -> None:
        """Kill the session's ssh client at once, as a dropped connection would."""
        pid = self._run("display-message", "-p", "-t", name, "#{pane_pid}").stdout.strip()
        if pid.isdigit():
            os.kill(int(pid), 9)

    def close(self) -> None:
        self._run("kill-server", check=False)
