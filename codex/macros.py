"""The macros that pages call, bound to the data and the language of the build."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from pathlib import Path

from codex.book.offer import books_folder, render_book_offer
from codex.components.calculators import calculator_data, calculator_documents, constant
from codex.data.loading import Dataset
from codex.i18n.localize import cell, number
from codex.i18n.ui import UIText
from codex.publish.downloads import render_downloads_list
from codex.publish.offline_copy import NO_OFFLINE_COPY, OfflineCopy, render_offline_download
from codex.publish.rulebook import placeholder as rulebook_placeholder
from codex.render.author_text import render_author_text
from codex.render.calculator_forms import render_form
from codex.render.calculator_reference import render_reference
from codex.render.calculator_tools import render_calculator_links, render_tools_sections
from codex.render.collections import (
    render_action_kinds,
    render_conditions,
    render_open_question,
    render_open_question_index,
)
from codex.render.edit_links import file_edit_url
from codex.render.glossary import render_glossary
from codex.render.gm_screen import GM_SCREEN_SCHEMA, render_gm_screen
from codex.render.html_blocks import marked
from codex.render.rules_changes import NO_HISTORY, HistoryView, last_changed, render_changes_page, render_latest_changes
from codex.render.tables import render_table
from codex.render.trackers import render_tracker_links, render_tracker_page, render_tracker_tools
from codex.sources.passages import source_texts

# The macros whose output is HTML only, one or more blocks of it (codex/render/html_blocks.py sets them aside while
# Markdown reads the page). The others write Markdown (headings, lists) or a few words of prose.
HTML_BLOCK_MACROS = frozenset(
    {
        "action_kinds",
        "author_text",
        "book_download",
        "calculator",
        "calculator_reference",
        "downloads_list",
        "gm_screen",
        "offline_download",
        "open_question",
        "recent_changes",
        "rules_changes",
        "table",
        "tracker",
    }
)


def html_blocks_marked(macros: dict[str, Callable[..., str]]) -> dict[str, Callable[..., str]]:
    """The macros as pages call them: those of HTML_BLOCK_MACROS with their output marked as HTML blocks."""

    def marking(macro: Callable[..., str]) -> Callable[..., str]:
        return functools.wraps(macro)(lambda *args, **kwargs: marked(macro(*args, **kwargs)))

    return {name: marking(macro) if name in HTML_BLOCK_MACROS else macro for name, macro in macros.items()}


TITLE_LINE = re.compile(r"^# (.*)$", re.MULTILINE)  # a page's title: its first "# " heading


class UnknownDataId(KeyError):
    """A page names a table, collection, row or question that data/ does not hold."""

    def __str__(self) -> str:
        return self.args[0]


def page_title(docs_dir: Path, page: str) -> str:
    """The first '# ' heading of a page, which is its title in the navigation."""
    path = docs_dir / page
    heading = TITLE_LINE.search(path.read_text(encoding="utf-8")) if path.exists() else None
    return heading.group(1).split("{")[0].strip() if heading else page


def make_page_macros(
    dataset: Dataset,
    lang: str,
    docs_dir: Path,
    edit_base: str = "",
    offline: OfflineCopy = NO_OFFLINE_COPY,
    history: HistoryView = NO_HISTORY,
) -> dict[str, Callable[..., str]]:
    """Name -> function, for mkdocs-macros to register. `edit_base` (codex/render/edit_links.py) prefixes the "edit this
    table" links; empty, tables have none. `offline` says where this build's offline zip is (the home page offers
    it). `history` is the rules' history as the page being built sees it (codex/render/rules_changes.py)."""
    tables = dataset.by_id("table.schema.json")
    questions = dataset.by_id("open-question.schema.json")
    ui = UIText.from_dataset(dataset)

    def lookup(kind: dict, item_id: str, what: str) -> dict:
        if item_id not in kind:
            known = ", ".join(sorted(kind)) or "none"
            raise UnknownDataId(f"unknown {what} '{item_id}' (known: {known})")
        return kind[item_id]

    def table(table_id: str) -> str:
        data = lookup(tables, table_id, "table id")
        changed = last_changed(history.own(), f"table-{table_id}")
        return render_table(data, lang, ui, file_edit_url(edit_base, dataset.source_file(table_id)), changed)

    def value(table_id: str, row_id: str, column: str | None = None) -> str:
        """One cell of a table, formatted as the table shows it, for use in prose; with two arguments, a calculator's
        rule constant: value('jump', 'vertical-multiplier') (data/calculators/jump.yaml)."""
        if column is None:
            return number(constant(dataset, table_id, row_id), lang)
        data = lookup(tables, table_id, "table id")
        row = lookup({r["id"]: r for r in data["rows"]}, row_id, f"row of table '{table_id}'")
        columns = {c["id"]: c for c in data["columns"]}
        col = lookup(columns, column, f"column of table '{table_id}'")
        return cell(row[column], lang, col.get("format", "plain"))

    def conditions_collection(collection_id: str) -> dict:
        return lookup(dataset.by_id("conditions.schema.json"), collection_id, "conditions collection")

    def conditions(collection_id: str = "conditions", level: int = 2) -> str:
        return render_conditions(conditions_collection(collection_id), lang, ui, level, quoted_passage)

    def action_kinds(collection_id: str = "action-kinds") -> str:
        kinds = lookup(dataset.by_id("action-kinds.schema.json"), collection_id, "action-kinds collection")
        return render_action_kinds(kinds, lang, ui, file_edit_url(edit_base, dataset.source_file(collection_id)))

    sources = source_texts(dataset.root, dataset.by_id("documents.schema.json").get("documents", {}).get("items", []))

    def author_text(document: str, start: str, end: str = "") -> str:
        """The author's words a section comes from: the paragraphs of a source document (data/documents.yaml id) from
        the one quoting `start` to the one quoting `end`, folded under "Author's text" (codex/mistakes/macro_calls.py
        checks the quotations, with file and line, before this runs)."""
        source = lookup(sources, document, "source document")
        first, last = source.passage(start, end)
        return render_author_text(source, first, last, lang, ui)

    def quoted_passage(source: dict) -> str:
        """The author's words a data entry's `source: {seed, quote, to}` names ("" without a quote); the data's
        check has found them already."""
        text = next((t for t in sources.values() if t.file == source.get("seed")), None)
        if text is None or "quote" not in source:
            return ""
        first, last = text.passage(source["quote"], source.get("to", ""))
        return render_author_text(text, first, last, lang, ui)

    def open_question(question_id: str) -> str:
        return render_open_question(lookup(questions, question_id, "open question"), lang, ui)

    def open_questions_index() -> str:
        listed = list(questions.values())
        titles = {q["page"]: page_title(docs_dir, q["page"]) for q in listed}
        return render_open_question_index(listed, titles, lang, ui)

    def t(key: str) -> str:
        return ui.text(key, lang)

    def calculator(calculator_id: str) -> str:
        """A calculator form (answered in the browser by the Python modules), per the form contract, then the open
        questions whose reading it follows (its data file's `open_questions`)."""
        document = calculator_documents(dataset).get(calculator_id, {})
        notes = [open_question(question_id) for question_id in document.get("open_questions", [])]
        return "\n\n".join([render_form(calculator_id, calculator_data(dataset), lang), *notes])

    def calculator_reference(calculator_id: str, compact: bool = False) -> str:
        """The build-time reference table of a calculator, computed by the same functions (`compact`: its narrow
        variant, for the GM screen)."""
        return render_reference(calculator_id, calculator_data(dataset), lang, compact)

    def calculator_tools() -> str:
        """Every declared calculator's section of the GM tools page: heading, rule, form, reference table."""
        return render_tools_sections(dataset, calculator_data(dataset), lang, docs_dir)

    def calculator_links() -> str:
        """The list of the calculators, each linked to the rules page that shows it (home page)."""
        return render_calculator_links(dataset, lang, docs_dir)

    def gm_screen(screen_id: str = "gm-screen") -> str:
        """The GM screen's panels (data/gm-screen.yaml, codex/render/gm_screen.py), landscape on paper."""
        screen = lookup(dataset.by_id(GM_SCREEN_SCHEMA), screen_id, "GM screen")
        return render_gm_screen(screen, lang, ui, table, calculator_reference, conditions_collection)

    def downloads_list(page_url: str = "data/") -> str:
        """The Data page's list of JSON and CSV files (codex/publish/downloads.py writes them); links are relative
        to page_url, which the page passes with the page's own URL."""
        return render_downloads_list(dataset, lang, ui, page_url)

    def offline_download(page_url: str = "") -> str:
        """The offer of the whole site as a zip for use without network (codex/publish/offline_copy.py); links are
        relative to page_url, which the page passes with its own URL."""
        return render_offline_download(offline, lang, ui, page_url)

    def book_download(page_url: str = "") -> str:
        """The offer of the typeset rulebook of the page's language, a PDF per paper (codex/book/offer.py)."""
        folder = None if offline.folder_build else books_folder()
        return render_book_offer(lang, ui, page_url, offline.depth, folder)

    def rulebook() -> str:
        """Where codex/publish/rulebook.py puts the rules pages after the build."""
        return rulebook_placeholder()

    def glossary() -> str:
        """The glossary page's entries (codex/render/glossary.py), from data/glossary.yaml."""
        return render_glossary(
            lookup(dataset.by_id("glossary.schema.json"), "glossary", "glossary"), questions, lang, ui, docs_dir
        )

    def open_questions_count(status: str = "") -> str:
        """How many open-question notes data/open-questions holds (all, or those of one status), for prose."""
        return str(sum(1 for q in questions.values() if not status or q["status"] == status))

    def recent_changes(count: int = 5) -> str:
        """The last commits that changed the rules, a few changes each (codex/render/rules_changes.py), or a note
        when the build has no git history."""
        return render_latest_changes(history, lang, ui, count)

    def rules_changes(part: int = 0) -> str:
        """A page of the history of the rules (0: the Changes page, the newest; the older pages are made by the
        plugin): its changes by day and commit, newest first, filterable by document."""
        return render_changes_page(history, lang, ui, part)

    def tracker(tracker_id: str) -> str:
        """A live combat tracker (codex/render/trackers.py, run in the browser by its Python module), per the
        tracker contract, then the open questions whose reading it follows (its data file's `open_questions`)."""
        document = calculator_documents(dataset).get(f"{tracker_id}-tracker", {})
        notes = [open_question(question_id) for question_id in document.get("open_questions", [])]
        return "\n\n".join([render_tracker_page(dataset, tracker_id, lang), *notes])

    def tracker_tools() -> str:
        """Every declared tracker's entry on the GM tools page: heading, what it does, the link to its page."""
        return render_tracker_tools(dataset, lang)

    def tracker_links() -> str:
        """The list of the trackers, each linked to its page (home page)."""
        return render_tracker_links(dataset, lang)

    return {
        "tracker": tracker,
        "tracker_tools": tracker_tools,
        "tracker_links": tracker_links,
        "gm_screen": gm_screen,
        "glossary": glossary,
        "open_questions_count": open_questions_count,
        "recent_changes": recent_changes,
        "rules_changes": rules_changes,
        "downloads_list": downloads_list,
        "offline_download": offline_download,
        "book_download": book_download,
        "rulebook": rulebook,
        "table": table,
        "value": value,
        "conditions": conditions,
        "action_kinds": action_kinds,
        "author_text": author_text,
        "open_question": open_question,
        "open_questions_index": open_questions_index,
        "t": t,
        "calculator": calculator,
        "calculator_reference": calculator_reference,
        "calculator_tools": calculator_tools,
        "calculator_links": calculator_links,
    }
