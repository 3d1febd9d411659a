"""Wiki links written into a page (the syntax and the targets: codex/data/wiki_links.py), and each condition's and
glossary entry's "linked from" list.

`link_page` runs on a page's Markdown once the macros have written the data's texts into it (so that links in
tables, conditions, open questions and the glossary are found as well as the page's own): each [[kind:id]] becomes
an HTML link, relative to the page, with the target's title in the page's language or the words after '|'. Inside an
HTML tag (an attribute) a link cannot be a link: its words are written instead. `fill_linked_from` then fills the
placeholders that the conditions and the glossary leave under each entry (`linked_from_placeholder`), once every
page of the language has been read.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from markupsafe import Markup

from codex.data.wiki_links import WIKI_LINK, UnknownWikiLink, WikiTargets, label_of
from codex.i18n.ui import UIText
from codex.markdown_text import markdown_text
from codex.problem import Problem
from codex.render import html_blocks
from codex.render.relative_url import relative_url
from codex.render.templates import render

HTML_BLOCK_START = re.compile(f"(?:{re.escape(html_blocks.OPEN)})?<[A-Za-z]")  # a macro's block may be marked
PLACEHOLDER = re.compile(r'<p class="codex-linked-from" data-linked-from="(?P<key>[a-z]+:[a-z0-9-]+)"></p>')
LINKED_FROM_KINDS = ("condition", "term")  # the entries that list the pages linking to them


class WikiLinkError(ValueError):
    """A page's wiki link that leads nowhere; the message names file and line."""


@dataclass(frozen=True)
class Linker:
    """One page's view of the links: where the page is and how to find another page's URL."""

    targets: WikiTargets
    page: str  # the page's path under docs/<lang>/
    page_url: str  # its URL, relative to the site's root
    url_of: Callable[[str], str | None]  # a page's path -> its URL (None: not in the site)
    source: Path  # the page's Markdown file, to give the line of a faulty link
    file: str = ""  # that file as the repository names it (docs/fr/fumbles.md), for messages
    lang: str = ""

    def href(self, page: str, anchor: str) -> str:
        fragment = f"#{anchor}" if anchor else ""
        if page == self.page:
            return fragment or "#"
        url = self.url_of(page)
        if url is None:
            raise UnknownWikiLink(f"the page {page} is not part of the site")
        return relative_url(url, self.page_url) + fragment

    def relative_source(self, page: str, anchor: str) -> str:
        """The target's Markdown file relative to this page's, as a Markdown link writes it ('#anchor' on itself)."""
        fragment = f"#{anchor}" if anchor else ""
        if page == self.page:
            return fragment or "#"
        return posixpath.relpath(page, posixpath.dirname(self.page) or ".") + fragment

    def where(self, written: str) -> tuple[str, int | None]:
        """The file (as the repository names it) and the line where the link is written; no line when it comes from
        the text of a data file the page shows (the data's own check names that file)."""
        file = self.file or str(self.source)
        try:
            for number, line in enumerate(self.source.read_text(encoding="utf-8").splitlines(), start=1):
                if written in line:
                    return file, number
        except OSError:
            pass
        return file, None


def in_html(markdown: str, position: int) -> tuple[bool, bool]:
    """(inside an HTML tag, inside an HTML block) at `position` of a page's Markdown. A block is HTML when its first
    line starts with a tag (the macros' tables, conditions, open questions); Markdown leaves its text alone."""
    in_tag = markdown.rfind("<", 0, position) > markdown.rfind(">", 0, position)
    block_start = markdown.rfind("\n\n", 0, position)
    block = markdown[block_start + 2 if block_start >= 0 else 0 : position].lstrip(" \n")
    return in_tag, bool(HTML_BLOCK_START.match(block))


def link_page(markdown: str, linker: Linker) -> tuple[str, list[str]]:
    """The page's Markdown with its wiki links written as links, and the 'kind:id' of each link, in order.
    In Markdown text a link is a Markdown link to the target's page file (MkDocs checks it and writes its URL);
    in the HTML the macros wrote, an HTML link; in an attribute, the words only.
    Raises WikiLinkError naming the file and line of a link that leads nowhere."""
    linked: list[str] = []

    def link(match: re.Match) -> str:
        kind, ref = match["kind"], match["ref"]
        try:
            target = linker.targets.resolve(kind, ref)
            words = label_of(match) or target.title
            in_tag, in_block = in_html(markdown, match.start())
            if in_tag:
                return str(Markup.escape(words))
            if in_block:
                written = str(
                    render("wiki_link.html", href=linker.href(target.page, target.anchor), words=words, kind=kind)
                )
            else:
                written = f"[{markdown_text(words)}]({linker.relative_source(target.page, target.anchor)}){{.codex-wiki-link}}"
        except UnknownWikiLink as err:
            file, line = linker.where(match[0])
            problem = Problem(
                file,
                line,
                linker.lang,
                f"wiki link {match[0]} leads nowhere: {err}",
                "write [[kind:id]] with a kind and an id that exist (CONTRIBUTING.md, 'Link a rule to another')",
            )
            raise WikiLinkError(str(problem)) from None
        linked.append(f"{kind}:{ref}")
        return written

    return WIKI_LINK.sub(link, markdown), linked


def linked_from_placeholder(kind: str, item_id: str) -> Markup:
    """What the conditions and the glossary write under an entry; `fill_linked_from` replaces it."""
    return render("linked_from_placeholder.html", key=f"{kind}:{item_id}")


def fill_linked_from(html: str, links: dict[str, list[tuple[str, str]]], page_url: str, ui: UIText, lang: str) -> str:
    """The page's HTML with each placeholder replaced by the pages that link to its entry (title, URL), or by
    nothing when none does."""

    def filled(match: re.Match) -> str:
        pages = [
            {"title": title, "href": relative_url(url, page_url)}
            for title, url in links.get(match["key"], [])
            if url != page_url
        ]
        return str(render("linked_from.html", ui=ui, lang=lang, pages=pages)) if pages else ""

    return PLACEHOLDER.sub(filled, html)
