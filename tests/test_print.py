"""Paper: every page prints in Chromium (print media, A4) with no site chrome, no calculator form, no blank last
sheet; short tables stay on one sheet; external links show their address; the GM screen fits three landscape sheets;
the dark scheme prints dark on white."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from tests.print_pdf import print_page
from tests.site_pages import site_pages

# What only the site's chrome says (header, search, palette toggle, footer), per language.
CHROME_WORDS = {
    "fr": ["Rechercher", "Mode sombre", "Précédent", "Suivant", "Retour en haut de la page"],
    "en": ["Search", "Dark mode", "Previous", "Next", "Back to top"],
}
# A sheet followed by another holds at least this much text: less means a hole left by a badly placed break.
MIN_CHARS_PER_SHEET = 400
GM_SCREEN_MAX_SHEETS = 3


def squash(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def pdf_text_by_sheet(path: Path) -> list[str]:
    return [squash(sheet.extract_text() or "") for sheet in PdfReader(str(path)).pages]


@pytest.fixture
def printed(browser, site_url, tmp_path):
    """page path -> (PDF path, list of sheet texts)."""

    def run(page_path: str, color_scheme: str = "light"):
        out = tmp_path / (page_path.strip("/").replace("/", "_") or "home")
        out = out.with_suffix(f".{color_scheme}.pdf")
        print_page(browser, site_url, page_path, out, color_scheme)
        return out, pdf_text_by_sheet(out)

    return run


SCREEN_TEXTS_JS = """() => ({
    article: document.querySelector('article').innerText,
    nav: [...document.querySelectorAll('.md-nav--primary .md-nav__item--section > .md-nav__link, .md-nav--primary > .md-nav__title')]
         .map(e => e.innerText.trim()).filter(Boolean),
    legends: [...document.querySelectorAll('form.codex-calculator legend')].map(e => e.innerText.trim()),
    captions: [...document.querySelectorAll('article caption')].map(e => e.innerText.trim()),
    outside_forms: (() => { const c = document.querySelector('article').cloneNode(true);
                            c.querySelectorAll('form').forEach(f => f.remove()); return c.textContent; })(),
})"""


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_page_prints_without_chrome_or_wasted_sheets(built_site, browser, site_url, tmp_path, lang):
    """Each page: what the screen shows around the article (nav titles, search, footer, toggles) and the calculator
    forms are not on paper; no sheet but the last is nearly empty, unless a whole table moved to the next one (a
    table that fits on a sheet is not cut), and the last is not blank. The rulebook, long by design, has its own tests."""
    context = browser.new_context()
    page = context.new_page()
    problems = []
    for page_path in (p for p in site_pages(lang) if not p.endswith("rulebook/")):
        page.emulate_media(media="screen")
        page.goto(site_url + page_path)
        on_screen = page.evaluate(SCREEN_TEXTS_JS)
        page.emulate_media(media="print")
        out = tmp_path / f"{lang}-{page_path.strip('/').replace('/', '_') or 'home'}.pdf"
        page.pdf(path=str(out), format="A4", prefer_css_page_size=True)
        sheets = pdf_text_by_sheet(out)
        text = " ".join(sheets)
        article = squash(on_screen["article"])
        for word in CHROME_WORDS[lang] + on_screen["nav"]:
            if squash(word) and squash(word) not in article and squash(word) in text:
                problems.append(f"{page_path}: the print shows '{word}', which only the site's chrome says")
        for legend in on_screen["legends"]:
            if legend in text and squash(legend) not in squash(on_screen["outside_forms"]):
                problems.append(f"{page_path}: the calculator form '{legend}' prints")
        if not sheets[-1]:
            problems.append(f"{page_path}: blank last sheet ({len(sheets)} sheets)")
        for number, sheet in enumerate(sheets[:-1], start=1):
            # A table that fits on one sheet moves whole to the next one (by design): that may leave a short sheet.
            # (its heading goes with it).
            table_moved = any(squash(c) in sheets[number][:200] for c in on_screen["captions"] if c)
            if len(sheet) < MIN_CHARS_PER_SHEET and not table_moved:
                problems.append(f"{page_path}: sheet {number} of {len(sheets)} holds only {len(sheet)} characters")
    context.close()
    assert problems == [], "\n".join(problems)


@pytest.mark.parametrize(
    "page_path, caption, last_row",
    [
        ("/size-and-cover/", "Modificateurs de couverture (cover)", "50 % de chances de rater"),
        ("/en/size-and-cover/", "Cover modifiers", "50% miss chance"),
        ("/en/attacks-and-manoeuvres/", "Attacks per round", "18 23"),
    ],
)
def test_a_short_table_is_not_split_across_sheets(built_site, printed, page_path, caption, last_row):
    _, sheets = printed(page_path)
    holding = [i for i, text in enumerate(sheets) if caption in text]
    assert holding, f"caption '{caption}' not printed"
    assert any(last_row in sheets[i] for i in holding), f"'{caption}' and its last row are on different sheets"


@pytest.mark.parametrize("page_path", ["/tools/", "/en/tools/"])
def test_calculators_print_their_reference_tables(built_site, printed, page_path):
    _, sheets = printed(page_path)
    text = " ".join(sheets)
    assert ("DC de saut selon la distance" in text) or ("Jump DC by distance" in text)
    assert "Chargement du calculateur" not in text and "Loading the calculator" not in text


@pytest.mark.parametrize("page_path", ["/data/", "/en/data/"])
def test_external_links_print_their_address(built_site, printed, page_path):
    _, sheets = printed(page_path)
    assert "(https://www.rfc-editor.org/rfc/rfc4180)" in " ".join(sheets).replace(" ", "")
    # Internal links (the download files) print as plain words.
    assert "downloads/cover.json)" not in " ".join(sheets)


@pytest.mark.parametrize("page_path", ["/gm-screen/", "/en/gm-screen/"])
def test_gm_screen_prints_landscape_on_at_most_three_sheets(built_site, printed, page_path):
    pdf, sheets = printed(page_path)
    pages = PdfReader(str(pdf)).pages
    assert 1 <= len(pages) <= GM_SCREEN_MAX_SHEETS
    assert all(float(p.mediabox.width) > float(p.mediabox.height) for p in pages), "not landscape"
    assert all(sheets), "a blank sheet"


def test_other_pages_print_portrait(built_site, printed):
    pdf, _ = printed("/fumbles/")
    assert all(float(p.mediabox.width) < float(p.mediabox.height) for p in PdfReader(str(pdf)).pages)


def test_dark_scheme_prints_dark_text_on_white(built_site, browser, site_url):
    context = browser.new_context(color_scheme="dark")
    page = context.new_page()
    page.goto(site_url + "/size-and-cover/")
    assert page.evaluate("document.body.getAttribute('data-md-color-scheme')") == "slate"
    page.emulate_media(media="print")
    color = page.evaluate("getComputedStyle(document.querySelector('.codex-table td')).color")
    context.close()
    channels = [int(c) for c in re.findall(r"\d+", color)[:3]]
    assert max(channels) < 100, f"table text prints as {color}"
