"""The project's own data (data/), loaded once per test run: loading checks every file against its schema (about
a second each time) and many test modules read it. Shared, so tests only read it."""

from __future__ import annotations

from functools import cache

from codex.data.loading import Dataset, load_dataset
from tests.conftest import ROOT


@cache
def project_dataset() -> Dataset:
    """data/ as the build loads it (French texts typeset)."""
    return load_dataset(ROOT / "data")
