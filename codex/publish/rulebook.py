"""The printable rulebook: after a build, fill the rulebook page with every rules page in reading (navigation) order,
behind a table of contents, so that one print (or tests/print_pdf.py) gives the whole rules on paper.

Why after the build: the rules pages are then fully rendered (macros, tables, open questions, calculators' reference
tables), and the rulebook takes their article HTML as it is, with no second rendering. On one page, anchors of
different pages could clash, so every id of a chapter gets the chapter's prefix (`fumbles--confirmation`), and a link
to a page or anchor that the rulebook holds points inside the rulebook. Calculator forms are left out (paper shows the
reference tables); the search index keeps only the rulebook's own introduction, so searches lead to the rules pages.
"""

from __future__ import annotations

import posixpath
import re
from html import escape, unescape
from pathlib import Path
from urllib.parse import urljoin

RULEBOOK_PAGE = "rulebook.md"
PLACEHOLDER = '<div class="codex-rulebook" data-rulebook="pending"></div>'
# Pages of the navigation that are not rules: home, tools, indexes, the GM screen, the Data page, the rulebook itself.
NOT_RULES = {"index.md", "tools.md", "open-questions.md", "gm-screen.md", "data.md", RULEBOOK_PAGE}
TOC_TITLE = {"fr": "Table des matières", "en": "Contents"}

ARTICLE = re.compile(r'<article class="md-content__inner md-typeset">(.*?)</article>', re.S)
EDIT_BUTTON = re.compile(r'<a [^>]*class="md-content__button[^"]*"[^>]*>.*?</a>', re.S)
FORM = re.compile(r'<form class="codex-calculator".*?</form>', re.S)
ID_ATTR = re.compile(r'\b(id|for)="([^"]*)"')
HREF = re.compile(r'\bhref="([^"]*)"')
HEADING_TAG = re.compile(r"<(/?)h([1-6])\b")
HEADING = re.compile(r'<h([12]) id="([^"]*)"[^>]*>(.*?)</h\1>', re.S)
TAG = re.compile(r"<[^>]+>")
HEADERLINK = re.compile(r'<a class="headerlink".*?</a>', re.S)
# A chapter with more sections than this (the glossary: one per term) shows only its title in the contents.
MAX_TOC_SECTIONS = 20


def nav_pages(nav: list) -> list[str]:
    """The Markdown files of a MkDocs nav, in order (entries are 'file.md', {title: 'file.md'} or {title: [...]})."""
    pages: list[str] = []
    for entry in nav:
        if isinstance(entry, str):
            pages.append(entry)
        elif isinstance(entry, dict):
            for value in entry.values():
                pages += nav_pages(value) if isinstance(value, list) else [value]
    return pages


def rules_pages(nav: list) -> list[str]:
    return [p for p in nav_pages(nav) if p not in NOT_RULES and not p.startswith(("http://", "https://"))]


def page_url(page: str) -> str:
    """'fumbles.md' -> 'fumbles/', 'd20/index.md' -> 'd20/' (directory URLs, relative to the site root)."""
    stem = page[:-3]
    if stem == "index":
        return ""
    return (stem[: -len("/index")] if stem.endswith("/index") else stem) + "/"


def built_file(site_dir: Path, page: str) -> Path:
    return site_dir / page_url(page) / "index.html"


def chapter_slug(page: str) -> str:
    return page_url(page).strip("/").replace("/", "-")


def plain(html: str) -> str:
    """A heading's text: no permalink mark, no tags, entities decoded (the caller escapes it again)."""
    return unescape(TAG.sub("", HEADERLINK.sub("", html))).strip()


def rewrite_link(href: str, source_url: str, chapters: dict[str, str], rulebook_url: str) -> str:
    """A link of a chapter as it must read from the rulebook page."""
    if href.startswith(("http://", "https://", "mailto:", "data:")) or href.startswith("/"):
        return href
    target = urljoin("/" + source_url, href)
    path, _, fragment = target.partition("#")
    slug = chapters.get(path.lstrip("/"))
    if slug is not None:
        return f"#{slug}--{fragment}" if fragment else f"#{slug}"
    relative = posixpath.relpath(path, "/" + rulebook_url)
    relative += "/" if path.endswith("/") and not relative.endswith("/") else ""
    return relative + (f"#{fragment}" if fragment else "")


def chapter_html(article: str, page: str, chapters: dict[str, str], rulebook_url: str) -> str:
    """One page's article, made fit to sit in the rulebook: no forms, prefixed ids, links inside, headings one level
    down (the rulebook's title is the only h1)."""
    slug = chapter_slug(page)
    body = EDIT_BUTTON.sub("", FORM.sub("", article))
    body = ID_ATTR.sub(lambda m: f'{m.group(1)}="{slug}--{m.group(2)}"', body)
    body = HREF.sub(lambda m: f'href="{rewrite_link(m.group(1), page_url(page), chapters, rulebook_url)}"', body)
    body = HEADING_TAG.sub(lambda m: f"<{m.group(1)}h{min(int(m.group(2)) + 1, 6)}", body)
    return f'<section class="codex-rulebook-chapter" id="{slug}" data-page="{escape(page)}">{body}</section>'


def table_of_contents(articles: list[tuple[str, str]], lang: str) -> str:
    """Each chapter (its title) with its sections, linking to the prefixed anchors."""
    items = []
    for page, article in articles:
        slug = chapter_slug(page)
        title, sections = page, []
        for level, anchor, inner in HEADING.findall(article):
            if level == "1":
                title = plain(inner)
            else:
                sections.append(f'<li><a href="#{slug}--{anchor}">{escape(plain(inner))}</a></li>')
        sub = f"<ol>{''.join(sections)}</ol>" if sections and len(sections) <= MAX_TOC_SECTIONS else ""
        items.append(f'<li><a href="#{slug}">{escape(title)}</a>{sub}</li>')
    return (
        f'<nav class="codex-rulebook-toc" aria-labelledby="contents"><h2 id="contents">{TOC_TITLE[lang]}</h2>'
        f"<ol>{''.join(items)}</ol></nav>"
    )


def assemble_rulebook(site_dir: Path, nav: list, lang: str) -> Path | None:
    """Replace the placeholder of the built rulebook page with the contents and the chapters; returns the page's
    file, or None if the site has no rulebook page."""
    site_dir = Path(site_dir)
    target = built_file(site_dir, RULEBOOK_PAGE)
    if RULEBOOK_PAGE not in nav_pages(nav) or not target.exists():
        return None
    # A nav entry with no built page has already been reported by MkDocs (a warning, fatal in strict mode).
    pages = [p for p in rules_pages(nav) if built_file(site_dir, p).exists()]
    chapters = {page_url(p): chapter_slug(p) for p in pages}
    articles = []
    for page in pages:
        match = ARTICLE.search(built_file(site_dir, page).read_text(encoding="utf-8"))
        if match is None:
            raise ValueError(f"rulebook: no article in the built page of {page}")
        articles.append((page, match.group(1)))
    body = table_of_contents(articles, lang) + "".join(
        chapter_html(article, page, chapters, page_url(RULEBOOK_PAGE)) for page, article in articles
    )
    html = target.read_text(encoding="utf-8")
    if PLACEHOLDER not in html:
        raise ValueError(f"rulebook: {target} lacks the placeholder that rulebook() writes")
    target.write_text(
        html.replace(PLACEHOLDER, f'<div class="codex-rulebook" data-rulebook="assembled">{body}</div>'),
        encoding="utf-8",
    )
    return target
