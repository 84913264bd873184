"""One TOML file saved by compare-and-swap against the text last read.

Two storytellers' terminals (two SSH logins) may edit one chronicle. Each
:class:`TrackedFile` remembers the exact text it last read or wrote. A save,
under the chronicle's store lock, reads the file again:

- unchanged since then: the new document replaces it atomically;
- changed by someone else: the three versions are merged key by key
  (:mod:`vtm_tui.store.merge`); when the two sides changed different keys the
  merge is saved, and when they changed the same key differently nothing is
  written and :class:`ConflictError` names the file and the fields;
- broken by hand in the meantime: :class:`BrokenFileError` (file, line,
  column) and nothing is written.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from vtm_tui.errors import VtmError
from vtm_tui.store.errors import BrokenFileError, ConflictError, StoreError
from vtm_tui.store.lock import exclusive_lock
from vtm_tui.store.merge import three_way_merge
from vtm_tui.store.migrate import migrate
from vtm_tui.store.safe_read import read_regular
from vtm_tui.store.toml_io import atomic_write_text, checked_text, parse_document, parse_toml

#: How three versions of a document are merged: (base, ours, theirs) → (merged, clashing dotted keys).
Merge = Callable[[dict[str, Any], dict[str, Any], dict[str, Any]], tuple[dict[str, Any], list[str]]]


class TrackedFile:
    """A file plus the text and document this process last saw of it."""

    def __init__(self, path: Path, kind: str, lock_path: Path) -> None:
        self.path = path
        self.kind = kind
        self.lock_path = lock_path
        self.text: str | None = None  # None: this process believes the file does not exist
        self.doc: dict[str, Any] = {}
        self.upgraded = False  # loaded from an older schema_version

    def _read_text(self) -> str | None:
        try:
            data = read_regular(self.path)
        except FileNotFoundError:
            return None
        except OSError as exc:
            raise StoreError(f"{self.path}: cannot read ({exc.strerror or exc})") from None
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError as exc:
            line = data[: exc.start].count(b"\n") + 1
            raise BrokenFileError(self.path, line, None, "the file is not UTF-8 text") from None

    def load(self, parse: Callable[[str, Path], dict[str, Any]] = parse_toml) -> dict[str, Any]:
        """Read the file (it must exist) and remember it as the base of the next save.

        ``parse`` may be a cache's (:class:`~vtm_tui.store.sheet_cache.SheetCache`).
        """
        text = self._read_text()
        if text is None:
            raise StoreError(f"{self.path}: file not found")
        self.doc, self.upgraded = migrate(parse_document(text, self.path, parse), self.kind, self.path)
        self.text = text
        return self.doc

    def changed_on_disk(self) -> bool:
        """Whether another process changed (or removed) the file since this one read it."""
        return self._read_text() != self.text

    def save(self, document: dict[str, Any], *, merge: Merge = three_way_merge,
             check: Callable[[dict[str, Any]], object] | None = None,
             before_write: Callable[[dict[str, Any], dict[str, Any]], None] | None = None) -> dict[str, Any]:
        """Write ``document`` by compare-and-swap; returns what was written (merged if needed).

        ``merge`` combines the three versions when another process saved meanwhile (a sheet's merge replays
        tracks by the rule set's rules); ``check`` must accept the merged document (it raises VtmError when
        the loader would refuse it), else nothing is written and :class:`ConflictError` says why. Every save,
        merged or not, is then read back from its own text by the loader's rules (:func:`checked_text`) and
        ``check``: no save writes a file the next load refuses.

        ``before_write(replaced, result)`` is called under the lock just before the write, with the document
        the save replaces (the disk's, another process's save included) and the one it writes: what this save
        really changed is the difference of the two, which is what a log entry must say (the values this
        process read may be older). If it raises, nothing is written."""
        with exclusive_lock(self.lock_path):
            current = self._read_text()
            replaced = self.doc
            if current == self.text:
                result = document
            elif current is None:
                raise ConflictError(f"{self.path}: another process deleted this file since it was read; "
                                    "nothing was saved (reload to see the chronicle as it is now)")
            elif self.text is None:
                raise ConflictError(f"{self.path}: another process created this file meanwhile; "
                                    "nothing was saved (reload, then save again under another name)")
            else:
                theirs, _ = migrate(parse_toml(current, self.path), self.kind, self.path)
                replaced = theirs
                result, clashes = merge(self.doc, document, theirs)
                if clashes:
                    fields = ", ".join(repr(c) for c in clashes[:5]) + (" ..." if len(clashes) > 5 else "")
                    raise ConflictError(
                        f"{self.path}: another process changed {fields} since this one read the file; "
                        "nothing was saved: reload to see their change, then make yours again")
                if check is not None:
                    try:
                        check(result)
                    except VtmError as exc:
                        raise ConflictError(
                            f"{self.path}: another process changed this file meanwhile, and the two changes "
                            f"together would not make a valid file ({exc}); nothing was saved: reload to see "
                            "their change, then make yours again") from None
            text, read_back = checked_text(result, self.path)  # the loader's rules, before a byte is written
            if check is not None:  # and the model's, as the next load will read it
                try:
                    check(migrate(read_back, self.kind, self.path)[0])
                except VtmError as exc:
                    raise StoreError(f"{exc}; nothing was saved (the loader would refuse the file)") from None
            if before_write is not None:
                before_write(replaced, result)
            if text != current:
                atomic_write_text(self.path, text)
            self.text, self.doc, self.upgraded = text, result, False
            return result

    def create(self, document: dict[str, Any], check: Callable[[dict[str, Any]], object] | None = None) -> None:
        """Write a new file (checked as :meth:`save` checks); refuses when one already exists at that path."""
        with exclusive_lock(self.lock_path):
            if self.path.exists():
                raise ConflictError(f"{self.path}: already exists; nothing was overwritten")
            self.text = None
            self.save(document, check=check)

    def remove_to(self, target: Path) -> None:
        """Move the file aside (to ``target``) by compare-and-swap: refused if changed since read."""
        with exclusive_lock(self.lock_path):
            current = self._read_text()
            if current != self.text:
                raise ConflictError(f"{self.path}: another process changed this file since it was read; "
                                    "nothing was moved: reload, then try again")
            target.parent.mkdir(parents=True, exist_ok=True)
            self.path.replace(target)
            self.text = None
