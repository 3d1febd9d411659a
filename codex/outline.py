"""A page's outline read from its Markdown source: its title and its headings with their anchors, by one parser.

A heading is an ATX heading (`## Words {#anchor .class}`) outside a fenced code block; its anchor is the `#id` of its
attribute list ('' without one). The title is the first level-1 heading's words. What other pages read of a page
(its title in the navigation and the "linked from" lists, a section's words in a link, its anchors) is in its outline:
under `mkdocs serve` an edit that changes no outline rebuilds that page alone (codex/project/dependencies.py).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

ATX_HEADING = re.compile(
    r"^(?P<hashes>#{1,6})[ \t]+(?P<words>.*?)[ \t]*(?:\{(?P<attributes>[^}\n]*)\})?[ \t]*#*[ \t]*$"
)
FENCE = re.compile(r"^[ \t]{0,3}(?P<fence>`{3,}|~{3,})")
ANCHOR = re.compile(r"(?:^|\s)#(?P<id>[\w-]+)")


@dataclass(frozen=True)
class Heading:
    level: int
    words: str  # as written, Markdown emphasis included
    anchor: str  # its {#id}, '' without one
    line: int  # 1-based

    @property
    def text(self) -> str:
        """The words without Markdown emphasis, as a reader sees them."""
        return self.words.replace("*", "").strip()


@dataclass(frozen=True)
class Outline:
    headings: tuple[Heading, ...]

    @property
    def title(self) -> str:
        """The first level-1 heading's words ('' without one)."""
        return next((h.text for h in self.headings if h.level == 1), "")

    @property
    def title_words(self) -> str:
        """The first level-1 heading's words as written (Markdown emphasis kept)."""
        return next((h.words for h in self.headings if h.level == 1), "")

    def heading(self, anchor: str) -> Heading | None:
        """The first heading with that anchor; '' -> the first level-1 heading."""
        return next((h for h in self.headings if (h.anchor == anchor if anchor else h.level == 1)), None)

    def anchors(self) -> dict[str, str]:
        """Anchor -> heading text ('' -> the title), the first heading of each anchor."""
        found = {"": self.title} if self.title else {}
        for heading in self.headings:
            if heading.anchor:
                found.setdefault(heading.anchor, heading.text)
        return found


def heading(line: str, number: int = 0) -> Heading | None:
    """The heading a line of Markdown is (outside a fenced block), or None."""
    match = ATX_HEADING.match(line)
    if match is None:
        return None
    anchor = ANCHOR.search(match["attributes"] or "")
    return Heading(len(match["hashes"]), match["words"], anchor["id"] if anchor else "", number)


def outline(markdown: str) -> Outline:
    """The headings of a page's Markdown source, in order."""
    headings: list[Heading] = []
    fence = ""
    for number, line in enumerate(markdown.splitlines(), start=1):
        opening = FENCE.match(line)
        if fence:
            if opening and opening["fence"][0] == fence[0] and len(opening["fence"]) >= len(fence):
                fence = ""
            continue
        if opening:
            fence = opening["fence"]
            continue
        found = heading(line, number)
        if found is not None:
            headings.append(found)
    return Outline(tuple(headings))


def page_outline(path: Path) -> Outline:
    """A page file's outline; an empty one when the file does not exist."""
    return outline(path.read_text(encoding="utf-8")) if path.is_file() else Outline(())
