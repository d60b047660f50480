"""pokerdb's benchmark suite: `python -m benchmarks --list` (see docs/benchmarks.md)."""
