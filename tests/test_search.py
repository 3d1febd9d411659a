"""Search in a real Chromium: accent-free queries find what the accented word finds, a plural finds the page of the
singular, a term of the other language finds its glossary entry, and results stay in the page's language."""

from __future__ import annotations

import json

import pytest

from tests.conftest import LANGS, lang_root


def search(page, site_url: str, prefix: str, query: str) -> tuple[str, set[str]]:
    """Type `query` in the search box of the home page of `prefix`; return the result count line and the set of
    result paths (with their #section) that the theme lists."""
    page.goto(site_url + prefix, wait_until="networkidle")  # the search index and its worker are loaded
    page.locator("label.md-search__icon, .md-search__input").first.click()
    page.locator(".md-search__input").press_sequentially(query, delay=20)
    page.locator(".md-search-result__item a").first.wait_for(timeout=15000)
    meta = page.locator(".md-search-result__meta").inner_text()
    hrefs = page.locator(".md-search-result__item a").evaluate_all(
        "links => links.map(a => new URL(a.href).pathname + new URL(a.href).hash)"
    )
    return meta, set(hrefs)


def pages_of(paths: set[str]) -> set[str]:
    return {p.split("#")[0] for p in paths}


@pytest.mark.parametrize(
    "prefix, bare, accented",
    [
        ("/", "etourdi", "étourdi"),
        ("/", "desengagement", "désengagement"),
        ("/", "epee", "épée"),
        ("/en/", "desengagement", "désengagement"),
        ("/en/", "depourvu", "dépourvu"),
    ],
)
def test_a_query_without_accents_finds_the_same_pages(page, site_url, prefix, bare, accented):
    accented_meta, accented_hits = search(page, site_url, prefix, accented)
    bare_meta, bare_hits = search(page, site_url, prefix, bare)
    assert bare_meta == accented_meta
    assert pages_of(bare_hits) == pages_of(accented_hits)


@pytest.mark.parametrize(
    "prefix, query, entry",
    [
        ("/", "attack of opportunity", "/glossary/#attack-of-opportunity"),
        ("/", "flat-footed", "/glossary/#flat-footed"),
        ("/en/", "pris au dépourvu", "/en/glossary/#flat-footed"),
        ("/en/", "croc-en-jambe", "/en/glossary/#trip"),
    ],
)
def test_a_term_of_the_other_language_finds_its_glossary_entry(page, site_url, prefix, query, entry):
    _, hits = search(page, site_url, prefix, query)
    assert entry in hits, sorted(hits)


@pytest.mark.parametrize(
    "prefix, plural, page_of_singular",
    [
        ("/", "chevaliers", "/initiative-points/manoeuvres/"),
        ("/en/", "knights", "/en/initiative-points/manoeuvres/"),
    ],
)
def test_a_plural_finds_the_page_of_the_singular(page, site_url, prefix, plural, page_of_singular):
    _, hits = search(page, site_url, prefix, plural)
    assert page_of_singular in pages_of(hits), sorted(hits)


@pytest.mark.parametrize(
    "prefix, queries",
    [
        ("/", ["etourdi", "attack of opportunity", "desengagement", "chevaliers"]),
        ("/en/", ["desengagement", "pris au dépourvu", "knights", "attack of opportunity"]),
    ],
)
def test_results_stay_in_the_language_of_the_page(page, site_url, prefix, queries):
    for query in queries:
        _, hits = search(page, site_url, prefix, query)
        assert hits
        if prefix == "/en/":
            assert all(p.startswith("/en/") for p in hits), (query, sorted(hits))
        else:
            assert not any(p.startswith("/en/") for p in hits), (query, sorted(hits))


@pytest.mark.parametrize("lang", LANGS)
def test_the_search_index_declares_the_accent_free_fields(built_site, lang):
    """The theme's search worker indexes only the fields that config.fields names."""
    index = json.loads((lang_root(built_site, lang) / "search" / "search_index.json").read_text(encoding="utf-8"))
    assert {"folded", "folded_title"} <= set(index["config"]["fields"])
    assert all("folded" in doc for doc in index["docs"])
