"""The engine's relative URLs (codex/render/relative_url.py) are MkDocs' own: the pages' links do not change when
the engine stops asking MkDocs for them."""

from __future__ import annotations

import pytest
from mkdocs.utils import get_relative_url

from codex.render.relative_url import relative_url

CASES = [
    ("fumbles/", "conditions/"),
    ("fumbles/", "fumbles/"),
    ("./", "conditions/"),
    ("", "conditions/"),
    ("fumbles/", "./"),
    ("fumbles/", ""),
    ("fumbles.html", "conditions.html"),
    ("fumbles.html", "index.html"),
    ("part/section/", "part/other/"),
    ("part/section.html", "part/other.html"),
    ("glossary/", "part/section/index.html"),
    ("changes/feed.xml", "changes/2/"),
    ("changes/feed.xml", "changes/"),
    ("assets/x.js", "a/b/c/"),
    ("a/../b/", "c/"),
    ("../../b/", "c/d/"),
    ("/fumbles/", "/conditions/"),
    ("v1.2/page/", "v1.2/"),
    ("page/", "v1.2/other/"),
]


@pytest.mark.parametrize(("url", "other"), CASES)
def test_relative_url_is_mkdocs_own(url: str, other: str) -> None:
    assert relative_url(url, other) == get_relative_url(url, other)
