"""Every internal link of the built site resolves, in both languages: the page (or file) it points to exists, and
so does the anchor (#id) it names. This covers the HTML that macros generate (tables, open questions, glossary,
calculators), which MkDocs' own link validation never sees, and the theme's links (navigation, language switcher)."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from urllib.parse import unquote, urljoin, urlparse

import pytest

from tests.built_html import parsed

LINKING = {"a": "href", "link": "href", "area": "href"}
SITE_URL = "http://codex.invalid/"  # a base to resolve relative links against; never fetched


def html_files(site: Path) -> list[Path]:
    return sorted(site.rglob("*.html"))


def page_url(site: Path, path: Path) -> str:
    rel = path.relative_to(site).as_posix()
    return SITE_URL + (rel[: -len("index.html")] if rel.endswith("index.html") else rel)


def target_file(site: Path, url_path: str) -> Path | None:
    """The built file that serves a URL path, as a static server with directory indexes would."""
    rel = unquote(url_path).lstrip("/")
    candidate = site / rel
    if rel == "" or rel.endswith("/"):
        candidate = candidate / "index.html"
    elif candidate.is_dir():
        candidate = candidate / "index.html"
    return candidate if candidate.is_file() else None


@cache
def ids_of(path: Path) -> frozenset[str]:
    soup = parsed(path)
    return frozenset(
        [t["id"] for t in soup.find_all(id=True)] + [t["name"] for t in soup.find_all("a", attrs={"name": True})]
    )


def broken_links(site: Path, path: Path) -> list[str]:
    """'href -> what is missing' for each internal link of one built page."""
    soup = parsed(path)
    base = page_url(site, path)
    problems = []
    for tag, attribute in LINKING.items():
        for element in soup.find_all(tag, attrs={attribute: True}):
            href = element[attribute].strip()
            if not href or href.startswith(("mailto:", "tel:", "javascript:", "data:")):
                continue
            url = urlparse(urljoin(base, href))
            if f"{url.scheme}://{url.netloc}/" != SITE_URL:
                continue  # outside the site (the repository, the seeds' links)
            target = target_file(site, url.path)
            if target is None:
                problems.append(f"{href} -> no file for {url.path}")
            elif url.fragment and target.suffix == ".html" and unquote(url.fragment) not in ids_of(target):
                problems.append(f"{href} -> no id '{unquote(url.fragment)}' in {target.relative_to(site)}")
    return problems


def test_the_built_site_has_both_languages(built_site):
    assert (built_site / "index.html").is_file() and (built_site / "en" / "index.html").is_file()
    assert len(html_files(built_site / "en")) > 10


def test_every_internal_link_and_anchor_resolves(built_site):
    problems = {}
    for path in html_files(built_site):
        if path.name == "404.html":
            continue  # served at any depth; its links are checked in the test below
        found = broken_links(built_site, path)
        if found:
            problems[path.relative_to(built_site).as_posix()] = found
    assert not problems, "\n".join(f"{page}: {', '.join(links)}" for page, links in sorted(problems.items()))


@pytest.mark.parametrize("lang_dir", ["", "en"])
def test_the_404_page_links_resolve_from_the_root_of_its_language(built_site, lang_dir):
    page_404 = built_site / lang_dir / "404.html"
    assert not broken_links(built_site, page_404)


def test_the_checker_sees_a_broken_anchor_and_a_missing_page(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "index.html").write_text(
        '<h2 id="here">x</h2><a href="#here">ok</a><a href="#gone">no</a><a href="../b/">no</a>', encoding="utf-8"
    )
    problems = broken_links(tmp_path, tmp_path / "a" / "index.html")
    assert len(problems) == 2 and "gone" in problems[0] and "/b/" in problems[1]
