"""Safe file names from any name a person types.

A chronicle or character name may hold quotes, newlines, slashes or letters of
any script; the name itself is kept exactly in the TOML ``name`` field, and the
file name is only a *slug*: lower-case ASCII letters, digits and hyphens, never
empty, never ``.`` or ``..``, never a path separator, never a name Windows
reserves (``con``, ``nul``...), at most :data:`MAX_LENGTH` characters. A name
with no Latin letters at all gets a short stable hash so that two such names
do not collide; clashes with existing slugs get ``-2``, ``-3``...
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Collection

from vtm_tui.model.digest import sha1

MAX_LENGTH = 60
_NOT_SAFE = re.compile(r"[^a-z0-9]+")
_RESERVED = {"con", "prn", "aux", "nul", *(f"com{i}" for i in range(10)), *(f"lpt{i}" for i in range(10))}
# Letters NFKD does not decompose into ASCII but people expect to read.
_FOLD = str.maketrans({"ß": "ss", "æ": "ae", "Æ": "ae", "ø": "o", "Ø": "o", "đ": "d", "Đ": "d", "ł": "l",
                       "Ł": "l", "þ": "th", "Þ": "th", "œ": "oe", "Œ": "oe", "ı": "i"})


def slugify(name: str, fallback: str = "item") -> str:
    """The ASCII slug of ``name``; ``fallback`` (plus a hash) when nothing Latin is left."""
    folded = unicodedata.normalize("NFKD", name.translate(_FOLD))
    ascii_text = folded.encode("ascii", "ignore").decode("ascii").lower()
    slug = _NOT_SAFE.sub("-", ascii_text).strip("-")[:MAX_LENGTH].strip("-")
    if not slug:
        base = _NOT_SAFE.sub("-", fallback.lower()).strip("-") or "item"
        if not name.strip():
            return base
        digest = sha1(name.encode("utf-8", "surrogatepass")).hexdigest()[:8]
        return f"{base}-{digest}"
    if slug in _RESERVED:
        slug += "-1"
    return slug


def fold_name(name: str) -> str:
    """A name as people compare it: no case, no accents, punctuation as spaces (``inês`` = ``Ines``)."""
    folded = unicodedata.normalize("NFKD", name.translate(_FOLD))
    plain = "".join(ch for ch in folded if not unicodedata.combining(ch)).casefold()
    return " ".join("".join(ch if ch.isalnum() else " " for ch in plain).split())


def unique_slug(name: str, taken: Collection[str], fallback: str = "item") -> str:
    """A slug for ``name`` that is not in ``taken`` (compared case-insensitively)."""
    base = slugify(name, fallback)
    used = {t.casefold() for t in taken}
    if base not in used:
        return base
    number = 2
    while f"{base}-{number}" in used:
        number += 1
    return f"{base}-{number}"


def is_safe_slug(slug: str) -> bool:
    """Whether ``slug`` is something :func:`slugify` could have produced (for file names read back)."""
    return bool(slug) and len(slug) <= MAX_LENGTH + 12 and re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", slug) is not None
