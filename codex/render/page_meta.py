"""What a page's <head> tells search engines and chat apps: its description and its Open Graph card.

The description is the page's own front matter `description`, or else its first paragraph, shortened to what a
search result shows (≤ 160 characters); the Open Graph card repeats the page's title and description in its language,
so that a link pasted in a chat shows the rule's title, with the page's address when the site has one (site_url).
docs/overrides/main.html writes both.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

DESCRIPTION_LIMIT = 160
ELLIPSIS = "…"
OPEN_GRAPH_LOCALES = {"fr": "fr_FR", "en": "en_US"}
# Paragraphs that are not the page's own prose: an admonition's title, a table's source line and edit link.
NOT_PROSE = frozenset({"admonition-title", "codex-source", "codex-edit"})
# Boxes set apart from the text (a draft page's status, a note: an element of class admonition, a <details>): their
# paragraphs are taken only if the page has no other.
ASIDE_CLASS, ASIDE_TAG = "admonition", "details"
# Spaces that may be folded; not the no-break spaces of French typography (str.split() would fold those too).
FOLDABLE_SPACE = re.compile(r"[ \t\r\n]+")
# Elements without an end tag, and elements whose text is not the page's text (as BeautifulSoup's get_text() has it).
VOID_ELEMENTS = frozenset(
    "area base br col embed hr img input keygen link menuitem meta param source track wbr".split()
)
NOT_TEXT = frozenset({"script", "style", "template"})


class _Found(Exception):
    """The first paragraph of prose is read: the rest of the page need not be."""


class _Paragraph:
    def __init__(self, order: int, in_aside: bool, counted: bool) -> None:
        self.order, self.in_aside, self.counted = order, in_aside, counted
        self.parts: list[str] = []


class _FirstParagraphReader(HTMLParser):
    """Reads a page's HTML up to its first paragraph of prose, in one pass and with no tree (a whole BeautifulSoup
    parse of every page cost more than the rest of the page's meta): each <p>'s text, whether it sits in a box set
    apart and whether its class says it is not prose. An end tag closes the elements opened since its start tag, as
    BeautifulSoup's html.parser builder does."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.open: list[tuple[str, _Paragraph | None, bool]] = []  # (tag, its paragraph, opens a box set apart)
        self.paragraphs: list[_Paragraph] = []  # open <p>s, outermost first
        self.asides = 0
        self.hidden = 0  # open elements whose text is not text
        self.done: list[tuple[int, bool, str]] = []  # (order, in a box set apart, text) of closed <p>s with text
        self.count = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in VOID_ELEMENTS:
            return
        classes = set(next((v or "" for k, v in attrs if k == "class"), "").split())
        aside = tag == ASIDE_TAG or ASIDE_CLASS in classes
        paragraph = None
        if tag == "p":
            self.count += 1
            paragraph = _Paragraph(self.count, self.asides > 0, not classes & NOT_PROSE)
            self.paragraphs.append(paragraph)
        self.asides += aside
        self.hidden += tag in NOT_TEXT
        self.open.append((tag, paragraph, aside))

    def handle_endtag(self, tag: str) -> None:
        if not any(name == tag for name, _, _ in self.open):
            return
        while True:
            name, paragraph, aside = self.open.pop()
            self.asides -= aside
            self.hidden -= name in NOT_TEXT
            if paragraph is not None:
                self.close_paragraph(paragraph)
            if name == tag:
                break

    def handle_data(self, data: str) -> None:
        if not self.hidden:
            for paragraph in self.paragraphs:
                paragraph.parts.append(data)

    def close_paragraph(self, paragraph: _Paragraph) -> None:
        self.paragraphs.remove(paragraph)
        text = FOLDABLE_SPACE.sub(" ", "".join(paragraph.parts)).strip()
        if paragraph.counted and text:
            self.done.append((paragraph.order, paragraph.in_aside, text))
        if not self.paragraphs and any(not in_aside for _, in_aside, _ in self.done):
            raise _Found  # no open paragraph comes earlier: the first paragraph of prose is known

    def first(self) -> str:
        prose = [(o, t) for o, in_aside, t in self.done if not in_aside] or [(o, t) for o, _, t in self.done]
        return min(prose)[1] if prose else ""


def first_paragraph(html: str) -> str:
    """The text of the page's first paragraph of prose, outside the boxes set apart if it can, its spaces folded
    ('' if it has none)."""
    reader = _FirstParagraphReader()
    try:
        reader.feed(html)
        reader.close()
        while reader.open:  # the end of the page closes what is still open
            reader.handle_endtag(reader.open[0][0])
    except _Found:
        pass
    return reader.first()


def shorten(text: str, limit: int = DESCRIPTION_LIMIT) -> str:
    """`text` if it fits in `limit` characters, else its longest run of whole words that fits with an ellipsis."""
    if len(text) <= limit:
        return text
    cut = text[: limit - len(ELLIPSIS) + 1]
    words = cut.rsplit(" ", 1)[0] if " " in cut else cut[:-1]
    return words.rstrip(" ,;:.\u00a0\u202f") + ELLIPSIS


def page_description(html: str) -> str:
    """The description of a page without one in its front matter: its first paragraph, shortened."""
    return shorten(first_paragraph(html))


def open_graph(
    *,
    title: str,
    description: str,
    url: str | None,
    is_home: bool,
    lang: str,
    site_languages: list[str],
    site_name: str,
) -> list[tuple[str, str]]:
    """The page's Open Graph properties, as (property, content) pairs in the order they are written."""
    properties = [("og:type", "website" if is_home else "article"), ("og:site_name", site_name), ("og:title", title)]
    if description:
        properties.append(("og:description", description))
    if url:
        properties.append(("og:url", url))
    properties.append(("og:locale", OPEN_GRAPH_LOCALES.get(lang, lang)))
    properties += [
        ("og:locale:alternate", OPEN_GRAPH_LOCALES.get(other, other)) for other in site_languages if other != lang
    ]
    return properties
