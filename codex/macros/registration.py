"""The page macros as mkdocs-macros registers them: each declaration bound to one language's build, so that a page
calls `{{ table('materials') }}`; those whose output is HTML blocks marked as such (codex/render/html_blocks.py)."""

from __future__ import annotations

import functools
from collections.abc import Callable

from markupsafe import Markup

from codex.i18n.ui import UIText
from codex.macros.context import MacroContext
from codex.macros.declaration import Macro
from codex.macros.known import Known
from codex.macros.page_macros import MACROS
from codex.project.model import Project
from codex.publish.offline_copy import NO_OFFLINE_COPY, OfflineCopy
from codex.render.html_blocks import marked
from codex.render.rules_changes import NO_HISTORY, HistoryView


def make_page_macros(
    project: Project,
    edit_base: str = "",
    offline: OfflineCopy = NO_OFFLINE_COPY,
    history: HistoryView = NO_HISTORY,
) -> dict[str, Callable[..., str]]:
    """Name -> function, for mkdocs-macros to register (codex/macros/context.py says what the settings are)."""
    dataset = project.dataset
    context = MacroContext(Known(dataset), project, UIText.from_dataset(dataset), edit_base, offline, history)
    return {name: bound(declared, context) for name, declared in MACROS.items()}


def bound(declared: Macro, context: MacroContext) -> Callable[..., str]:
    """The macro as a page calls it, with the body's docstring (mkdocs-macros lists it)."""

    @functools.wraps(declared.body)
    def call(*args: object, **keywords: object) -> str:
        return declared(context, *args, **keywords)

    return call


def html_blocks_marked(macros: dict[str, Callable[..., str]]) -> dict[str, Callable[..., str | Markup]]:
    """The macros as pages call them: those declared `html_blocks` with their output marked as HTML blocks."""

    def marking(macro: Callable[..., str]) -> Callable[..., Markup]:
        return functools.wraps(macro)(lambda *args, **kwargs: marked(macro(*args, **kwargs)))

    return {name: marking(macro) if MACROS[name].html_blocks else macro for name, macro in macros.items()}
