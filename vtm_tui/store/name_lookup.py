"""The one way a name typed by a person finds a character: the exact name, the file's slug, then an unambiguous
prefix of the name or of a word in it (``Ines``, ``duarte-moniz``, ``Nora``). Every verb and screen asks it,
through :meth:`~vtm_tui.store.chronicle_store.ChronicleStore.character` or directly with light records.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from vtm_tui.errors import VtmError
from vtm_tui.model.slug import fold_name

__all__ = ["Named", "find_by_name", "lookup"]


def lookup(name: str, characters: Sequence[Named], where: object) -> Any:
    """The character ``name`` means (see :meth:`ChronicleStore.character`), else a VtmError naming the candidates.

    Every verb finds a character this way; ``characters`` may be light records (a ``name`` and a ``slug``)
    when the sheets need not be read, as for ``vtm-tui log``.
    """
    found = find_by_name(name, characters)
    if not isinstance(found, list):
        return found
    known = ", ".join(sorted((c.name for c in characters), key=str.casefold)) or "none yet"
    what = f"{name!r} could be {', '.join(found)}" if found else f"no character {name!r}"
    raise VtmError(f"{where}: {what}; the characters are: {known}")


class Named(Protocol):
    """What a name lookup reads of a character."""

    name: str
    slug: str


def find_by_name(name: str, characters: Sequence[Named]) -> Any:
    """The one character ``name`` means, or the names it could mean (empty: none)."""
    wanted = fold_name(name)
    if not wanted:
        return []
    exact = [c for c in characters if c.name == " ".join(name.split())]  # "Ines" beside "Inês": the one typed
    if len(exact) == 1:
        return exact[0]
    folded = [(fold_name(c.name), c) for c in characters]
    by_slug = [c for c in characters if c.slug and fold_name(c.slug) == wanted]  # ``duarte-moniz``, the file's name
    if len(by_slug) == 1 and not any(n == wanted for n, _ in folded):
        return by_slug[0]
    for test in (lambda n: n == wanted, lambda n: n.startswith(wanted),
                 lambda n: any(n[i:].startswith(wanted) for i in range(1, len(n)) if n[i - 1] == " ")):
        hits = [c for n, c in folded if test(n)]
        if len(hits) == 1:
            return hits[0]
        if hits:
            return sorted((c.name for c in hits), key=str.casefold)
    return []
