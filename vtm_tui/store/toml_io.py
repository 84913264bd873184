"""Reading and writing TOML files without ever losing what a person wrote.

Everything in the store goes through these three functions, so that:

- a file broken by hand is reported with its path, line and column and what the
  parser expected (:class:`BrokenFileError`), and is never overwritten;
- a replaced file is written atomically: a temporary file in the same folder,
  flushed and fsynced, then renamed over the old one (and the folder fsynced), so
  a crash or a full disk leaves either the old file or the new one, never half;
- a full disk or a read-only folder becomes a :class:`StoreError` that says which
  file could not be written, with the temporary file cleaned up;
- a replaced file keeps its permission bits (a chronicle shared by a group stays
  readable by it), and a new one gets the usual ``0666`` less the umask: the
  temporary file's own ``0600`` never reaches the renamed file.
"""

from __future__ import annotations

import os
import re
import stat
import tempfile
from pathlib import Path
from typing import Any

from vtm_tui.store.errors import BrokenFileError, StoreError
from vtm_tui.store.safe_read import MAX_DOCUMENT_BYTES, read_regular

#: Tables and arrays nested deeper than this are refused: no sheet needs more than a few levels, and
#: deeper ones exhaust Python's recursion in the parser (or later, in the model and the merge).
MAX_NESTING = 32

_WHERE = re.compile(r"\s*\(at line (\d+), column (\d+)\)\s*$")
_KEY_AT_START = re.compile(r"([A-Za-z0-9_.-]+) = ")
_AT_END = re.compile(r"\s*\(at end of document\)\s*$")


def parse_toml(text: str, path: Path | str) -> dict[str, Any]:
    """Parse TOML text, naming ``path``, line and column when it is broken."""
    import tomllib  # here: a chronicle whose sheets are all in the parsed-sheet cache opens without it

    try:
        document = tomllib.loads(text)
    except RecursionError:
        raise BrokenFileError(Path(path), None, None, f"values are nested too deeply (at most {MAX_NESTING} "
                              "levels)") from None
    except tomllib.TOMLDecodeError as exc:
        message = str(exc)
        line = column = None
        match = _WHERE.search(message)
        if match:
            line, column = int(match.group(1)), int(match.group(2))
            message = message[: match.start()]
        elif _AT_END.search(message):
            line = text.count("\n") + 1
            column = len(text) - text.rfind("\n")
            message = _AT_END.sub("", message)
        raise BrokenFileError(Path(path), line, column, message) from None
    if nesting(document) > MAX_NESTING:
        raise BrokenFileError(Path(path), None, None, f"values are nested more than {MAX_NESTING} levels deep")
    return document


def parse_document(text: str, path: Path | str, parse: Any = parse_toml) -> dict[str, Any]:
    """The document in ``text`` by the loader's rules (at most :data:`MAX_DOCUMENT_BYTES` bytes, TOML, nested at
    most :data:`MAX_NESTING` deep): what every load of a sheet, ``chronicle.toml``, ``conflict.toml``, the ledger
    or a template reads a file by, and what every save checks its text by before writing (:func:`checked_text`)."""
    if len(text) > MAX_DOCUMENT_BYTES // 4:  # only a long text may be over (a character is at most 4 bytes)
        size = len(text.encode("utf-8", "surrogatepass"))
        if size > MAX_DOCUMENT_BYTES:
            raise StoreError(f"{Path(path)}: {size:,} bytes, more than the {MAX_DOCUMENT_BYTES:,} such a file may "
                             "hold; it is not read")
    return parse(text, path)


def checked_text(document: dict[str, Any], path: Path | str) -> tuple[str, dict[str, Any]]:
    """``document`` as TOML text and as the loader reads that text back (:func:`parse_document`); a document the
    loader would refuse (too big, nested too deep) is a :class:`StoreError` and nothing is written."""
    text = dumps_toml(document)
    try:
        _check_utf8(text, path)
        return text, parse_document(text, path)
    except StoreError as exc:
        reason = exc.reason if isinstance(exc, BrokenFileError) else str(exc).split(": ", 1)[-1]
        raise StoreError(f"{Path(path)}: nothing was saved: the file would be one the loader refuses "
                         f"({reason.removesuffix('; it is not read')})") from None


def _check_utf8(text: str, path: Path | str) -> None:
    """The loader reads bytes as UTF-8: text holding a lone surrogate (a JSON ``"\\ud800"``, a command-line
    argument that was not UTF-8) cannot be written as a file it would read; the key on its line is named."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        line = text.count("\n", 0, exc.start) + 1
        key = _KEY_AT_START.match(text, text.rfind("\n", 0, exc.start) + 1)
        field = f", {key.group(1)!r}" if key else ""
        raise BrokenFileError(Path(path), line, None, f"line {line}{field} would hold text that cannot be written "
                              "as UTF-8") from None


def nesting(value: Any) -> int:
    """How deeply tables and arrays nest in ``value`` (a scalar is 0), without recursion."""
    deepest = 0
    stack = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        depth += 1
        if depth > MAX_NESTING:
            return depth
        deepest = max(deepest, depth)
        stack.extend((child, depth) for child in children)
    return deepest


def load_toml(path: Path | str) -> dict[str, Any]:
    """Read and parse a TOML file (UTF-8); broken files raise :class:`BrokenFileError`."""
    target = Path(path)
    try:
        data = read_regular(target)
    except FileNotFoundError:
        raise StoreError(f"{target}: file not found") from None
    except OSError as exc:
        raise StoreError(f"{target}: cannot read ({exc.strerror or exc})") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise BrokenFileError(target, line, None, "the file is not UTF-8 text") from None
    return parse_document(text, target)


def dumps_toml(document: dict[str, Any]) -> str:
    """TOML text for a document (multi-line strings kept readable).

    A carriage return is the exception: inside a multi-line TOML string a reader turns ``\r\n`` into ``\n``,
    so a document holding one is written with escaped strings and reads back exactly as typed."""
    import tomli_w  # here: reading a chronicle (the first screen) never writes TOML

    return tomli_w.dumps(document, multiline_strings=not _has_carriage_return(document))


def _has_carriage_return(value: Any) -> bool:
    if isinstance(value, str):
        return "\r" in value
    if isinstance(value, dict):
        return any(_has_carriage_return(item) for item in value.values())
    if isinstance(value, (list, tuple)):
        return any(_has_carriage_return(item) for item in value)
    return False


def fsync_dir(folder: Path) -> None:
    """Make a rename or a new file in ``folder`` durable (best effort off POSIX)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _umask() -> int:
    """The process's umask, read without changing it where the system tells (Linux); else set and restored."""
    try:
        for line in Path("/proc/self/status").read_text(encoding="ascii").splitlines():
            if line.startswith("Umask:"):
                return int(line.split()[1], 8)
    except (OSError, ValueError):
        pass
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _mode_for(target: Path) -> int:
    """The permission bits a save of ``target`` must have: the file's own, or a new file's default."""
    try:
        return stat.S_IMODE(os.stat(target).st_mode)
    except OSError:
        return 0o666 & ~_umask()


def atomic_write_text(path: Path | str, text: str, *, durable: bool = True) -> None:
    """Replace ``path`` with ``text`` atomically (temp file, fsync, rename, fsync folder), keeping its mode.

    ``durable=False`` leaves out both fsyncs: readers still see the old text or the new, never half of it,
    but a power cut may lose the change. Only for a file that lives no longer than its process (a seat)."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    mode = _mode_for(target)
    fd, temp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            if hasattr(os, "fchmod"):  # POSIX; elsewhere the file keeps what the system gives it
                os.fchmod(handle.fileno(), mode)
            handle.write(text)
            handle.flush()
            if durable:
                os.fsync(handle.fileno())
        os.replace(temp_name, target)
    except OSError as exc:
        try:
            os.unlink(temp_name)
        except OSError:
            pass
        raise StoreError(
            f"{target}: could not save ({exc.strerror or exc}); the previous version is untouched"
        ) from None
    except BaseException:  # text that cannot be written (a lone surrogate), an interrupt: no temporary file stays
        try:
            os.unlink(temp_name)
        except OSError:
            pass
        raise
    if durable:
        fsync_dir(target.parent)


def save_toml(path: Path | str, document: dict[str, Any]) -> str:
    """Write a document atomically, if the loader would read it back (:func:`checked_text`); returns the text
    written (for change detection)."""
    text, _ = checked_text(document, path)
    atomic_write_text(path, text)
    return text
