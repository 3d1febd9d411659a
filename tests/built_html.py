"""Built pages parsed once per test run: many tests read the same pages of the session's built site, and parsing
the HTML is most of their time. The trees are shared, so tests only read them (a test that edits a tree parses its
own copy)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from bs4 import BeautifulSoup, Tag


@cache
def parsed(path: Path) -> BeautifulSoup:
    """The parsed HTML of a built file, shared by every test that reads it."""
    return BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")


def article(path: Path) -> Tag | None:
    """The page's <article>: its content without the theme's header, navigation and footer."""
    return parsed(path).select_one("article")
