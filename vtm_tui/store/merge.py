"""Three-way merge of TOML documents: how two processes editing one sheet lose nothing.

When a save finds the file changed since it was read, the store compares three
versions key by key: the text it read (*base*), what this process wants to
write (*ours*) and what is on disk now (*theirs*). A key only one side changed
takes that side's value; a key both sides changed is a *clash*, reported by
its dotted name so the message can say exactly which field two people edited
at once. Even two equal changes clash: two logins each adding 1 XP to 5 both
write 6, and taking that as agreement would lose one of the two points. Tables are
merged key by key; lists and plain values are compared whole.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

_MISSING = object()


def three_way_merge(base: Mapping[str, Any], ours: Mapping[str, Any], theirs: Mapping[str, Any],
                    prefix: str = "") -> tuple[dict[str, Any], list[str]]:
    """Merge ``ours`` and ``theirs`` against ``base``; returns (merged, clashing dotted keys)."""
    merged: dict[str, Any] = {}
    clashes: list[str] = []
    keys = list(ours) + [k for k in theirs if k not in ours] + [k for k in base if k not in ours and k not in theirs]
    for key in keys:
        b, o, t = base.get(key, _MISSING), ours.get(key, _MISSING), theirs.get(key, _MISSING)
        name = f"{prefix}.{key}" if prefix else key
        if _same(o, b):
            value = t
        elif _same(t, b):
            value = o
        elif o is _MISSING and t is _MISSING:
            value = o  # deleted on both sides: nothing can be lost
        elif isinstance(o, Mapping) and isinstance(t, Mapping) and (b is _MISSING or isinstance(b, Mapping)):
            value, inner = three_way_merge({} if b is _MISSING else b, o, t, name)
            clashes.extend(inner)
        else:
            clashes.append(name)
            value = o
        if value is not _MISSING:
            merged[key] = value
    return merged, clashes


def _same(a: Any, b: Any) -> bool:
    if a is _MISSING or b is _MISSING:
        return a is b
    return type(a) is type(b) and a == b
