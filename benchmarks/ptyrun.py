"""Drive a real program in a pseudo-terminal, the way an SSH session would see it.

Benchmarks use this to time "start to first screen" of a whole process and to count
the bytes a key press sends to the terminal (what travels over SSH). It is a tiny
expect-like helper on the standard library's ``pty``; nothing here is a test.
"""

from __future__ import annotations

import fcntl
import os
import pty
import select
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import termios
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path


@dataclass
class PtyProgram:
    """A child process on a pty of a fixed size, with everything it wrote so far."""

    argv: Sequence[str]
    columns: int = 80
    rows: int = 24
    env: dict[str, str] = field(default_factory=dict)
    pid: int = 0
    fd: int = -1
    output: bytearray = field(default_factory=bytearray)
    started: float = 0.0

    def start(self) -> PtyProgram:
        env = {**os.environ, "TERM": "xterm-256color", "COLORTERM": "truecolor", **self.env}
        env.pop("TEXTUAL", None)
        self.started = time.perf_counter()
        pid, fd = pty.fork()
        if pid == 0:  # child
            try:
                os.execvpe(self.argv[0], list(self.argv), env)
            finally:
                os._exit(127)
        self.pid, self.fd = pid, fd
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", self.rows, self.columns, 0, 0))
        return self

    def read_until(self, needle: bytes | None = None, *, quiet: float = 0.25, timeout: float = 20.0) -> float:
        """Read output until ``needle`` appeared and then nothing came for ``quiet`` seconds.

        Returns the time (seconds since start) at which ``needle`` first arrived (or, with no
        needle, the last byte).
        """
        deadline = time.perf_counter() + timeout
        seen = needle is None
        last = found = time.perf_counter()
        mark = len(self.output)
        while time.perf_counter() < deadline:
            ready, _, _ = select.select([self.fd], [], [], quiet)
            if not ready:
                if seen:
                    break
                continue
            try:
                chunk = os.read(self.fd, 65536)
            except OSError:
                break
            if not chunk:
                break
            self.output.extend(chunk)
            last = time.perf_counter()
            if not seen and needle is not None and needle in self.output[max(0, mark - len(needle)) :]:
                seen, found = True, last
        if not seen:
            raise TimeoutError(f"{needle!r} never appeared in {self.argv!r}")
        return (found if needle is not None else last) - self.started

    def send(self, keys: bytes) -> None:
        os.write(self.fd, keys)

    def bytes_for(self, keys: bytes, needle: bytes | None = None, *, quiet: float = 0.3) -> int:
        """Send keys and count the bytes written back until the screen settles."""
        before = len(self.output)
        self.send(keys)
        self.read_until(needle, quiet=quiet)
        return len(self.output) - before

    def wait_exit(self, timeout: float = 60.0) -> int:
        """Read what the program writes until it ends on its own; its exit code. Fails, with the end of what
        it wrote, when it is still running after ``timeout`` seconds."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                self.read_until(None, quiet=0.2, timeout=1.0)
            except (TimeoutError, OSError):
                pass
            done, status = os.waitpid(self.pid, os.WNOHANG)
            if done:
                self.pid = 0
                return os.waitstatus_to_exitcode(status)
        raise AssertionError(f"the program did not end; it wrote:\n{bytes(self.output)[-2000:]!r}")

    def stop(self) -> None:
        if self.pid:
            try:
                os.kill(self.pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
            for _ in range(50):
                done, _ = os.waitpid(self.pid, os.WNOHANG)
                if done:
                    break
                time.sleep(0.02)
            else:
                os.kill(self.pid, signal.SIGKILL)
                os.waitpid(self.pid, 0)
            self.pid = 0
        if self.fd >= 0:
            os.close(self.fd)
            self.fd = -1


@contextmanager
def lisboa_in_session(prefix: str) -> Iterator[tuple[Path, dict[str, str]]]:
    """A temporary copy of the Lisboa example with a session open, and the environment its apps run in (their
    own cache, no user keymap, no animations): what every seat benchmark starts from."""
    with tempfile.TemporaryDirectory(prefix=prefix) as tmp:
        chronicle = Path(tmp) / "lisboa"
        shutil.copytree(Path(__file__).resolve().parents[1] / "campaigns" / "lisboa-nocturna", chronicle)
        env = {"VTM_TUI_CACHE": str(Path(tmp) / "cache"), "VTM_TUI_KEYMAP": str(Path(tmp) / "no-keymap.toml"),
               "TEXTUAL_ANIMATIONS": "none"}
        subprocess.run([sys.executable, "-m", "vtm_tui", "session", str(chronicle), "start"], check=True,
                       capture_output=True, env={**os.environ, **env}, timeout=60)
        yield chronicle, env
