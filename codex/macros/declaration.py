"""A page macro's declaration: its name, its arguments and their kinds, whether its output is HTML blocks and the
data documents it reads besides those its arguments name; and the one way from a call to the macro's body, which
the pages' calls (through mkdocs-macros), the pre-check (codex/mistakes/macro_calls.py) and `page_reads` share."""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import cached_property

from codex.macros.calls import NOT_LITERAL
from codex.macros.context import MacroContext
from codex.macros.kinds import PLAIN, Kind
from codex.macros.known import Known

EVERYTHING = "*"  # read by a macro that shows what no data document holds: the rules' history, other pages' words

Reads = Callable[[Known], Iterable[str]]


def documents(*ids: str) -> Reads:
    """A macro's reads: these data documents."""
    return lambda known: set(ids)


NOTHING = documents()


@dataclass(frozen=True)
class Argument:
    name: str  # as a page may write it as a keyword: calculator_reference('jump', compact=True)
    kind: Kind = PLAIN
    default: object = inspect.Parameter.empty


@dataclass(frozen=True)
class Macro:
    """A page macro. `body(context, *arguments)` writes its output from its arguments as their kinds resolve them."""

    name: str
    body: Callable[..., str]
    arguments: tuple[Argument, ...]
    html_blocks: bool  # its output is HTML blocks only (codex/render/html_blocks.py sets them aside)
    reads: Reads  # the data documents it reads besides those its arguments name

    @cached_property
    def signature(self) -> inspect.Signature:
        kind = inspect.Parameter.POSITIONAL_OR_KEYWORD
        return inspect.Signature([inspect.Parameter(a.name, kind, default=a.default) for a in self.arguments])

    @property
    def usage(self) -> str:
        """The call as CONTRIBUTING.md writes it: value(table_id, row_id, column)."""
        return f"{self.name}{self.signature}"

    def bind(self, args: Iterable[object], keywords: Mapping[str, object]) -> dict[str, object]:
        """Each argument's value as the call gives it, or its default; TypeError when the call does not fit."""
        bound = self.signature.bind(*args, **keywords)
        bound.apply_defaults()
        return dict(bound.arguments)

    def resolve(self, known: Known, typed: Mapping[str, object]) -> list[object]:
        """What the body receives, argument by argument, each looked up by its kind (UnknownDataId for a wrong one).
        A value a page's source does not write as a literal (NOT_LITERAL) stays so, and so do the arguments that
        depend on it."""
        resolved: dict[str, object] = {}
        for argument in self.arguments:
            value = typed[argument.name]
            if value is NOT_LITERAL or any(resolved[other] is NOT_LITERAL for other in argument.kind.depends_on):
                resolved[argument.name] = NOT_LITERAL
            else:
                resolved[argument.name] = argument.kind.resolve(known, value, typed)
        return list(resolved.values())

    def __call__(self, context: MacroContext, *args: object, **keywords: object) -> str:
        return self.body(context, *self.resolve(context.known, self.bind(args, keywords)))

    def documents(self, known: Known, typed: Mapping[str, object]) -> set[str]:
        """The data documents a call reads; EVERYTHING where an argument that names data is not a literal."""
        read = set(self.reads(known))
        for argument in self.arguments:
            value = typed[argument.name]
            if value is NOT_LITERAL:
                read |= {EVERYTHING} if argument.kind.names_data else set()
            else:
                read |= argument.kind.reads(known, value)
        return read


def declaring(registry: dict[str, Macro]) -> Callable[..., Callable[[Callable[..., str]], Macro]]:
    """A decorator that declares the function below it as a macro of `registry`, named after it:
    `@macro(Argument('table_id', TABLE), html_blocks=True, reads=documents('ui'))`."""

    def macro(
        *arguments: Argument, html_blocks: bool = False, reads: Reads = NOTHING
    ) -> Callable[[Callable[..., str]], Macro]:
        def declare(body: Callable[..., str]) -> Macro:
            declared = Macro(body.__name__, body, arguments, html_blocks, reads)
            registry[declared.name] = declared
            return declared

        return declare

    return macro
