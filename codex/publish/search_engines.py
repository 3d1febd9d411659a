"""What the site tells search engines at its root: sitemap.xml, every page of every language with its translations,
and robots.txt, which names the sitemap.

A sitemap needs absolute addresses: built without site_url (CODEX_SITE_URL), it lists nothing and robots.txt names no
sitemap. Pages have the same paths in every language (tests/test_build.py checks it), so the root language's pages
give every language's addresses. docs/overrides/sitemap.xml writes the entries; a language below the root writes no
sitemap of its own (an empty template output is not written).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

SITEMAP = "sitemap.xml"
ROBOTS = "robots.txt"
X_DEFAULT = "x-default"  # the address for a reader whose language the site does not have: the root language's


@dataclass(frozen=True)
class SitemapEntry:
    """One address of the sitemap, with the same page in every language (itself included), as hreflang -> URL."""

    loc: str
    lastmod: str | None
    alternates: tuple[tuple[str, str], ...]


def language_base(site_url: str, folder: str) -> str:
    """'https://o.github.io/r/', 'en' -> 'https://o.github.io/r/en/' ('' folder: the root language)."""
    return site_url.rstrip("/") + "/" + (folder + "/" if folder else "")


def sitemap_entries(
    site_url: str | None, pages: list[tuple[str, str | None]], folders: dict[str, str]
) -> list[SitemapEntry]:
    """Every page in every language: `pages` are (URL relative to a language's root, last change) pairs, `folders`
    maps each language to its folder ('' for the root language, first)."""
    if not site_url:
        return []
    root_lang = next(lang for lang, folder in folders.items() if not folder)
    entries = []
    for url, lastmod in pages:
        addresses = {lang: language_base(site_url, folder) + url for lang, folder in folders.items()}
        alternates = (*addresses.items(), (X_DEFAULT, addresses[root_lang]))
        entries += [SitemapEntry(address, lastmod, alternates) for address in addresses.values()]
    return entries


def robots_txt(site_url: str | None) -> str:
    """Every page may be crawled; the sitemap's absolute address when the site knows its own."""
    lines = [
        "# Codex 2bis: every page may be crawled. Crawlers read robots.txt only at a host's root; for a site served",
        "# under a sub-path, give them the sitemap directly (e.g. in the search engine's webmaster tools).",
        "User-agent: *",
        "Allow: /",
    ]
    if site_url:
        lines.append(f"Sitemap: {language_base(site_url, '')}{SITEMAP}")
    else:
        lines.insert(2, "# Built without its public address (CODEX_SITE_URL), so no sitemap is named here.")
    return "\n".join(lines) + "\n"


def write_robots_txt(site_dir: Path, site_url: str | None) -> Path:
    path = site_dir / ROBOTS
    path.write_text(robots_txt(site_url), encoding="utf-8")
    return path
