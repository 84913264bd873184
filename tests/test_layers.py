"""The layer contract of docs/architecture.md: the headless core never pulls in Textual or the UI, and
import-linter checks the layers.

``pyproject.toml`` ([tool.importlinter]) states them: ``cli`` above ``ui | commands`` above
``play | review | conflict`` above ``store`` above ``model`` above ``rules`` above ``errors``;
packages on one line never import each other; no package has an import cycle among its
modules (imports inside functions count). The last test guards that guard: the same check,
run on a copy of the package with one bad import added, must fail.
"""

import json
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
import tomli_w

CORE = ["vtm_tui.rules", "vtm_tui.model", "vtm_tui.store", "vtm_tui.commands", "vtm_tui.cli", "vtm_tui.play", "vtm_tui.review", "vtm_tui.conflict"]


def _modules_after_import(module: str) -> list[str]:
    code = (
        "import importlib, json, pkgutil, sys\n"
        f"pkg = importlib.import_module({module!r})\n"
        "for info in pkgutil.walk_packages(getattr(pkg, '__path__', []), pkg.__name__ + '.'):\n"
        "    importlib.import_module(info.name)\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


@pytest.mark.parametrize("module", CORE)
def test_core_does_not_import_textual_or_ui(module: str) -> None:
    loaded = _modules_after_import(module)
    offenders = [m for m in loaded if m == "textual" or m.startswith(("textual.", "vtm_tui.ui"))]
    assert offenders == [], f"{module} (and its sub-modules) imported {offenders[:5]}"


def test_check_would_catch_textual() -> None:
    """Guard the guard: importing the UI is seen by the same check."""
    loaded = _modules_after_import("vtm_tui.ui.app")
    assert "textual" in loaded


ROOT = Path(__file__).resolve().parent.parent
LINT_IMPORTS = Path(sys.executable).with_name("lint-imports")


def _lint_imports(cwd: Path) -> subprocess.CompletedProcess[str]:
    if not LINT_IMPORTS.exists():
        pytest.fail(f"{LINT_IMPORTS} is missing: install the test extra, pip install -e '.[test]'")
    return subprocess.run([str(LINT_IMPORTS), "--no-cache", "--no-logo"], cwd=cwd, capture_output=True, text=True,
                          check=False)


def test_the_package_keeps_its_import_contracts() -> None:
    done = _lint_imports(ROOT)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "0 broken" in done.stdout


def _copy_with(tmp_path: Path, module: str, line: str) -> Path:
    """The package and its contracts in ``tmp_path``, with ``line`` added at the end of ``module``."""
    shutil.copytree(ROOT / "vtm_tui", tmp_path / "vtm_tui", ignore=shutil.ignore_patterns("__pycache__"))
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["importlinter"]
    (tmp_path / "pyproject.toml").write_text(tomli_w.dumps({"tool": {"importlinter": config}}), encoding="utf-8")
    target = tmp_path / "vtm_tui" / (module.replace(".", "/") + ".py")
    target.write_text(target.read_text(encoding="utf-8") + f"\n\ndef _added():\n    {line}\n", encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize(
    ("module", "line", "broken"),
    [
        # An upward import: the model reaching into the store (the leak this contract was written for).
        ("model.log_entry", "from vtm_tui.store.errors import StoreError", "vtm_tui.model is not allowed to import"),
        # Two packages on one layer: play must not use review (nor review play).
        ("play.record", "import vtm_tui.review.filters", "vtm_tui.play is not allowed to import"),
        # A circle inside a layer, made inside a function: session_log below the index that reads it.
        ("store.session_log", "from vtm_tui.store.index import session_summaries", "No cycles are allowed"),
        # A widget reaching up into the screens built from widgets.
        ("ui.widgets.seats_view", "from vtm_tui.ui.screens.ask_roll import AskRollDialog", "No cycles are allowed"),
        # A screen or the play layer reaching a rule set's engine instead of asking its RuleSet (issue 15).
        ("play.perform", "from vtm_tui.rules.v20 import roll", "vtm_tui.play is not allowed to import vtm_tui.rules.v20"),
        ("ui.widgets.sheet_v5", "import vtm_tui.rules.v5.blood", "vtm_tui.ui is not allowed to import vtm_tui.rules.v5"),
        ("commands.declared", "from vtm_tui.rules.ingenuity.rolling import roll",
         "vtm_tui.commands is not allowed to import vtm_tui.rules.ingenuity"),
    ],
)
def test_the_check_fails_on_a_bad_import(tmp_path: Path, module: str, line: str, broken: str) -> None:
    done = _lint_imports(_copy_with(tmp_path, module, line))
    assert done.returncode != 0, done.stdout
    assert broken in done.stdout, done.stdout + done.stderr


#: A comparison with a rule set's name: ``== "v5"``, ``"v20" !=``, ``case "ingenuity"``, ``in ("v5", ...)``.
RULESET_NAME_COMPARISON = re.compile(
    r"""(==|!=)\s*['"](v5|v20|ingenuity)['"]|['"](v5|v20|ingenuity)['"]\s*(==|!=)"""
    r"""|case\s+['"](v5|v20|ingenuity)['"]|in\s*[(\[{]\s*['"](v5|v20|ingenuity)['"]""")


def test_no_code_outside_the_rule_set_packages_compares_a_rule_sets_name() -> None:
    """One interface per rule set: what differs is asked of ``rules.ruleset.ruleset_for(id)``, never decided by
    comparing the rule set's name (docs/architecture.md, "Layers"). The whole package, every layer."""
    package = Path(__file__).resolve().parents[1] / "vtm_tui"
    found = [f"{path.relative_to(package.parent)}:{number}: {line.strip()}"
             for path in sorted(package.rglob("*.py")) if "rules" not in path.relative_to(package).parts[:1]
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if RULESET_NAME_COMPARISON.search(line)]
    assert not found, "\n".join(found)


@pytest.mark.parametrize("line", ['if ruleset == "v5":', "if 'v20' != chronicle.ruleset:", 'case "ingenuity":',
                                  'if rs in ("v5", "v20"):', "if rs in {'v20'}:"])
def test_the_comparison_check_sees_every_form(line: str) -> None:
    """The check above finds each form of comparison it is meant to find."""
    assert RULESET_NAME_COMPARISON.search(line)


#: A mapping keyed by a rule set's id: ``{"v5": ..., "v20": ...}`` (one key is enough to be found).
RULESET_KEYED_MAPPING = re.compile(r"""['"](v5|v20|ingenuity)['"]\s*:""")
#: What may still be keyed by rule-set id outside rules/, and why the RuleSet cannot hold it.
KEYED_BY_ID_ALLOWED = {
    # The model's sheet classes: the rules layer (the RuleSet) cannot name a class of the model above it.
    "vtm_tui/model/character.py",
    # Each rule set's chronicle options with their defaults, read for every chronicle the picker lists: answering
    # from a RuleSet would load every rule set's engine before the first screen. Left for a lazier registry.
    "vtm_tui/model/chronicle.py",
}


def test_no_mapping_outside_the_rule_sets_is_keyed_by_a_rule_set_id() -> None:
    """A new rule set is one package plus one registry line: what differs per rule set is the RuleSet's, not a
    ``{"v5": …, "v20": …}`` table somewhere in play/, conflict/ or ui/ that the new package would have to join."""
    package = Path(__file__).resolve().parents[1] / "vtm_tui"
    found = [f"{path.relative_to(package.parent)}:{number}: {line.strip()}"
             for path in sorted(package.rglob("*.py")) if "rules" not in path.relative_to(package).parts[:1]
             and str(path.relative_to(package.parent)) not in KEYED_BY_ID_ALLOWED
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if RULESET_KEYED_MAPPING.search(line)]
    assert not found, "\n".join(found)


@pytest.mark.parametrize("line", ['KINDS = {"v5": ("superficial",), "v20": ()}', "    'ingenuity': 8,",
                                  'x = {"v20" : 1}'])
def test_the_mapping_check_sees_a_table_keyed_by_id(line: str) -> None:
    assert RULESET_KEYED_MAPPING.search(line)
