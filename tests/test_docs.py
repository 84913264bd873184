"""The project's own documents: what they show loads, and nothing points to a document the repository lacks.

docs/file-format.md shows a TOML example of every file; each must load through the same code the app uses, so
the examples cannot drift from the loaders. Code, tests, benchmarks and the README point to docs/*.md for the
rules, the file format and the architecture; the design and rules notes kept outside the repository must not
be pointed to, and every link between the documents must lead somewhere.
"""

from __future__ import annotations

import re
import subprocess
import tomllib
from pathlib import Path

import pytest

from vtm_tui.model.character import Character
from vtm_tui.model.chronicle import Chronicle
from vtm_tui.model.conflict import Conflict
from vtm_tui.store import log_format as fmt
from vtm_tui.store.session_log import SessionInfo

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
#: Documents other branches add; remove a name here once its document is merged.
PENDING: set[str] = set()


def _examples() -> list[str]:
    return re.findall(r"```toml\n(.*?)```", (DOCS / "file-format.md").read_text(encoding="utf-8"), re.S)


def _load(text: str) -> str:
    """Load one example with the loader of its kind; returns the kind (or raises the loader's error)."""
    data = tomllib.loads(text)
    warnings: list[str] = []
    if "entry" in data:
        raw = text.encode("utf-8")
        document = fmt.parse_chunk(raw, Path("example.toml"))
        SessionInfo.from_toml(document, Path("example.toml"))
        fmt.entries_from_tables(fmt.entry_tables(document, Path("example.toml")), Path("example.toml"), raw)
        kind = "session"
    elif "participants" in data:
        Conflict.from_toml(data, where="example", warnings=warnings)
        kind = "conflict"
    elif "options" in data:
        Chronicle.from_toml(data, where="example", warnings=warnings)
        kind = "chronicle"
    else:
        kind = Character.from_toml(data, where="example", warnings=warnings).ruleset
    assert warnings == [], warnings
    return kind


def test_every_file_format_example_loads() -> None:
    kinds = [_load(text) for text in _examples()]
    assert sorted(kinds) == ["chronicle", "conflict", "ingenuity", "session", "v20", "v5"]


def test_a_broken_example_would_be_caught() -> None:
    """Guard the guard: an example with a value out of range fails to load."""
    v5 = next(text for text in _examples() if 'ruleset = "v5"' in text and "[attributes]" in text)
    from vtm_tui.store.errors import InvalidDataError

    with pytest.raises(InvalidDataError, match="Strength"):
        _load(v5.replace("Strength = 2", "Strength = 7"))


def _tracked_files() -> list[Path]:
    out = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=False)
    if out.returncode != 0:  # not a git checkout (an unpacked sdist): every text file under the root
        return [p for p in ROOT.rglob("*") if p.is_file() and ".venv" not in p.parts and ".git" not in p.parts]
    return [ROOT / name for name in out.stdout.splitlines()]


def test_nothing_points_to_notes_outside_the_repository() -> None:
    pattern = re.compile(r"\b(DESIGN|RULES)\.md\b")
    offenders = []
    for path in _tracked_files():
        if path.suffix not in {".py", ".md", ".toml", ".tcss", ".txt", ".cfg"} or not path.is_file():
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), 1):
            if pattern.search(line):
                offenders.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert offenders == [], "\n".join(offenders)


def test_every_docs_pointer_and_link_leads_somewhere() -> None:
    missing = []
    for path in _tracked_files():
        if path.suffix not in {".py", ".md"} or not path.is_file():
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        for name in sorted(set(re.findall(r"\bdocs/[\w-]+\.md\b", text))):
            if not (ROOT / name).is_file() and name not in PENDING:
                missing.append(f"{path.relative_to(ROOT)} names {name}")
        if path.suffix == ".md":
            for target, anchor in re.findall(r"\]\(([^)#\s]*)(?:#([^)\s]*))?\)", text):
                if "://" in target or target.startswith("mailto:"):
                    continue
                resolved = (path.parent / target).resolve() if target else path
                if resolved.as_posix().removeprefix(ROOT.as_posix() + "/") in PENDING:
                    continue
                if not resolved.exists():
                    missing.append(f"{path.relative_to(ROOT)} links to {target}")
                elif anchor and resolved.suffix == ".md" and anchor not in _anchors(resolved):
                    missing.append(f"{path.relative_to(ROOT)} links to {target}#{anchor}, a section it lacks")
    assert missing == [], "\n".join(missing)


def _anchors(path: Path) -> set[str]:
    """The anchors GitHub gives a Markdown file's headings (lower case, punctuation dropped, spaces as '-')."""
    text = re.sub(r"```.*?```", "", path.read_text(encoding="utf-8"), flags=re.S)  # '# end entry' is no heading
    headings = re.findall(r"^#+ (.+)$", text, re.M)
    return {re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-") for heading in headings}


def test_no_doc_installs_the_app_by_a_package_name_nobody_publishes_for_us():
    """``pip install vtm-tui`` would fetch whatever someone registered under that name and run it as the
    storyteller: the server set-up installs from the checkout or a wheel built from it."""
    warning = "Never `pip install vtm-tui` by name"
    by_name = re.compile(r"pip install ['\"]?vtm-tui(?:\[\w+\])?['\"]?(?=\s|`|$)")
    found = [f"{path.relative_to(ROOT)}: {hit}" for path in [ROOT / "README.md", *sorted(DOCS.glob("*.md"))]
             for hit in by_name.findall(path.read_text(encoding="utf-8").replace(warning, ""))]
    assert found == []
    assert warning in (ROOT / "README.md").read_text(encoding="utf-8")


def _documents() -> list[Path]:
    return [ROOT / "README.md", *sorted(DOCS.glob("*.md"))]


def test_no_link_leaves_the_repository() -> None:
    """The repository is self-contained: a relative link that climbs out of it (to a shared folder, say) resolves
    on one machine and nowhere else, so the test above would not catch it."""
    outside = []
    for path in _documents():
        for target in re.findall(r"\]\(([^)#\s]+)", path.read_text(encoding="utf-8")):
            if "://" in target or target.startswith("mailto:"):
                continue
            if not (path.parent / target).resolve().is_relative_to(ROOT) or target.startswith("/"):
                outside.append(f"{path.relative_to(ROOT)} links to {target}")
    assert outside == []


def _named_paths(text: str) -> set[str]:
    """Source paths a document names in backticks: `vtm_tui/...` anywhere, and the package-relative form
    (`play/roll_path.py`, `ui/screens/`) the map uses. A placeholder (`rules/<id>/...`) is no path."""
    layers = "rules|model|store|play|review|conflict|commands|ui"
    found = set()
    for name in re.findall(r"`([\w./<>*-]+)`", text):
        name = name.rstrip(".")
        if "<" in name or "*" in name:
            continue
        if name.startswith("vtm_tui/"):
            found.add(name)
        elif re.match(rf"(?:{layers})/[\w/]*(?:\.py|\.tcss|/)?$", name) and ("/" in name.rstrip("/")
                                                                           or name.endswith("/")):
            found.add("vtm_tui/" + name)
    return found


def test_every_source_path_the_documents_name_exists() -> None:
    """A newcomer follows the map's paths: one renamed or moved away must be renamed in the docs too."""
    missing = [f"{path.relative_to(ROOT)} names {name}" for path in _documents()
               for name in sorted(_named_paths(path.read_text(encoding="utf-8"))) if not (ROOT / name).exists()]
    assert missing == [], "\n".join(missing)


def test_the_path_check_would_catch_a_missing_file() -> None:
    assert _named_paths("see `play/roll_path.py` and `vtm_tui/nowhere.py`, `rules/<id>/kinds.py`") == {
        "vtm_tui/play/roll_path.py", "vtm_tui/nowhere.py"}


def test_every_verb_is_shown_in_the_command_line_page() -> None:
    """The README points to docs/command-line.md for every verb: each verb, and `roll`/`odds` of each rule set,
    appears there as a command."""
    import argparse

    from vtm_tui.cli import build_command_parser

    text = (DOCS / "command-line.md").read_text(encoding="utf-8")
    verbs = next(a for a in build_command_parser()._actions if isinstance(a, argparse._SubParsersAction))
    missing = [verb for verb in verbs.choices if not re.search(rf"^vtm-tui {verb}\b", text, re.M)]
    for verb in ("roll", "odds"):
        sets = next(a for a in verbs.choices[verb]._actions if isinstance(a, argparse._SubParsersAction))
        missing += [f"{verb} {name}" for name in sets.choices
                    if not re.search(rf"^vtm-tui {verb} {name}\b", text, re.M)]
    assert len(verbs.choices) >= 14 and missing == []
    assert "(docs/command-line.md)" in (ROOT / "README.md").read_text(encoding="utf-8")


def _dates_outside_code(text: str) -> list[str]:
    """Calendar dates in prose: what is in a code block or in backticks is an example value, not a measurement."""
    prose = re.sub(r"`[^`\n]*`", "", re.sub(r"```.*?```", "", text, flags=re.S))
    return re.findall(r"\b20\d\d-\d\d-\d\d\b", prose)


def test_no_dated_figures_but_the_readmes_one_table() -> None:
    """Docs describe the code as it is now; the one dated run is the README's Performance section."""
    found = {path.name: _dates_outside_code(path.read_text(encoding="utf-8")) for path in sorted(DOCS.glob("*.md"))}
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    performance = readme[readme.index("## Performance"):].split("\n## ", 1)[0]
    found["README.md"] = _dates_outside_code(readme.replace(performance, ""))
    assert {name: dates for name, dates in found.items() if dates} == {}
    assert _dates_outside_code("measured on 2026-12-01, see `2026-10-03T20:30:00Z`") == ["2026-12-01"]
