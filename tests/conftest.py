"""Shared fixtures: the repository root, a strict build of the whole site, and an HTTP server over it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.site_server import serve

ROOT = Path(__file__).resolve().parent.parent
LANGS = ("fr", "en")


def run_mkdocs_build(project: Path, site_dir: Path) -> subprocess.CompletedProcess:
    """`mkdocs build --strict` as a contributor runs it, into site_dir."""
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    return subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site_dir)],
        cwd=project,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )


@pytest.fixture(scope="session")
def built_site(tmp_path_factory) -> Path:
    site = tmp_path_factory.mktemp("site")
    result = run_mkdocs_build(ROOT, site)
    assert result.returncode == 0, result.stderr[-4000:]
    return site


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
    with serve(built_site) as url:
        yield url


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path="/usr/bin/chromium",
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
            ],
        )
        yield browser
        browser.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    yield page
    context.close()
