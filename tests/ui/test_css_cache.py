"""Parsed styles kept between starts (``vtm_tui.ui.css_cache``): a hit is what parsing gives, anything changed
is parsed again, a damaged file is ignored, and a second start of the app parses none of its first screen's."""

from __future__ import annotations

import pickle

import pytest
from textual.css.stylesheet import Stylesheet, StylesheetError
from ui_support import make_app

from vtm_tui.ui.css_cache import ParsedCss
from vtm_tui.ui.textual_compat import install_css_cache

CSS = "Label { color: $primary; padding: 0 1; } #box > Static { border: round $accent; height: auto; }"


def _stylesheet(cache: ParsedCss, variables: dict[str, str] | None = None) -> Stylesheet:
    sheet = Stylesheet(variables=variables or {"primary": "#ff0000", "accent": "#00ff00"})
    assert install_css_cache(sheet, cache)
    return sheet


def _parsed(sheet: Stylesheet, css: str = CSS) -> list[str]:
    sheet.add_source(css, read_from=("test.tcss", ""))
    sheet.parse()
    return [rule.css for rule in sheet.rules]


def test_a_second_start_takes_the_rules_parsed_at_the_first(tmp_path):
    path = tmp_path / "rules.pickle"
    first = ParsedCss(path, "8.2.8")
    parsed = _parsed(_stylesheet(first))
    assert (first.hits, first.misses) == (0, 1)
    first.save()

    second = ParsedCss(path, "8.2.8")
    assert _parsed(_stylesheet(second)) == parsed
    assert (second.hits, second.misses) == (1, 0)
    plain = Stylesheet(variables={"primary": "#ff0000", "accent": "#00ff00"})
    assert _parsed(plain) == parsed  # what Textual's own parse gives


def test_other_css_another_theme_or_another_textual_is_parsed_again(tmp_path):
    path = tmp_path / "rules.pickle"
    first = ParsedCss(path, "8.2.8")
    _parsed(_stylesheet(first))
    first.save()
    edited = ParsedCss(path, "8.2.8")
    assert "#123456" in " ".join(_parsed(_stylesheet(edited), CSS.replace("$primary", "#123456")))
    assert edited.misses == 1
    themed = ParsedCss(path, "8.2.8")
    assert "#0000FF" in " ".join(_parsed(_stylesheet(themed, {"primary": "#0000ff", "accent": "#00ff00"})))
    assert themed.misses == 1
    upgraded = ParsedCss(path, "8.3.0")
    _parsed(_stylesheet(upgraded))
    assert upgraded.misses == 1


def test_a_damaged_or_foreign_cache_is_ignored(tmp_path):
    path = tmp_path / "rules.pickle"
    path.write_bytes(b"\x80\x05 not a pickle at all")
    cache = ParsedCss(path, "8.2.8")
    assert _parsed(_stylesheet(cache))
    assert cache.misses == 1
    cache.save()
    tag, entries = pickle.loads(path.read_bytes())
    path.write_bytes(pickle.dumps((tag, {key: b"garbage" for key in entries})))
    again = ParsedCss(path, "8.2.8")
    assert _parsed(_stylesheet(again)) == _parsed(Stylesheet(variables={"primary": "#ff0000", "accent": "#00ff00"}))
    assert again.misses == 1


def test_broken_css_is_reported_at_every_start(tmp_path):
    """Rules with errors are kept as parsed, errors included: the next start reports the same problem."""
    path = tmp_path / "rules.pickle"
    for _start in range(2):
        cache = ParsedCss(path, "8.2.8")
        sheet = _stylesheet(cache)
        sheet.add_source("Label { color: nonsense-colour; }", read_from=("broken.tcss", ""))
        with pytest.raises(StylesheetError):
            sheet.parse()
        cache.save()
    assert (cache.hits, cache.misses) == (1, 0)


async def test_the_apps_second_start_parses_none_of_its_first_screens_styles(campaigns):
    chronicle = campaigns / "lisboa-nocturna"
    app = make_app(chronicle)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
    again = make_app(chronicle)
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert again.css_cache.hits >= 10
        assert again.css_cache.misses == 0
        assert type(again.screen).__name__ == "CoterieScreen"
