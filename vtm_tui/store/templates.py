"""Quick storyteller-character templates: the rule set's shipped ones, and a chronicle's own in ``templates/``.

Each ``<chronicle>/templates/<id>.toml`` holds ``label``, an optional ``description`` and a ``[character]``
table with the keys of a character file (docs/file-format.md, "Templates"). A file whose ``<id>`` matches a
shipped template replaces it; any other adds one. A broken file is reported with its path (and line), never
skipped silently; the templates that did load are still offered.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from vtm_tui.errors import VtmError
from vtm_tui.rules.user_text import REFUSED
from vtm_tui.terminal_text import UNSAFE
from vtm_tui.model.errors import InvalidDataError, StoreError
from vtm_tui.rules.ruleset import ruleset_for
from vtm_tui.rules.sheet_spec import QuickTemplate
from vtm_tui.store.toml_io import atomic_write_text, checked_text, load_toml

TEMPLATES_DIR = "templates"
#: A template file is data a person wrote: bounded.
MAX_TEMPLATE_BYTES = 64_000
MAX_TEMPLATES = 200


@dataclass(frozen=True)
class LoadedTemplates:
    """The templates on offer (shipped, then the chronicle's own) and one message per file that failed."""

    templates: tuple[QuickTemplate, ...]
    problems: tuple[str, ...] = ()


def templates_dir(chronicle_dir: Path) -> Path:
    return Path(chronicle_dir) / TEMPLATES_DIR


def template_from_toml(data: dict[str, Any], template_id: str, path: Path) -> QuickTemplate:
    """One template file's document as a :class:`QuickTemplate` (raises InvalidDataError naming the field)."""
    label = data.get("label", template_id)
    if not isinstance(label, str) or not label.strip() or len(label) > 60:
        raise InvalidDataError(path, "label", "is 1-60 characters of text")
    description = data.get("description", "")
    if not isinstance(description, str) or len(description) > 300:
        raise InvalidDataError(path, "description", "is at most 300 characters of text")
    for key, text in (("label", label), ("description", description)):
        if UNSAFE.search(text):  # a template's words are shown on every storyteller's screen
            raise InvalidDataError(path, key, REFUSED)
    character = data.get("character", {})
    if not isinstance(character, dict):
        raise InvalidDataError(path, "character", "is a table of a character file's keys")
    for key in ("name", "ruleset", "kind", "player", "schema_version"):
        if key in character:
            raise InvalidDataError(path, f"character.{key}", "is given when the character is made; leave it out")
    unknown = sorted(set(data) - {"label", "description", "character"})
    if unknown:
        raise InvalidDataError(path, unknown[0], "is not a template key (label, description, character)")
    return QuickTemplate(template_id, label.strip(), character, description.strip())


def load_templates(chronicle_dir: Path, ruleset: str) -> LoadedTemplates:
    """The shipped templates of ``ruleset`` with the chronicle's own (by file name) over them."""
    found = {t.id: t for t in ruleset_for(ruleset).quick_templates()}
    problems: list[str] = []
    folder = templates_dir(chronicle_dir)
    files = sorted(folder.glob("*.toml"))[:MAX_TEMPLATES] if folder.is_dir() else []
    for path in files:
        try:
            if path.stat().st_size > MAX_TEMPLATE_BYTES:
                raise InvalidDataError(path, "(file)", f"is larger than {MAX_TEMPLATE_BYTES} bytes")
            found[path.stem] = template_from_toml(load_toml(path), path.stem, path)
        except (VtmError, OSError) as exc:
            problems.append(str(exc))
    return LoadedTemplates(tuple(found.values()), tuple(problems))


def save_template(chronicle_dir: Path, template: QuickTemplate) -> Path:
    """Write ``template`` to ``templates/<id>.toml`` (atomically), e.g. to start a chronicle's own from a default;
    only if :func:`load_templates` would read the file back (its size, TOML, :func:`template_from_toml`)."""
    folder = templates_dir(chronicle_dir)
    path = folder / f"{template.id}.toml"
    text, document = checked_text(template.to_toml(), path)  # read back as load_templates reads the file
    size = len(text.encode("utf-8"))
    if size > MAX_TEMPLATE_BYTES:
        raise InvalidDataError(path, "(file)", f"would be {size:,} bytes, larger than {MAX_TEMPLATE_BYTES} bytes; "
                               "nothing was saved")
    try:
        template_from_toml(document, path.stem, path)
    except InvalidDataError as exc:
        raise StoreError(f"{exc}; nothing was saved (the loader would refuse the file)") from None
    folder.mkdir(exist_ok=True)
    atomic_write_text(path, text)
    return path
