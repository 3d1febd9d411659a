"""The page macros, each declared once, above its body: its arguments and their kinds (codex/macros/kinds.py),
whether its output is HTML blocks, and the data documents it reads besides those its arguments name. A body
receives the build's context and its arguments as their kinds resolved them (a table id as the table).

To add a macro: a function here under `@macro(...)`, its `change_macro_<name>` words in data/ui.yaml (the Changes
page says a changed call in words), and its line in CONTRIBUTING.md's list.
"""

from __future__ import annotations

from codex.book.offer import books_folder, render_book_offer
from codex.components.calculators import calculator_data
from codex.components.trackers import data_id
from codex.i18n.localize import cell, number
from codex.macros.context import MacroContext
from codex.macros.declaration import EVERYTHING, Argument, Macro, declaring, documents
from codex.macros.kinds import (
    ACTION_KINDS,
    CALCULATOR,
    CALCULATOR_FORM,
    CALCULATOR_RUN,
    COLUMN,
    CONDITIONS,
    CONSTANT,
    GLOSSARY,
    GM_SCREEN,
    OPEN_QUESTION,
    PLAIN,
    ROW,
    SOURCE_DOCUMENT,
    TABLE,
    TRACKER,
    UI_TEXT,
    PassageEnd,
    Quotation,
)
from codex.publish.downloads import render_downloads_list
from codex.publish.offline_copy import render_offline_download
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
from codex.render.gm_screen import render_gm_screen
from codex.render.rules_changes import last_changed, render_changes_page, render_latest_changes
from codex.render.tables import render_table
from codex.render.trackers import render_tracker_links, render_tracker_page, render_tracker_tools
from codex.sources.passages import SourceText

MACROS: dict[str, Macro] = {}  # name -> declaration, in the order below
macro = declaring(MACROS)
UI = "ui"  # data/ui.yaml, whose texts most macros write


# -- data tables and rule constants


@macro(Argument("table_id", TABLE), html_blocks=True, reads=documents(UI))
def table(context: MacroContext, data: dict) -> str:
    """A table of data/tables, with its edit link and the date of its last change."""
    dataset = context.known.dataset
    changed = last_changed(context.history.own(), f"table-{data['id']}")
    edit = file_edit_url(context.edit_base, dataset.source_file(data["id"]))
    return render_table(data, context.lang, context.ui, edit, changed)


@macro(Argument("table_id", TABLE), Argument("row_id", ROW), Argument("column", COLUMN))
def value(context: MacroContext, table_data: dict, row: dict, column: dict) -> str:
    """One cell of a table, formatted as the table shows it, for use in prose."""
    return cell(row[column["id"]], context.lang, column.get("format", "plain"))


@macro(Argument("calculator_id", CALCULATOR), Argument("constant_id", CONSTANT))
def constant(context: MacroContext, calculator_id: str, rule_constant: int | float) -> str:
    """A rule constant of a calculator (the `constants` of data/calculators/<id>.yaml), for use in prose."""
    return number(rule_constant, context.lang)


# -- collections and open questions


@macro(
    Argument("collection_id", CONDITIONS, "conditions"), Argument("level", PLAIN, 2), reads=documents(UI, "documents")
)
def conditions(context: MacroContext, collection: dict, level: int) -> str:
    """A conditions collection, each condition under a heading of `level`, with its author's words."""
    return render_conditions(
        collection, context.lang, context.ui, level, lambda source: quoted_passage(context, source)
    )


def quoted_passage(context: MacroContext, source: dict) -> str:
    """The author's words a data entry's `source: {seed, quote, to}` names ("" without a quote); the data's check
    has found them already."""
    text = next((t for t in context.known.sources.values() if t.file == source.get("seed")), None)
    if text is None or "quote" not in source:
        return ""
    first, last = text.passage(source["quote"], source.get("to", ""))
    return render_author_text(text, first, last, context.lang, context.ui)


@macro(Argument("collection_id", ACTION_KINDS, "action-kinds"), html_blocks=True, reads=documents(UI))
def action_kinds(context: MacroContext, kinds: dict) -> str:
    edit = file_edit_url(context.edit_base, context.known.dataset.source_file(kinds["id"]))
    return render_action_kinds(kinds, context.lang, context.ui, edit)


@macro(
    Argument("document", SOURCE_DOCUMENT),
    Argument("start", Quotation("document")),
    Argument("end", PassageEnd("document", "start"), ""),
    html_blocks=True,
    reads=documents(UI),
)
def author_text(context: MacroContext, source: SourceText, start: str, passage: tuple[int, int]) -> str:
    """The author's words a section comes from: the paragraphs of a source document (data/documents.yaml id) from
    the one quoting `start` to the one quoting `end`, folded under "Author's text"."""
    return render_author_text(source, *passage, context.lang, context.ui)


@macro(Argument("question_id", OPEN_QUESTION), html_blocks=True, reads=documents(UI))
def open_question(context: MacroContext, question: dict) -> str:
    return render_open_question(question, context.lang, context.ui)


@macro(reads=lambda known: {UI, EVERYTHING, *known.questions})
def open_questions_index(context: MacroContext) -> str:
    """Every open question, by page (its title: a read of other pages)."""
    listed = list(context.known.questions.values())
    titles = {q["page"]: context.project.page_title(q["page"]) for q in listed}
    return render_open_question_index(listed, titles, context.lang, context.ui)


@macro(Argument("status", PLAIN, ""), reads=lambda known: set(known.questions))
def open_questions_count(context: MacroContext, status: str) -> str:
    """How many open-question notes data/open-questions holds (all, or those of one status), for prose."""
    return str(sum(1 for q in context.known.questions.values() if not status or q["status"] == status))


@macro(Argument("glossary_id", GLOSSARY, "glossary"), reads=lambda known: {UI, EVERYTHING, *known.questions})
def glossary(context: MacroContext, entries: dict) -> str:
    """The glossary page's entries, from data/glossary.yaml (the sections they link to: a read of other pages)."""
    return render_glossary(entries, context.known.questions, context.lang, context.ui, context.docs_dir)


# -- UI text


@macro(Argument("key", UI_TEXT))
def t(context: MacroContext, key: str) -> str:
    """A UI text of data/ui.yaml in the page's language."""
    return context.ui.text(key, context.lang)


# -- calculators and trackers


def followed_questions(context: MacroContext, document_id: str) -> list[str]:
    """The open questions whose reading a form follows (its data file's `open_questions`), shown after it."""
    document = context.known.calculator_documents.get(document_id, {})
    return [open_question(context, question_id) for question_id in document.get("open_questions", [])]


@macro(Argument("calculator_id", CALCULATOR_FORM), html_blocks=True, reads=documents(UI))
def calculator(context: MacroContext, calculator_id: str) -> str:
    """A calculator form (answered in the browser by the Python modules), then the open questions it follows."""
    form = render_form(calculator_id, calculator_data(context.known.dataset, [calculator_id]), context.lang)
    return "\n\n".join([form, *followed_questions(context, calculator_id)])


@macro(Argument("calculator_id", CALCULATOR_RUN), Argument("compact", PLAIN, False), html_blocks=True)
def calculator_reference(context: MacroContext, calculator_id: str, compact: bool) -> str:
    """The build-time reference table of a calculator, computed by the same functions (`compact`: its narrow
    variant, for the GM screen)."""
    data = calculator_data(context.known.dataset, [calculator_id])
    return render_reference(calculator_id, data, context.lang, compact)


@macro(reads=lambda known: {EVERYTHING, *calculator_data(known.dataset)})
def calculator_tools(context: MacroContext) -> str:
    """Every declared calculator's section of the GM tools page: heading (another page's), rule, form, reference."""
    dataset = context.known.dataset
    return render_tools_sections(dataset, calculator_data(dataset), context.lang, context.docs_dir)


@macro(reads=lambda known: {EVERYTHING, *known.calculators})
def calculator_links(context: MacroContext) -> str:
    """The list of the calculators, each linked to the rules page that shows it (home page)."""
    return render_calculator_links(context.known.dataset, context.lang, context.docs_dir)


@macro(Argument("tracker_id", TRACKER), html_blocks=True, reads=documents(UI))
def tracker(context: MacroContext, tracker_id: str) -> str:
    """A live combat tracker (run in the browser by its Python module), then the open questions it follows."""
    page = render_tracker_page(context.known.dataset, tracker_id, context.lang)
    return "\n\n".join([page, *followed_questions(context, data_id(tracker_id))])


@macro(reads=lambda known: {data_id(tracker_id) for tracker_id in known.trackers})
def tracker_tools(context: MacroContext) -> str:
    """Every declared tracker's entry on the GM tools page: heading, what it does, the link to its page."""
    return render_tracker_tools(context.known.dataset, context.lang)


@macro(reads=lambda known: {data_id(tracker_id) for tracker_id in known.trackers})
def tracker_links(context: MacroContext) -> str:
    """The list of the trackers, each linked to its page (home page)."""
    return render_tracker_links(context.known.dataset, context.lang)


# -- pages that gather


@macro(Argument("screen_id", GM_SCREEN, "gm-screen"), html_blocks=True, reads=documents(UI))
def gm_screen(context: MacroContext, screen: dict) -> str:
    """The GM screen's panels (data/gm-screen.yaml), drawn by the same macros as the rules pages."""

    def conditions_of(collection_id: str) -> dict:
        return CONDITIONS.resolve(context.known, collection_id, {})

    return render_gm_screen(
        screen,
        context.lang,
        context.ui,
        lambda table_id: table(context, table_id),
        lambda calculator_id, **options: calculator_reference(context, calculator_id, **options),
        conditions_of,
    )


@macro(Argument("page_url", PLAIN, "data/"), html_blocks=True, reads=lambda known: {UI, *known.tables})
def downloads_list(context: MacroContext, page_url: str) -> str:
    """The Data page's list of JSON and CSV files; links relative to page_url (the page passes its own URL)."""
    return render_downloads_list(context.known.dataset, context.lang, context.ui, page_url)


@macro(Argument("page_url", PLAIN, ""), html_blocks=True, reads=documents(UI))
def offline_download(context: MacroContext, page_url: str) -> str:
    """The offer of the whole site as a zip for use without network; links relative to page_url."""
    return render_offline_download(context.offline, context.lang, context.ui, page_url)


@macro(Argument("page_url", PLAIN, ""), html_blocks=True, reads=documents(UI))
def book_download(context: MacroContext, page_url: str) -> str:
    """The offer of the typeset rulebook of the page's language, a PDF per paper (codex/book/offer.py)."""
    folder = None if context.offline.folder_build else books_folder()
    return render_book_offer(context.lang, context.ui, page_url, context.offline.depth, folder)


@macro(reads=documents(EVERYTHING))
def rulebook(context: MacroContext) -> str:
    """Where codex/publish/rulebook.py puts the rules pages after the build."""
    return rulebook_placeholder()


@macro(Argument("count", PLAIN, 5), html_blocks=True, reads=documents(UI, EVERYTHING))
def recent_changes(context: MacroContext, count: int) -> str:
    """The last commits that changed the rules, a few changes each, or a note when the build has no git history."""
    return render_latest_changes(context.history, context.lang, context.ui, count)


@macro(Argument("part", PLAIN, 0), html_blocks=True, reads=documents(UI, EVERYTHING))
def rules_changes(context: MacroContext, part: int) -> str:
    """A page of the history of the rules (0: the Changes page, the newest): its changes by day and commit."""
    return render_changes_page(context.history, context.lang, context.ui, part)
