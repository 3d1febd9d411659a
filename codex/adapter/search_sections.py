"""The search index's sections read with lxml (issue 27). Material's search plugin indexes every page in
`on_page_context` by feeding `page.content` to its `Parser`, a Python `html.parser.HTMLParser`: about 0.17 s of each
language's build. libxml2's parser, in C, reads a page in a fraction of that.

`lxml_sections` gives exactly the sections Material's `Parser` gives (`Section` objects with the same title and text
parts, identifier, depth and exclusion): it walks the page's tree calling that parser's three callbacks, rewritten on
counts, in the order the parser calls them, down to their quirks (Material's `Element` compares by tag: an open
element of the title's tag sends text to the title, and the end of any element of an excluded element's tag ends the
exclusion; a kept tag's end looks for the first opening tag in the section's parts).

It relies on libxml2's tree being the very sequence of tags and text that Material's parser reads, which HTML need not
give: libxml2 closes a `<p>` before a `<div>`, keeps the first of two `id`, turns `\r\n` into `\n`, reads `<xmp>` as
raw text... So a regular expression (in C) first reads the page's tags, each written as both parsers read it alike
(lower-case names; quoted or plain attribute values; `id` and `class` with a value, once, without a character
reference; `/>` on void tags only), and the tree must have exactly these tags in this order and the same text between
them. Otherwise (`None`), `page_sections` lets Material's `Parser` read the page: the sections are the same either
way. An attribute without a value is `""` in a section's `el.attrs`, `None` in Material's (only its presence is read).
tests/test_search_sections.py compares both readers; tests/test_theme_contract.py names the theme version whose parser
this follows.
"""

from __future__ import annotations

import html
import re
from collections.abc import Mapping
from typing import Any

from lxml import etree
from material.plugins.search.plugin import Element, Parser, SearchIndex, Section, void

_MATERIAL = Parser()
KEEP = frozenset(_MATERIAL.keep)  # the tags kept in a section's parts ("<p>", "</p>"...)
SKIP = frozenset(_MATERIAL.skip)  # the tags skipped with their content, always ("script"...)
HEADINGS = frozenset(f"h{level}" for level in range(1, 7))
VOID = frozenset(void)  # Material's void tags, which it neither opens nor closes
PARSER = etree.HTMLParser()

_SPACE = r"[ \t\n]"
_CONTROL = r"\x00-\x08\x0b-\x1f\x7f-\x9f"
_VALUE = r"""(?:"[^"]*"|'[^']*'|[^ \t\n"'=<>`]+)"""
_PLAIN_VALUE = rf"""(?:"[^"&{_CONTROL}]*"|'[^'&{_CONTROL}]*'|[^ \t\n"'=<>`&{_CONTROL}]+)"""
_REST = rf"(?:{_SPACE}+[^ \t\n=/>]+(?:{_SPACE}*={_SPACE}*{_VALUE})?)*"


def _once(name: str) -> str:
    """An attribute both parsers read alike: a plain value (no character reference, no control character), and the
    only one of its name in the tag."""
    return rf"{name}{_SPACE}*={_SPACE}*{_PLAIN_VALUE}(?!{_REST}{_SPACE}+{name}[ \t\n=/>])"


_ATTRIBUTE = (
    rf"(?:{_once('id')}|{_once('class')}"
    rf"|(?!(?:id|class)[ \t\n=/>])[a-z_:][-a-z0-9_:.]*(?:{_SPACE}*={_SPACE}*{_VALUE})?)"
)
_VOID_NAMES = "|".join(sorted(VOID))
_NAME = "[a-z][a-z0-9-]*"
TAG = re.compile(  # group 1: the tag's token ("p", "/p", "br"); group 2: a void tag's name
    rf"<(/{_NAME}(?={_SPACE}*>)|({_VOID_NAMES})(?=[ \t\n/>])|(?!(?:{_VOID_NAMES})[ \t\n/>]){_NAME})"
    rf"(?:{_SPACE}+{_ATTRIBUTE})*{_SPACE}*(?(2)/?)>"
)


def page_sections(content: str) -> list[Section]:
    """The sections of a page's HTML, as Material's `Parser` gives them (read with lxml where the page allows it)."""
    sections = lxml_sections(content)
    if sections is None:
        parser = Parser()
        parser.feed(content)
        parser.close()
        sections = parser.data
    return sections


def lxml_sections(content: str) -> list[Section] | None:
    """The sections Material's `Parser` gives, read from libxml2's tree; None where that tree is not the sequence of
    tags and text Material's parser reads (see above)."""
    if "\x00" in content:
        return None
    parts = TAG.split(content)
    texts = "\x00".join(parts[0::3])  # the text between two tags, as the page writes it
    if "<" in texts:  # a tag this module does not read, a comment, a "<" in text...
        return None
    try:
        body = etree.fromstring(f"<html><body>{content}</body></html>", PARSER).find("body")
        walked = None if body is None else _Walk().run(body, parts[1::3])
    except (etree.LxmlError, ValueError):  # Material's parser may fail on this page too, or not: let it say
        return None
    if walked is None or "\x00".join(walked[1]) != html.unescape(texts):
        return None
    return walked[0]


class _Walk:
    """Material's `Parser` callbacks, called in its order from the tree: `start`, `end` and `data` keep its state as
    counts (open elements by tag, open skipped ones, open permalinks) instead of its list of open elements."""

    def __init__(self) -> None:
        self.sections: list[Section] = []
        self.section: Section | None = None
        self.open: dict[str, int] = {}  # open elements by tag (Material's context, compared by tag)
        self.depth = 0  # len(context)
        self.skipped = set(SKIP)  # the tags of Material's skip set
        self.skipping = 0  # open elements whose tag is skipped
        self.permalinks = 0  # open <a class="headerlink">

    def run(self, body: etree._Element, tokens: list[str]) -> tuple[list[Section], list[str]] | None:
        """The sections and the text between each two tags (Material's parser reads each such text at once); None as
        soon as a tag differs from `tokens`."""
        slots: list[str] = []
        pending = body.text or ""
        count = len(tokens)
        for event, element in etree.iterwalk(body, events=("start", "end")):
            if element is body:
                continue
            tag = element.tag
            void_tag = tag in VOID
            if event == "end" and void_tag:  # libxml2 may put what follows a <wbr> in it: no tag ends here
                pending += element.tail or ""
                continue
            index = len(slots)
            token = tag if event == "start" else "/" + tag
            if index >= count or tokens[index] != token:
                return None
            slots.append(pending)
            if pending:
                self.data(pending)
            if event == "start":
                if not void_tag:
                    self.start(tag, element)
                pending = element.text or ""
            else:
                self.end(tag, element)
                pending = element.tail or ""
        if len(slots) != count:
            return None
        slots.append(pending)
        if pending:
            self.data(pending)
        return self.sections, slots

    def start(self, tag: str, element: etree._Element) -> None:
        """Material's `handle_starttag`, for a tag it does not ignore (not void)."""
        self.open[tag] = self.open.get(tag, 0) + 1
        self.depth += 1
        if tag in self.skipped:
            self.skipping += 1
        css_class = element.get("class")
        if tag == "a" and css_class == "headerlink":
            self.permalinks += 1
        if tag in HEADINGS and element.get("id") is not None:
            if tag != "h1" and not self.sections:
                self.section = Section(Element("hx"), self.depth)
                self.sections.append(self.section)
            self.section = Section(Element(tag, dict(element.attrib)), self.depth)
            if self.sections:
                self.section.id = element.get("id")
            self.sections.append(self.section)
        if self.section is None:
            self.section = Section(Element("hx"))
            self.sections.append(self.section)
        if element.get("data-search-exclude") is not None or css_class == "linenodiv":
            if tag not in self.skipped:
                self.skipped.add(tag)
                self.skipping += self.open[tag]
            return
        if not self.skipping and tag in KEEP:
            self.parts().append(f"<{tag}>")

    def end(self, tag: str, element: etree._Element) -> None:
        """Material's `handle_endtag`, for the end of the open element (not void)."""
        section = self.section
        assert section is not None  # the element's start made one
        if section.depth > self.depth:
            for earlier in reversed(self.sections):
                if earlier.depth <= self.depth:
                    section.depth = float("inf")
                    self.section = earlier
                    break
        self.open[tag] -= 1
        self.depth -= 1
        if tag == "a" and element.get("class") == "headerlink":
            self.permalinks -= 1
        if tag in self.skipped:
            self.skipping -= 1
            if tag not in SKIP:
                self.skipped.remove(tag)
                self.skipping -= self.open[tag]
            return
        if not self.skipping and tag in KEEP:
            data = self.parts()
            index = data.index(f"<{tag}>")
            for i in range(index + 1, len(data)):
                if not data[i].isspace():
                    index = len(data)
                    break
            if len(data) > index:
                del data[index:]
            else:
                data.append(f"</{tag}>")

    def data(self, data: str) -> None:
        """Material's `handle_data`, for the whole text between two tags."""
        if self.skipping:
            return
        in_pre = self.open.get("pre")
        if not in_pre:
            data = " " if data.isspace() else data.replace("\n", " ")
        if self.section is None:
            self.section = Section(Element("hx"))
            self.sections.append(self.section)
        section = self.section
        if self.open.get(section.el.tag):
            if not self.permalinks:
                section.title.append(html.escape(data, quote=False))
        elif data.isspace():
            if not section.text or not section.text[-1].isspace():
                section.text.append(data)
            elif in_pre:
                section.text.append(data)
        else:
            section.text.append(html.escape(data, quote=False))

    def parts(self) -> list[str]:
        """Where Material's parser writes: the section's title while an element of its heading's tag is open."""
        assert self.section is not None
        return self.section.title if self.open.get(self.section.el.tag) else self.section.text


class LxmlSearchIndex(SearchIndex):
    """Material's search index, its pages' sections read by `page_sections`; everything else is Material's."""

    def add_entry_from_context(self, page: Any) -> None:
        search = page.meta.get("search") or {}
        if search.get("exclude"):
            return
        for section in page_sections(page.content):
            if not section.is_excluded():
                self.create_entry_for_section(section, page.toc, page.url, page)


def search_plugin(plugins: Mapping[str, Any]) -> Any:
    """Material's search plugin among a configuration's plugins (MkDocs names it after the theme), or None."""
    return plugins.get("material/search") or plugins.get("search")


def use_lxml_search_index(plugins: Mapping[str, Any]) -> bool:
    """Give Material's search plugin an `LxmlSearchIndex` (with the same configuration) in place of the `SearchIndex`
    it has just made, so that every page's sections are read with lxml: its `Parser` took about 0.17 s of each
    language's build. Relies on being called from the `on_config` of a plugin listed after `search`: that plugin makes
    a new `search_index` in its own `on_config`, at every build. Without the plugin, or without its index (disabled),
    or with an index that is not Material's own, nothing changes; says whether it did."""
    search = search_plugin(plugins)
    index = getattr(search, "search_index", None)
    if type(index) is not SearchIndex:
        return False
    search.search_index = LxmlSearchIndex(**index.config)
    return True
