"""A page's macro calls checked against the data before mkdocs-macros renders them, so that a misspelt macro, table,
row, column, open question, collection or calculator stops the build with the page's file and line, the language,
the known ids closest to the one typed and the fix — where mkdocs-macros would only say "Macro Rendering Error".

Only calls written with literal arguments are checked (`{{ table('materials') }}`); anything else is left to
mkdocs-macros, which still stops the build on an error.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from codex.data.loading import Dataset
from codex.mistakes.problem import Problem, suggestion
from codex.sources.passages import QuotationError, SourceText, source_texts

EXPRESSION = re.compile(r"\{\{-?(?P<expr>.*?)-?\}\}", re.DOTALL)
# Names mkdocs-macros itself gives pages, besides ours.
MACROS_OWN = ("context", "macros_info", "now", "fix_url", "config", "page", "extra", "environment", "git")


@dataclass(frozen=True)
class Call:
    name: str
    args: tuple[object, ...]  # literal arguments; None where an argument is not a literal
    written: str  # the call as written, to find its line
    offset: int


def macro_calls(source: str) -> Iterator[Call]:
    """Each `{{ name(args) }}` of a page; an expression that is not valid Python comes with the name ''."""
    for match in EXPRESSION.finditer(source):
        expr = match["expr"].strip()
        try:
            tree = ast.parse(expr, mode="eval").body
        except SyntaxError:
            yield Call("", (), match[0], match.start())
            continue
        if isinstance(tree, ast.Call) and isinstance(tree.func, ast.Name):
            args = tuple(a.value if isinstance(a, ast.Constant) else None for a in tree.args)
            yield Call(tree.func.id, args, match[0], match.start())


Check = Callable[[tuple[object, ...]], tuple[str, str] | None]  # literal args -> (what is wrong, fix) or None


class MacroChecks:
    """What each of our macros' arguments names in the data, and how to say a wrong one."""

    def __init__(self, dataset: Dataset, calculator_ids: Iterable[str]) -> None:
        self.tables = dataset.by_id("table.schema.json")
        self.questions = dataset.by_id("open-question.schema.json")
        self.conditions = dataset.by_id("conditions.schema.json")
        self.kinds = dataset.by_id("action-kinds.schema.json")
        self.calculators = set(calculator_ids)
        documents = dataset.by_id("documents.schema.json").get("documents", {}).get("items", [])
        self.sources: dict[str, SourceText] = source_texts(dataset.root, documents)
        self.checks: dict[str, Check] = {
            "author_text": self.passage,
            "table": self.table,
            "value": self.value,
            "open_question": lambda args: self.known(args, self.questions, "open question", "data/open-questions/"),
            "conditions": lambda args: self.known(args, self.conditions, "conditions collection", "data/"),
            "action_kinds": lambda args: self.known(args, self.kinds, "collection of kinds of action", "data/"),
            "calculator": lambda args: self.known(args, self.calculators, "calculator", "data/calculators/"),
            "calculator_reference": lambda args: self.known(args, self.calculators, "calculator", "data/calculators/"),
        }

    @staticmethod
    def known(args: tuple, ids: Iterable[str], what: str, folder: str) -> tuple[str, str] | None:
        if not args or not isinstance(args[0], str) or args[0] in ids:
            return None
        typed = args[0]
        return (
            f"unknown {what} '{typed}'{suggestion(typed, ids)}",
            f"write the id of a file of {folder} (its name without .yaml), or add {folder}{typed}.yaml",
        )

    def table(self, args: tuple) -> tuple[str, str] | None:
        return self.known(args, self.tables, "table id", "data/tables/")

    def passage(self, args: tuple) -> tuple[str, str] | None:
        """author_text('000', 'start' [, 'end']): a document of data/documents.yaml, and quotations found once in it."""
        if not args or not all(isinstance(a, str) for a in args):
            return None
        document, quotations = str(args[0]), [str(a) for a in args[1:3]]
        if document not in self.sources:
            return (
                f"unknown source document '{document}'{suggestion(document, self.sources)}",
                f"write the id of a document of data/documents.yaml ({', '.join(sorted(self.sources))})",
            )
        if not quotations:
            return ("author_text names no passage", "add the first words of the passage, as the document writes them")
        try:
            self.sources[document].passage(*quotations)
        except QuotationError as wrong:
            return (str(wrong), "copy the words from the document (data/seeds/), enough of them to occur once")
        return None

    def value(self, args: tuple) -> tuple[str, str] | None:
        if len(args) != 3:  # value('calculator', 'constant'): the macro itself says what is wrong
            return None
        table_id, row_id, column = args
        wrong = self.table((table_id,))
        if wrong or not all(isinstance(a, str) for a in args):
            return wrong
        table = self.tables[str(table_id)]
        rows = [r["id"] for r in table["rows"]]
        if row_id not in rows:
            return (
                f"table '{table_id}' has no row '{row_id}'{suggestion(str(row_id), rows)}",
                f"write the id of a row of data/tables/{table_id}.yaml",
            )
        columns = [c["id"] for c in table["columns"]]
        if column not in columns:
            return (
                f"table '{table_id}' has no column '{column}'{suggestion(str(column), columns)}",
                f"write the id of a column of data/tables/{table_id}.yaml (one of {', '.join(columns)})",
            )
        return None


def page_macro_problems(
    source: str, file: str, lang: str, checks: MacroChecks, macros: Iterable[str], first_line: int = 1
) -> list[Problem]:
    """The mistakes in a page's macro calls. `source` is the page's Markdown as written in `file`; `macros` the
    names a page may call."""
    names = {*macros, *MACROS_OWN}
    problems = []
    for call in macro_calls(source):
        line = source.count("\n", 0, call.offset) + first_line
        if not call.name:
            fix = "write a call as {{ name('id') }}, with the id in quotes"
            problems.append(Problem(file, line, lang, f"{call.written} is not a valid macro call", fix))
            continue
        if call.name not in names:
            problems.append(
                Problem(
                    file,
                    line,
                    lang,
                    f"unknown macro '{call.name}'{suggestion(call.name, names - set(MACROS_OWN))}",
                    f"call one of the macros CONTRIBUTING.md lists ({', '.join(sorted(checks.checks))}, ...)",
                )
            )
            continue
        check = checks.checks.get(call.name)
        wrong = check(call.args) if check else None
        if wrong:
            problems.append(Problem(file, line, lang, *wrong))
    return problems
