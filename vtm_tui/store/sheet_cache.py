"""A disposable cache of parsed sheets, so opening a big chronicle does not re-parse every file.

tomllib parses a full character sheet in about a millisecond; a chronicle of a
hundred characters would spend most of its opening time there. The cache maps
each file's *exact text* (by SHA-1) to the document tomllib made of it, so a
hit is, by construction, what parsing would have given; any change to a file,
by this program, another one or a text editor, is a miss and is parsed again.
The TOML files stay the only source of truth: deleting the cache loses nothing.

It also keeps what the model made of each sheet (the checked ``Character`` and the warnings reading it
gave), keyed by the same text, the file and the chronicle's rule set: checking a hundred sheets was a
tenth of the app's start (``python -m benchmarks startup``). That result also depends on the code that
read it, so the cache notes the size and modification time of every module of the model, the rules and
the store loaded when it was saved; if any of them differs, or is gone, every sheet is read and checked
again. A sheet the model refuses is never kept (it is reported on every open, as before).

Where it lives: beside the log index, in the user cache folder
(``$VTM_TUI_CACHE`` or ``platformdirs.user_cache_dir``), one file per
chronicle folder, never inside the chronicle (which people diff, sync and back
up). It is a pickle, read only from the user's own cache folder; an unreadable
or foreign cache is ignored and rebuilt, and a cache that cannot be written is
simply not kept.
"""

from __future__ import annotations

import os
import pickle
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from vtm_tui.model.digest import sha1
from vtm_tui.store.paths import cache_file
from vtm_tui.store.private_file import dump_pickle, load_pickle
from vtm_tui.store.toml_io import parse_toml

CACHE_VERSION = 2
#: The packages whose code decides what a sheet's text reads as (their loaded modules are noted in the cache).
READING_CODE = ("vtm_tui.model", "vtm_tui.rules", "vtm_tui.store")

T = TypeVar("T")
#: A module file as the cache notes it: path, size, modification time.
Stamp = tuple[str, int, int]


def cache_path(chronicle_dir: Path) -> Path:
    """Parsed sheets of ``chronicle_dir``, beside the history index in the user cache folder."""
    return cache_file(chronicle_dir, "sheets", ".pickle")


def code_stamps() -> list[Stamp]:
    """The loaded modules of :data:`READING_CODE`, each as (file, size, modification time)."""
    stamps = []
    for name, module in list(sys.modules.items()):
        file = getattr(module, "__file__", None)
        if file and name.startswith(READING_CODE):
            try:
                info = os.stat(file)
            except OSError:
                continue
            stamps.append((file, info.st_size, info.st_mtime_ns))
    return sorted(stamps)


def code_unchanged(stamps: object) -> bool:
    """Whether every module file in ``stamps`` is still there with the same size and modification time."""
    if not isinstance(stamps, list) or not stamps:
        return False
    for stamp in stamps:
        try:
            file, size, mtime = stamp
            info = os.stat(file)
        except (OSError, TypeError, ValueError):
            return False
        if (info.st_size, info.st_mtime_ns) != (size, mtime):
            return False
    return True


class SheetCache:
    """Parsed documents by text digest, and what the model made of them, for one chronicle folder, for one load."""

    def __init__(self, chronicle_dir: Path) -> None:
        self.path = cache_path(chronicle_dir)
        self._old: dict[bytes, dict[str, Any]] = {}
        self._new: dict[bytes, dict[str, Any]] = {}
        self._old_read: dict[tuple[bytes, str, str], bytes] = {}
        self._new_read: dict[tuple[bytes, str, str], bytes] = {}
        self._digests: dict[str, bytes] = {}  # file → the digest of the text last parsed from it
        self.hits = self.misses = 0
        self.read_hits = self.read_misses = 0
        stored = load_pickle(self.path)  # read only if no one else could have written it
        if isinstance(stored, tuple) and len(stored) == 4 and stored[0] == CACHE_VERSION \
                and isinstance(stored[1], dict):
            self._old = stored[1]
            if isinstance(stored[3], dict) and code_unchanged(stored[2]):
                self._old_read = stored[3]

    def parse(self, text: str, path: Path) -> dict[str, Any]:
        """What ``parse_toml(text, path)`` returns (a broken file still raises, never cached)."""
        key = sha1(text.encode("utf-8", "surrogatepass")).digest()
        self._digests[str(path)] = key
        document = self._old.get(key)
        if document is None:
            document = parse_toml(text, path)
            self.misses += 1
        else:
            self.hits += 1
        self._new[key] = document
        return document

    def read(self, path: Path, ruleset: str, warnings: list[str], build: Callable[[list[str]], T]) -> T:
        """What ``build(warnings)`` makes of the text last :meth:`parse`\\ d from ``path`` in a chronicle of
        ``ruleset`` (the model reading the sheet), its warnings added to ``warnings``: kept from an earlier
        load when that text, file, rule set and code were the same. A refusal (an exception) is never kept."""
        digest = self._digests.get(str(path))
        key = (digest, str(path), ruleset) if digest is not None else None
        blob = self._old_read.get(key) if key is not None else None
        found: Any = None
        if blob is not None:
            try:
                found = pickle.loads(blob)
            except Exception:  # noqa: BLE001 - a damaged entry is read again
                found = None
        if isinstance(found, tuple) and len(found) == 2 and isinstance(found[1], list):
            self.read_hits += 1
        else:
            said: list[str] = []
            found = (build(said), said)
            self.read_misses += 1
            try:
                blob = pickle.dumps(found, protocol=pickle.HIGHEST_PROTOCOL)  # as read, before any change
            except Exception:  # noqa: BLE001 - what cannot be pickled is simply not kept
                blob = None
        if key is not None and blob is not None:
            self._new_read[key] = blob
        warnings.extend(found[1])
        return found[0]

    def save(self) -> None:
        """Keep what this load parsed and read (only the files still there), if anything changed."""
        if self.misses == 0 and self.read_misses == 0 and len(self._new) == len(self._old) \
                and len(self._new_read) == len(self._old_read):
            return
        dump_pickle(self.path, (CACHE_VERSION, self._new, code_stamps(), self._new_read))
