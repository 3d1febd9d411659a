"""A pull request's preview, rehearsed as GitHub Pages will serve it (issue 38): the published site as it is built for
its address (conftest.addressed_site, a sub-path, copied), and pull request 7's preview built from a copy of the
project with one value changed, into the published site's folder `pr-preview/pr-7/` (what the preview action commits
beside it), both served from one origin under the address's path.

Every preview page of both languages, as built: its banner (pull request 7, a link to the published site), `noindex`,
the changed value on its page, and every file its markup loads inside the preview's folder and there. Then a reader
who has visited the published site has its service worker, and one preview page of each kind in each language
(tests/audit_pages.py; what a page asks for once it runs comes from its kind's template and scripts), and the changed
value's page, are loaded: each must be the preview's own, with no request outside the preview's folder but the
published worker's own script (the browser's update check), none failed, none answered by the published site's
worker. The published sitemap names no preview page, and the preview writes no sitemap, robots.txt or service worker
of its own."""

from __future__ import annotations

import shutil
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import pytest

from codex.deploy import build_variables
from codex.publish.preview import folder_of, preview_address
from tests.audit_pages import InFlight, sample_urls, url_path
from tests.built_html import loaded_addresses, parsed
from tests.conftest import EXAMPLE_SITE_URL, LANGS, copy_project, run_mkdocs_build
from tests.site_pages import site_pages
from tests.site_server import serve_like_pages

PULL_REQUEST = 7
PREFIX = urlsplit(EXAMPLE_SITE_URL).path  # /codex2bis/: the published site is served under its address's path
# The pull request's change: a table's title, as a contributor edits it in data/ (shown on its rule page).
TABLE_FILE = "data/tables/standard-objects.yaml"
TABLE_PAGE = "object-damage.md"
CHANGED_TITLE = {"fr": "Objets standard (aperçu)", "en": "Standard objects (preview)"}

PREVIEW_URL = preview_address(EXAMPLE_SITE_URL, PULL_REQUEST)  # the address the preview's pages are built for

pytestmark = pytest.mark.long  # a build of its own


@pytest.fixture(scope="module")
def sites(addressed_site, tmp_path_factory) -> tuple[Path, Path]:
    """(published site, preview folder inside it), ready to serve; both built for EXAMPLE_SITE_URL."""
    published = tmp_path_factory.mktemp("published") / "site"
    shutil.copytree(addressed_site, published)
    project = copy_project(tmp_path_factory.mktemp("pull-request"))
    table = project / TABLE_FILE
    text = table.read_text(encoding="utf-8")
    before = "title: {fr: Objets standard, en: Standard objects}"
    assert before in text
    table.write_text(
        text.replace(before, f"title: {{fr: {CHANGED_TITLE['fr']}, en: {CHANGED_TITLE['en']}}}"), encoding="utf-8"
    )
    preview = published / folder_of(PULL_REQUEST)
    variables = build_variables(EXAMPLE_SITE_URL, "", PULL_REQUEST)  # what python -m codex.deploy --preview 7 sets
    result = run_mkdocs_build(project, preview, **variables)
    assert result.returncode == 0, result.stderr[-4000:]
    return published, preview


def test_the_preview_is_a_guest_in_its_folder(sites):
    published, preview = sites
    assert (published / "sitemap.xml").exists() and "pr-preview" not in (published / "sitemap.xml").read_text()
    for name in ("sitemap.xml", "sitemap.xml.gz", "robots.txt", "sw.js", "manifest.webmanifest", "en/sw.js"):
        assert not (preview / name).exists(), name


def home_of(lang: str) -> str:
    """The published site's home in `lang`, as the preview's banner links to it (the address it is built for)."""
    return EXAMPLE_SITE_URL + url_path("index.md", lang).lstrip("/")


def built_file(preview: Path, url: str) -> Path:
    """The preview's file that answers `url` (a folder's address: its index.html)."""
    path = urlsplit(url).path.removeprefix(urlsplit(PREVIEW_URL).path)
    return preview / path / "index.html" if path in ("", "/") or path.endswith("/") else preview / path


def test_every_preview_page_is_marked_and_loads_only_the_previews_files(sites):
    _, preview = sites
    pages = {lang: site_pages(lang) for lang in LANGS}
    assert sum(len(paths) for paths in pages.values()) > 60
    for lang, paths in pages.items():
        for path in paths:
            html, url = preview / path.lstrip("/") / "index.html", PREVIEW_URL + path.lstrip("/")
            soup = parsed(html)
            banner = soup.select_one(".codex-preview-banner")
            assert banner and str(PULL_REQUEST) in banner.get_text(), url
            assert banner.a["href"] == home_of(lang), url
            assert [m["content"] for m in soup.select('meta[name="robots"]')] == ["noindex"], url
            if path == url_path(TABLE_PAGE, lang):
                assert CHANGED_TITLE[lang] in soup.select_one("article").get_text(), url
            for file in (urljoin(url, address) for _, address in loaded_addresses(html) if address):
                assert file.startswith(PREVIEW_URL), f"{url} loads {file}"
                assert built_file(preview, file).is_file(), f"{url} loads {file}, which the preview does not hold"


def visited_pages() -> list[tuple[str, str]]:
    """(lang, url path) of one preview page of each kind in each language (not the 404 template: a missing address
    in a preview gets the published site's 404 page), and the changed value's page."""
    samples = [(lang, path) for kind, lang, path in sample_urls() if kind != "404"]
    return samples + [(lang, url_path(TABLE_PAGE, lang)) for lang in LANGS]


def test_a_page_of_each_kind_is_the_previews_own_under_the_published_worker(browser, sites):
    published, _ = sites
    with serve_like_pages(published, PREFIX, search=False) as published_url:
        preview_url = preview_address(published_url, PULL_REQUEST)
        context = browser.new_context()
        page = context.new_page()
        page.goto(published_url, wait_until="load")  # a reader of the published site: its worker installs
        assert page.evaluate("navigator.serviceWorker.ready.then(r => r.scope)") == published_url
        requests, problems, from_worker = [], [], []
        context.on("request", lambda request: requests.append(request.url))
        context.on("requestfailed", lambda request: problems.append(f"failed: {request.url}"))
        context.on("response", lambda r: r.status >= 400 and problems.append(f"{r.status}: {r.url}"))
        context.on("response", lambda r: r.from_service_worker and from_worker.append(r.url))
        in_flight = InFlight(page)
        for lang, path in visited_pages():
            page.goto(preview_url + path.lstrip("/"), wait_until="load")
            in_flight.wait_until_quiet()
            address = page.url
            assert page.evaluate("navigator.serviceWorker.controller !== null"), address
            banner = page.locator(".codex-preview-banner")
            assert str(PULL_REQUEST) in banner.inner_text(), address
            assert banner.locator("a").get_attribute("href") == home_of(lang), address
            robots = page.locator('meta[name="robots"]').evaluate_all("m => m.map(e => e.content)")
            assert robots == ["noindex"], address
            if path == url_path(TABLE_PAGE, lang):
                assert CHANGED_TITLE[lang] in page.locator("article").inner_text(), address
        context.close()
    network = {u for u in requests if u.startswith("http")}  # not the blob: of a calculator's worker
    outside = sorted({u for u in network if not u.startswith(preview_url)} - {published_url + "sw.js"})
    assert outside == [], "requests outside the preview's folder"
    assert problems == []
    assert from_worker == [], "the published site's worker answered for the preview"
