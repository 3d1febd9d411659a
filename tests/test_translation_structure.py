"""Each French page and its English page have the same structure in the built site: the same headings (level and
anchor, in order), the same number of tables, of notes (admonitions, collapsible notes) and of lists. A translator
who drops a section, a note or a list of examples is told which page and what differs."""

from __future__ import annotations

from pathlib import Path

import pytest
from bs4 import BeautifulSoup

from tests.audit_pages import all_pages
from tests.conftest import built_path, lang_root


def structure(site: Path, lang: str, page: str) -> dict[str, object]:
    article = BeautifulSoup(
        (lang_root(site, lang) / built_path(page)).read_text(encoding="utf-8"), "html.parser"
    ).select_one("article")
    return {
        "headings": [(h.name, h.get("id")) for h in article.find_all(["h1", "h2", "h3", "h4", "h5", "h6"])],
        "tables": len(article.find_all("table")),
        "notes": len(article.select(".admonition, details")),
        "note kinds": sorted(" ".join(sorted(n.get("class", []))) for n in article.select(".admonition, details")),
        "lists": len(article.find_all(["ul", "ol", "dl"])),
        "list items": len(article.find_all(["li", "dt"])),
        "calculators": len(article.select("form[data-calculator]")),
    }


@pytest.mark.parametrize("page", all_pages())
def test_french_and_english_pages_have_the_same_structure(built_site, page):
    french, english = structure(built_site, "fr", page), structure(built_site, "en", page)
    differences = {key: (french[key], english[key]) for key in french if french[key] != english[key]}
    assert differences == {}, f"{page}: fr vs en differ in {differences}"
    assert french["headings"] and french["headings"][0][0] == "h1"
