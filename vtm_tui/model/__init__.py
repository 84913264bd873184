"""The chronicle as data: dataclasses and their validation. No I/O, no Textual."""
