"""What a page's <head> tells search engines and chat apps: its description and its Open Graph card.

The description is the page's own front matter `description`, or else its first paragraph, shortened to what a
search result shows (≤ 160 characters); the Open Graph card repeats the page's title and description in its language,
so that a link pasted in a chat shows the rule's title, with the page's address when the site has one (site_url).
docs/overrides/main.html writes both.
"""

from __future__ import annotations

import re

from bs4 import BeautifulSoup

DESCRIPTION_LIMIT = 160
ELLIPSIS = "…"
OPEN_GRAPH_LOCALES = {"fr": "fr_FR", "en": "en_US"}
# Paragraphs that are not the page's own prose: an admonition's title, a table's source line and edit link.
NOT_PROSE = ("admonition-title", "codex-source", "codex-edit")
# Boxes set apart from the text (a draft page's status, a note): their paragraphs are taken only if the page has no other.
ASIDE = ".admonition, details"
# Spaces that may be folded; not the no-break spaces of French typography (str.split() would fold those too).
FOLDABLE_SPACE = re.compile(r"[ \t\r\n]+")


def first_paragraph(html: str) -> str:
    """The text of the page's first paragraph of prose, outside the boxes set apart if it can, its spaces folded
    ('' if it has none)."""
    soup = BeautifulSoup(html, "html.parser")
    asides = {id(paragraph) for box in soup.select(ASIDE) for paragraph in box.find_all("p")}
    texts = [
        (id(paragraph) in asides, FOLDABLE_SPACE.sub(" ", paragraph.get_text()).strip())
        for paragraph in soup.find_all("p")
        if not set(paragraph.get("class") or ()) & set(NOT_PROSE)
    ]
    prose = [text for in_aside, text in texts if text and not in_aside] or [text for _, text in texts if text]
    return prose[0] if prose else ""


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
