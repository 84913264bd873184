"""The screens and widgets never compare a rule set's name: they ask ``ruleset_for(id)`` what differs
(docs/architecture.md). A new ``ruleset == "v5"`` under vtm_tui/ui fails here."""

from __future__ import annotations

import re
from pathlib import Path

import vtm_tui.ui

NAMES = r"(v5|v20|ingenuity)"
COMPARISON = re.compile(
    rf"(==|!=)\s*['\"]{NAMES}['\"]|['\"]{NAMES}['\"]\s*(==|!=)|case\s+['\"]{NAMES}['\"]|in \(\s*['\"]{NAMES}['\"]")


def comparisons(root: Path) -> list[str]:
    return [f"{path.relative_to(root.parent)}:{number}: {line.strip()}"
            for path in sorted(root.rglob("*.py"))
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
            if COMPARISON.search(line)]


def test_no_rule_set_name_is_compared_under_ui() -> None:
    assert comparisons(Path(vtm_tui.ui.__file__).parent) == []


def test_the_check_finds_a_comparison(tmp_path: Path) -> None:
    (tmp_path / "screen.py").write_text('if character.ruleset == "v20":\n    pass\n'
                                        "match r:\n    case 'ingenuity':\n        pass\n", encoding="utf-8")
    assert len(comparisons(tmp_path)) == 2
