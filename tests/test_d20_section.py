"""The d20 combat system (seed 002) on the built site: nothing of the seed dropped from the French pages, every drafting
note shown as a "to be written" note with its link, the author's footnote markers kept as links, and every page of the
section marked as a draft, in both languages."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import pytest
from bs4 import Tag

from tests.built_html import article as built_article
from tests.conftest import LANGS, ROOT, built_path, lang_root

SEED = ROOT / "data" / "seeds" / "002_80876a7bfba57569.txt"
SECTION_PAGES = sorted(
    p.relative_to(ROOT / "docs" / "fr").as_posix() for p in (ROOT / "docs" / "fr" / "d20").glob("*.md")
)
DRAFTING_NOTE = re.compile(r"Rediger cette partie avec\s*:\s*(\S+)")
SUPERSCRIPTS = "¹²³⁴⁵⁶⁷⁸⁹⁰"

# Plain typos of the seed that the French pages correct, as (seed wording, page wording).
TYPO_FIXES = [
    ("pas de placement de 1,50 mètres", "pas de placement de 1,50 mètre"),
]


def squeeze(text: str) -> str:
    """Letters and digits only, lower-cased, without footnote markers: compares wording, not spacing or punctuation."""
    text = unicodedata.normalize("NFC", text).lower()
    return "".join(ch for ch in text if ch.isalnum() and ch not in SUPERSCRIPTS)


def seed_sentences() -> list[str]:
    """The seed's sentences, except its drafting notes (checked by their link) and bare footnote labels."""
    sentences = []
    for line in SEED.read_text(encoding="utf-8").splitlines():
        line = line.strip(" •\t")
        if not line or DRAFTING_NOTE.search(line):
            continue
        for seed_words, page_words in TYPO_FIXES:
            line = line.replace(seed_words, page_words)
        for sentence in re.split(r"(?<=[.:])\s+", line):
            if len(squeeze(sentence)) > 2:
                sentences.append(sentence)
    return sentences


def article(site: Path, lang: str, page: str) -> Tag:
    return built_article(lang_root(site, lang) / built_path(page))


def test_the_section_has_more_than_its_index_page():
    assert "d20/index.md" in SECTION_PAGES and len(SECTION_PAGES) >= 2


def test_every_sentence_of_the_seed_is_on_the_french_pages(built_site):
    shown = squeeze(" ".join(article(built_site, "fr", page).get_text(" ") for page in SECTION_PAGES))
    missing = [sentence for sentence in seed_sentences() if squeeze(sentence) not in shown]
    assert not missing, "seed 002 sentences missing from the French d20 pages:\n" + "\n".join(missing)


@pytest.mark.parametrize("lang", LANGS)
def test_every_drafting_note_is_a_to_be_written_note_with_its_link(built_site, lang):
    links = DRAFTING_NOTE.findall(SEED.read_text(encoding="utf-8"))
    assert links, "the seed's drafting notes were not found"
    notes = [
        note
        for page in SECTION_PAGES
        for note in article(built_site, lang, page).select('.codex-open-question[data-status="to-be-written"]')
    ]
    hrefs = {a["href"] for note in notes for a in note.find_all("a", href=True)}
    for link in links:
        assert link in hrefs, f"{link} is not kept in a to-be-written note ({lang})"


@pytest.mark.parametrize("lang", LANGS)
def test_every_footnote_marker_of_the_seed_is_a_link_to_its_part(built_site, lang):
    markers = {ch for ch in SEED.read_text(encoding="utf-8") if ch in SUPERSCRIPTS}
    linked = {}
    for page in SECTION_PAGES:
        for a in article(built_site, lang, page).find_all("a", href=True):
            if a.get_text() in markers:
                linked[a.get_text()] = (page, a["href"])
    assert set(linked) == markers
    for marker, (page, href) in linked.items():
        path, _, anchor = href.partition("#")
        source = lang_root(built_site, lang) / built_path(page)
        target = (source.parent / path).resolve() if path else source
        target = target / "index.html" if target.is_dir() else target
        assert built_article(target).find(id=anchor) is not None, f"{marker} -> {href} does not resolve"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("page", SECTION_PAGES)
def test_every_page_of_the_section_opens_with_a_draft_warning(built_site, lang, page):
    heading = article(built_site, lang, page).find("h1")
    admonition = heading.find_next_sibling()
    assert admonition is not None and "warning" in admonition.get("class", []), f"{page} ({lang}) has no draft warning"
    assert admonition.select_one(".admonition-title").get_text(strip=True) == ("Brouillon" if lang == "fr" else "Draft")
