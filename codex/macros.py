"""The macros that pages call, bound to the data and the language of the build."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from codex.calculators import CALCULATOR_IDS, calculator_module, calculator_tables
from codex.data.loading import Dataset
from codex.i18n.localize import cell
from codex.i18n.ui import ui
from codex.publish.downloads import render_downloads_list
from codex.publish.rulebook import PLACEHOLDER as RULEBOOK_PLACEHOLDER
from codex.render.calculator_forms import render_form
from codex.render.calculator_reference import render_reference
from codex.render.collections import (
    render_action_kinds,
    render_conditions,
    render_open_question,
    render_open_question_index,
)
from codex.render.edit_links import file_edit_url
from codex.render.glossary import render_glossary
from codex.render.gm_screen import render_gm_screen
from codex.render.recent_changes import recent_commits, render_recent_changes
from codex.render.tables import render_table


class UnknownDataId(KeyError):
    """A page names a table, collection, row or question that data/ does not hold."""

    def __str__(self) -> str:
        return self.args[0]


def page_title(docs_dir: Path, page: str) -> str:
    """The first '# ' heading of a page, which is its title in the navigation."""
    path = docs_dir / page
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.startswith("# "):
                return line[2:].split("{")[0].strip()
    return page


def make_page_macros(dataset: Dataset, lang: str, docs_dir: Path, edit_base: str = "") -> dict[str, Callable[..., str]]:
    """Name -> function, for mkdocs-macros to register. `edit_base` (codex/render/edit_links.py) prefixes the "edit this
    table" links; empty, tables have none."""
    tables = dataset.by_id("table.schema.json")
    questions = dataset.by_id("open-question.schema.json")

    def lookup(kind: dict, item_id: str, what: str) -> dict:
        if item_id not in kind:
            known = ", ".join(sorted(kind)) or "none"
            raise UnknownDataId(f"unknown {what} '{item_id}' (known: {known})")
        return kind[item_id]

    def table(table_id: str) -> str:
        data = lookup(tables, table_id, "table id")
        return render_table(data, lang, file_edit_url(edit_base, dataset.source_file(table_id)))

    def value(table_id: str, row_id: str, column: str) -> str:
        """One cell of a table, formatted as the table shows it, for use in prose."""
        data = lookup(tables, table_id, "table id")
        row = lookup({r["id"]: r for r in data["rows"]}, row_id, f"row of table '{table_id}'")
        columns = {c["id"]: c for c in data["columns"]}
        col = lookup(columns, column, f"column of table '{table_id}'")
        return cell(row[column], lang, col.get("format", "plain"))

    def conditions(collection_id: str = "conditions", level: int = 2) -> str:
        return render_conditions(
            lookup(dataset.by_id("conditions.schema.json"), collection_id, "conditions collection"), lang, level
        )

    def action_kinds(collection_id: str = "action-kinds") -> str:
        kinds = lookup(dataset.by_id("action-kinds.schema.json"), collection_id, "action-kinds collection")
        return render_action_kinds(kinds, lang, file_edit_url(edit_base, dataset.source_file(collection_id)))

    def open_question(question_id: str) -> str:
        return render_open_question(lookup(questions, question_id, "open question"), lang)

    def open_questions_index() -> str:
        listed = list(questions.values())
        titles = {q["page"]: page_title(docs_dir, q["page"]) for q in listed}
        return render_open_question_index(listed, titles, lang)

    def t(key: str) -> str:
        return ui(key, lang)

    def calculator(calculator_id: str) -> str:
        """A calculator form (answered in the browser by the Python modules), per the form contract."""
        lookup({c: c for c in CALCULATOR_IDS}, calculator_id, "calculator")
        rule_tables = calculator_tables(dataset)
        targets = calculator_module("object_damage").target_options(rule_tables, lang)
        return render_form(calculator_id, rule_tables, lang, targets)

    def calculator_reference(calculator_id: str) -> str:
        """The build-time reference table of a calculator, computed by the same functions."""
        return render_reference(calculator_id, calculator_tables(dataset), lang)

    def gm_screen() -> str:
        """The GM screen's panels (codex/render/gm_screen.py), landscape on paper."""
        return render_gm_screen(dataset, lang, table, calculator_reference)

    def downloads_list(page_url: str = "data/") -> str:
        """The Data page's list of JSON and CSV files (codex/publish/downloads.py writes them); links are relative
        to page_url, which the page passes with the page's own URL."""
        return render_downloads_list(dataset, lang, page_url)

    def rulebook() -> str:
        """Where codex/publish/rulebook.py puts the rules pages after the build."""
        return RULEBOOK_PLACEHOLDER

    def glossary() -> str:
        """The glossary page's entries (codex/render/glossary.py), from data/glossary.yaml."""
        return render_glossary(
            lookup(dataset.by_id("glossary.schema.json"), "glossary", "glossary"), questions, lang, docs_dir
        )

    def open_questions_count(status: str = "") -> str:
        """How many open-question notes data/open-questions holds (all, or those of one status), for prose."""
        return str(sum(1 for q in questions.values() if not status or q["status"] == status))

    def recent_changes(count: int = 8) -> str:
        """The last commits (codex/render/recent_changes.py), or a note when the build has no git history."""
        return render_recent_changes(recent_commits(dataset.root.parent, count), lang)

    return {
        "gm_screen": gm_screen,
        "glossary": glossary,
        "open_questions_count": open_questions_count,
        "recent_changes": recent_changes,
        "downloads_list": downloads_list,
        "rulebook": rulebook,
        "table": table,
        "value": value,
        "conditions": conditions,
        "action_kinds": action_kinds,
        "open_question": open_question,
        "open_questions_index": open_questions_index,
        "t": t,
        "calculator": calculator,
        "calculator_reference": calculator_reference,
    }
