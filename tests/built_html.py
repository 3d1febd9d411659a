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


# What a page's markup makes the browser load, by element and attribute (its alternate and canonical links only name
# other addresses).
LOADING = (("script", "src"), ("link", "href"), ("img", "src"), ("iframe", "src"))


def loaded_addresses(path: Path) -> list[tuple[str, str]]:
    """(tag, address as written) of each file a built page's markup loads."""
    found = []
    for tag, attribute in LOADING:
        for element in parsed(path).find_all(tag):
            if tag == "link" and {"alternate", "canonical"} & set(element.get("rel") or []):
                continue
            found.append((tag, element.get(attribute) or ""))
    return found
