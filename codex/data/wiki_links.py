"""Wiki links: a rule that names another links to it by id, in any text of data/ and in pages.

    [[condition:prone]]               the condition, shown with its name in the page's language
    [[condition:prone|au sol]]        the same link, shown with the words after '|'
    [[term:attack-of-opportunity]]    a glossary entry
    [[table:materials]]               a table (on the page that shows it)
    [[question:turn-length]]          an open question (on the page of the rule it concerns)
    [[rule:positioning.md#bull-rush]] a section of a page (or a page, without '#'), shown with its heading

This module knows the syntax and what each kind of link points to (`WikiTargets`); codex/render/wiki_links.py
writes the links into pages. Data texts are checked once the data has loaded (codex/mistakes/data_checks.py), pages
when they are built: an unknown kind or id stops the build with file, line and field.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from codex import kinds
from codex.i18n.localize import text
from codex.outline import Outline, page_outline

# '[[kind:ref]]' or '[[kind:ref|words]]'; each bracket may come escaped ('\[') from Markdown-escaped data text.
WIKI_LINK = re.compile(
    r"\\?\[\\?\[(?P<kind>[a-z]+):(?P<ref>[^\]\[|\\\s]+)(?:\|(?P<label>(?:[^\]\\]|\\.)+?))?\\?\]\\?\]"
)
KINDS = ("condition", "term", "table", "question", "rule")
EXAMPLE = "[[condition:prone]] or [[condition:prone|words shown]]"
MARKDOWN_ESCAPE = re.compile(r"\\([\\`*_\[\]])")
MACRO_CALL = re.compile(r"\b(?P<macro>table|open_question|conditions|glossary)\(\s*(?:['\"](?P<id>[a-z0-9-]+)['\"])?")


class UnknownWikiLink(ValueError):
    """A wiki link whose kind or target does not exist; the message says what exists."""


@dataclass(frozen=True)
class WikiTarget:
    """Where a link leads: a page (path under docs/<lang>/), an anchor on it ('' for the page) and its title."""

    page: str
    anchor: str
    title: str


def find_links(value: str) -> Iterator[re.Match]:
    return WIKI_LINK.finditer(value)


def label_of(match: re.Match) -> str | None:
    """The words written after '|', unescaped; None when the link shows its target's title."""
    label = match["label"]
    return MARKDOWN_ESCAPE.sub(r"\1", label).strip() if label is not None else None


def page_headings(path: Path) -> dict[str, str]:
    """Anchor -> heading text of a Markdown page ('' -> its title, the first '# ' heading)."""
    return page_outline(path).anchors()


class WikiTargets:
    """What each wiki link of one language points to, from the data and that language's pages (docs/<lang>/)."""

    def __init__(
        self,
        dataset,
        lang: str,
        docs_dir: Path | None,
        secondary_pages: tuple[str, ...] = (),
        outline: Callable[[str], Outline] | None = None,
    ) -> None:
        """`outline(page)` gives a page's outline (the build's project model reads each once); by default, read from
        `docs_dir`."""
        self.lang = lang
        self.docs_dir = docs_dir
        self.outline = outline or (lambda page: page_outline((docs_dir or Path()) / page))
        self.conditions = {i["id"]: i for d in dataset.by_id(kinds.CONDITIONS).values() for i in d["items"]}
        self.terms = {i["id"]: i for d in dataset.by_id(kinds.GLOSSARY).values() for i in d["items"]}
        self.tables = dataset.by_id(kinds.TABLE)
        self.questions = dataset.by_id(kinds.OPEN_QUESTION)
        self.headings: dict[str, dict[str, str]] = {}
        self.shown_on: dict[tuple[str, str], str] = {}  # (macro, id) -> the page that calls it
        if docs_dir is not None and docs_dir.is_dir():
            self.scan_pages(docs_dir, secondary_pages)

    def scan_pages(self, docs_dir: Path, secondary_pages: tuple[str, ...]) -> None:
        """Read every page's headings and which page shows each table, the conditions and the glossary. A page of
        `secondary_pages` (the GM screen, the rulebook...) is chosen only when no other page shows the thing."""
        pages = sorted(p.relative_to(docs_dir).as_posix() for p in docs_dir.rglob("*.md"))
        for page in sorted(pages, key=lambda p: p in secondary_pages):
            self.headings[page] = self.outline(page).anchors()
            for call in MACRO_CALL.finditer((docs_dir / page).read_text(encoding="utf-8")):
                self.shown_on.setdefault((call["macro"], call["id"] or ""), page)

    def anchors(self, page: str) -> set[str]:
        """Every anchor a page has: its headings' and those of what its macros show (a table's `table-<id>`, an open
        question's id, each condition and glossary entry)."""
        anchors = {a for a in self.headings.get(page, {}) if a}
        source = self.docs_dir / page if self.docs_dir is not None else None
        if source is None or not source.is_file():
            return anchors
        for call in MACRO_CALL.finditer(source.read_text(encoding="utf-8")):
            if call["macro"] == "table" and call["id"]:
                anchors.add(f"table-{call['id']}")
            elif call["macro"] == "open_question" and call["id"]:
                anchors.add(call["id"])
            elif call["macro"] == "conditions":
                anchors |= set(self.conditions)
            elif call["macro"] == "glossary":
                anchors |= set(self.terms)
        return anchors

    def kind_error(self, kind: str) -> UnknownWikiLink:
        return UnknownWikiLink(f"unknown kind of wiki link '{kind}': one of {', '.join(KINDS)}, as in {EXAMPLE}")

    def check(self, kind: str, ref: str) -> None:
        """Raise UnknownWikiLink unless the link's target exists (in the data; a rule section, in the pages)."""
        self.resolve(kind, ref, where_shown=False)

    def resolve(self, kind: str, ref: str, where_shown: bool = True) -> WikiTarget:
        """The target of [[kind:ref]]; `where_shown` also finds the page that shows it (needs the pages)."""
        lang = self.lang
        if kind == "rule":
            page, _, anchor = ref.partition("#")
            if not page.endswith(".md"):
                raise UnknownWikiLink(f"a rule link names a page and a section: [[rule:page.md#anchor]], not '{ref}'")
            if self.docs_dir is None or not self.headings:
                return WikiTarget(page, anchor, ref)
            headings = self.headings.get(page)
            if headings is None:
                raise UnknownWikiLink(f"no page {page} in {self.docs_dir}")
            if anchor and anchor not in headings:
                known = ", ".join(sorted(a for a in headings if a)) or "none"
                raise UnknownWikiLink(f"no section {{#{anchor}}} in {page} (its sections: {known})")
            return WikiTarget(page, anchor, headings.get(anchor, headings.get("", page)))
        collections = {
            "condition": (self.conditions, "name", ("conditions", "")),
            "term": (self.terms, "term", ("glossary", "")),
            "table": (self.tables, "title", ("table", ref)),
            "question": (self.questions, "title", None),
        }
        if kind not in collections:
            raise self.kind_error(kind)
        items, title_field, shown_by = collections[kind]
        if ref not in items:
            raise UnknownWikiLink(f"no {kind} '{ref}' (known: {', '.join(sorted(items)) or 'none'})")
        item = items[ref]
        title = text(item[title_field], lang)
        if not where_shown:
            return WikiTarget("", ref, title)
        if shown_by is None:  # an open question names the page of its rule
            return WikiTarget(item["page"], ref, title)
        page = self.shown_on.get(shown_by)
        if page is None:
            raise UnknownWikiLink(f"the {kind} '{ref}' is shown on no page (no page calls {shown_by[0]}())")
        return WikiTarget(page, f"table-{ref}" if kind == "table" else ref, title)

    def plain(self, value: str) -> str:
        """The text with each wiki link replaced by the words it shows (tooltips, downloads, titles)."""

        def words(match: re.Match) -> str:
            label = label_of(match)
            return label if label else self.resolve(match["kind"], match["ref"], where_shown=False).title

        return WIKI_LINK.sub(words, value)
