"""What the book is made of: the built rulebook page of a language (codex/publish/rulebook.py filled it with every
rules page, in the navigation's order), cut into the parts of the navigation (one per source document: each nav
group; a page outside any group, the glossary, is a part of its own), each chapter's HTML taken as the build wrote
it. Nothing here renders a text again: the book reads the site.
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass, field
from pathlib import Path

from bs4 import BeautifulSoup, SoupStrainer, Tag
from bs4.dammit import EntitySubstitution
from bs4.formatter import HTMLFormatter
from markupsafe import Markup

from codex.publish.rulebook import ARTICLE_CLASS, MAX_TOC_SECTIONS, nav_pages

CHAPTER_CLASS = "codex-rulebook-chapter"  # each chapter of the rulebook page (codex/publish/rulebook.py)
BOOK_ATTRIBUTE = "data-rulebook"  # the rulebook's own box, "assembled" once filled
PERMALINK_CLASS = "headerlink"  # the theme's permalink mark after each heading
# What paper does without: the site's history of each page and table (the cover says which commit the book is) and
# its edit links.
LEFT_OUT = ("codex-page-history", "codex-last-changed", "codex-edit", "codex-author-text")
TITLE_CLASS = "book-chapter-title"  # a chapter's title: the running header takes it
OPENING_CLASS = "book-part-opening"  # the title of a chapter that bears its part's title (a document's first page)
# The book sets its text in two columns; a table that cannot sit in one spans both: one whose columns' longest words
# (with the cells' padding) are wider than a column, or whose rows hold long texts (which one column would make tall).
TABLE_CLASS = "codex-table"
WIDE_CLASS = "book-wide"
COLUMN_CHARACTERS = 72  # what one column holds in the tables' type (book.css: 8 pt condensed sans)
CELL_PADDING = 3  # a cell's padding and border, in characters
LONG_ROW = 180  # characters in a row, on average, beyond which a table spans both columns
# A table of many rows may break between two rows (its header repeated), so that it does not leave most of a column
# empty; a shorter one moves whole to the next column or page.
LONG_CLASS = "book-long"
LONG_TABLE_ROWS = 12
HEADING = re.compile(r"^h[1-6]$")


class AsWritten(HTMLFormatter):
    """Write the page back as the build wrote it: attributes in their order (BeautifulSoup sorts them by default),
    void elements as `<br>`, an empty attribute as its bare name (`download`); '&', '<' and '>' escaped as usual."""

    def __init__(self) -> None:
        super().__init__(
            entity_substitution=EntitySubstitution.substitute_xml,
            void_element_close_prefix="",
        )

    def attributes(self, tag: Tag) -> list[tuple[str, str | None]]:
        return [(name, None if value == "" else value) for name, value in (tag.attrs or {}).items()]


def heading_text(heading: Tag) -> str:
    """A heading's text, without its permalink mark."""
    shown = copy.copy(heading)
    for link in shown.find_all("a", class_=PERMALINK_CLASS):
        link.decompose()
    return shown.get_text().strip()


class BookError(ValueError):
    """The book cannot be made from this site; the message says what is missing and how to get it."""


@dataclass
class Chapter:
    """One rules page as the rulebook holds it: its id (the rulebook's chapter slug), its title (the page's h1, now
    an h2), its sections (the h3s: id and title) and its HTML."""

    slug: str
    page: str
    title: str
    sections: list[tuple[str, str]]
    html: Markup


@dataclass
class Part:
    """A group of the navigation (one source document), or a page outside any group (its title is then None)."""

    title: str | None
    chapters: list[Chapter] = field(default_factory=list)

    @property
    def slug(self) -> str:
        return f"part-{self.chapters[0].slug}"

    @property
    def opened_by_chapter(self) -> bool:
        """Whether the part's first chapter bears the part's title (and stands for it: no title twice)."""
        return self.title is not None and self.title == self.chapters[0].title

    @property
    def is_list(self) -> bool:
        """A part of chapters with more sections than the rulebook's contents lists (the glossary: one per term):
        a list of entries, which the book sets more compactly."""
        return all(len(chapter.sections) > MAX_TOC_SECTIONS for chapter in self.chapters)


@dataclass
class Language:
    """A language of the site, as its configuration says (codex/adapter/book_languages.py reads it): its code, its
    name (the language switcher's), its folder in the built site ('' for the root language), its rulebook page
    (None: the site has none), its navigation and the site's name and description."""

    code: str
    name: str
    folder: str
    config_file: str
    rulebook_page: str | None
    nav: list | None
    site_name: str
    site_description: str = ""


def nav_parts(nav: list | None) -> list[tuple[str | None, list[str]]]:
    """The navigation's top level as parts: (group title, its pages) or (None, [page]) for a page outside a group."""
    parts: list[tuple[str | None, list[str]]] = []
    for entry in nav or []:
        if isinstance(entry, dict):
            for title, value in entry.items():
                parts.append((title, nav_pages(value)) if isinstance(value, list) else (None, [value]))
        else:
            parts.append((None, [entry]))
    return parts


def rulebook_file(site: Path, language: Language) -> Path:
    """The built rulebook page of a language (directory URLs: rulebook/index.html; a folder build: rulebook.html)."""
    page = language.rulebook_page
    if not page:
        raise BookError(f"{language.config_file}: the codex plugin has no 'rulebook' page")
    stem = page[: -len(".md")]
    base = site / language.folder if language.folder else site
    for candidate in (base / stem / "index.html", base / f"{stem}.html"):
        if candidate.is_file():
            return candidate
    raise BookError(
        f"no built rulebook page for '{language.code}' under {site} (looked for {stem}/index.html): build the site "
        "first (mkdocs build), or let python -m codex.book build it (no --site)"
    )


def is_wide(table: Tag) -> bool:
    """Whether a table needs the page's width: the longest word of each of its columns, or its rows' length."""
    longest: list[int] = []
    rows: list[int] = []
    for row in table.find_all("tr"):
        cells = [cell.get_text(" ", strip=True) for cell in row.find_all(["th", "td"])]
        for index, text in enumerate(cells):
            if index == len(longest):
                longest.append(0)
            longest[index] = max(longest[index], *(len(word) for word in text.split()), 0)
        if row.parent.name != "thead":
            rows.append(sum(len(text) for text in cells))
    narrowest = sum(width + CELL_PADDING for width in longest)
    return narrowest > COLUMN_CHARACTERS or bool(rows) and sum(rows) / len(rows) > LONG_ROW


def mark_tables(section: Tag) -> None:
    """Mark the tables for the book's sheet: a long one (many rows) may break between rows, its header repeated; one
    too wide for a column spans the page's width, with the heading right above it, if any (a heading left at a
    column's foot while its table spans the next page would be read alone)."""
    for box in section.find_all("div", class_=TABLE_CLASS):
        table = box.find("table")
        if table is None:
            continue
        body = table.find("tbody")
        if body is not None and len(body.find_all("tr", recursive=False)) >= LONG_TABLE_ROWS:
            box["class"] = [*box.get("class", []), LONG_CLASS]
        if not is_wide(table):
            continue
        wide = section.new_tag(
            "div", attrs={"class": [WIDE_CLASS, *([LONG_CLASS] if LONG_CLASS in box["class"] else [])]}
        )
        heading = box.find_previous_sibling(True)
        box.insert_before(wide)
        if heading is not None and HEADING.match(heading.name) and heading.name not in ("h1", "h2"):
            wide.append(heading.extract())
        wide.append(box.extract())


def chapter_of(section: Tag, opens_part: bool = False) -> Chapter:
    """A chapter of the rulebook page: its title, its sections, and its HTML as the build wrote it, without the
    chapter's own box (the book's columns belong to the part, and only their direct children can span them): its
    title keeps the chapter's id, and the running header's class (a chapter titled as its part opens the part, in
    the part title's place)."""
    slug = section["id"]
    heading = section.find("h2")
    title = heading_text(heading) if heading else slug
    sections = [(h["id"], heading_text(h)) for h in section.find_all("h3", id=True)]
    for mark in section.find_all("a", class_=PERMALINK_CLASS):  # a heading's permalink mark means nothing on paper
        mark.decompose()
    for kind in LEFT_OUT:
        for tag in section.find_all(class_=kind):
            tag.decompose()
    mark_tables(section)
    if heading is not None:
        heading["class"] = [*heading.get("class", []), TITLE_CLASS, *([OPENING_CLASS] if opens_part else [])]
        heading.insert(0, section.new_tag("span", attrs={"id": slug}))
    html = section.decode_contents(formatter=AsWritten())
    return Chapter(slug, section["data-page"], title, sections, Markup(html))


@dataclass
class Rulebook:
    """The built rulebook page of a language: its title (the page's h1) and its chapters, in parts."""

    title: str
    parts: list[Part]

    @property
    def chapters(self) -> list[Chapter]:
        return [chapter for part in self.parts for chapter in part.chapters]


def read_rulebook(site: Path, language: Language) -> Rulebook:
    """The rulebook of `language` in the built `site`, in the parts of that language's navigation."""
    path = rulebook_file(site, language)
    soup = BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser", parse_only=SoupStrainer("article"))
    article = soup.find("article", class_=ARTICLE_CLASS)
    book = article.find(attrs={BOOK_ATTRIBUTE: "assembled"}) if article else None
    if book is None:
        raise BookError(f'{path} holds no assembled rulebook (no element with {BOOK_ATTRIBUTE}="assembled")')
    heading = article.find("h1")
    sections = {s["data-page"]: s for s in book.find_all("section", class_=CHAPTER_CLASS)}
    parts = []
    for title, pages in nav_parts(language.nav):
        held = [sections.pop(page) for page in pages if page in sections]
        if held:
            first = held[0].find("h2")
            opens = title is not None and first is not None and heading_text(first) == title
            parts.append(Part(title, [chapter_of(s, opens and i == 0) for i, s in enumerate(held)]))
    if sections:  # not in the nav: cannot happen in a strict build, said rather than dropped
        raise BookError(f"{path}: chapters outside the navigation: {', '.join(sorted(sections))}")
    return Rulebook(heading_text(heading) if heading else language.site_name, parts)
