"""A section's source passage, as the reader opens it under "Author's text" (codex/sources/passages.py finds it).

The author's words are shown as he wrote them, character for character (issue 36): no French typography (neither
the no-break spaces nor the capital À), no correction. The block's words are marked `data-verbatim`, which
`codex.i18n.typography.typeset_markdown` leaves alone on a French page; codex/mistakes/verbatim.py compares the
built pages' blocks with the seeds."""

from __future__ import annotations

from markupsafe import Markup

from codex.i18n.ui import UIText
from codex.render.templates import render
from codex.sources.passages import SourceText


def render_author_text(source: SourceText, first: int, last: int, lang: str, ui: UIText) -> Markup:
    """Paragraphs `first` to `last` (indices) of a source document, as written, with the document's title and their
    numbers."""
    return render(
        "author_text.html",
        ui=ui,
        lang=lang,
        paragraphs=source.paragraphs[first : last + 1],
        title=ui.documents.title(source.file, lang),
        first=first + 1,
        last=last + 1,
    ).strip()
