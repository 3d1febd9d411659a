"""A page's macro calls, found by Jinja's own parser with the delimiters mkdocs-macros is configured with (its `j2_*`
options: this project's comments are `[# ... #]`, since `{#` opens a heading's anchor): the calls in comments and
raw blocks are no calls, and each call has its line in the page's file."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache, cached_property
from pathlib import Path

import yaml
from jinja2 import Environment, TemplateSyntaxError, nodes

# The configuration whose macros plugin's options the pages are written for, when a caller names none.
PROJECT_CONFIG = Path(__file__).resolve().parents[2] / "mkdocs.yml"
OPTION_PREFIX = "j2_"  # mkdocs-macros passes its options j2_<name> to Jinja's Environment as <name>


class NotLiteral:
    """The value of an argument written as an expression (page.url): known only when the page is rendered."""

    def __repr__(self) -> str:
        return "NOT_LITERAL"


NOT_LITERAL = NotLiteral()


@dataclass(frozen=True)
class Call:
    name: str
    args: tuple[object, ...]  # the positional arguments' values, NOT_LITERAL where not a literal
    keywords: Mapping[str, object]  # the keyword arguments' values, the same way
    line: int  # in the page's file, from 1
    offset: int  # where that line starts in the page's source
    unpacked: bool = False  # the call passes *args or **kwargs: its arguments are unknown


class ConfigLoader(yaml.SafeLoader):
    """Reads a MkDocs configuration's YAML, its tags (!ENV, !relative...) as nothing."""


ConfigLoader.add_multi_constructor("!", lambda loader, suffix, node: None)


@dataclass(frozen=True)
class TemplateSyntax:
    """The options mkdocs-macros gives Jinja's environment (delimiters, extensions), by Jinja's names."""

    options: tuple[tuple[str, object], ...] = field(default=())

    @classmethod
    def of_macros_plugin(cls, plugin_options: Mapping[str, object]) -> TemplateSyntax:
        """From the macros plugin's options, as mkdocs-macros reads them: each non-empty `j2_<name>`."""
        return cls(
            tuple(
                sorted(
                    (key.removeprefix(OPTION_PREFIX), value if isinstance(value, str) else tuple(value))
                    for key, value in plugin_options.items()
                    if key.startswith(OPTION_PREFIX) and value
                )
            )
        )

    @classmethod
    def of_config(cls, config_file: Path) -> TemplateSyntax:
        """From the options of the `macros` plugin a MkDocs configuration file lists."""
        config = yaml.load(config_file.read_text(encoding="utf-8"), Loader=ConfigLoader) or {}
        for plugin in config.get("plugins") or []:
            if isinstance(plugin, dict) and "macros" in plugin:
                return cls.of_macros_plugin(plugin["macros"] or {})
        return cls()

    @cached_property
    def environment(self) -> Environment:
        options = {key: list(value) if isinstance(value, tuple) else value for key, value in self.options}
        return Environment(**options)  # parses pages, never renders them


@cache
def project_syntax() -> TemplateSyntax:
    """The syntax the project's pages are written in (PROJECT_CONFIG's macros plugin)."""
    return TemplateSyntax.of_config(PROJECT_CONFIG)


@dataclass(frozen=True)
class PageCalls:
    """A page's macro calls, or why Jinja cannot read the page (its line and message)."""

    calls: list[Call]
    error: TemplateSyntaxError | None = None


def page_calls(source: str, syntax: TemplateSyntax | None = None) -> PageCalls:
    """Each call of a named function in the page (in `{{ }}` and `{% %}` alike), in the page's order."""
    environment = (syntax or project_syntax()).environment
    try:
        template = environment.parse(source)
    except TemplateSyntaxError as error:
        return PageCalls([], error)
    line_starts = [0] + [index + 1 for index, char in enumerate(source) if char == "\n"]
    calls = [
        Call(
            node.node.name,
            tuple(literal(arg, environment) for arg in node.args),
            {keyword.key: literal(keyword.value, environment) for keyword in node.kwargs},
            node.lineno,
            line_starts[min(node.lineno, len(line_starts)) - 1],
            node.dyn_args is not None or node.dyn_kwargs is not None,
        )
        for node in called_by_name(template)
    ]
    return PageCalls(sorted(calls, key=lambda call: call.line))


def called_by_name(template: nodes.Template) -> Iterator[nodes.Call]:
    for node in template.find_all(nodes.Call):
        if isinstance(node.node, nodes.Name):
            yield node


def literal(node: nodes.Expr, environment: Environment) -> object:
    """The value of an argument Jinja can compute without rendering ('jump', 3, -1, true), else NOT_LITERAL."""
    try:
        return node.as_const(nodes.EvalContext(environment))
    except nodes.Impossible:
        return NOT_LITERAL


def macro_calls(source: str, syntax: TemplateSyntax | None = None) -> list[Call]:
    """A page's calls; none when Jinja cannot read the page (the pre-check says why)."""
    return page_calls(source, syntax).calls
