"""The initiative-point combat draft (seed 003) as a section of the site: its pages are in the nav of both languages
(tests/test_translation_structure.py checks that each has the same anchors in both), its worked examples sit in
example admonitions, the author's corrections keep the superseded text as a collapsible earlier version, its tables
are on its pages, and the time-ruler page carries the calculator."""

from __future__ import annotations

import pytest
from bs4 import BeautifulSoup

from tests.built_html import parsed
from tests.conftest import LANGS, ROOT, lang_root
from tests.project_data import project_dataset

SECTION = "initiative-points"
PAGES = ("index", "initiative", "time-ruler", "actions", "advantage-points", "attack-and-parry", "ranges", "manoeuvres")
SEED = "003_c731bc9041012e2b.txt"

# Each worked example of the seed, by the page that shows it and a name it mentions.
EXAMPLES = {
    "initiative": ["Reivax"],
    "time-ruler": ["Krom", "Brugor"],
    "actions": ["Birimor", "Legalos", "Fandalg"],
    "advantage-points": ["Amadeus", "Vic Tim"],
    "manoeuvres": ["Shlag Vuk", "Gol Barg"],
}
EARLIER_VERSION = {"fr": "Version antérieure (remplacée)", "en": "Earlier version (superseded)"}


def soup_of(site, lang: str, page: str) -> BeautifulSoup:
    return parsed(lang_root(site, lang) / SECTION / ("" if page == "index" else page) / "index.html")


@pytest.mark.parametrize("config", ["mkdocs.yml", "mkdocs.en.yml"])
def test_every_page_of_the_section_is_in_the_nav(config):
    nav = (ROOT / config).read_text(encoding="utf-8").split("\nnav:\n", 1)[1]
    for page in PAGES:
        assert f"- {SECTION}/{page}.md" in nav, f"{page} missing from the nav of {config}"


@pytest.mark.parametrize("page", PAGES)
def test_every_heading_has_an_anchor(built_site, page):
    """In French; the English page has the same anchors (tests/test_translation_structure.py)."""
    headings = soup_of(built_site, "fr", page).select("article h1, article h2, article h3")
    assert headings and all(h.get("id") for h in headings)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("page", sorted(EXAMPLES))
def test_worked_examples_are_set_apart_as_examples(built_site, lang, page):
    boxes = " ".join(box.get_text(" ") for box in soup_of(built_site, lang, page).select(".admonition.example"))
    for name in EXAMPLES[page]:
        assert name in boxes, f"the {name} example is not in an example box on {lang} {page}"


@pytest.mark.parametrize("lang", LANGS)
def test_the_author_corrections_keep_the_earlier_version(built_site, lang):
    soup = soup_of(built_site, lang, "initiative")
    summaries = [s.get_text(strip=True) for s in soup.select("details.note > summary")]
    assert summaries.count(EARLIER_VERSION[lang]) == 2


@pytest.mark.parametrize("lang", LANGS)
def test_every_table_of_the_seed_is_on_a_page_of_the_section(built_site, lang):
    tables = project_dataset().by_id("table.schema.json")
    ids = sorted(t for t, table in tables.items() if table["source"]["seed"] == SEED)
    assert {"ip-action-costs", "ip-trip-duel-modifiers"} <= set(ids)
    shown = set()
    for page in PAGES:
        shown |= {el["data-table"] for el in soup_of(built_site, lang, page).select("[data-table]")}
    assert set(ids) <= shown


@pytest.mark.parametrize("lang", LANGS)
def test_the_time_ruler_page_carries_the_calculator(built_site, lang):
    soup = soup_of(built_site, lang, "time-ruler")
    assert soup.select_one('[data-calculator="initiative-points"]') is not None
