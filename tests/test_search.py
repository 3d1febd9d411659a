"""Search in a real Chromium: accent-free queries find what the accented word finds, a plural finds the page of the
singular, a word after an elision is found and highlighted however its apostrophe is typed, a term of the other
language finds its glossary entry, a term only a table holds finds its page, and results stay in the page's
language."""

from __future__ import annotations

import json
from typing import NamedTuple
from urllib.parse import parse_qs, urlsplit

import pytest

from tests.conftest import LANGS, lang_root


class Results(NamedTuple):
    meta: str  # the result count line
    hits: set[str]  # the result paths with their #section
    marked: set[str]  # the words the results highlight


@pytest.fixture(scope="module")
def search(browser, searchable_site_url):
    """(prefix, query) -> the Results as the theme lists them; `search.pages[prefix]`, the page of the search box.

    One search box per language's home page, opened once: loading a page builds the search index in the theme's
    worker, the slow part. Before each query the box is emptied (the theme then clears its results); the query is
    typed whole, then one key is released, so the theme runs this query alone."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, service_workers="block")
    pages = {}

    def run(prefix: str, query: str) -> Results:
        if prefix not in pages:
            pages[prefix] = context.new_page()
            # the whole index loaded and its worker ready
            pages[prefix].goto(searchable_site_url + prefix, wait_until="networkidle")
            pages[prefix].locator("label.md-search__icon, .md-search__input").first.click()
        page = pages[prefix]
        box = page.locator(".md-search__input")
        box.fill("")
        box.press("End")
        page.wait_for_function("() => !document.querySelector('.md-search-result__item')")
        box.fill(query)
        box.press("End")
        page.locator(".md-search-result__item a").first.wait_for(timeout=15000)
        meta = page.locator(".md-search-result__meta").inner_text()
        hrefs = page.locator(".md-search-result__item a").evaluate_all(
            "links => links.map(a => new URL(a.href).pathname + new URL(a.href).hash)"
        )
        marked = page.locator(".md-search-result mark").all_inner_texts()
        return Results(meta, set(hrefs), {word.lower() for word in marked})

    run.pages = pages
    yield run
    context.close()


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
def test_a_query_without_accents_finds_the_same_pages(search, prefix, bare, accented):
    accented_meta, accented_hits, _ = search(prefix, accented)
    bare_meta, bare_hits, _ = search(prefix, bare)
    assert bare_meta == accented_meta
    assert pages_of(bare_hits) == pages_of(accented_hits)


@pytest.mark.parametrize(
    "prefix, typed, word",
    [("/", "d'opportunité", "opportunité"), ("/", "l’épaisseur", "épaisseur"), ("/en/", "attacker's", "attacker")],
)
def test_a_word_after_an_elision_is_found_and_highlighted_however_typed(search, prefix, typed, word):
    """The theme's `separator` (mkdocs.yml) drops an elision with its apostrophe, straight or typographic, in the
    index and in the query: « d'opportunité » finds what « opportunité » finds, the word highlighted in the results and
    on the page a result leads to (the theme's `search.highlight`)."""
    found, alone = search(prefix, typed), search(prefix, word)
    assert (found.meta, found.hits) == (alone.meta, alone.hits)
    assert word in found.marked, sorted(found.marked)
    search(prefix, typed)
    links = search.pages[prefix].locator(".md-search-result__item a").evaluate_all("links => links.map(a => a.href)")
    highlighting = [link for link in links if word in parse_qs(urlsplit(link).query).get("h", [""])[0].split()]
    assert highlighting, links  # a result's link names the words its page highlights
    page = search.pages[prefix].context.new_page()
    page.goto(highlighting[0])
    page.locator("article mark[data-md-highlight]").first.wait_for(state="attached", timeout=15000)
    marks = {mark.lower() for mark in page.locator("article mark[data-md-highlight]").all_inner_texts()}
    page.close()
    assert marks - {""} == {word}, (highlighting[0], marks)  # the theme also leaves empty marks


@pytest.mark.parametrize(
    "prefix, query, entry",
    [
        ("/", "attack of opportunity", "/glossary/#attack-of-opportunity"),
        ("/", "flat-footed", "/glossary/#flat-footed"),
        ("/en/", "pris au dépourvu", "/en/glossary/#flat-footed"),
        ("/en/", "zone de contrôle", "/en/glossary/#threatened-area"),
    ],
)
def test_a_term_of_the_other_language_finds_its_glossary_entry(search, prefix, query, entry):
    hits = search(prefix, query).hits
    assert entry in hits, sorted(hits)


@pytest.mark.parametrize(
    "prefix, plural, page_of_singular",
    [
        ("/", "chevaliers", "/initiative-points/manoeuvres/"),
        ("/en/", "knights", "/en/initiative-points/manoeuvres/"),
    ],
)
def test_a_plural_finds_the_page_of_the_singular(search, prefix, plural, page_of_singular):
    hits = search(prefix, plural).hits
    assert page_of_singular in pages_of(hits), sorted(hits)


@pytest.mark.parametrize(
    "prefix, query, page_of_the_table",
    [
        ("/", "Adamantine", "/object-damage/"),
        ("/en/", "Adamantine", "/en/object-damage/"),
        ("/", "porte", "/object-damage/"),
        ("/en/", "manacles", "/en/object-damage/"),
    ],
)
def test_a_term_only_a_table_holds_finds_its_page(search, prefix, query, page_of_the_table):
    hits = search(prefix, query).hits
    assert page_of_the_table in pages_of(hits), sorted(hits)


@pytest.mark.parametrize(
    "prefix, queries",
    [
        ("/", ["etourdi", "attack of opportunity", "desengagement", "chevaliers", "Adamantine", "porte"]),
        ("/en/", ["desengagement", "pris au dépourvu", "knights", "attack of opportunity", "Adamantine", "manacles"]),
    ],
)
def test_results_stay_in_the_language_of_the_page(search, prefix, queries):
    for query in queries:
        hits = search(prefix, query).hits
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


def test_every_language_searches_with_the_same_separator_and_keeps_stop_words(built_site):
    """mkdocs.en.yml repeats mkdocs.yml's search settings: the English site holds French names too."""
    configs = [
        json.loads((lang_root(built_site, lang) / "search" / "search_index.json").read_text(encoding="utf-8"))["config"]
        for lang in LANGS
    ]
    assert all(config["pipeline"] == [] for config in configs)
    assert len({config["separator"] for config in configs}) == 1 and "’" in configs[0]["separator"]
