"""Which data files a piece of the build reads: the dataset notes each document whose content is read while a
recording is open, so that `mkdocs serve` rebuilds only the pages an edit of a data file touches
(codex/project/dependencies.py).

A lookup by id (`by_id(kind)[id]`, `.get(id)`, `id in ...`) notes that document; going through a kind's entries
(iterating, `values()`, `items()`, `sorted(...)`) notes every document of the kind. Nothing is noted while no
recording is open: a plain build pays one attribute test per lookup.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any


class ReadLog:
    """The files noted since `start`: one set per recording, the files named by their path relative to the project."""

    def __init__(self) -> None:
        self.files: set[str] | None = None

    def start(self) -> None:
        self.files = set()

    def stop(self) -> frozenset[str]:
        files, self.files = self.files or set(), None
        return frozenset(files)

    @contextmanager
    def paused(self) -> Iterator[None]:
        """Nothing noted inside (the checks read every file to find mistakes; what a page shows is what counts)."""
        files, self.files = self.files, None
        try:
            yield
        finally:
            self.files = files

    def note(self, file: str) -> None:
        if self.files is not None:
            self.files.add(file)


class RecordedKind(dict):
    """A kind's documents by id (`Dataset.by_id`) whose reads are noted in a ReadLog: `file_of(id)` names each one's
    file. A plain dict otherwise (JSON, comparisons, copies)."""

    def __init__(self, entries: dict[str, Any], file_of: Callable[[str], str], log: ReadLog) -> None:
        super().__init__(entries)
        self._file_of = file_of
        self._log = log

    def _one(self, key: object) -> None:
        if self._log.files is not None and isinstance(key, str) and dict.__contains__(self, key):
            self._log.note(self._file_of(key))

    def _all(self) -> None:
        if self._log.files is not None:
            for key in dict.keys(self):
                self._log.note(self._file_of(key))

    def __getitem__(self, key: str) -> Any:
        self._one(key)
        return dict.__getitem__(self, key)

    def get(self, key: str, default: Any = None) -> Any:
        self._one(key)
        return dict.get(self, key, default)

    def __contains__(self, key: object) -> bool:
        self._one(key)
        return dict.__contains__(self, key)

    def __iter__(self) -> Iterator[str]:
        self._all()
        return dict.__iter__(self)

    def keys(self):  # dict's own view types
        self._all()
        return dict.keys(self)

    def values(self):
        self._all()
        return dict.values(self)

    def items(self):
        self._all()
        return dict.items(self)
