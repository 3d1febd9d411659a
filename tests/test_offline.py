"""The site without a network: opened from a folder or a zip (file://), with search and calculators, and nothing
fetched from outside the folder; installable on a phone (manifest, icons) and readable offline after one visit
through the service worker, which a new publication refreshes. (The served site's requests:
tests/test_axe_audit.py.)"""

from __future__ import annotations

import json
import re
import shutil
import struct
import subprocess
import sys
import zipfile
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
from bs4 import BeautifulSoup

from calculators import page_glue
from codex.publish.web_app import precache_paths, write_service_worker
from tests.audit_pages import wait_for_calculators
from tests.conftest import LANGS, ROOT, lang_root
from tests.fixture_marks import marks_its_tests
from tests.form_pages import TABLES, fill, form_values, shown
from tests.site_server import serve
from tests.tracker_pages import Tracker

PREFIX = {"fr": "", "en": "en/"}
HEADINGS = {"fr": "États du personnage", "en": "Conditions"}  # conditions.md's H1 in each language
SEARCH = {"fr": "porte", "en": "manacles"}
JUMP = {
    "direction": "horizontal",
    "distance": "12",
    "run_up": True,
    "speed": "20",
    "armour": "semi-light",
    "strength": "9",
    "tumbling": "2",
}


# --- the folder and the zip -------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
@marks_its_tests("site")
def offline_build(tmp_path_factory) -> tuple[Path, Path]:
    """The one command, run as a contributor runs it: returns (folder, zip)."""
    out = tmp_path_factory.mktemp("offline")
    folder, archive = out / "codex-2bis", out / "codex-2bis.zip"
    result = subprocess.run(
        [sys.executable, "-m", "codex.offline", "--folder", str(folder), "--zip", str(archive)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-4000:]
    return folder, archive


@pytest.fixture(scope="module")
def unzipped(offline_build, tmp_path_factory) -> Path:
    """The zip, unzipped elsewhere: what a reader opens. The browser tests below read this copy."""
    target = tmp_path_factory.mktemp("unzipped")
    with zipfile.ZipFile(offline_build[1]) as archive:
        archive.extractall(target)
    return target / "codex-2bis"


def heading(page) -> str:
    return page.locator("h1").first.inner_text().rstrip("¶").strip()


def file_url(folder: Path, lang: str, page: str) -> str:
    return (folder / PREFIX[lang] / page).as_uri()


def test_the_zip_holds_the_folder_under_one_top_folder(offline_build):
    folder, archive = offline_build
    with zipfile.ZipFile(archive) as zipped:
        names = sorted(zipped.namelist())
    files = sorted("codex-2bis/" + p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file())
    assert names == files
    assert "codex-2bis/index.html" in names and "codex-2bis/en/index.html" in names
    assert not [name for name in names if name.endswith(("sw.js", "manifest.webmanifest", "sitemap.xml"))]


class Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []

    def handle_starttag(self, tag, attrs) -> None:
        for name, value in attrs:
            if name in ("href", "src") and value:
                self.links.append(value)


def test_every_link_in_the_folder_leads_to_a_file(unzipped):
    """A folder has no index page resolution: a link to 'fumbles/' or '../' would show a directory listing."""
    broken = []
    for page in unzipped.rglob("*.html"):
        parser = Links()
        parser.feed(page.read_text(encoding="utf-8"))
        for link in parser.links:
            parts = urlsplit(link)
            if parts.scheme or parts.netloc or not parts.path:
                continue
            target = (page.parent / unquote(parts.path)).resolve()
            if not target.is_file():
                broken.append(f"{page.relative_to(unzipped)} -> {link}")
    assert not broken, broken[:20]


@pytest.fixture
def file_page(browser):
    """A page of the folder that records its script errors in `errors`, and refuses and records in `foreign` every
    request for anything outside file:// (the service worker's included), as if the network were cut."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.errors, page.foreign = [], []
    page.on("pageerror", lambda error: page.errors.append(str(error)))

    def guard(route) -> None:
        if urlsplit(route.request.url).scheme == "file":
            route.continue_()
        else:
            page.foreign.append(route.request.url)
            route.abort("internetdisconnected")

    context.route("**/*", guard)
    yield page
    context.close()


@pytest.mark.parametrize("lang", LANGS)
def test_pages_and_language_switch_work_from_the_folder(file_page, unzipped, lang):
    file_page.goto(file_url(unzipped, lang, "index.html"))
    file_page.locator('.md-nav__link[href$="conditions.html"]').first.click()
    file_page.wait_for_url(re.compile(r"conditions\.html$"))
    assert heading(file_page) == HEADINGS[lang]
    other = "en" if lang == "fr" else "fr"
    file_page.goto(file_page.locator(f'a.md-select__link[hreflang="{other}"]').first.evaluate("a => a.href"))
    assert heading(file_page) == HEADINGS[other]
    assert not file_page.errors and not file_page.foreign


@pytest.mark.parametrize("lang", LANGS)
def test_search_works_from_the_folder(file_page, unzipped, lang):
    file_page.goto(file_url(unzipped, lang, "index.html"))
    file_page.locator("label.md-search__icon, .md-search__input").first.click()
    file_page.locator(".md-search__input").press_sequentially(SEARCH[lang], delay=30)
    results = file_page.locator(".md-search-result__item a")
    results.first.wait_for(timeout=15000)
    href = results.first.evaluate("a => a.href")
    assert href.startswith("file://") and ".html" in href
    file_page.goto(href)
    assert file_page.locator("h1").count()
    assert not file_page.errors and not file_page.foreign


@pytest.mark.parametrize("lang", LANGS)
def test_calculators_run_from_the_folder(file_page, unzipped, lang):
    file_page.goto(file_url(unzipped, lang, "tools.html"))
    wait_for_calculators(file_page)
    form = file_page.locator('form[data-calculator="jump"]')
    fill(form, JUMP)
    expected = page_glue.run("jump", form_values(form), TABLES, lang, [])
    assert expected["ok"]
    assert shown(form)["outputs"] == {n: [str(v["value"]), v["text"]] for n, v in expected["outputs"].items()}
    assert not file_page.errors and not file_page.foreign


def test_a_tracker_runs_and_keeps_its_fight_from_the_folder(file_page, unzipped):
    """From file://, the tracker loads its script and engine from the folder, answers, and keeps the fight in the
    browser across a reload."""
    file_page.goto(file_url(unzipped, "fr", "initiative-points/tracker.html"))
    tracker = Tracker(file_page, "initiative-points")
    tracker.wait()
    tracker.add("Krom", ip="10")
    tracker.declare("Krom", 5, "attaque")
    assert tracker.drawn()["lanes"] == [["Krom", 5, [[1, 10, 5]]]]
    kept = tracker.state()
    file_page.reload()
    tracker.wait()
    assert tracker.state() == kept
    tracker.check_drawn_is_the_python_view("fr")
    assert not file_page.errors and not file_page.foreign


# --- installable web app and service worker -----------------------------------------------------------------------


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


@pytest.mark.parametrize("lang", LANGS)
def test_each_language_has_its_manifest_and_icons(built_site, lang):
    root = lang_root(built_site, lang)
    manifest = json.loads((root / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert manifest["lang"] == lang
    assert manifest["start_url"] == manifest["scope"] == "./"
    assert manifest["display"] == "standalone" and manifest["name"]
    sizes = {}
    for icon in manifest["icons"]:
        width, height = png_size(root / icon["src"])
        assert icon["sizes"] == f"{width}x{height}"
        sizes[icon["purpose"]] = sizes.get(icon["purpose"], set()) | {width}
    assert {192, 512} <= sizes["any"] and 512 in sizes["maskable"]
    home = (root / "index.html").read_text(encoding="utf-8")
    page = (root / "fumbles" / "index.html").read_text(encoding="utf-8")
    assert '<link rel="manifest" href="./manifest.webmanifest">' in home
    assert '<link rel="manifest" href="../manifest.webmanifest">' in page
    assert json.dumps("./sw.js") in home and json.dumps("../sw.js") in page  # each language's own worker
    assert (root / "sw.js").is_file()


def precache_of(language_dir: Path) -> list[str]:
    text = (language_dir / "sw.js").read_text(encoding="utf-8")
    return json.loads(re.search(r"^const PRECACHE = (.*);$", text, re.M).group(1))


@pytest.mark.parametrize("lang", LANGS)
def test_each_languages_worker_precaches_its_pages_and_leaves_the_calculators_for_their_first_use(built_site, lang):
    root = lang_root(built_site, lang)
    paths = precache_of(root)
    assert paths == precache_paths(root, list(LANGS), ["en"] if lang == "fr" else [])
    for page in root.rglob("index.html"):
        if lang == "fr" and page.is_relative_to(built_site / "en"):
            continue
        relative = page.parent.relative_to(root).as_posix()
        assert (relative + "/" if relative != "." else "./") in paths
    for needed in ("search/search_index.json", "manifest.webmanifest"):
        assert needed in paths
    # the page scripts by their digested addresses (tests/test_engine_versions.py)
    assert [p for p in paths if re.fullmatch(r"assets/javascripts/codex-calculators\.[0-9a-f]{16}\.js", p)]
    assert [p for p in paths if re.fullmatch(r"assets/javascripts/codex-trackers\.[0-9a-f]{16}\.js", p)]
    assert not [p for p in paths if p.startswith(("en/", "assets/calculators/"))]  # not the other language's
    assert not [p for p in paths if p.endswith(".map") or "lunr.ja" in p or "sitemap" in p]


def test_the_service_worker_version_changes_with_the_site(built_site, tmp_path):
    site = tmp_path / "site"
    shutil.copytree(built_site, site)
    version = re.compile(r'^const VERSION = "(\w+)";$', re.M)

    def publish() -> str:
        return version.search(write_service_worker(site, list(LANGS), ["en"]).read_text()).group(1)

    first = publish()
    assert publish() == first
    page = site / "fumbles" / "index.html"
    page.write_text(page.read_text(encoding="utf-8").replace("</h1>", " </h1>", 1), encoding="utf-8")
    second = publish()
    assert second != first
    [module] = (site / "assets" / "calculators" / "python").glob("jump.*.mpy")  # cached on use, part of the version
    module.write_bytes(module.read_bytes() + b"\0")
    assert publish() != second


@pytest.fixture
def served_copy(built_site, tmp_path):
    """A copy of the built site on its own server, which a test may republish."""
    site = tmp_path / "site"
    shutil.copytree(built_site, site)
    with serve(site) as url:
        yield site, url


def install(page, url: str) -> list[str]:
    """Visit once and wait until the service worker has cached its language; returns the active caches' names."""
    page.goto(url)
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    return page.evaluate("caches.keys().then(keys => keys.filter(k => k.startsWith('codex-')))")


CACHED_URLS = "caches.keys().then(async (keys) => (await Promise.all(keys.map(async (k) => (await (await caches.open(k)).keys()).map((r) => r.url)))).flat())"


@pytest.mark.parametrize("lang", LANGS)
def test_after_one_visit_a_language_works_without_network(browser, served_copy, lang):
    """A reader opens the home page, then the GM tools once (the calculators' first use); offline, the language's
    pages, search and calculators keep working, and only that language was downloaded."""
    site, url = served_copy
    context = browser.new_context()
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    base = url + "/" + PREFIX[lang]
    try:
        assert len(install(page, base)) == 1
        cached = page.evaluate(CACHED_URLS)
        assert base + "conditions/" in cached
        assert not [u for u in cached if "/assets/calculators/" in u]  # left for their first use
        if lang == "fr":
            assert not [u for u in cached if u.startswith(url + "/en/")]  # the reader's language only
        page.goto(base + "tools/")
        wait_for_calculators(page)
        page.wait_for_function(
            f"() => {CACHED_URLS}.then((urls) => urls.some((u) => u.endsWith('/micropython.wasm')))", timeout=30000
        )
        context.set_offline(True)
        page.goto(base + "conditions/")
        assert heading(page) == HEADINGS[lang]
        page.goto(base + "tools/")
        wait_for_calculators(page)
        form = page.locator('form[data-calculator="jump"]')
        fill(form, JUMP)
        expected = page_glue.run("jump", form_values(form), TABLES, lang, [])
        assert shown(form)["outputs"] == {n: [str(v["value"]), v["text"]] for n, v in expected["outputs"].items()}
        page.locator("label.md-search__icon, .md-search__input").first.click()
        page.locator(".md-search__input").press_sequentially(SEARCH[lang], delay=20)
        page.locator(".md-search-result__item a").first.wait_for(timeout=15000)
        assert not errors
    finally:
        context.close()


def test_after_one_visit_a_tracker_works_without_network(browser, served_copy):
    """A reader opens a tracker once: offline, the page, its script, the runtime, its modules and its data come from
    the cache, and the fight goes on."""
    site, url = served_copy
    context = browser.new_context()
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        install(page, url + "/en/")
        # the browser's own HTTP cache would answer offline too: only the service worker's may
        page.context.new_cdp_session(page).send("Network.setCacheDisabled", {"cacheDisabled": True})
        page.goto(url + "/en/round-tracker/")
        tracker = Tracker(page, "adnd-round")
        tracker.wait()
        tracker.add("Krom", kind="pc", dexterity="12")
        root = page.locator("[data-tracker=adnd-round]")
        needed = (  # the tracker's files by the addresses the page names (tests/test_engine_versions.py)
            f"/data/{root.get_attribute('data-data')}.json",
            *(f"/python/{module}.mpy" for module in root.get_attribute("data-modules").split()),
            "/micropython.wasm",
            # the trackers' script by its digested address, the one the page loaded (tests/test_engine_versions.py)
            page.evaluate("document.querySelector('script[src*=codex-trackers]').src").rsplit("/", 1)[-1],
        )
        for _ in range(60):
            cached = page.evaluate(CACHED_URLS)
            if all(any(u.endswith(end) for u in cached) for end in needed):
                break
            page.wait_for_timeout(500)
        assert [end for end in needed if not any(u.endswith(end) for u in cached)] == []
        context.set_offline(True)
        page.reload()
        tracker.wait()
        tracker.round_button("next-round")
        assert tracker.state()["round"] == 1 and tracker.state()["combatants"][0]["name"] == "Krom"
        assert not errors
    finally:
        context.close()


def test_a_new_publication_refreshes_the_cache(browser, served_copy):
    site, url = served_copy
    context = browser.new_context()
    page = context.new_page()
    try:
        old = install(page, url + "/en/")
        # Publish a new version: a page changes (never visited online afterwards) and the build rewrites sw.js.
        changed = site / "en" / "conditions" / "index.html"
        changed.write_text(
            changed.read_text(encoding="utf-8").replace("</h1>", '</h1><p id="new-version">new</p>', 1),
            encoding="utf-8",
        )
        write_service_worker(site / "en", list(LANGS), [])
        # What the browser does on its own at the next visit, asked for now: fetch sw.js, install the new worker.
        keys = page.evaluate("""async () => {
            const registration = await navigator.serviceWorker.getRegistration();
            await registration.update();
            for (const worker of [registration.installing, registration.waiting]) {
                if (!worker) continue;
                await new Promise((done) => {
                    const check = () => { if (["activated", "redundant"].includes(worker.state)) done(); };
                    worker.addEventListener("statechange", check);
                    check();
                });
            }
            return (await caches.keys()).filter((key) => key.startsWith("codex-"));
        }""")
        assert len(keys) == 1 and keys != old  # the new version's cache only
        context.set_offline(True)
        page.goto(url + "/en/conditions/")
        assert page.locator("#new-version").count() == 1
    finally:
        context.close()


@pytest.mark.parametrize("lang", LANGS)
def test_the_folders_rulebook_holds_every_chapter(unzipped, built_site, lang):
    """The offline rulebook is whole, like the served one: every chapter, and no placeholder left."""
    served = BeautifulSoup((lang_root(built_site, lang) / "rulebook" / "index.html").read_text("utf-8"), "html.parser")
    folder = unzipped / ("" if lang == "fr" else "en") / "rulebook.html"
    offline = BeautifulSoup(folder.read_text("utf-8"), "html.parser")
    chapters = [section["data-page"] for section in served.select("section.codex-rulebook-chapter")]
    assert chapters and [s["data-page"] for s in offline.select("section.codex-rulebook-chapter")] == chapters
    assert offline.select_one('[data-rulebook="assembled"]') and not offline.select('[data-rulebook="pending"]')
