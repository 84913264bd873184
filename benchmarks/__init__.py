"""Benchmarks for the speed budget of docs/architecture.md (``python -m benchmarks``).

Not installed with the app and not run by the tests: timings belong here, never
in tests. Each ``bench_*.py`` module exposes ``figures(quick: bool) -> list[Figure]``;
``__main__`` runs them all and prints one line per figure.
"""
