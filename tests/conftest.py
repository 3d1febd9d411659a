"""Shared fixtures: the repository root, a strict build of the whole site, and an HTTP server over it."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

from codex.site_languages import project_languages
from tests.fixture_marks import FIXTURE_MARKS, marks_its_tests
from tests.shared_builds import build_command, made_once, open_run_folder, start
from tests.site_server import serve

ROOT = Path(__file__).resolve().parent.parent
LANGS = project_languages(ROOT)  # the site's languages, as mkdocs.yml's language switcher lists them


# The site's public address and its repository's (mkdocs.yml reads them from the environment): a test build has
# them only when it asks, with the example addresses below.
ADDRESS_VARIABLES = ("CODEX_SITE_URL", "CODEX_REPO_URL")
EXAMPLE_SITE_URL = "https://example.github.io/codex2bis/"
EXAMPLE_REPO_URL = "https://github.com/example/codex2bis"


def run_mkdocs_build(
    project: Path, site_dir: Path, config_file: str = "mkdocs.yml", **variables: str
) -> subprocess.CompletedProcess:
    """`mkdocs build --strict` as a contributor runs it (mkdocs.yml: both languages), into site_dir, with these
    environment `variables` (and no site or repository address unless they give one)."""
    env = {name: value for name, value in os.environ.items() if name not in ADDRESS_VARIABLES}
    env.update(NO_MKDOCS_2_WARNING="1", **variables)
    return subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-f", config_file, "--site-dir", str(site_dir)],
        cwd=project,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )


def copy_project(tmp_path: Path) -> Path:
    """A copy of the project's content (configurations, pages, data) to break; the engine is the installed one."""
    project = tmp_path / "project"
    project.mkdir()
    for name in ("mkdocs.yml", "mkdocs.en.yml"):
        shutil.copy(ROOT / name, project / name)
    for folder in ("docs", "data"):
        shutil.copytree(ROOT / folder, project / folder, ignore=shutil.ignore_patterns("__pycache__"))
    return project


RUN_FOLDER_MADE = pytest.StashKey[Path | None]()
SITE = "site"  # the site as a contributor builds it (no address)
ADDRESSED_SITE = "addressed-site"
ADDRESSED = {"CODEX_SITE_URL": EXAMPLE_SITE_URL, "CODEX_REPO_URL": EXAMPLE_REPO_URL}


@pytest.fixture(scope="session")
@marks_its_tests("site")
def built_site() -> Path:
    """The site built strictly, once per run (tests/shared_builds.py; started in the background after collection)."""
    return made_once(SITE, build_command({}))


@pytest.fixture(scope="session")
@marks_its_tests("site")
def addressed_site() -> Path:
    """The site as it is published: built with its public address and its repository's (the example ones)."""
    return made_once(ADDRESSED_SITE, build_command(ADDRESSED))


def built_path(page: str) -> str:
    """docs path -> built file: 'index.md' -> 'index.html', 'd20/index.md' -> 'd20/index.html', 'fumbles.md' ->
    'fumbles/index.html' (directory URLs)."""
    stem = page[:-3]
    if stem == "index" or stem.endswith("/index"):
        return stem + ".html"
    return stem + "/index.html"


def lang_root(site: Path, lang: str) -> Path:
    return site if lang == "fr" else site / "en"


@pytest.fixture(scope="session")
def site_url(built_site: Path):
    """The built site's address, its search indexes served without their documents (tests/site_server.py): the
    tests of search use `searchable_site_url`."""
    with serve(built_site, search=False) as url:
        yield url


@pytest.fixture(scope="session")
def searchable_site_url(built_site: Path):
    with serve(built_site) as url:
        yield url


def pytest_configure(config: pytest.Config) -> None:
    """The run's shared folder (tests/shared_builds.py), made by its first process, before any worker starts."""
    config.stash[RUN_FOLDER_MADE] = open_run_folder()


def pytest_unconfigure(config: pytest.Config) -> None:
    made = config.stash.get(RUN_FOLDER_MADE, None)
    if made is not None:
        shutil.rmtree(made, ignore_errors=True)


@pytest.hookimpl(wrapper=True)  # around every other plugin's: -m deselects by these marks
def pytest_collection_modifyitems(items: list[pytest.Item]) -> Iterator[None]:
    """Mark each test by the fixtures it needs (marks_its_tests: `browser`, `site`; tests that build broken copies
    mark themselves), then put the run in its order, file by file (`kind_rank`). pytest-xdist gives each worker whole
    files (`--dist loadfile`): a module's fixtures, a browser page or a validator run, are made once."""
    for item in items:
        for name in getattr(item, "fixturenames", ()):  # every fixture the test needs, through others too
            if name in FIXTURE_MARKS:
                item.add_marker(FIXTURE_MARKS[name])
    ranks: dict[Path, int] = {}
    for item in items:
        ranks[item.path] = max(ranks.get(item.path, 0), kind_rank(item))
    if os.environ.get("PYTEST_XDIST_WORKER"):
        ranks.update({path: 0 for path in ranks if path.name in FIRST_ON_WORKERS})
    browser_tests = Counter(item.path for item in items if item.get_closest_marker("browser"))
    long_files = {item.path for item in items if item.get_closest_marker("long")}
    # stable: each file's tests stay together, in their order; among the browser files, the long ones, then those
    # with most browser tests first, so that the run ends on short files and both workers end together
    items.sort(key=lambda item: (ranks[item.path], item.path not in long_files, -browser_tests[item.path]))
    return (yield)


FIRST_ON_WORKERS = {"test_book.py"}  # the longest chain (the books), while the other worker starts on the rest


def kind_rank(item: pytest.Item) -> int:
    """The run's order, file by file: the quick files first (they run while the site builds in the background),
    then those that read a built site, then those that drive the browser (pytest_collection_modifyitems puts the
    files with most browser tests first). On pytest-xdist's workers the books' file comes before all
    (FIRST_ON_WORKERS)."""
    marks = {mark.name for mark in item.iter_markers()}
    return 3 if "browser" in marks else 2 if "site" in marks else 1


def pytest_collection_finish(session: pytest.Session) -> None:
    """Start building the site in the background as soon as the run is known to need it: the quick tests, first in
    the run's order, run meanwhile."""
    needs = set().union(*(getattr(item, "fixturenames", ()) for item in session.items)) if session.items else set()
    if "built_site" in needs:
        start(SITE, {})


@pytest.fixture(scope="session")
@marks_its_tests("browser")
def browser():
    from playwright.sync_api import sync_playwright

    from tests.chromium import launch

    with sync_playwright() as p:
        browser = launch(p)
        yield browser
        browser.close()


@pytest.fixture(scope="module")
def desktop_tab(browser):
    """The module's desktop tab, without the site's service worker, which would fetch the whole site for every test
    (tests/test_offline.py tests it)."""
    from tests.reused_tab import reused_tab

    with reused_tab(browser, viewport={"width": 1280, "height": 900}, service_workers="block") as tab:
        yield tab


@pytest.fixture
def page(desktop_tab):
    """A desktop tab as if new: the module's one tab, emptied of what the test before left (tests/reused_tab.py)."""
    with desktop_tab.as_new() as page:
        yield page
