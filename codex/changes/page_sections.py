"""A page's Markdown as its title and its sections (by their `{#anchor}` headings, the same in both languages),
each section as units of text (paragraphs, list items, table rows, macro lines), and Markdown as the words a
reader sees: what the diff compares a page by."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from codex.changes.sentences import collapse
from codex.changes.snapshot import FRONT_MATTER
from codex.data.wiki_links import WIKI_LINK
from codex.outline import heading

FENCE = re.compile(r"^[ \t]*(`{3,}|~{3,})")
OWN_LINE = re.compile(r"^[ \t]*(?:[-*+][ \t]|[0-9]+[.)][ \t]|\||\{[{%]|!!!|\?\?\?|#|>|\*\[)")
# A table row, a macro, an admonition's or a heading's line: the next line is not its continuation.
STANDALONE = re.compile(r"^[ \t]*(?:\||\{[{%]|!!!|\?\?\?|#)")
TABLE_DELIMITER = re.compile(r"^[ \t]*\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$")
MACRO = re.compile(r"\{\{.*?\}\}|\{%.*?%\}")
# The author's text under a section (issue 25) names the source, it is not the site's rule: no change to report.
AUTHOR_TEXT = re.compile(r"\{\{-?\s*author_text\(.*?\}\}")
MARKDOWN_LINK = re.compile(r"!?\[(?P<words>[^\]\n]*)\](?:\([^)\n]*\)|\[[^\]\n]*\])")
LINE_MARKUP = re.compile(r"^(?:[-*+]|[0-9]+[.)]|#{1,6}|>|!!!|\?\?\?\+?)[ \t]+")
ADMONITION = re.compile(r"^(?:!!!|\?\?\?\+?)[ \t]+[\w-]+(?:[ \t]+\"(?P<title>[^\"]*)\")?[ \t]*$")
EMPHASIS = re.compile(r"\*\*|__|(?<![\w*])\*(?=\S)|(?<=\S)\*(?![\w*])|`")
HTML_TAG = re.compile(r"</?[A-Za-z][^>\n]*>|<!--.*?-->")
ATTRIBUTES = re.compile(r"[ \t]*\{[ \t]*[:#.][^}\n]*\}")


@dataclass
class Section:
    """A section of a page: its heading, and its text as the units its sentences are split from."""

    heading: str  # as shown
    heading_key: str  # as written
    units: list[str] = field(default_factory=list)  # paragraphs, list items, table rows, macro lines


@dataclass
class ParsedPage:
    """A page in one language: its title (its first '# ' heading, as shown) and its sections."""

    title: str
    sections: dict[str, Section]  # anchor -> section, in page order ('' for text before any anchored heading)

    @property
    def first_anchor(self) -> str:
        """The first section's anchor: that section stands for the page, and the page's title names it."""
        return next(iter(self.sections), "")


def parse_page(markdown: str) -> ParsedPage:
    """A page's sections by their `{#anchor}` headings; a section's text runs to the next anchored heading."""
    markdown = FRONT_MATTER.sub("", markdown.replace("\r\n", "\n"), count=1)
    title = ""
    sections: dict[str, Section] = {}
    current = sections.setdefault("", Section("", ""))
    unit: list[str] = []
    fence = ""

    def close() -> None:
        if unit:
            current.units.append("\n".join(unit))
            unit.clear()

    for line in markdown.split("\n"):
        fence_match = FENCE.match(line)
        if fence or fence_match:
            close()
            current.units.append(line.strip())
            if fence_match and (not fence or fence_match.group(1).startswith(fence)):
                fence = "" if fence else fence_match.group(1)[:3]
            continue
        found = heading(line)
        if found is not None and (found.anchor or (not title and found.level == 1)):
            close()
            if not title and found.level == 1:
                title = strip_markdown(found.words)
            if found.anchor:
                current = sections.setdefault(found.anchor, Section(strip_markdown(found.words), found.words))
            continue
        if not line.strip():
            close()
        elif OWN_LINE.match(line) or TABLE_DELIMITER.match(line):
            close()
            if not TABLE_DELIMITER.match(line):
                unit.append(line)
            if STANDALONE.match(line):
                close()
        else:
            unit.append(line)
    close()
    if not sections[""].units:
        del sections[""]
    elif len(sections) > 1:  # text before the first heading belongs to the page's first section
        first = next(a for a in sections if a)
        sections[first].units[:0] = sections.pop("").units
    return ParsedPage(title, sections)


def strip_markdown(text: str) -> str:
    """Markdown as the words a reader sees (links as their words, no emphasis, tags or attribute lists); macros
    and wiki links stay as written; the author's text calls go."""
    text = collapse(AUTHOR_TEXT.sub("", text))
    admonition = ADMONITION.match(text)
    if admonition:
        return admonition["title"] or ""
    text = LINE_MARKUP.sub("", text)
    if text.startswith("|"):
        text = " | ".join(cell.strip() for cell in text.strip().strip("|").split("|"))
    protected: list[str] = []

    def keep(match: re.Match) -> str:
        protected.append(match.group(0))
        return f"\0{len(protected) - 1}\0"

    text = WIKI_LINK.sub(keep, MACRO.sub(keep, text))
    text = MARKDOWN_LINK.sub(lambda m: m["words"], text)
    text = ATTRIBUTES.sub("", HTML_TAG.sub("", EMPHASIS.sub("", text)))
    return re.sub(r"\0(\d+)\0", lambda m: protected[int(m.group(1))], text).strip()
