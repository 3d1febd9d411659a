"""The printable rulebook: after a build, fill the rulebook page with every rules page in reading (navigation) order,
behind a table of contents, so that one print (or tests/print_pdf.py) gives the whole rules on paper.

Why after the build: the rules pages are then fully rendered (macros, tables, open questions, calculators' reference
tables), and the rulebook takes their article as it is, with no second rendering. The pages are read with an HTML
parser. On one page, anchors of different pages could clash, so every id of a chapter gets the
chapter's prefix (`chapter--section`, and so do the attributes that refer to an id), and a link to a page or
anchor that the rulebook holds points inside the rulebook. Calculator forms are left out (paper shows the reference
tables); the search index keeps only the rulebook's own introduction, so searches lead to the rules pages.

The articles are read and written with lxml (libxml2's HTML parser, in C): a tree of every chapter costs a few
milliseconds there, where BeautifulSoup's own tree cost about 0.4 s of each language's build. The rulebook page itself
is not parsed: the chapters take the place of its placeholder, found by its exact text.

Which page is the rulebook and which pages of the navigation are not rules (home, tools, indexes...) is
configuration: the codex plugin's `rulebook` option in mkdocs.yml (codex/adapter/plugin.py).
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterable
from html import escape
from pathlib import Path
from urllib.parse import urljoin

import lxml.html
from lxml import etree
from lxml.html import HtmlElement
from markupsafe import Markup

from codex.i18n.ui import UIText
from codex.render.templates import render

ARTICLE_CLASS = "md-content__inner"  # the theme's <article class="md-content__inner md-typeset">
ARTICLE_START = re.compile(r'<article\b[^>]*\bclass="[^"]*\b' + ARTICLE_CLASS + r"\b")
ARTICLE_END = "</article>"
# Calculator forms, the theme's edit button, the author's text (on screen, on demand: issue 25) and each page's own
# history with its tables' "last changed" lines (the history of a rule is on its page, as in the book).
LEFT_OUT = (
    ("form", "codex-calculator"),
    ("a", "md-content__button"),
    ("details", "codex-author-text"),
    ("details", "codex-page-history"),
    ("p", "codex-last-changed"),
)
ID_REFERENCES = ("for", "aria-labelledby", "aria-describedby", "aria-controls", "headers")
HEADINGS = ("h1", "h2", "h3", "h4", "h5", "h6")


# A chapter with more sections than this (the glossary: one per term) shows only its title in the contents.
MAX_TOC_SECTIONS = 20


class RulebookError(ValueError):
    """The rulebook page cannot be filled; the message says which page and why."""


def placeholder() -> Markup:
    """What the rulebook() macro writes, and assemble_rulebook fills (found in the built page by this exact text)."""
    return render("rulebook_placeholder.html")


def has_class(element: HtmlElement, name: str) -> bool:
    return name in element.get("class", "").split()


def inner_html(element: HtmlElement) -> str:
    """The element's content as HTML: its text, then each child with the text that follows it."""
    return escape(element.text or "", quote=False) + "".join(
        lxml.html.tostring(child, encoding="unicode") for child in element
    )


def nav_pages(nav: list | None) -> list[str]:
    """The Markdown files of a MkDocs nav, in order (entries are 'file.md', {title: 'file.md'} or {title: [...]})."""
    pages: list[str] = []
    for entry in nav or []:
        if isinstance(entry, str):
            pages.append(entry)
        elif isinstance(entry, dict):
            for value in entry.values():
                pages += nav_pages(value) if isinstance(value, list) else [value]
    return pages


def rules_pages(nav: list | None, rulebook_page: str, skip: list[str]) -> list[str]:
    """The pages of the nav that the rulebook holds: all but itself, the `skip` list and external links."""
    pages = nav_pages(nav)
    missing = [p for p in [rulebook_page, *skip] if p not in pages]
    if missing:
        raise RulebookError(
            f"rulebook: {', '.join(missing)} (codex plugin option 'rulebook' in mkdocs.yml) "
            "not in the navigation ('nav')"
        )
    return [p for p in pages if p != rulebook_page and p not in skip and not p.startswith(("http://", "https://"))]


class BuiltPages:
    """Where the build wrote each page: its URL relative to the language's root ('fumbles/' with directory URLs,
    'fumbles.html' in the offline folder, '' for the home page) and its file, so that the rulebook works with either
    kind of URL. `pages`: each page's source path (under docs/<lang>/), URL and built file (under `site_dir`)."""

    def __init__(self, site_dir: Path, pages: Iterable[tuple[str, str, str]]) -> None:
        self.site_dir = Path(site_dir)
        self.urls: dict[str, str] = {}
        self.files: dict[str, str] = {}
        for source, url, built in pages:
            self.urls[source] = "" if url == "./" else url
            self.files[source] = built

    def url(self, page: str) -> str:
        return self.urls[page]

    def file(self, page: str) -> Path:
        return self.site_dir / self.files.get(page, f"(not built) {page}")


def chapter_slug(page: str) -> str:
    """'chapter.md' -> 'chapter', 'part/index.md' -> 'part', 'part/section.md' -> 'part-section'."""
    stem = page[:-3]
    stem = stem[: -len("/index")] if stem.endswith("/index") else stem
    return stem.replace("/", "-")


def rewrite_link(href: str, source_url: str, chapters: dict[str, str], rulebook_url: str) -> str:
    """A link of a chapter as it must read from the rulebook page."""
    if href.startswith(("http://", "https://", "mailto:", "data:")) or href.startswith("/"):
        return href
    target = urljoin("/" + source_url, href)
    path, _, fragment = target.partition("#")
    slug = chapters.get(path.lstrip("/"))
    if slug is not None:
        return f"#{slug}--{fragment}" if fragment else f"#{slug}"
    folder = (
        "/" + rulebook_url if rulebook_url.endswith("/") or not rulebook_url else posixpath.dirname("/" + rulebook_url)
    )
    relative = posixpath.relpath(path, folder)
    relative += "/" if path.endswith("/") and not relative.endswith("/") else ""
    return relative + (f"#{fragment}" if fragment else "")


def read_article(built: BuiltPages, page: str) -> HtmlElement:
    """The article of a built page (the page's content, without the theme's header, navigation and footer). Only
    the article's part of the page is parsed (from its start tag to the page's last </article>): the navigation
    that every page carries is most of its HTML (a page written otherwise is parsed whole)."""
    path = built.file(page)
    html = path.read_text(encoding="utf-8")
    start, end = ARTICLE_START.search(html), html.rfind(ARTICLE_END)
    if start and end > start.start():
        html = html[start.start() : end + len(ARTICLE_END)]
    articles = [a for a in lxml.html.document_fromstring(html).iter("article") if has_class(a, ARTICLE_CLASS)]
    if not articles:
        raise RulebookError(f"rulebook: no article (article.{ARTICLE_CLASS}) in {path}, the built page of {page}")
    return articles[0]


def heading_text(heading: HtmlElement) -> str:
    """A heading's text, without its permalink mark."""
    shown = lxml.html.fromstring(lxml.html.tostring(heading))
    for link in [a for a in shown.iter("a") if has_class(a, "headerlink")]:  # found first, then dropped
        link.drop_tree()
    return shown.text_content().strip()


def contents_entry(page: str, article: HtmlElement) -> dict:
    """A chapter in the table of contents: its slug, its title (the page's h1) and its sections (the h2s)."""
    title, sections = page, []
    for heading in article.iter("h1", "h2"):
        if heading.get("id") is None:
            continue
        if heading.tag == "h1":
            title = heading_text(heading)
        else:
            sections.append({"anchor": heading.get("id"), "title": heading_text(heading)})
    return {
        "slug": chapter_slug(page),
        "title": title,
        "sections": sections if len(sections) <= MAX_TOC_SECTIONS else [],
    }


def prefixed(value: str, slug: str) -> str:
    """An id, or a space-separated list of ids, with the chapter's prefix."""
    return " ".join(f"{slug}--{i}" for i in value.split())


def fit_chapter(article: HtmlElement, page: str, page_url: str, chapters: dict[str, str], rulebook_url: str) -> None:
    """Make one page's article fit to sit in the rulebook (in place): no forms nor edit button, prefixed ids, links
    inside, headings one level down (the rulebook's title is the only h1)."""
    slug = chapter_slug(page)
    for name, class_ in LEFT_OUT:
        for tag in [t for t in article.iter(name) if has_class(t, class_)]:
            tag.drop_tree()  # the text after it stays
    for tag in article.iter(etree.Element):  # elements only, not comments
        if tag.get("id") is not None:
            tag.set("id", prefixed(tag.get("id"), slug))
        for attribute in ID_REFERENCES:
            if tag.get(attribute) is not None:
                tag.set(attribute, prefixed(tag.get(attribute), slug))
        if tag.get("href") is not None:
            tag.set("href", rewrite_link(tag.get("href"), page_url, chapters, rulebook_url))
    for heading in [t for t in article.iter(*HEADINGS)]:
        heading.tag = f"h{min(int(heading.tag[1]) + 1, 6)}"


def assemble_rulebook(
    built: BuiltPages, nav: list | None, lang: str, ui: UIText, rulebook_page: str | None, skip: list[str]
) -> Path | None:
    """Fill the placeholder of the built rulebook page with the contents and the chapters; returns the page's file,
    or None when the site has no rulebook (`rulebook_page` unset). Raises RulebookError when the page cannot be
    filled (not in the nav, not built, no placeholder, a rules page without article)."""
    if not rulebook_page:
        return None
    pages = rules_pages(nav, rulebook_page, skip)
    target = built.file(rulebook_page)
    if not target.is_file():
        raise RulebookError(f"rulebook: {target}, the built page of {rulebook_page}, does not exist")
    html = target.read_text(encoding="utf-8")
    pending = str(placeholder()).strip()
    if html.count(pending) != 1:
        raise RulebookError(
            f"rulebook: {target} holds {html.count(pending)} rulebook placeholders; the page {rulebook_page} must call "
            "{{ rulebook() }} once"
        )
    # A nav entry with no built page has already been reported by MkDocs (a warning, fatal in strict mode).
    pages = [p for p in pages if built.file(p).exists()]
    chapters = {built.url(p): chapter_slug(p) for p in pages}
    articles = [(page, read_article(built, page)) for page in pages]
    contents = [contents_entry(p, a) for p, a in articles]
    for page, article in articles:
        fit_chapter(article, page, built.url(page), chapters, built.url(rulebook_page))
    book = render(
        "rulebook.html",
        ui=ui,
        lang=lang,
        contents=contents,
        chapters=[{"slug": chapter_slug(p), "page": p, "html": Markup(inner_html(a))} for p, a in articles],
    )
    target.write_text(html.replace(pending, str(book)), encoding="utf-8")
    return target
