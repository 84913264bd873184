"""What the log screen's background workers report, as messages the screen handles with ``@on``.

Posted from worker threads (``post_message`` is thread-safe); they concern the log screen only, so none
bubbles up to the app.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.message import Message

if TYPE_CHECKING:
    from textual.worker import Worker

    from vtm_tui.review.source import SessionTail
    from vtm_tui.store.index import IndexedEntry
    from vtm_tui.store.session_log import SessionLog


class IndexProgress(Message, bubble=False):
    """The background index build got this far."""

    def __init__(self, done: int, total: int) -> None:
        super().__init__()
        self.done, self.total = done, total


class IndexBuilt(Message, bubble=False):
    """The background index build ended (``problem``: why it could not finish, or "")."""

    def __init__(self, problem: str) -> None:
        super().__init__()
        self.problem = problem


class SessionRead(Message, bubble=False):
    """The whole of ``tail``'s session, read after its newest entries were shown."""

    def __init__(self, tail: SessionTail, log: SessionLog) -> None:
        super().__init__()
        self.tail, self.log = tail, log


class HistoryRows(Message, bubble=False):
    """History rows for the filter of the query ``worker`` ran: the newest few or (``complete``) all."""

    def __init__(self, worker: Worker[None], rows: list[IndexedEntry], problems: tuple[str, ...],
                 complete: bool) -> None:
        super().__init__()
        self.worker, self.rows, self.problems, self.complete = worker, rows, problems, complete


class HistoryFailed(Message, bubble=False):
    """The history query could not be answered."""

    def __init__(self, problem: str) -> None:
        super().__init__()
        self.problem = problem
