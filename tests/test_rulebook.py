"""The printable rulebook and the GM screen: one page per language holding every rules page in navigation order
behind a table of contents whose links all land; no calculator form, no duplicate id; tests/print_pdf.py makes a PDF
of it. The GM screen holds every table it promises."""

from __future__ import annotations

import subprocess
import sys
from collections import Counter

import pytest
from bs4 import BeautifulSoup
from pypdf import PdfReader

from codex.publish.rulebook import NOT_RULES
from codex.render.gm_screen import gm_screen_tables
from tests.conftest import ROOT, lang_root
from tests.site_pages import nav_files


def soup(path) -> BeautifulSoup:
    return BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_rulebook_holds_every_rules_page_in_nav_order(built_site, lang):
    page = soup(lang_root(built_site, lang) / "rulebook" / "index.html")
    book = page.select_one('.codex-rulebook[data-rulebook="assembled"]')
    assert book is not None, "the rulebook was not assembled"
    chapters = [c["data-page"] for c in book.select("section.codex-rulebook-chapter")]
    assert chapters == [p for p in nav_files(lang) if p not in NOT_RULES]
    assert book.select("form") == []
    # Every chapter keeps its tables (the fumbles chapter its fumble table, for one).
    assert book.select('#fumbles [data-table="fumbles"], [id$="--table-fumbles"]')


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_rulebook_contents_and_links_land_inside_it(built_site, lang):
    page = soup(lang_root(built_site, lang) / "rulebook" / "index.html")
    ids = Counter(tag["id"] for tag in page.select("[id]"))
    assert [i for i, n in ids.items() if n > 1] == []
    toc = page.select(".codex-rulebook-toc a")
    assert len(toc) > 20
    for link in page.select('article a[href^="#"]'):
        target = link["href"][1:]
        assert not target or target in ids, f"link to missing anchor #{target}"


def test_print_pdf_command_makes_the_rulebook_pdf(built_site, tmp_path):
    out = tmp_path / "rulebook-en.pdf"
    result = subprocess.run(
        [sys.executable, "tests/print_pdf.py", str(built_site), "en/rulebook/", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    reader = PdfReader(str(out))
    first = reader.pages[0].extract_text()
    assert "Rulebook" in first and "Contents" in first
    assert len(reader.pages) > 10
    text = " ".join(p.extract_text() for p in reader.pages[:30])
    assert "Fumble effects" in text


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_gm_screen_shows_its_tables_from_data(built_site, lang):
    page = soup(lang_root(built_site, lang) / "gm-screen" / "index.html")
    screen = page.select_one(".codex-gm-screen")
    shown = {t["data-table"] for t in screen.select("[data-table]")}
    assert set(gm_screen_tables()) <= shown
    assert screen.select('[data-reference="jump"]') and screen.select('[data-reference="breath"]')
    assert len(screen.select(".codex-gm-conditions dt")) >= 10
    assert len(screen.select(".codex-gm-panel")) == 8
