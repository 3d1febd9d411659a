"""The book's Jinja environment (its templates, autoescaped) and paper sizes: what the site's offer of the books
(codex/book/offer.py) shares with the typesetting, without importing the typesetting into every build."""

from __future__ import annotations

from jinja2 import Environment, PackageLoader, StrictUndefined, select_autoescape

PAPERS = {"a4": "A4", "letter": "letter"}  # --paper -> the CSS page size

ENVIRONMENT = Environment(
    loader=PackageLoader("codex.book", "templates"),
    autoescape=select_autoescape(enabled_extensions=("html",), default_for_string=True),
    undefined=StrictUndefined,
    trim_blocks=True,
    lstrip_blocks=True,
)
