"""The site's offer of the typeset books (the rulebook page and the home page): each paper's PDF of the page's
language, with its size and the day it was built from.

The books are made before the site (python -m codex.deploy: `python -m codex.book` for each language and paper)
into one folder, which the build is told with CODEX_BOOKS; the deploy then copies them into the site's downloads.
Without it (a developer's build, the offline folder), the offer says how to make one.
"""

from __future__ import annotations

import os
import posixpath
from pathlib import Path

from markupsafe import Markup

from codex.book.templates import ENVIRONMENT, PAPERS
from codex.i18n.ui import UIText
from codex.publish.offline_copy import DOWNLOADS, build_day, size_text

BOOKS_VARIABLE = "CODEX_BOOKS"  # the folder of the books this build offers (set by python -m codex.deploy)


def book_name(lang: str, paper: str) -> str:
    """The file name of a book, in the folder the deploy makes and in the site's downloads."""
    return f"codex-2bis-{lang}-{paper}.pdf"


def books_folder() -> Path | None:
    """The folder of the books this build offers, or None."""
    folder = os.environ.get(BOOKS_VARIABLE, "")
    return Path(folder) if folder else None


def render_book_offer(lang: str, ui: UIText, page_url: str, depth: int, folder: Path | None) -> Markup:
    """The offer of the books of `lang` found in `folder`, linked from the page at `page_url` (relative to its
    language's root, which lies `depth` folders below the site's root)."""
    books = []
    for paper in PAPERS:
        path = folder / book_name(lang, paper) if folder else None
        if path is not None and path.is_file():
            books.append({"paper": paper, "name": path.name, "size": size_text(path.stat().st_size, lang, ui)})
    if not books:
        return Markup(ENVIRONMENT.get_template("book_offer.html").render(ui=ui, lang=lang, books=[], up="", day=""))
    from_page = posixpath.dirname(page_url.rstrip("/")) if page_url.endswith(".html") else page_url.rstrip("/")
    up = "../" * (len([p for p in from_page.split("/") if p]) + depth) + DOWNLOADS + "/"
    return Markup(
        ENVIRONMENT.get_template("book_offer.html").render(ui=ui, lang=lang, books=books, up=up, day=build_day())
    )
