"""SHA-1 and SHA-256 without :mod:`hashlib`, for the digests start-up computes (cache keys, file names).

``hashlib`` loads OpenSSL's library when it is imported: about 11 million instructions, 1 % of the app's whole
start (``python -m benchmarks startup``), for a handful of short digests. CPython's own small implementations
(``_sha1``, ``_sha2`` / ``_sha256``) give the same digests for a tenth of that; ``hashlib`` is the fallback
where a Python is built without them.
"""

from __future__ import annotations

from typing import Any

try:
    from _sha1 import sha1 as _sha1
except ImportError:  # pragma: no cover - a Python built without its own SHA-1
    from hashlib import sha1 as _sha1
try:
    from _sha2 import sha256 as _sha256  # Python 3.12+
except ImportError:
    try:
        from _sha256 import sha256 as _sha256  # Python 3.11
    except ImportError:  # pragma: no cover - a Python built without its own SHA-2
        from hashlib import sha256 as _sha256


def sha1(data: bytes) -> Any:
    """``hashlib.sha1(data)``: the same digest (``.digest()``, ``.hexdigest()``)."""
    return _sha1(data)


def sha256(data: bytes) -> Any:
    """``hashlib.sha256(data)``: the same digest (``.digest()``, ``.hexdigest()``)."""
    return _sha256(data)
