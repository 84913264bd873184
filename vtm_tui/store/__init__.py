"""The chronicle on disk: TOML files, append-only session logs, locking. No Textual."""
