"""What the built site shows: every table of the data on a page in both languages, with every value; every open
question on its page and in the index; every condition with a stable anchor."""

from __future__ import annotations

from pathlib import Path

import pytest
from bs4 import BeautifulSoup

from codex.data.wiki_links import WikiTargets
from codex.i18n.localize import cell
from tests.built_html import parsed
from tests.conftest import LANGS, built_path, lang_root
from tests.project_data import project_dataset

DATASET = project_dataset()
TABLES = DATASET.by_id("table.schema.json")
QUESTIONS = DATASET.by_id("open-question.schema.json")

# The tables of seed 000 that issue 2 names, by data id.
SEED_000_TABLES = {
    "ability-bonus-skills",
    "ability-bonus-adnd",
    "strength-combat",
    "size-modifiers",
    "size-modifiers-split",
    "cover",
    "attacks-per-round",
    "fumbles",
    "materials",
    "standard-objects",
    "depth-pressure",
    "combat-speeds",
    "speed-modifiers",
    "jump-armour-penalty",
    "travel-speeds",
    "terrains",
    "travel-boosts",
}


def built_pages(site: Path, lang: str) -> dict[str, BeautifulSoup]:
    root = lang_root(site, lang)
    pages = {}
    for html in root.rglob("index.html"):
        if lang == "fr" and (root / "en") in html.parents:
            continue
        pages[html.relative_to(root).as_posix()] = parsed(html)
    return pages


@pytest.fixture(scope="module")
def pages(built_site):
    return {lang: built_pages(built_site, lang) for lang in LANGS}


def test_every_table_named_by_the_issue_is_in_data():
    assert SEED_000_TABLES <= set(TABLES)
    assert "conditions" in DATASET.by_id("conditions.schema.json")
    assert "action-kinds" in DATASET.by_id("action-kinds.schema.json")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("table_id", sorted(TABLES))
def test_every_value_of_every_table_is_shown(pages, lang, table_id):
    table = TABLES[table_id]
    shown = [soup.select_one(f'[data-table="{table_id}"]') for soup in pages[lang].values()]
    shown = [s for s in shown if s is not None]
    assert shown, f"table {table_id} is on no {lang} page"
    visible = [c for c in table["columns"] if not c.get("hidden")]
    rows = shown[0].select("tbody tr")
    assert len(rows) == len(table["rows"])
    for row, tr in zip(table["rows"], rows):
        cells = [td.get_text() for td in tr.find_all(["th", "td"])]
        words = WikiTargets(DATASET, lang, None).plain  # a wiki link shows its words
        assert cells == [words(cell(row[c["id"]], lang, c.get("format", "plain"))) for c in visible]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("question_id", sorted(QUESTIONS))
def test_every_open_question_is_on_its_page_and_in_the_index(pages, lang, question_id):
    question = QUESTIONS[question_id]
    page = pages[lang][built_path(question["page"])]
    assert page.find(id=question_id) is not None, f"{question_id} is not shown on {question['page']}"
    index = pages[lang]["open-questions/index.html"]
    assert index.select_one(f'a[href$="#{question_id}"]') is not None


@pytest.mark.parametrize("lang", LANGS)
def test_every_condition_has_its_anchor(pages, lang):
    page = pages[lang]["conditions/index.html"]
    for item in DATASET.by_id("conditions.schema.json")["conditions"]["items"]:
        heading = page.find(id=item["id"])
        assert heading is not None and heading.name == "h2"


@pytest.mark.parametrize("lang", LANGS)
def test_positioning_page_says_the_grid_figure_is_missing(pages, lang):
    text = pages[lang]["positioning/index.html"].select_one("article").get_text()
    assert ("figure" in text.lower()) and (
        ("absente" in text or "manque" in text)
        if lang == "fr"
        else "missing" in text.lower() or "not contain" in text.lower()
    )
