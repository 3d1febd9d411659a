"""A reader's browser asks nothing of any host but the site's own: no font, CDN, analytics or repository API
(the theme's repository widget would ask api.github.com; docs/overrides/partials/source.html turns that off).

One page of each kind (tests/audit_pages.py) in each language, one tab after another in one browser context (the
visit the accessibility audit also reads; the site's service worker installs at the first), each left until the
calculators are ready and the network is idle; and a search. (That the markup of every page names only
the site's own files: tests/test_build.py; the offline folder: tests/test_offline.py.)"""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest

from tests.audit_pages import sample_urls
from tests.conftest import LANGS

SEARCH = {"fr": "porte", "en": "manacles"}


def elsewhere(requested: list[str], site_url: str) -> list[str]:
    site_host = urlsplit(site_url).netloc
    return [u for u in requested if urlsplit(u).scheme not in ("data", "blob") and urlsplit(u).netloc != site_host]


@pytest.mark.parametrize("kind, lang, path", sample_urls())
def test_a_page_requests_only_the_site_itself(phone_visits, site_url, kind, lang, path):
    requested = phone_visits(lang, path).requests
    assert requested and elsewhere(requested, site_url) == []


@pytest.mark.parametrize("lang", LANGS)
def test_a_search_requests_only_the_site_itself(browser, searchable_site_url, lang):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    requested: list[str] = []
    context.on("request", lambda request: requested.append(request.url))
    page = context.new_page()
    try:
        page.goto(searchable_site_url + ("/" if lang == "fr" else "/en/"), wait_until="networkidle")
        page.locator(".md-search__input").click()
        page.locator(".md-search__input").press_sequentially(SEARCH[lang], delay=20)
        page.locator(".md-search-result__item a").first.wait_for(timeout=15000)
        page.wait_for_load_state("networkidle")
    finally:
        context.close()
    assert requested and elsewhere(requested, searchable_site_url) == []


def test_a_request_to_another_host_is_caught():
    site = "http://127.0.0.1:8000"
    requested = [site + "/", "data:image/png;base64,AA", "https://fonts.googleapis.com/css", "http://127.0.0.1:9/x"]
    assert elsewhere(requested, site) == ["https://fonts.googleapis.com/css", "http://127.0.0.1:9/x"]
