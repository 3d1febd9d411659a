"""The site at its real kind of address: a GitHub Pages project site, under a sub-path (/codex2bis/), served as Pages
serves it (tests/site_server.py serve_like_pages: a missing address anywhere gets the ROOT 404.html, status 404).

The site as it is published (built for its public address, conftest.addressed_site, whose path is the sub-path) is
served under that path on a loopback port, as the deploy's check serves the site it is about to publish; then every page
of both languages is loaded once in Chromium on a phone, and that one visit is read by three audits: the page asks for
nothing that fails and logs no error, and every link it holds (pages, downloads) answers; its content security policy
reports no violation; nothing is wider than the phone's screen or too small to tap (tests/test_phone.py's measure). Then
the language switcher, search, a calculator, the service worker, the manifest and its icons, and a mistyped address in
each language, which must show that language's 404 page, styled."""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import pytest

from tests.audit_pages import PHONE, VIOLATIONS_JS, InFlight, url_path, wait_for_calculators, wait_until_settled
from tests.conftest import EXAMPLE_SITE_URL, LANGS
from tests.phone_measure import phone_problems
from tests.site_pages import site_pages
from tests.site_server import SEARCH_INDEX, serve_like_pages

pytestmark = [pytest.mark.browser, pytest.mark.long]  # long: every page visited

# `python -m codex.deploy` runs this module on the site it is about to publish: CODEX_CHECK_SITE names that built
# folder and CODEX_CHECK_SITE_URL the address it was built for (its path is the prefix it is served under here).
CHECKED_SITE = os.environ.get("CODEX_CHECK_SITE")
PREFIX = urlsplit(os.environ["CODEX_CHECK_SITE_URL"] if CHECKED_SITE else EXAMPLE_SITE_URL).path  # /codex2bis/
# A pull request's preview (codex.deploy --preview) has no web app of its own, and a missing address in it gets the
# published site's 404 page: those two checks are the published site's.
NOT_FOR_A_PREVIEW = pytest.mark.skipif(
    bool(CHECKED_SITE and os.environ.get("CODEX_PREVIEW")), reason="the published site's, not a preview's"
)
HEADER_COLOUR = "rgb(121, 86, 73)"  # the theme's brown primary colour: the page has the theme's CSS
NOT_FOUND = {"fr": "Page introuvable", "en": "Page not found"}


@pytest.fixture(scope="module")
def served(request) -> Iterator[tuple[str, Path]]:
    """('http://127.0.0.1:PORT/codex2bis/', its folder): the site as it is published (conftest.addressed_site), or the
    deploy's site, served under its address's path, its search indexes without their documents (site_server.py: the
    theme's worker would build the whole index at every visit; the search test gets them whole)."""
    site = Path(CHECKED_SITE) if CHECKED_SITE else request.getfixturevalue("addressed_site")
    with serve_like_pages(site, PREFIX, search=False) as url:
        yield url, site


@pytest.fixture(scope="module")
def base_url(served) -> str:
    return served[0]


def watch(page) -> list[str]:
    """Collect, as they happen, the page's failed requests, error answers, console errors and uncaught errors."""
    problems: list[str] = []
    page.on("requestfailed", lambda request: problems.append(f"failed: {request.url} ({request.failure})"))
    page.on(
        "response", lambda response: response.status >= 400 and problems.append(f"{response.status}: {response.url}")
    )
    page.on("console", lambda message: message.type == "error" and problems.append(f"console: {message.text}"))
    page.on("pageerror", lambda error: problems.append(f"page error: {error}"))
    return problems


def page_url(base_url: str, path: str) -> str:
    """'/en/fumbles/' -> 'http://127.0.0.1:PORT/codex2bis/en/fumbles/'."""
    return base_url + path.lstrip("/")


def in_language(path: str, lang: str) -> str:
    """The same page in `lang`: '/en/fumbles/', 'fr' -> '/fumbles/'."""
    bare = path.removeprefix("/en/") if path.startswith("/en/") else path.lstrip("/")
    return ("/" if lang == "fr" else f"/{lang}/") + bare


def whole_search_index(site: Path):
    """A route's handler that answers a search index's request with the built file, documents and all (the server
    leaves them out: `served`)."""

    def answer(route) -> None:
        built = site / urlsplit(route.request.url).path.removeprefix(PREFIX)
        route.fulfill(path=built, content_type="application/json")

    return answer


@dataclass
class PageVisit:
    """What one visit of a page on a phone, under the sub-path, saw: its failed requests and errors, its content
    security policy's violations, what is too wide or too small to tap, and what it links to."""

    lang: str
    problems: list[str]
    violations: list[str]
    phone: list[str]
    switcher: dict[str, str] = field(default_factory=dict)
    links: set[str] = field(default_factory=set)


@pytest.fixture(scope="module")
def visits(browser, base_url) -> dict[str, PageVisit]:
    """Every page of both languages and their 404 pages, each visited once on a phone (390 x 844, touch), with the
    policy's violations recorded: the sub-path, content policy and phone checks below read the same visits, so that
    no page is loaded three times. Each visit waits for every calculator and tracker to be ready (their worker, wasm
    and data under the policy) and the network to rest (audit_pages.InFlight); the search index comes without its
    documents (`served`)."""
    context = browser.new_context(
        viewport=PHONE, device_scale_factor=1, is_mobile=True, has_touch=True, service_workers="block"
    )
    context.add_init_script(VIOLATIONS_JS)
    page = context.new_page()
    problems = watch(page)
    in_flight = InFlight(page)
    seen: dict[str, PageVisit] = {}
    for lang in LANGS:
        for path in [*site_pages(lang), url_path("404.html", lang)]:
            before = len(problems)
            page.goto(page_url(base_url, path), wait_until="load")
            wait_until_settled(page, network=False)
            in_flight.wait_until_quiet()
            visit = PageVisit(lang, problems[before:], page.evaluate("window.__violations"), phone_problems(page))
            if not path.endswith("404.html"):
                assert page.locator("html").get_attribute("lang") == lang, path
                switcher = page.locator("a.md-select__link").evaluate_all("a => a.map(l => [l.hreflang, l.href])")
                visit.switcher = dict(switcher)
                hrefs = page.locator("a[href]").evaluate_all("a => a.map(l => l.href)")
                visit.links = {href.split("#")[0] for href in hrefs if href.startswith(base_url)}
            seen[path] = visit
    broken = [
        link for link in sorted(set().union(*(v.links for v in seen.values()))) if not context.request.get(link).ok
    ]
    context.close()
    seen["(links)"] = PageVisit("", broken, [], [])
    return seen


def test_every_page_loads_under_the_sub_path_and_every_link_answers(visits, base_url):
    pages = {path: visit for path, visit in visits.items() if path != "(links)"}
    assert len(pages) > 60  # every page of both languages and their 404 pages
    assert {path: visit.problems for path, visit in pages.items() if visit.problems} == {}
    for path, visit in pages.items():
        if not path.endswith("404.html"):
            assert visit.switcher == {other: page_url(base_url, in_language(path, other)) for other in LANGS}, path
    assert visits["(links)"].problems == [], "links that do not answer"
    assert any("/downloads/" in link for visit in pages.values() for link in visit.links)  # downloads are checked


def test_no_page_reports_a_content_policy_violation(visits):
    """The policy lets every page, its search, calculators and trackers work (tests/test_content_policy.py: the
    policy itself, and a slipped script blocked)."""
    assert {path: visit.violations for path, visit in visits.items() if visit.violations} == {}


def test_no_page_scrolls_sideways_and_targets_are_large_on_a_phone(visits):
    """Every page and the 404 page (a page's own content can be too wide); calculators are measured once ready, with
    their first answer shown (tests/test_phone.py: the measures)."""
    assert {path: visit.phone for path, visit in visits.items() if visit.phone} == {}


@pytest.mark.parametrize("start, lang", [("/initiative-points/ranges/", "en"), ("/en/d20/actions/", "fr")])
def test_the_language_switcher_lands_on_the_same_page(page, base_url, start, lang):
    page.goto(page_url(base_url, start))
    page.locator(".md-header__option .md-select button").hover()
    page.locator(f'.md-select__link[hreflang="{lang}"]').click()
    page.wait_for_load_state()
    assert page.url == page_url(base_url, in_language(start, lang))
    assert page.locator("html").get_attribute("lang") == lang


@pytest.mark.parametrize("lang, query", [("fr", "fumble"), ("en", "fumble")])
def test_search_finds_pages_under_the_sub_path(page, served, lang, query):
    base_url, site = served
    page.context.route(f"**/{SEARCH_INDEX}", whole_search_index(site))
    problems = watch(page)
    page.goto(page_url(base_url, in_language("/", lang)), wait_until="networkidle")
    page.locator("label.md-search__icon, .md-search__input").first.click()
    box = page.locator(".md-search__input")
    box.fill(query)
    box.press("End")
    page.locator(".md-search-result__item a").first.wait_for(timeout=15000)
    hits = page.locator(".md-search-result__item a").evaluate_all("a => a.map(l => l.href)")
    assert hits and all(hit.startswith(page_url(base_url, in_language("/", lang))) for hit in hits)
    assert page_url(base_url, in_language("/fumbles/", lang)) + f"?h={query}" in hits
    assert not problems


def test_a_calculator_becomes_ready_under_the_sub_path(page, base_url):
    problems = watch(page)
    page.goto(page_url(base_url, "/en/movement/"))
    wait_for_calculators(page)
    assert not problems


@NOT_FOR_A_PREVIEW
def test_the_web_app_works_under_the_sub_path(browser, base_url):
    """Each language's service worker registers with its language's scope under the sub-path and installs (it caches
    every file of its language); each language's manifest and the icons it lists answer."""
    context = browser.new_context()
    page = context.new_page()
    problems = watch(page)
    for lang in LANGS:
        page.goto(page_url(base_url, in_language("/fumbles/", lang)), wait_until="networkidle")
        scope = page.evaluate("navigator.serviceWorker.ready.then(registration => registration.scope)")
        assert scope == page_url(base_url, in_language("/", lang))
    for lang in LANGS:
        page.goto(page_url(base_url, in_language("/", lang)), wait_until="networkidle")
        manifest_url = page.locator('link[rel="manifest"]').evaluate("link => link.href")
        assert urlsplit(manifest_url).path.startswith(PREFIX)
        manifest = context.request.get(manifest_url)
        assert manifest.ok, manifest_url
        for icon in manifest.json()["icons"]:
            assert context.request.get(urljoin(manifest_url, icon["src"])).ok, icon
    context.close()
    assert not problems


@NOT_FOR_A_PREVIEW
@pytest.mark.parametrize("lang", LANGS)
def test_a_mistyped_address_at_depth_3_shows_the_404_page_of_its_language(browser, base_url, lang):
    """The server answers with the root 404 page (the French one); under /en/, it hands over to the English one,
    which shows the typed address. The only failures allowed: the typed address's own 404 (and the console line the
    browser logs for it), and, on the hand-over, the French page's own files, cancelled before they are used."""
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    problems = watch(page)
    typed = page_url(base_url, in_language("/no/such/page/", lang))
    response = page.goto(typed)
    assert response.status == 404
    page.locator("article h1").wait_for()
    page.wait_for_load_state("networkidle")
    assert page.locator("article h1").inner_text() == NOT_FOUND[lang]
    assert page.locator("html").get_attribute("lang") == lang
    assert page.url == typed
    header = page.locator(".md-header").evaluate("header => getComputedStyle(header).backgroundColor")
    assert header == HEADER_COLOUR
    home = page.locator("article a").evaluate("a => a.href")
    assert home == page_url(base_url, in_language("/", lang))
    assert context.request.get(home).ok
    context.close()
    root_files = base_url + "assets/"
    unexpected = [
        problem
        for problem in problems
        if problem not in (f"404: {typed}", f"failed: {typed} (net::ERR_ABORTED)")
        and "status of 404" not in problem
        and not (lang != "fr" and problem.startswith(f"failed: {root_files}") and "ERR_ABORTED" in problem)
    ]
    assert not unexpected
