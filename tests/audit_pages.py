"""The pages the audits visit: every page of the site, and one sample page of each kind, in both languages.

A page kind is a page whose HTML is built differently (tables from data, a calculator form, collections, the open
questions index, a draft section, the 404 template); a sample of each catches what a kind adds.
"""

from __future__ import annotations

from pathlib import Path

from tests.conftest import LANGS, ROOT, built_path

DOCS = ROOT / "docs"

# kind -> docs path (or the built file name for the 404 template)
PAGE_KINDS: dict[str, str] = {
    "home": "index.md",
    "rules-with-tables": "object-damage.md",
    "rules-with-calculator": "movement.md",
    "gm-tools": "tools.md",
    "collection": "conditions.md",
    "open-questions": "open-questions.md",
    "draft-section": "initiative-points/index.md",
    "404": "404.html",
}


def all_pages() -> list[str]:
    """Every Markdown page of the French docs (the English docs have the same paths, tests/test_build.py checks)."""
    return sorted(p.relative_to(DOCS / "fr").as_posix() for p in (DOCS / "fr").rglob("*.md"))


def url_path(page: str, lang: str) -> str:
    """'movement.md', 'en' -> '/en/movement/'; '404.html' -> '/404.html'."""
    prefix = "/" if lang == "fr" else f"/{lang}/"
    if page.endswith(".html"):
        return prefix + page
    built = built_path(page)
    return prefix + (built[: -len("index.html")] if built.endswith("index.html") else built)


def sample_urls() -> list[tuple[str, str, str]]:
    """(kind, lang, url path) for each page kind in each language."""
    return [(kind, lang, url_path(page, lang)) for kind, page in PAGE_KINDS.items() for lang in LANGS]


def wait_until_settled(page, network: bool = True) -> None:
    """Wait for the network to rest (if `network`) and, on a calculator page, for every form to be ready."""
    if network:
        page.wait_for_load_state("networkidle")
    if page.locator("form[data-calculator]").count():
        page.wait_for_function(
            "[...document.querySelectorAll('form[data-calculator]')].every(f => f.dataset.ready === 'true')",
            timeout=20000,
        )


def built_file(site: Path, url: str) -> Path:
    path = site / url.lstrip("/")
    return path / "index.html" if url.endswith("/") else path
