"""One page of each kind (tests/audit_pages.py), visited once on a phone and read by two audits: axe-core finds no
accessibility violation, and the reader's browser asks nothing of any host but the site's own.

Accessibility: axe-core (shipped inside pip axe-playwright-python, no network) finds no violation, except the one the
theme owns (DESIGN.md): color-contrast in the theme's footer. (The theme's search dialog has its name from our
override, docs/overrides/partials/search.html.) Audited: one page of each kind on a phone in the light scheme, in
both languages, and each kind but the rulebook on a desktop in the dark scheme, in English. A kind's template, macros
and styles are what axe can find wrong; within a kind pages differ by their content, and the rulebook holds every
rules page's content as its chapters, so its audit covers each page's own. Colour contrast, most of axe's time,
depends on the elements and styles, not on the language: it is checked in French in the light scheme and in English
in the dark one (audit_pages.CONTRAST_CHECKED_IN). The markup of every page: the Nu validator
(tests/test_html_validity.py).

Requests: no font, CDN, analytics or repository API (the theme's repository widget would ask api.github.com;
docs/overrides/partials/source.html turns that off). The phone visits run one after another in one browser
tab (the site's service worker installs at the first), each left until the calculators are ready and the network is
idle; and a search. (That the markup of every page names only the site's own files: tests/test_build.py; the
offline folder: tests/test_offline.py.)"""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest

from tests.audit_pages import CONTRAST_CHECKED_IN, DESKTOP, PHONE, ours, sample_urls, theme_owned, visit
from tests.conftest import LANGS

DARK_AUDIT = CONTRAST_CHECKED_IN["dark"]  # the language of the desktop audit in the dark scheme
SEARCH = {"fr": "porte", "en": "manacles"}


@pytest.fixture(scope="module")
def phone_visits(browser, site_url):
    """(lang, url path) -> Visit on a phone in the light scheme: each page is visited once for both audits."""
    context = browser.new_context(viewport=PHONE, color_scheme="light")
    tab = context.new_page()
    done = {}

    def visited(lang: str, path: str):
        if path not in done:
            done[path] = visit(tab, site_url + path, contrast=lang == CONTRAST_CHECKED_IN["light"])
        return done[path]

    yield visited
    context.close()


# ---------------------------------------------------------------- accessibility


@pytest.mark.parametrize("kind, lang, path", sample_urls())
def test_no_accessibility_violation_on_a_phone(phone_visits, kind, lang, path):
    visited = phone_visits(lang, path)
    assert visited.scheme == "default", "the light scheme was not shown"
    assert ours(visited.violations) == []


@pytest.fixture(scope="module")
def dark_desktop(browser):
    """One tab for the dark desktop audit; no service worker (its requests are the phone visits' concern)."""
    context = browser.new_context(viewport=DESKTOP, color_scheme="dark", service_workers="block")
    yield context.new_page()
    context.close()


@pytest.mark.parametrize(
    "kind, path", [(k, p) for k, lang, p in sample_urls() if lang == DARK_AUDIT and k != "rulebook"]
)
def test_no_accessibility_violation_on_a_desktop_in_dark_mode(dark_desktop, site_url, kind, path):
    visited = visit(dark_desktop, site_url + path, network=False)
    assert visited.scheme == "slate", "the theme did not follow the reader's dark scheme"
    assert ours(visited.violations) == []


def test_the_allow_list_lets_nothing_else_through():
    """The filter keeps a violation of ours, even one with a theme-owned rule id."""
    of_ours = {"id": "color-contrast", "nodes": [{"target": [".codex-output > dt"]}]}
    theirs = {"id": "color-contrast", "nodes": [{"target": [".md-footer-meta .md-copyright"]}]}
    assert not theme_owned(of_ours) and theme_owned(theirs)
    assert not theme_owned({"id": "link-in-text-block", "nodes": [{"target": [".md-footer a"]}]})


# ---------------------------------------------------------------- requests


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
