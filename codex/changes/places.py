"""Where each thing of a snapshot shows (source document, page, anchor), and its texts as the reader sees them
(wiki links as their words): a change is named as the reader names the rules, not by ids."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from codex.changes.model import Texts
from codex.changes.page_sections import ParsedPage, parse_page
from codex.changes.snapshot import LANGS, Snapshot
from codex.changes.values import same_everywhere, value_texts
from codex.data.wiki_links import WIKI_LINK, label_of

Place = tuple[str, str, str]  # document, page, anchor


@dataclass
class Places:
    """One snapshot, with where each thing of it shows (document, page, anchor) and its texts as shown; its pages
    are parsed once, when first asked for."""

    snapshot: Snapshot
    parsed: dict[tuple[str, str], ParsedPage] = field(default_factory=dict)

    def words(self, texts: Texts) -> Texts:
        """The texts with each wiki link as the words it shows (its label, else its target's name)."""
        return {lang: WIKI_LINK.sub(lambda m, lang=lang: self.link_words(m, lang), texts[lang]) for lang in LANGS}

    def link_words(self, match: re.Match, lang: str) -> str:
        """The words a wiki link shows in `lang`: its label, its target's name or heading, else its reference."""
        label = label_of(match)
        if label:
            return label
        kind, ref = match["kind"], match["ref"]
        snapshot = self.snapshot
        named = {
            "condition": (snapshot.conditions, "name"),
            "term": (snapshot.glossary, "term"),
            "table": (snapshot.tables, "title"),
            "question": (snapshot.questions, "title"),
        }
        items, name_field = named.get(kind, ({}, ""))
        name = items.get(ref, {}).get(name_field)
        if isinstance(name, dict) and isinstance(name.get(lang), str):
            return name[lang]
        if kind == "rule":
            page, _, anchor = ref.partition("#")
            parsed = self.page(lang, page)
            if parsed is not None:
                section = parsed.sections.get(anchor) if anchor else None
                return section.heading if section else parsed.title
        return ref

    def shown(self, value: object, default: str = "") -> Texts:
        """A data value's display texts, wiki links as words; `default` where there is no value."""
        return self.words(same_everywhere(default) if value is None else value_texts(value))

    def page(self, lang: str, path: str) -> ParsedPage | None:
        """A page of the snapshot, parsed; None where the language has no such page."""
        markdown = self.snapshot.pages.get(lang, {}).get(path)
        if markdown is None:
            return None
        if (lang, path) not in self.parsed:
            self.parsed[(lang, path)] = parse_page(markdown)
        return self.parsed[(lang, path)]

    def source_document(self, item: dict) -> str:
        """The document an item's `source: {seed: FILE}` names, '' if none."""
        source = item.get("source")
        return self.snapshot.document_of_seed(source.get("seed")) if isinstance(source, dict) else ""

    def table_place(self, table: dict, table_id: str, macro: str) -> Place:
        return self.source_document(table), self.snapshot.page_showing(macro, table_id), f"table-{table_id}"

    def condition_place(self, condition_id: str) -> Place:
        collection_id, collection = self.snapshot.condition_set(condition_id)
        return self.source_document(collection), self.snapshot.page_showing("conditions", collection_id), condition_id

    def question_place(self, question: dict) -> Place:
        readings = [r for r in question.get("readings") or [] if isinstance(r, dict)]
        document = self.source_document(readings[0]) if readings else ""
        page = question.get("page") if isinstance(question.get("page"), str) else ""
        return document, page, question.get("id", "")

    def term_place(self, entry: dict) -> Place:
        seeds = entry.get("seeds") if isinstance(entry.get("seeds"), list) else []
        document = seeds[0] if seeds and seeds[0] in self.snapshot.documents else ""
        return document, self.snapshot.page_showing("glossary", ""), entry.get("id", "")
