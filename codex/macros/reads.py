"""Which data documents a page's macro calls read, as their declarations say it: for `mkdocs serve`'s dependency
map, which rebuilds after an edit only the pages that read what changed."""

from __future__ import annotations

from codex.data.loading import Dataset
from codex.macros.calls import TemplateSyntax, page_calls
from codex.macros.declaration import EVERYTHING
from codex.macros.known import Known
from codex.macros.page_macros import MACROS

__all__ = ["EVERYTHING", "page_reads"]


def page_reads(source: str, dataset: Dataset, syntax: TemplateSyntax | None = None) -> set[str]:
    """The ids of the data documents the page's macro calls read (a table's, a calculator's and what it reads, a
    collection's...), with EVERYTHING when a call reads what no document holds (the rules' history, other pages'
    titles), names its data by an expression, or when Jinja cannot read the page. An unknown id is read as the
    document a contributor may add; a call that does not fit its macro reads nothing (the build stops on it)."""
    parsed = page_calls(source, syntax)
    if parsed.error is not None:
        return {EVERYTHING}
    known = Known(dataset)
    read: set[str] = set()
    for call in parsed.calls:
        declared = MACROS.get(call.name)
        if declared is None:
            continue
        if call.unpacked:
            read.add(EVERYTHING)
            continue
        try:
            typed = declared.bind(call.args, call.keywords)
        except TypeError:
            continue
        read |= declared.documents(known, typed)
    return read
