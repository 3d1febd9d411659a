"""What search engines and chat apps read: one sitemap at the site's root with every page of both languages and
their translations, a robots.txt that names it, and on each page a canonical address, a description taken from the
page in its language and an Open Graph card (title, description, address, type, locale, site name). Built with the
example public address (tests/conftest.py addressed_site) and without any (built_site)."""

from __future__ import annotations

import re
from types import SimpleNamespace
from xml.etree import ElementTree

import pytest
from bs4 import BeautifulSoup

from codex.adapter.plugin import CodexPlugin
from codex.publish.search_engines import robots_txt, sitemap_entries
from codex.render.page_meta import DESCRIPTION_LIMIT, ELLIPSIS, first_paragraph, open_graph, shorten
from tests.audit_pages import all_pages
from tests.conftest import EXAMPLE_SITE_URL, LANGS, built_path, lang_root
from tests.site_pages import page_path

SITEMAP_NS = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9", "xhtml": "http://www.w3.org/1999/xhtml"}
LOCALES = {"fr": "fr_FR", "en": "en_US"}
NBSP, NNBSP = "\u00a0", "\u202f"


def address(lang: str, page: str) -> str:
    """The public address of a page: 'en', 'fumbles.md' -> 'https://example.github.io/codex2bis/en/fumbles/'."""
    return EXAMPLE_SITE_URL + ("" if lang == "fr" else f"{lang}/") + page_path(page)


def soup_of(site, lang: str, page: str) -> BeautifulSoup:
    return BeautifulSoup((lang_root(site, lang) / built_path(page)).read_text(encoding="utf-8"), "html.parser")


def meta(soup: BeautifulSoup, **attrs: str) -> list[str]:
    return [tag["content"] for tag in soup.find_all("meta", attrs=attrs)]


def open_graph_of(soup: BeautifulSoup) -> dict[str, list[str]]:
    card: dict[str, list[str]] = {}
    for tag in soup.select('meta[property^="og:"]'):
        card.setdefault(tag["property"], []).append(tag["content"])
    return card


def folded(text: str) -> str:
    return re.sub(r"[ \t\r\n]+", " ", text).strip()


# -- the sitemap and robots.txt


def sitemap_urls(site) -> dict[str, dict[str, str]]:
    """loc -> {hreflang: href} of the site's sitemap."""
    root = ElementTree.parse(site / "sitemap.xml").getroot()
    return {
        url.findtext("s:loc", namespaces=SITEMAP_NS): {
            link.get("hreflang"): link.get("href") for link in url.findall("xhtml:link", SITEMAP_NS)
        }
        for url in root.findall("s:url", SITEMAP_NS)
    }


def test_the_sitemap_lists_every_page_of_both_languages_with_its_translations(addressed_site):
    """Every page of the docs, and the history's older pages the build makes (changes/1/…), in both languages."""
    urls = sitemap_urls(addressed_site)
    history = [f"changes/{p.parent.name}.md" for p in sorted((addressed_site / "changes").glob("*/index.html"))]
    pages = all_pages() + history
    expected = {address(lang, page) for lang in LANGS for page in pages}
    assert set(urls) == expected
    for page in pages:
        translations = {lang: address(lang, page) for lang in LANGS}
        for lang in LANGS:
            assert urls[address(lang, page)] == {**translations, "x-default": translations["fr"]}, page
    assert not (addressed_site / "en" / "sitemap.xml").exists(), "one sitemap, at the site's root"


def test_robots_txt_names_the_sitemap_by_its_absolute_address(addressed_site):
    lines = (addressed_site / "robots.txt").read_text(encoding="utf-8").splitlines()
    assert "User-agent: *" in lines and "Allow: /" in lines
    assert f"Sitemap: {EXAMPLE_SITE_URL}sitemap.xml" in lines


def test_without_a_public_address_the_sitemap_is_empty_and_robots_txt_names_none(built_site):
    assert sitemap_urls(built_site) == {}
    robots = (built_site / "robots.txt").read_text(encoding="utf-8")
    assert "Allow: /" in robots and "Sitemap:" not in robots


def test_sitemap_entries_give_each_language_of_each_page():
    folders = {"fr": "", "en": "en"}
    entries = sitemap_entries("https://h.example/r/", [("", "2025-01-01"), ("a/", None)], folders)
    assert [e.loc for e in entries] == [
        "https://h.example/r/",
        "https://h.example/r/en/",
        "https://h.example/r/a/",
        "https://h.example/r/en/a/",
    ]
    assert dict(entries[3].alternates) == {
        "fr": "https://h.example/r/a/",
        "en": "https://h.example/r/en/a/",
        "x-default": "https://h.example/r/a/",
    }
    assert entries[0].lastmod == "2025-01-01" and entries[3].lastmod is None
    assert sitemap_entries(None, [("", None)], folders) == []
    assert "Sitemap: https://h.example/r/sitemap.xml" in robots_txt("https://h.example/r")


# -- each page's head


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("page", all_pages())
def test_every_page_has_its_canonical_address_description_and_open_graph_card(addressed_site, lang, page):
    soup = soup_of(addressed_site, lang, page)
    url = address(lang, page)
    assert [link["href"] for link in soup.find_all("link", rel="canonical")] == [url]
    [description] = meta(soup, name="description")
    assert 0 < len(description) <= DESCRIPTION_LIMIT
    # taken from the page itself: its words open one of the page's paragraphs
    paragraphs = [folded(p.get_text()) for p in soup.select("article p")]
    assert any(text.startswith(description.removesuffix(ELLIPSIS)) for text in paragraphs), description
    title = soup.title.get_text().removesuffix(" - Codex 2bis")
    card = open_graph_of(soup)
    assert card["og:title"] == [title]
    assert card["og:description"] == [description]
    assert card["og:url"] == [url]
    assert card["og:type"] == ["website" if page == "index.md" else "article"]
    assert card["og:site_name"] == ["Codex 2bis"]
    assert card["og:locale"] == [LOCALES[lang]]
    assert card["og:locale:alternate"] == [LOCALES[other] for other in LANGS if other != lang]


@pytest.mark.parametrize("page", all_pages())
def test_each_language_describes_a_page_in_its_own_words(addressed_site, page):
    french, english = (meta(soup_of(addressed_site, lang, page), name="description")[0] for lang in LANGS)
    assert french != english


@pytest.mark.parametrize("lang", LANGS)
def test_a_rule_page_shares_as_its_heading_and_first_paragraph(addressed_site, lang):
    soup = soup_of(addressed_site, lang, "fumbles.md")
    card = open_graph_of(soup)
    heading = soup.select_one("article h1")
    heading.select_one(".headerlink").decompose()
    assert card["og:title"] == [folded(heading.get_text())]
    assert card["og:description"] == [folded(soup.select_one("article h1 + p").get_text())]


@pytest.mark.parametrize("lang", LANGS)
def test_without_a_public_address_pages_have_no_absolute_address_but_keep_their_card(built_site, lang):
    soup = soup_of(built_site, lang, "fumbles.md")
    assert not soup.find("link", rel="canonical") and not soup.find("meta", property="og:url")
    assert meta(soup, name="description") and open_graph_of(soup)["og:title"]


@pytest.mark.parametrize("lang", LANGS)
def test_the_404_page_is_not_indexed_and_has_no_address(addressed_site, lang):
    soup = BeautifulSoup((lang_root(addressed_site, lang) / "404.html").read_text(encoding="utf-8"), "html.parser")
    assert meta(soup, name="robots") == ["noindex"]
    assert not soup.find("link", rel="canonical") and not soup.find("meta", property="og:url")
    assert soup.title.get_text() == ("Page introuvable" if lang == "fr" else "Page not found") + " - Codex 2bis"


# -- the description and the card, unit by unit


def test_shorten_keeps_whole_words_within_the_limit():
    text = "word " * 50
    short = shorten(text.strip())
    assert len(short) <= DESCRIPTION_LIMIT and short.endswith("word" + ELLIPSIS)
    assert shorten("short enough") == "short enough"
    assert shorten("x" * 200, 20) == "x" * 19 + ELLIPSIS


def test_the_first_paragraph_is_the_prose_not_a_title_or_a_source_line():
    html = (
        '<div class="admonition"><p class="admonition-title">Note</p></div>'
        '<p class="codex-source">Source : X</p><p></p>'
        f"<p>Un <abbr title='x'>PJ</abbr>\n  agit{NNBSP}; il frappe{NBSP}!</p><p>Second.</p>"
    )
    assert first_paragraph(html) == f"Un PJ agit{NNBSP}; il frappe{NBSP}!"  # French no-break spaces are kept
    assert first_paragraph("<h1>Only a title</h1>") == ""
    status = '<div class="admonition info"><p class="admonition-title">Status</p><p>Written.</p></div>'
    assert first_paragraph(status + "<p>Each action costs IP.</p>") == "Each action costs IP."
    assert first_paragraph(status) == "Written."  # a page with no other paragraph


def test_a_description_in_the_front_matter_wins():
    plugin = CodexPlugin()
    page = SimpleNamespace(meta={"description": "Written by hand."})
    plugin.on_page_content("<p>First paragraph.</p>", page=page)
    assert page.meta["description"] == "Written by hand."
    page = SimpleNamespace(meta={})
    plugin.on_page_content("<p>First paragraph.</p>", page=page)
    assert page.meta["description"] == "First paragraph."


def test_the_card_has_no_address_without_one():
    card = dict(
        open_graph(
            title="T", description="", url=None, is_home=True, lang="fr", site_languages=["fr", "en"], site_name="S"
        )
    )
    assert "og:url" not in card and "og:description" not in card
    assert card["og:type"] == "website" and card["og:locale"] == "fr_FR" and card["og:locale:alternate"] == "en_US"
