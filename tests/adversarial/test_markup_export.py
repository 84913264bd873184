"""A Markdown recap keeps every name, pool, comment and title as text: nothing a person typed becomes a link,
an image, an autolink, HTML, emphasis or a table cell when the recap is rendered."""

from __future__ import annotations

import re
from datetime import datetime, timezone
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vtm_tui.cli import main
from vtm_tui.model.log_entry import LogEntry
from vtm_tui.store import index
from vtm_tui.store.session_log import append_entry, create_session

WHEN = datetime(2026, 11, 29, 20, 0, tzinfo=timezone.utc)
PLANTED = ("[map](javascript:alert(1)) ![img](http://evil.example/x.png) <script>alert(1)</script> "
           "https://evil.example/phish www.evil.example **loud** | cell | &lt;b&gt;")


@pytest.fixture
def chronicle(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(index.CACHE_ENV, str(tmp_path / "cache"))
    folder = tmp_path / "md"
    (folder / "characters").mkdir(parents=True)
    (folder / "chronicle.toml").write_text('schema_version = 1\nname = "Nights <b>of</b> [Ash](http://x)"\n'
                                           'ruleset = "v5"\ncurrent_session = 1\n', encoding="utf-8")
    (folder / "characters" / "x.toml").write_text(
        'schema_version = 1\nname = "Ana <img src=x onerror=alert(1)>"\nkind = "pc"\nplayer = "[p](http://y)"\n',
        encoding="utf-8")
    create_session(folder, 1, started=WHEN, title=PLANTED)
    append_entry(folder, LogEntry.new("roll", session=1, ruleset="v5", now=WHEN,
                                      actor="Ana <img src=x onerror=alert(1)>", pool=PLANTED, difficulty=3,
                                      result="win", margin=1, roll={"faces": [8, 9]}, comment=PLANTED))
    return folder


def test_the_markdown_recap_escapes_what_people_typed(chronicle: Path, capsys) -> None:
    assert main(["log", str(chronicle), "--session", "1", "--export", "markdown"]) == 0
    text = capsys.readouterr().out
    assert "javascript" in text and "evil" in text  # the words are all there, as text
    unescaped = [
        ("a link or image", re.compile(r"(?<!\\)\]\(")),
        ("HTML", re.compile(r"(?<!\\)<(script|img|b)\b")),
        ("an autolink", re.compile(r"https?://|(?<![\\\w])www\.")),
        ("an entity", re.compile(r"(?<!\\)&lt;")),
        ("emphasis", re.compile(r"(?<!\\)\*\*loud")),
    ]
    found = [what for what, pattern in unescaped if pattern.search(text)]
    assert not found


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from("ab:/.()[]<>!&*_`|#~\\w \n"), max_size=40) | st.just("_www.x wWw.y"))
def test_md_leaves_no_markdown_character_unescaped(text: str) -> None:
    from vtm_tui.store.log_recap import md

    shown = md(text)
    assert "\n" not in shown
    plain, escaped = re.sub(r"\\.", "\x00", shown), shown  # drop every escaped pair: what is left is plain text
    assert not set(plain) & set("()[]<>!&*_`|#~\\"), escaped
    assert "://" not in plain, escaped  # a scheme's colon is escaped, so nothing autolinks; other colons read as typed
    assert not re.search(r"(?<![a-z0-9])www\.", shown, re.IGNORECASE)  # a bare www. would be linked
