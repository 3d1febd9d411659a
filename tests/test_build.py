"""The real MkDocs build: both languages from one command, strict, with the same pages in each. (A mistake in a broken
copy of the project stops it with a message that names the mistake: tests/test_contributor_mistakes.py. The same
anchors and structure on each page in both languages: tests/test_translation_structure.py; duplicate ids: the Nu
validator, test_html_validity.)"""

from __future__ import annotations

import json
import re

import pytest

from tests.built_html import loaded_addresses
from tests.conftest import LANGS, ROOT, lang_root

PAGES = sorted(p.relative_to(ROOT / "docs" / "fr").as_posix() for p in (ROOT / "docs" / "fr").rglob("*.md"))


def test_same_pages_in_both_languages():
    english = sorted(p.relative_to(ROOT / "docs" / "en").as_posix() for p in (ROOT / "docs" / "en").rglob("*.md"))
    assert PAGES == english


@pytest.mark.parametrize("lang, title", [("fr", "Page introuvable"), ("en", "Page not found")])
def test_each_language_has_its_own_404_page(built_site, lang, title):
    assert f"<h1>{title}</h1>" in (lang_root(built_site, lang) / "404.html").read_text(encoding="utf-8")


@pytest.mark.parametrize("lang", LANGS)
def test_each_language_has_its_own_search_index(built_site, lang):
    index = json.loads((lang_root(built_site, lang) / "search" / "search_index.json").read_text(encoding="utf-8"))
    assert index["config"]["lang"] == [lang]
    texts = " ".join(doc["text"] for doc in index["docs"])
    # a term only a table holds is searchable: the materials and standard objects
    assert "Adamantine" in texts or "Adamantium" in texts
    assert ("Porte en fer" in texts) if lang == "fr" else ("Iron door" in texts)
    # no page of the other language leaks in
    assert not any(doc["location"].startswith("en/") for doc in index["docs"])


def test_no_page_asks_for_anything_outside_the_site(built_site):
    for html in built_site.rglob("*.html"):
        for tag, url in loaded_addresses(html):
            assert not re.match(r"^(https?:)?//", url), f"{html}: {tag} loads {url}"
