"""Paper: pages print in Chromium (print media, A4) with no site chrome, no calculator form, no blank last sheet and
no sheet left nearly empty by a badly placed break; short tables stay on one sheet; external links show their
address; the GM screen fits three landscape sheets; the dark scheme prints dark on white; tests/print_pdf.py makes
the rulebook's PDF.

The chrome and the forms are a page kind's template: one page of each kind is printed (tests/audit_pages.py), in
both languages. Breaks depend on each page's content: the rulebook holds every rules page as a chapter that starts
on a new sheet, with the same print styles, so its PDF in each language stands for every rules page."""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from pypdf import PdfReader

from tests.audit_pages import sample_urls, url_path
from tests.built_html import article
from tests.conftest import LANGS, ROOT, lang_root
from tests.pdf_text import pages_text

pytestmark = pytest.mark.browser  # every test here prints with Chromium (the rulebook through tests/print_pdf.py)

# What only the site's chrome says (header, search, palette toggle, footer), per language.
CHROME_WORDS = {
    "fr": ["Rechercher", "Mode sombre", "Précédent", "Suivant", "Retour en haut de la page"],
    "en": ["Search", "Dark mode", "Previous", "Next", "Back to top"],
}
# A sheet followed by another holds at least this much text: less means a hole left by a badly placed break.
MIN_CHARS_PER_SHEET = 400
GM_SCREEN_MAX_SHEETS = 3
PRINTED_KINDS = [(kind, lang, path) for kind, lang, path in sample_urls() if kind != "rulebook"]

SCREEN_TEXTS_JS = """() => ({
    article: document.querySelector('article').innerText,
    nav: [...document.querySelectorAll('.md-nav--primary .md-nav__item--section > .md-nav__link, .md-nav--primary > .md-nav__title')]
         .map(e => e.innerText.trim()).filter(Boolean),
    legends: [...document.querySelectorAll('form.codex-calculator legend')].map(e => e.innerText.trim()),
    captions: [...document.querySelectorAll('article caption')].map(e => e.innerText.trim()),
    outside_forms: (() => { const c = document.querySelector('article').cloneNode(true);
                            c.querySelectorAll('form').forEach(f => f.remove()); return c.textContent; })(),
})"""


def squash(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def pdf_text_by_sheet(path: Path) -> list[str]:
    return [squash(text) for text in pages_text(path)]


@dataclass
class Printed:
    pdf: Path
    sheets: list[str]  # each sheet's text, spaces squashed
    screen: dict = field(default_factory=dict)  # what the page shows on screen (SCREEN_TEXTS_JS)


@pytest.fixture(scope="module")
def printed(browser, site_url, tmp_path_factory):
    """page path -> Printed: each page printed once for all the tests of this module, one after another in one tab
    (a tab per page would start a renderer process per page)."""
    folder = tmp_path_factory.mktemp("print")
    done: dict[str, Printed] = {}
    context = browser.new_context(service_workers="block")  # it would fetch the whole site for each page
    page = context.new_page()

    def run(page_path: str) -> Printed:
        if page_path not in done:
            out = folder / f"{page_path.strip('/').replace('/', '_') or 'home'}.pdf"
            page.emulate_media(media="screen")
            assert page.goto(site_url + page_path).ok, page_path
            screen = page.evaluate(SCREEN_TEXTS_JS)
            page.emulate_media(media="print")
            page.pdf(path=str(out), format="A4", prefer_css_page_size=True)
            done[page_path] = Printed(out, pdf_text_by_sheet(out), screen)
        return done[page_path]

    yield run
    context.close()


@pytest.fixture(scope="module")
def rulebooks(built_site, tmp_path_factory) -> dict[str, Printed]:
    """Each language's rulebook printed by the command a contributor runs (tests/print_pdf.py)."""
    folder = tmp_path_factory.mktemp("rulebooks")
    books = {}
    for lang in LANGS:
        out = folder / f"rulebook-{lang}.pdf"
        page_path = url_path("rulebook.md", lang).lstrip("/")
        command = [sys.executable, "tests/print_pdf.py", str(built_site), page_path, str(out)]
        result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=300)
        assert result.returncode == 0, result.stderr[-2000:]
        books[lang] = Printed(out, pdf_text_by_sheet(out))
    return books


def short_sheets(sheets: list[str], captions: list[str], openings: Sequence[str] = ()) -> list[str]:
    """Each sheet but the last that holds less than MIN_CHARS_PER_SHEET characters, unless the next sheet opens with
    a table that moved there whole (a table that fits on a sheet is not cut, by design; its heading goes with it) or
    with one of `openings` (a rulebook chapter starts on a new sheet)."""
    problems = []
    for number, sheet in enumerate(sheets[:-1], start=1):
        following = sheets[number]
        table_moved = any(squash(c) in following[:200] for c in captions if c)
        opens = any(following.startswith(squash(o)) for o in openings if o)
        if len(sheet) < MIN_CHARS_PER_SHEET and not table_moved and not opens:
            problems.append(f"sheet {number} of {len(sheets)} holds only {len(sheet)} characters")
    return problems


@pytest.mark.parametrize("kind, lang, page_path", PRINTED_KINDS)
def test_a_page_of_each_kind_prints_without_chrome_forms_or_wasted_sheets(printed, kind, lang, page_path):
    """What the screen shows around the article (nav titles, search, footer, toggles) and the calculator forms are
    not on paper; no sheet but the last is nearly empty, and the last is not blank."""
    result = printed(page_path)
    sheets, screen = result.sheets, result.screen
    text = " ".join(sheets)
    article_text = squash(screen["article"])
    problems = [
        f"the print shows '{word}', which only the site's chrome says"
        for word in CHROME_WORDS[lang] + screen["nav"]
        if squash(word) and squash(word) not in article_text and squash(word) in text
    ]
    problems += [
        f"the calculator form '{legend}' prints"
        for legend in screen["legends"]
        if legend in text and squash(legend) not in squash(screen["outside_forms"])
    ]
    if not sheets[-1]:
        problems.append(f"blank last sheet ({len(sheets)} sheets)")
    problems += short_sheets(sheets, screen["captions"])
    assert problems == [], f"{page_path}:\n" + "\n".join(problems)


@pytest.mark.parametrize(
    "lang, title, contents, a_caption",
    [
        ("fr", "Livre de règles", "Table des matières", "Effets des fumbles"),
        ("en", "Rulebook", "Contents", "Fumble effects"),
    ],
)
def test_the_print_command_makes_the_rulebook_pdf(rulebooks, lang, title, contents, a_caption):
    sheets = rulebooks[lang].sheets
    assert title in sheets[0] and contents in sheets[0]
    assert len(sheets) > 10
    assert a_caption in " ".join(sheets[:30])


@pytest.mark.parametrize("lang", LANGS)
def test_every_rules_page_prints_without_wasted_sheets_in_the_rulebook(built_site, rulebooks, lang):
    """A chapter's last sheet may be short (the next chapter starts a new sheet); no other sheet may be nearly empty,
    and the last is not blank."""
    book = article(lang_root(built_site, lang) / "rulebook" / "index.html")
    titles = [c.find(["h1", "h2"]).get_text().rstrip("¶") for c in book.select("section.codex-rulebook-chapter")]
    captions = [c.get_text() for c in book.select("caption")]
    sheets = rulebooks[lang].sheets
    assert sheets[-1], "blank last sheet"
    assert short_sheets(sheets, captions, titles) == []


@pytest.mark.parametrize(
    "page_path, caption, last_row",
    [
        ("/size-and-cover/", "Modificateurs de couverture (cover)", "50 % de chances de rater"),
        ("/en/size-and-cover/", "Cover modifiers", "50% miss chance"),
        ("/en/attacks-and-manoeuvres/", "Attacks per round", "18 23"),
    ],
)
def test_a_short_table_is_not_split_across_sheets(printed, page_path, caption, last_row):
    sheets = printed(page_path).sheets
    holding = [i for i, text in enumerate(sheets) if caption in text]
    assert holding, f"caption '{caption}' not printed"
    assert any(last_row in sheets[i] for i in holding), f"'{caption}' and its last row are on different sheets"


@pytest.mark.parametrize("lang", LANGS)
def test_calculators_print_their_reference_tables(printed, lang):
    text = " ".join(printed(url_path("tools.md", lang)).sheets)
    assert ("DC de saut selon la distance" in text) or ("Jump DC by distance" in text)
    assert "Chargement du calculateur" not in text and "Loading the calculator" not in text


@pytest.mark.parametrize("lang", LANGS)
def test_external_links_print_their_address(printed, lang):
    text = " ".join(printed(url_path("data.md", lang)).sheets)
    assert "(https://www.rfc-editor.org/rfc/rfc4180)" in text.replace(" ", "")
    # Internal links (the download files) print as plain words.
    assert "downloads/cover.json)" not in text


@pytest.mark.parametrize("lang", LANGS)
def test_gm_screen_prints_landscape_on_at_most_three_sheets(printed, lang):
    screen = printed(url_path("gm-screen.md", lang))
    pages = PdfReader(str(screen.pdf)).pages
    assert 1 <= len(pages) <= GM_SCREEN_MAX_SHEETS
    assert all(float(p.mediabox.width) > float(p.mediabox.height) for p in pages), "not landscape"
    assert all(screen.sheets), "a blank sheet"


def test_other_pages_print_portrait(printed):
    pdf = printed("/size-and-cover/").pdf
    assert all(float(p.mediabox.width) < float(p.mediabox.height) for p in PdfReader(str(pdf)).pages)


def test_dark_scheme_prints_dark_text_on_white(browser, site_url):
    context = browser.new_context(color_scheme="dark")
    page = context.new_page()
    page.goto(site_url + "/size-and-cover/")
    assert page.evaluate("document.body.getAttribute('data-md-color-scheme')") == "slate"
    page.emulate_media(media="print")
    color = page.evaluate("getComputedStyle(document.querySelector('.codex-table td')).color")
    context.close()
    channels = [int(c) for c in re.findall(r"\d+", color)[:3]]
    assert max(channels) < 100, f"table text prints as {color}"


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_paper_shows_no_tooltip_underline_and_no_link_colour(browser, site_url, lang):
    """The browser's print of a single page: a glossary term is not underlined (no tooltip opens on paper) and a link
    has the text's colour (its underline says it is a link)."""
    page = browser.new_page()
    page.goto(site_url + ("/" if lang == "fr" else "/en/") + "fumbles/")
    page.emulate_media(media="print")
    looks = page.evaluate(
        """() => {
          const abbr = document.querySelector('article abbr');
          const link = document.querySelector('article p a[href]');
          const text = getComputedStyle(link.closest('p')).color;
          const a = getComputedStyle(abbr), l = getComputedStyle(link);
          return {abbr: [a.textDecorationLine, a.borderBottomStyle], link: l.color === text};
        }"""
    )
    page.close()
    assert looks == {"abbr": ["none", "none"], "link": True}, looks
