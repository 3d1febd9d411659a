"""The macros that pages call, bound to the data and the language of the build."""
from __future__ import annotations

from pathlib import Path
from typing import Callable

from .calculator_forms import render_form
from .calculator_modules import CALCULATOR_IDS, calculator_module, calculator_tables
from .calculator_reference import render_reference
from .data_loader import Dataset
from .localize import cell
from .render_collections import render_action_kinds, render_conditions, render_open_question, render_open_question_index
from .render_tables import render_table
from .ui_text import ui


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


def make_page_macros(dataset: Dataset, lang: str, docs_dir: Path) -> dict[str, Callable[..., str]]:
    """Name -> function, for mkdocs-macros to register."""
    tables = dataset.by_id("table.schema.json")
    questions = dataset.by_id("open-question.schema.json")

    def lookup(kind: dict, item_id: str, what: str) -> dict:
        if item_id not in kind:
            known = ", ".join(sorted(kind)) or "none"
            raise UnknownDataId(f"unknown {what} '{item_id}' (known: {known})")
        return kind[item_id]

    def table(table_id: str) -> str:
        return render_table(lookup(tables, table_id, "table id"), lang)

    def value(table_id: str, row_id: str, column: str) -> str:
        """One cell of a table, formatted as the table shows it, for use in prose."""
        data = lookup(tables, table_id, "table id")
        row = lookup({r["id"]: r for r in data["rows"]}, row_id, f"row of table '{table_id}'")
        columns = {c["id"]: c for c in data["columns"]}
        col = lookup(columns, column, f"column of table '{table_id}'")
        return cell(row[column], lang, col.get("format", "plain"))

    def conditions(collection_id: str = "conditions", level: int = 2) -> str:
        return render_conditions(lookup(dataset.by_id("conditions.schema.json"), collection_id, "conditions collection"), lang, level)

    def action_kinds(collection_id: str = "action-kinds") -> str:
        return render_action_kinds(lookup(dataset.by_id("action-kinds.schema.json"), collection_id, "action-kinds collection"), lang)

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

    return {
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
