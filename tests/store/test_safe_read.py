"""Reading a chronicle file: one ``fstat`` and one ``read`` for a sheet that does not change meanwhile (a
hundred are read at every start), and never less than the whole file when the system hands it out in
pieces or it grows while it is read."""

from __future__ import annotations

import os

import pytest

from vtm_tui.store import safe_read
from vtm_tui.store.errors import StoreError
from vtm_tui.store.safe_read import read_regular


def _counting(monkeypatch):
    calls = {"read": 0, "fstat": 0}
    real_read, real_fstat = os.read, os.fstat

    def read(fd, n):
        calls["read"] += 1
        return real_read(fd, n)

    def fstat(fd):
        calls["fstat"] += 1
        return real_fstat(fd)

    monkeypatch.setattr(safe_read.os, "read", read)
    monkeypatch.setattr(safe_read.os, "fstat", fstat)
    return calls


def test_a_sheet_is_read_with_one_fstat_and_one_read(tmp_path, monkeypatch):
    sheet = tmp_path / "ana.toml"
    sheet.write_text('name = "Ana"\n' * 200, encoding="utf-8")
    calls = _counting(monkeypatch)
    assert read_regular(sheet) == sheet.read_bytes()
    assert calls == {"read": 1, "fstat": 1}


def test_an_empty_file_is_read_as_empty(tmp_path):
    empty = tmp_path / "empty.toml"
    empty.write_bytes(b"")
    assert read_regular(empty) == b""


def test_a_file_handed_out_in_pieces_is_read_whole(tmp_path, monkeypatch):
    sheet = tmp_path / "ana.toml"
    sheet.write_bytes(bytes(range(256)) * 40)
    real_read = os.read
    monkeypatch.setattr(safe_read.os, "read", lambda fd, n: real_read(fd, min(n, 1000)))  # short reads
    assert read_regular(sheet) == sheet.read_bytes()


def test_a_file_that_grows_while_read_is_read_to_its_end_or_refused(tmp_path, monkeypatch):
    sheet = tmp_path / "ana.toml"
    sheet.write_bytes(b"a" * 100)
    real_read = os.read
    grown = []

    def read(fd, n):
        if not grown:  # another process appends after the fstat
            grown.append(1)
            with open(sheet, "ab") as handle:
                handle.write(b"b" * 50)
        return real_read(fd, n)

    monkeypatch.setattr(safe_read.os, "read", read)
    assert read_regular(sheet) == b"a" * 100 + b"b" * 50
    grown.clear()
    sheet.write_bytes(b"a" * 100)
    with pytest.raises(StoreError, match="more than the 120 bytes"):
        read_regular(sheet, limit=120)
