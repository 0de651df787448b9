"""Benchmarks: figures measured side by side in one run, printed as a table (python -m bench)."""
