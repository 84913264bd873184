"""play/, review/, commands/ and cli.py ask the rule set (``ruleset_for(id).has_hunger``...), never its name.

A comparison like ``ruleset == "v5"`` outside ``vtm_tui/rules/`` is a branch every new rule set would have to
find; this test finds them first.
"""

from __future__ import annotations

import re
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "vtm_tui"
AREA = [*(PACKAGE / "play").rglob("*.py"), *(PACKAGE / "review").rglob("*.py"),
        *(PACKAGE / "commands").rglob("*.py"), PACKAGE / "cli.py"]
NAME = r"['\"](?:v5|v20|ingenuity)['\"]"
COMPARISON = re.compile(rf"(?:==|!=)\s*{NAME}|{NAME}\s*(?:==|!=)|case\s+{NAME}|\bin\s*[(\[{{]\s*{NAME}")


def test_no_rule_set_name_is_compared_in_play_review_or_the_command_line() -> None:
    found = [f"{path.relative_to(PACKAGE.parent)}:{number}: {line.strip()}"
             for path in AREA for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if COMPARISON.search(line)]
    assert found == []
