"""The chronicle as data: dataclasses and their validation. No I/O, no Textual.

- :class:`~vtm_tui.model.chronicle.Chronicle`: ``chronicle.toml`` (name, rule set, house rules, sessions);
- :class:`~vtm_tui.model.character.Character` with a per-rule-set sheet
  (:class:`~vtm_tui.model.character_v5.V5Sheet`, :class:`~vtm_tui.model.character_v20.V20Sheet`,
  :class:`~vtm_tui.model.character_ingenuity.IngenuitySheet`), each with ``traits()`` for the pool parser;
- :class:`~vtm_tui.model.conflict.Conflict`: ``conflict.toml``;
- :mod:`~vtm_tui.model.slug`: safe file names; :mod:`~vtm_tui.model.validation`: reading with field-naming errors.

Every class reads with ``from_toml(data, *, where)`` and writes with ``to_toml()``;
unknown keys survive in ``extra``.
"""
