"""The digests start-up computes without hashlib are hashlib's digests (cache keys and file names stay valid)."""

from __future__ import annotations

import hashlib

from hypothesis import given
from hypothesis import strategies as st

from vtm_tui.model.digest import sha1, sha256


@given(st.binary(max_size=5000))
def test_the_same_digests_as_hashlib(data):
    assert sha1(data).digest() == hashlib.sha1(data).digest()
    assert sha1(data).hexdigest() == hashlib.sha1(data).hexdigest()
    assert sha256(data).hexdigest() == hashlib.sha256(data).hexdigest()
