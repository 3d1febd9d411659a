"""Each French page and its English page are built and have the same structure: the same headings (level and
anchor, in order), the same anchors a reader can link to, the same number of tables, of notes (admonitions,
collapsible notes) and of lists. A translator who drops a section, a note or a list of examples is told which page
and what differs."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.audit_pages import all_pages
from tests.built_html import article
from tests.conftest import built_path, lang_root

# The history of the rules (codex/render/rules_changes.py) lists each language's own changed sentences: a change of
# wording in one language is a line in that language only. It is generated, not translated, so it is left out.
HISTORY = ".codex-page-history, .codex-changes, .codex-latest-changes"


def structure(site: Path, lang: str, page: str) -> dict[str, object]:
    content = article(lang_root(site, lang) / built_path(page))
    for generated in content.select(HISTORY):
        generated.decompose()
    return {
        "headings": [(h.name, h.get("id")) for h in content.find_all(["h1", "h2", "h3", "h4", "h5", "h6"])],
        "anchors": sorted(tag["id"] for tag in content.find_all(id=True)),
        "tables": len(content.find_all("table")),
        "notes": len(content.select(".admonition, details")),
        "note kinds": sorted(" ".join(sorted(n.get("class", []))) for n in content.select(".admonition, details")),
        "lists": len(content.find_all(["ul", "ol", "dl"])),
        "list items": len(content.find_all(["li", "dt"])),
        "calculators": len(content.select("form[data-calculator]")),
    }


@pytest.mark.parametrize("page", all_pages())
def test_french_and_english_pages_have_the_same_structure(built_site, page):
    french, english = structure(built_site, "fr", page), structure(built_site, "en", page)
    differences = {key: (french[key], english[key]) for key in french if french[key] != english[key]}
    assert differences == {}, f"{page}: fr vs en differ in {differences}"
    assert french["headings"] and french["headings"][0][0] == "h1"
