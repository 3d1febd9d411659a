"""A section's source passage, as the reader opens it under "Author's text" (codex/sources/passages.py finds it)."""

from __future__ import annotations

import re

from markupsafe import Markup

from codex.i18n.typography import NARROW_NBSP, NBSP, typeset
from codex.i18n.ui import UIText
from codex.render.templates import render
from codex.sources.passages import SourceText

# A mark the author wrote against the word before it ("OA; elle", "simple: Une"); not a time (10:30), not an address
# (http://), not "?!" or "(!)".
UNSPACED_MARK = re.compile(r"(?<=[^\s\d!?(\[/])([;!?]|:(?![\d/]))")
GUILLEMET_UNSPACED = re.compile(r"«(?=\S)|(?<=\S)»")


def french_spacing(paragraph: str) -> str:
    """The author's paragraph with French typography: a no-break space before : ; ! ? and inside « », whether he
    typed a space there or none (the site sets his other texts the same way), then `typeset` (À at a sentence's
    start)."""
    spaced = UNSPACED_MARK.sub(lambda m: (NBSP if m.group(1) == ":" else NARROW_NBSP) + m.group(1), paragraph)
    spaced = GUILLEMET_UNSPACED.sub(lambda m: "«" + NBSP if m.group(0) == "«" else NBSP + "»", spaced)
    return typeset(spaced, "fr")


def render_author_text(source: SourceText, first: int, last: int, lang: str, ui: UIText) -> Markup:
    """Paragraphs `first` to `last` (indices) of a source document, with the document's title and their numbers; the
    words are the author's, set with French typography as the site sets his texts (no-break spaces, À)."""
    return render(
        "author_text.html",
        ui=ui,
        lang=lang,
        paragraphs=[french_spacing(paragraph) for paragraph in source.paragraphs[first : last + 1]],
        title=ui.documents.title(source.file, lang),
        first=first + 1,
        last=last + 1,
    ).strip()
