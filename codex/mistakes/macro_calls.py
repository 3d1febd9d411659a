"""A page's macro calls checked against the data before mkdocs-macros renders them, so that a misspelt macro, table,
row, column, constant, open question, collection, calculator or tracker, a quotation of the author not in his
document, or a call with the wrong arguments stops the build with the page's file and line, the language, the known
ids closest to the one typed and the fix — where mkdocs-macros would only say "Macro Rendering Error".

The calls are found by Jinja's parser (codex/macros/calls.py) and checked by the macros' own declarations
(codex/macros/page_macros.py): the lookup that would fail in the macro is the one that fails here. An argument
written as an expression (`page.url`) is left to mkdocs-macros, which still stops the build on an error.
"""

from __future__ import annotations

from collections.abc import Mapping

from codex.data.loading import Dataset
from codex.macros.calls import Call, TemplateSyntax, macro_calls, page_calls
from codex.macros.kinds import UnknownDataId
from codex.macros.known import Known
from codex.macros.page_macros import MACROS
from codex.problem import Problem, suggestion
from codex.sources.passages import SourceText

__all__ = ["MacroChecks", "macro_calls", "page_macro_problems"]

# Names mkdocs-macros itself gives pages, besides ours, and the functions Jinja gives every template.
MACROS_OWN = ("context", "macros_info", "now", "fix_url", "config", "page", "extra", "environment", "git")
JINJA_OWN = ("range", "dict", "lipsum", "cycler", "joiner", "namespace")


class MacroChecks:
    """The macros' declarations bound to the data a page's calls may name."""

    def __init__(self, dataset: Dataset, syntax: TemplateSyntax | None = None) -> None:
        self.known = Known(dataset)
        self.syntax = syntax  # Jinja's delimiters as mkdocs-macros is configured (None: the project's)

    @property
    def sources(self) -> dict[str, SourceText]:
        """The source documents author_text() quotes, by id."""
        return self.known.sources

    def wrong(
        self, name: str, args: tuple[object, ...], keywords: Mapping[str, object] | None = None
    ) -> tuple[str, str] | None:
        """What is wrong with a call of our macro `name`, and the fix; None when nothing is."""
        declared = MACROS[name]
        try:
            declared.resolve(self.known, declared.bind(args, keywords or {}))
        except TypeError as misfit:
            return f"{name}() {misfit}", f"write the call as {{{{ {declared.usage} }}}}"
        except UnknownDataId as unknown:
            return unknown.said + suggestion(unknown.typed, unknown.known), unknown.fix
        return None

    def call_problem(self, call: Call) -> tuple[str, str] | None:
        if call.name in MACROS:
            return None if call.unpacked else self.wrong(call.name, call.args, call.keywords)
        if call.name in (*MACROS_OWN, *JINJA_OWN):
            return None
        return (
            f"unknown macro '{call.name}'{suggestion(call.name, MACROS)}",
            f"call one of the macros CONTRIBUTING.md lists ({', '.join(sorted(MACROS))})",
        )


def page_macro_problems(source: str, file: str, lang: str, checks: MacroChecks) -> list[Problem]:
    """The mistakes in a page's macro calls. `source` is the page's file as written, `file` its path in the
    repository."""
    parsed = page_calls(source, checks.syntax)
    if parsed.error is not None:
        fix = (
            "write a call as {{ name('id') }}, with the id in quotes, and a comment as the macros plugin's options say"
        )
        return [
            Problem(file, parsed.error.lineno, lang, f"the page's macros cannot be read: {parsed.error.message}", fix)
        ]
    return [Problem(file, call.line, lang, *wrong) for call in parsed.calls if (wrong := checks.call_problem(call))]
