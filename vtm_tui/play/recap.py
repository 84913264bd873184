"""A session's recap as text: the one the app's export dialog and ``vtm-tui log --export`` both write.

Both doors ask here, so the players' recap passes the same visibility rule
(:func:`vtm_tui.play.visibility.export_viewer`) and the same terminal filter
(:func:`vtm_tui.terminal_text.visible`: a recap file is read on a terminal too)
whichever of them wrote it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from vtm_tui.terminal_text import visible

#: The recap formats, with the file extension each is written with.
RECAP_FORMATS = {"markdown": ".md", "json": ".json"}


@dataclass(frozen=True)
class Recap:
    """The recap's ``text``, and the message of a torn last block set aside or found ('' when whole)."""

    text: str
    torn: str = ""


def session_recap(chronicle_dir: Path, number: int, fmt: str, *, hide_secret: bool = False,
                  recover: bool = True) -> Recap:
    """Session ``number``'s recap in ``fmt`` ("markdown" or "json"); ``hide_secret`` makes the players' recap.

    ``recover`` sets a torn last block aside on disk first (the command line's way); the app reads without writing.
    """
    from vtm_tui.play.visibility import export_viewer, session_for
    from vtm_tui.store.log_recap import chronicle_facts, recap_json, recap_markdown
    from vtm_tui.store.session_log import read_session

    log = read_session(chronicle_dir, number, recover=recover)
    torn = log.torn.message if log.torn is not None else ""
    log = session_for(export_viewer(chronicle_dir, hide_secret=hide_secret), log)
    facts = chronicle_facts(chronicle_dir)
    if fmt == "markdown":
        text = recap_markdown(log, facts, hide_secret=hide_secret)
    else:
        text = json.dumps(recap_json(log, facts, hide_secret=hide_secret), ensure_ascii=False, indent=2) + "\n"
    return Recap(visible(text), torn)
