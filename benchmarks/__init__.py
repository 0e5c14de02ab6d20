"""Benchmarks comparing the working tree with a baseline git ref (see README.md)."""
