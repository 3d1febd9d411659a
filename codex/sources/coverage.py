"""Which paragraphs of the source documents the site cites (issue 25): the passages of every author_text() call of
the rules pages, per document. A paragraph nothing cites is a rule, a table, an example or an open point that may not
have reached the site."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from codex.mistakes.macro_calls import macro_calls
from codex.sources.passages import QuotationError, SourceText


@dataclass(frozen=True)
class Coverage:
    """Per document id: the indices of its cited paragraphs, and of those nothing cites."""

    cited: dict[str, set[int]]
    uncited: dict[str, list[int]]


def cited_paragraphs(pages: Path, sources: dict[str, SourceText]) -> dict[str, set[int]]:
    """The paragraphs the author_text() calls of the pages under `pages` (a docs/<lang> folder) cite; a call whose
    quotation is wrong cites nothing (the build names it)."""
    cited: dict[str, set[int]] = {document: set() for document in sources}
    for page in sorted(pages.rglob("*.md")):
        for call in macro_calls(page.read_text(encoding="utf-8")):
            if call.name != "author_text" or not call.args or call.args[0] not in sources:
                continue
            quotations = [str(a) for a in call.args[1:3] if isinstance(a, str)]
            try:
                first, last = sources[str(call.args[0])].passage(*quotations)
            except (QuotationError, TypeError):
                continue
            cited[str(call.args[0])].update(range(first, last + 1))
    return cited


def coverage(pages: Path, sources: dict[str, SourceText]) -> Coverage:
    cited = cited_paragraphs(pages, sources)
    uncited = {d: [i for i in range(len(s.paragraphs)) if i not in cited[d]] for d, s in sources.items()}
    return Coverage(cited, uncited)
