"""The chronicle on disk: TOML files, append-only session logs, locking. No Textual.

Entry points for the app and the command line:

- :func:`~vtm_tui.store.paths.find_campaigns_dir` — where the chronicles are;
- :func:`~vtm_tui.store.catalog.list_chronicles`, :func:`~vtm_tui.store.catalog.create_chronicle`;
- :func:`~vtm_tui.store.chronicle_store.open_chronicle` → :class:`~vtm_tui.store.chronicle_store.ChronicleStore`
  (sheets and chronicle file, saved by compare-and-swap; session start/end; ``log(entry)``);
- :mod:`~vtm_tui.store.session_log` — the append-only session logs.
"""
