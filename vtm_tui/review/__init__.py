"""Reviewing a chronicle's log without a screen: lines, filters, odds of past rolls, statistics, sources.

Headless (no Textual; ``tests/test_layers.py`` checks): the log screen and the
command line share it.

``lines``
    ``format_entry(entry, *, storyteller=True, tz=None, with_date=False) -> EntryLine`` (time, actor, what,
    dice: tuple[Die], difficulty, outcome, margin, comment, ``tone``: alarm/win/""; ``text()``). Hunger dice read
    ``⟨10⟩``. The dice and the tone are the rule set's (``ruleset_for(id).logged_rolls()``).
``filters``
    ``LogFilter`` (frozen): ``with_actor/with_kind/with_results/with_ruleset/with_text/with_date_text``,
    ``chips() -> list[Chip]``, ``without(chip_key)``, ``matches(entry)``, ``query_kwargs()`` for the index;
    ``MESSY_RESULTS``; ``parse_dates(text)``; ``FilterError``.
``entry_odds``
    ``entry_odds(entry, context=None) -> dict[result, probability] | None`` — exact, from the engines through
    the rule set's ``logged_rolls()`` facet (:mod:`vtm_tui.rules.logged`);
    ``odds_contexts(entries, options)`` (V20's free botch per session).
``stats``
    ``roll_stats(entries, *, label, actor=None, options=None) -> RollStats`` (``outcomes``: count and
    expected per result; ``successes``; ``hunger`` per character; ``sentence(result)``); ``bar(value, most, width)``.
``detail``
    ``detail_rows(entry, *, odds, original, rerolls, storyteller, tz) -> list[DetailRow]``.
``source``
    ``SessionTail(chronicle_dir, number, follow_newest=False, current=None)`` (``current``: the chronicle's current
    session to follow, a seat's): ``load()``, ``poll() -> Poll``;
    ``history_rows(chronicle_dir, log_filter, sessions=None, progress=None)``; ``EntryCache``.
"""
