"""The marks a fixture gives every test that needs it: set where the fixture is defined (`marks_its_tests`), read by
conftest.py as it collects. A module of its own: pytest loads conftest.py as `conftest`, and test modules that import
it get a second copy, `tests.conftest`; both read this one."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

F = TypeVar("F", bound=Callable)

# fixture name -> the mark of every test that uses it, directly or through another fixture (marks_its_tests)
FIXTURE_MARKS: dict[str, str] = {}


def marks_its_tests(mark: str) -> Callable[[F], F]:
    """A fixture's decorator, under @pytest.fixture: every test that needs the fixture, directly or through another
    fixture, is marked `mark` (`site`: a whole build of the site; `browser`: Chromium), so that
    `pytest -m "not browser and not site"` is the quick loop whatever module defines the fixture."""

    def register(fixture: F) -> F:
        FIXTURE_MARKS[fixture.__name__] = mark
        return fixture

    return register
