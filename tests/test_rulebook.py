"""The printable rulebook and the GM screen: one page per language holding every rules page in navigation order
behind a table of contents whose links all land; no calculator form, no duplicate id (tests/test_print.py prints
it). The GM screen holds every table it promises."""

from __future__ import annotations

from collections import Counter

import pytest

from codex.adapter.plugin import codex_options
from codex.render.gm_screen import GM_SCREEN_SCHEMA, gm_screen_tables
from tests.built_html import parsed
from tests.conftest import LANGS, ROOT, lang_root
from tests.project_data import project_dataset
from tests.site_pages import CONFIGS, nav_files

HEADING_TAGS = ["h2", "h3", "h4", "h5", "h6"]


@pytest.mark.parametrize("lang", LANGS)
def test_rulebook_holds_every_rules_page_in_nav_order(built_site, lang):
    page = parsed(lang_root(built_site, lang) / "rulebook" / "index.html")
    book = page.select_one('.codex-rulebook[data-rulebook="assembled"]')
    assert book is not None, "the rulebook was not assembled"
    chapters = [c["data-page"] for c in book.select("section.codex-rulebook-chapter")]
    rulebook = codex_options(ROOT / CONFIGS[lang]).rulebook
    assert chapters == [p for p in nav_files(lang) if p not in [rulebook.page, *rulebook.skip]]
    assert book.select("form") == []
    # Every chapter keeps its tables (the fumbles chapter its fumble table, for one).
    assert book.select('#fumbles [data-table="fumbles"], [id$="--table-fumbles"]')


@pytest.mark.parametrize("lang", LANGS)
def test_rulebook_contents_and_links_land_inside_it(built_site, lang):
    page = parsed(lang_root(built_site, lang) / "rulebook" / "index.html")
    ids = Counter(tag["id"] for tag in page.select("[id]"))
    assert [i for i, n in ids.items() if n > 1] == []
    toc = page.select(".codex-rulebook-toc a")
    assert len(toc) > 20
    for link in page.select('article a[href^="#"]'):
        target = link["href"][1:]
        assert not target or target in ids, f"link to missing anchor #{target}"


@pytest.mark.parametrize("lang", LANGS)
def test_gm_screen_shows_its_tables_from_data(built_site, lang):
    page = parsed(lang_root(built_site, lang) / "gm-screen" / "index.html")
    screen = page.select_one(".codex-gm-screen")
    shown = {t["data-table"] for t in screen.select("[data-table]")}
    assert set(gm_screen_tables(project_dataset().by_id(GM_SCREEN_SCHEMA)["gm-screen"])) <= shown
    assert screen.select('[data-reference="jump"]') and screen.select('[data-reference="breath"]')
    assert len(screen.select(".codex-gm-conditions dt")) >= 10
    assert len(screen.select(".codex-gm-panel")) == 8


@pytest.mark.parametrize("lang", LANGS)
def test_a_link_into_the_last_chapter_lands_on_its_heading(built_site, site_url, page, lang):
    """On screen the chapters render lazily (content-visibility: auto, docs/overrides/assets/codex.css), each counted
    at an estimated height until it nears the view: a link to a heading deep in the last chapter still lands on it,
    and stays there once the page has settled."""
    book = parsed(lang_root(built_site, lang) / "rulebook" / "index.html")
    last = book.select("section.codex-rulebook-chapter")[-1]
    anchor = last.find_all(HEADING_TAGS, id=True)[-1]["id"]
    page.goto(f"{site_url}{'/' if lang == 'fr' else '/en/'}rulebook/#{anchor}")
    heading = page.locator(f'[id="{anchor}"]')
    assert page.evaluate("getComputedStyle(document.querySelector('.codex-rulebook-chapter')).contentVisibility") == (
        "auto"
    )
    page.wait_for_load_state("load")
    page.wait_for_timeout(1000)  # fonts, the theme's scripts and the chapters rendered on the way have settled
    box = heading.bounding_box()
    viewport = page.viewport_size
    assert box is not None and 0 <= box["y"] and box["y"] + box["height"] <= viewport["height"], box
