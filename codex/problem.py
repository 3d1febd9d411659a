"""One mistake, as a contributor needs to read it: the file of the repository and the line where to act, the
language, what is wrong, and the fix in one sentence."""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True)
class Problem:
    file: str  # relative to the repository's root: docs/fr/fumbles.md, data/open-questions/x.yaml
    line: int | None
    lang: str  # "fr", "en", or "" when the mistake is not one language's
    what: str
    fix: str

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line else self.file
        lang = f" [{self.lang}]" if self.lang else ""
        stop = "" if self.what.endswith((".", "?", "!")) else "."
        return f"{where}{lang}: {self.what}{stop} Fix: {self.fix}"


def closest(typed: str, known: Iterable[str]) -> list[str]:
    """The known ids that look most like the one typed (at most three)."""
    return difflib.get_close_matches(typed, sorted(known), n=3, cutoff=0.6)


def suggestion(typed: str, known: Iterable[str]) -> str:
    """' — did you mean 'materials'?' or '' when nothing is close."""
    near = closest(typed, known)
    return f" — did you mean {' or '.join(repr(n) for n in near)}?" if near else ""


def line_of(text: str, needle: str, start: int = 1) -> int | None:
    """The line (from 1) of the first occurrence of `needle` in `text`, None if absent."""
    index = text.find(needle)
    return text.count("\n", 0, index) + start if index >= 0 else None
