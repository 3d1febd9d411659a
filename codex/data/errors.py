"""The one error type of the data layer: it names file, line, field, value and the expected form."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class DataError(Exception):
    """A problem in a data file, located precisely enough for a contributor to fix it."""

    file: str
    line: int | None
    field: str
    value: object
    expected: str
    fix: str = ""  # the fix in one sentence, where the expected form does not say it already

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line else self.file
        shown = repr(self.value)
        if len(shown) > 80:
            shown = shown[:77] + "..."
        fix = f". Fix: {self.fix}" if self.fix else ""
        return f"{where}: field '{self.field or '(top level)'}': got {shown}; expected {self.expected}{fix}"


class DataErrors(Exception):
    """Every data error found in one load, so a contributor fixes them all in one pass."""

    def __init__(self, errors: list[DataError]):
        self.errors = errors
        super().__init__("\n".join(str(e) for e in errors))
