"""The book of one language as a PDF: the built rulebook (codex/book/source.py) in the book's template, set by
WeasyPrint with the book's sheet (book.css) and its fonts (fonts/, embedded in the PDF).

The book's own words come from data/ui.yaml (`book_*`): the cover's "built from", "page N of M" and the page a
link leads to. A text that holds a page number becomes CSS generated content (a `{page}` field becomes
`counter(page)`, or the page number written on the link), its words written as escaped CSS strings. The book is
laid out until each link's page number is the page its target is on (lay_out), starting from the numbers it last
settled on, kept between runs (KEPT_PAGES).
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from string import Formatter

from bs4 import BeautifulSoup, Tag

from codex.book.source import BookError, Language, Rulebook, read_rulebook
from codex.book.templates import ENVIRONMENT, PAPERS
from codex.data.loading import load_dataset_once
from codex.git import git_output
from codex.i18n.ui import UIText
from codex.kept_files import KeptFiles
from codex.publish.rulebook import MAX_TOC_SECTIONS

HERE = Path(__file__).resolve().parent
SHEET = HERE / "book.css"
PAGE_ATTRIBUTE = "data-book-page"  # on each link inside the book: the page its target is on
PLACEHOLDER_PAGE = 10  # what a link shows if its target has no id in the text (the layout then says it is missing)
GUESSED_LENGTH = 32  # pages: about a book's length (tests/test_book.py allows 34), for the first guess of its pages
MAX_PASSES = 6
# What a text's fields stand for in CSS generated content: the page, the page count, the page of a link's target.
PAGE = "counter(page)"
PAGES = "counter(pages)"
TARGET_PAGE = f"attr({PAGE_ATTRIBUTE})"  # written on each internal link by lay_out()
# The page of each link's target in a language's book on a paper, as it last settled: the next run's first guess.
KEPT_PAGES = KeptFiles("book-pages", ".json")


def css_string(text: str) -> str:
    """A CSS string token holding `text` exactly (backslash, quote and line breaks escaped)."""
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\a ").replace("\r", "")
    return f'"{escaped}"'


def css_content(text: str, fields: dict[str, str]) -> str:
    """A UI text as the value of a CSS `content` property: its words as strings, each `{field}` as the CSS
    expression `fields` gives (e.g. 'page {page} of {pages}' -> '"page " counter(page) " of " counter(pages)')."""
    tokens = []
    for literal, name, _, _ in Formatter().parse(text):
        if literal:
            tokens.append(css_string(literal))
        if name is not None:
            tokens.append(fields[name])
    return " ".join(tokens) or '""'


@dataclass(frozen=True)
class Built:
    """What the cover says the book was built from: the line itself, and the commit's day (ISO) when known."""

    text: str
    day: str


def built_from(project: Path, lang: str, ui: UIText) -> Built:
    """The commit the book is built from (its short id and day), or the day alone without git history."""
    found = (git_output(project, "log", "-1", "--format=%h %ct") or "").split()
    if len(found) == 2 and found[1].isdigit():
        day = datetime.fromtimestamp(int(found[1]), UTC).date().isoformat()
        return Built(ui.text("book_built", lang, commit=found[0], day=day), day)
    day = datetime.now(UTC).date().isoformat()
    return Built(ui.text("book_built_without_history", lang, day=day), day)


def book_html(book: Rulebook, language: Language, ui: UIText, built: Built) -> str:
    """The whole book as one HTML document."""
    return ENVIRONMENT.get_template("book.html").render(
        lang=language.code,
        language_name=language.name,
        site_name=language.site_name,
        description=language.site_description,
        book=book,
        built=built,
        contents_title=ui.text("rulebook_contents", language.code),
        max_sections=MAX_TOC_SECTIONS,
    )


def page_css(lang: str, paper: str, ui: UIText) -> str:
    """The part of the sheet that depends on the language and the paper."""
    return ENVIRONMENT.get_template("book_page.css").render(
        size=PAPERS[paper],
        page_of=css_content(
            ui.text("book_page_of", lang, page="{page}", pages="{pages}"), {"page": PAGE, "pages": PAGES}
        ),
        page_reference=css_content(ui.text("book_page_reference", lang, page="{page}"), {"page": TARGET_PAGE}),
    )


def internal_links(soup: BeautifulSoup) -> list[Tag]:
    """The links of the book to a place in it (the contents' and the chapters'): each gets the page it leads to."""
    return [link for link in soup.find_all("a", href=True) if link["href"].startswith("#") and len(link["href"]) > 1]


def anchor_pages(document) -> dict[str, int]:
    """Where each id of a laid-out WeasyPrint document is: its page number (the first page that holds it)."""
    pages: dict[str, int] = {}
    for number, page in enumerate(document.pages, start=1):
        for anchor in page.anchors:
            pages.setdefault(anchor, number)
    return pages


def first_guess(soup: BeautifulSoup) -> dict[str, int]:
    """Each id's page as first guessed, before any layout: where it stands in the book's text, spread over a book of
    GUESSED_LENGTH pages. Only how many layouts the book takes depends on it: a guess with the right number of digits
    leaves the lines as the true numbers will (a single-digit page read as "10" can push a paragraph onto a new
    line, and a target onto the next page)."""
    before, offsets = 0, {}
    for node in soup.descendants:
        if isinstance(node, Tag):
            if node.get("id"):
                offsets.setdefault(node["id"], before)
        else:
            before += len(node)
    return {anchor: 1 + GUESSED_LENGTH * offset // max(before, 1) for anchor, offset in offsets.items()}


def kept_pages(lang: str, paper: str) -> dict[str, int] | None:
    """The page of each link's target in the book of `lang` on `paper` as it last settled here, or None. A guess, not
    a result: lay_out checks each number against its layout, so a book that has changed since costs the layouts any
    guess costs, and one that has not settles in one layout instead of two."""
    kept = KEPT_PAGES.read(f"{lang}-{paper}")
    try:
        pages = json.loads(kept) if kept else None
    except ValueError:
        return None
    if isinstance(pages, dict) and all(type(page) is int for page in pages.values()):
        return pages
    return None


def keep_pages(lang: str, paper: str, soup: BeautifulSoup, found: dict[str, int]) -> None:
    """Keep the page of each link's target, as the book of `lang` on `paper` settled (kept_pages)."""
    targets = {link["href"][1:] for link in internal_links(soup)}
    pages = {target: page for target, page in found.items() if target in targets}
    KEPT_PAGES.write(f"{lang}-{paper}", json.dumps(pages, sort_keys=True).encode())


def lay_out(soup: BeautifulSoup, site: Path, sheets: list, fonts, guess: dict[str, int]):
    """Lay the book out until every link's page number is the page its target is on: each pass writes, on each
    internal link, the page its target is on by the previous pass (by `guess` at the first; PAGE_ATTRIBUTE, which the
    sheet prints), and lays the book out again, until nothing moves. Returns the document and each id's page.
    (WeasyPrint's own target-counter() can keep a page number that a later layout of its columns moved, so the book
    does not rely on it.)"""
    from weasyprint import HTML

    links = internal_links(soup)
    found = guess
    for _ in range(MAX_PASSES):
        for link in links:
            target = link["href"][1:]
            link[PAGE_ATTRIBUTE] = str(found.get(target, PLACEHOLDER_PAGE))
        document = HTML(string=str(soup), base_url=str(site)).render(stylesheets=sheets, font_config=fonts)
        shown = {link["href"][1:]: int(link[PAGE_ATTRIBUTE]) for link in links}
        found = anchor_pages(document)
        missing = sorted(target for target in shown if target not in found)
        if missing:
            raise BookError(
                f"the book links to {len(missing)} of {len(shown)} places it does not show: "
                + ", ".join("#" + m for m in missing[:10])
            )
        if all(found[target] == page for target, page in shown.items()):
            return document, found
    raise BookError(f"the page numbers of the book's links did not settle in {MAX_PASSES} layouts")


def typeset(site: Path, language: Language, outs: dict[str, Path], project: Path) -> dict[str, int]:
    """Write the book of `language` from the built `site` in each paper of `outs` (paper -> PDF); returns each
    paper's page count. One run loads WeasyPrint and reads the rulebook once for every paper; the papers are laid out
    in turn, each from the page numbers of the one before, which are nearer the truth than the first guess (a
    target moves a page or so from one paper to the other), or from those it last settled on when kept (kept_pages).
    Each book settles in two layouts, or one from its kept numbers if its pages have not moved (tests/bench_book.py)."""
    from weasyprint import CSS  # imported here: loading Pango takes a while, and only the book needs it
    from weasyprint.text.fonts import FontConfiguration

    logging.getLogger("weasyprint").setLevel(logging.ERROR)  # its warnings are about the theme's CSS we do not load
    ui = UIText.from_dataset(load_dataset_once(project / "data"))
    book = read_rulebook(site, language)
    soup = BeautifulSoup(book_html(book, language, ui, built_from(project, language.code, ui)), "html.parser")
    guess = first_guess(soup)
    counts: dict[str, int] = {}
    for paper, out in outs.items():
        fonts = FontConfiguration()
        sheets = [
            CSS(filename=str(SHEET), font_config=fonts),
            CSS(string=page_css(language.code, paper, ui), font_config=fonts),
        ]
        start = {**guess, **(kept_pages(language.code, paper) or {})}  # a new link's target: the guess's page
        document, guess = lay_out(soup, site, sheets, fonts, start)
        keep_pages(language.code, paper, soup, guess)
        out.parent.mkdir(parents=True, exist_ok=True)
        document.write_pdf(out)
        counts[paper] = len(document.pages)
    return counts
