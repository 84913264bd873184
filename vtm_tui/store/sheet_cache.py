"""A disposable cache of parsed sheets, so opening a big chronicle does not re-parse every file.

tomllib parses a full character sheet in about a millisecond; a chronicle of a
hundred characters would spend most of its opening time there. The cache maps
each file's *exact text* (by SHA-1) to the document tomllib made of it, so a
hit is, by construction, what parsing would have given; any change to a file,
by this program, another one or a text editor, is a miss and is parsed again.
The TOML files stay the only source of truth: deleting the cache loses nothing.

Where it lives: beside the log index, in the user cache folder
(``$VTM_TUI_CACHE`` or ``platformdirs.user_cache_dir``), one file per
chronicle folder, never inside the chronicle (which people diff, sync and back
up). It is a pickle, read only from the user's own cache folder; an unreadable
or foreign cache is ignored and rebuilt, and a cache that cannot be written is
simply not kept.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from vtm_tui.model.digest import sha1
from vtm_tui.store.paths import cache_file
from vtm_tui.store.private_file import dump_pickle, load_pickle
from vtm_tui.store.toml_io import parse_toml

CACHE_VERSION = 1


def cache_path(chronicle_dir: Path) -> Path:
    """Parsed sheets of ``chronicle_dir``, beside the history index in the user cache folder."""
    return cache_file(chronicle_dir, "sheets", ".pickle")


class SheetCache:
    """Parsed documents by text digest, for one chronicle folder, for one load."""

    def __init__(self, chronicle_dir: Path) -> None:
        self.path = cache_path(chronicle_dir)
        self._old: dict[bytes, dict[str, Any]] = {}
        self._new: dict[bytes, dict[str, Any]] = {}
        self.hits = self.misses = 0
        stored = load_pickle(self.path)  # read only if no one else could have written it
        if isinstance(stored, tuple) and len(stored) == 2 and stored[0] == CACHE_VERSION \
                and isinstance(stored[1], dict):
            self._old = stored[1]

    def parse(self, text: str, path: Path) -> dict[str, Any]:
        """What ``parse_toml(text, path)`` returns (a broken file still raises, never cached)."""
        key = sha1(text.encode("utf-8", "surrogatepass")).digest()
        document = self._old.get(key)
        if document is None:
            document = parse_toml(text, path)
            self.misses += 1
        else:
            self.hits += 1
        self._new[key] = document
        return document

    def save(self) -> None:
        """Keep what this load parsed (only the files still there), if anything changed."""
        if self.misses == 0 and len(self._new) == len(self._old):
            return
        dump_pickle(self.path, (CACHE_VERSION, self._new))
