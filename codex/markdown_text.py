"""Values inserted into generated Markdown (the glossary page, the open-question index, the conditions' headings),
escaped so that each shows as written: Markdown's emphasis, code and link characters get a backslash, '<' (which
would open raw HTML) becomes '&lt;', and so does the '&' of what would read as an entity ('&amp;'). A plain '&'
stays, as Markdown writes it as '&amp;' itself and the glossary's tooltips match the words as written ('Hit & Run').
This is the one place in the engine that escapes by hand, as Markdown is not HTML."""

from __future__ import annotations

import re

MARKDOWN_CHARS = re.compile(r"([\\`*_\[\]])")
ENTITY_AMPERSAND = re.compile(r"&(?=#?[0-9A-Za-z]+;)")


def markdown_text(value: str) -> str:
    """The value as Markdown text that renders to exactly the value."""
    value = ENTITY_AMPERSAND.sub("&amp;", value).replace("<", "&lt;")
    return MARKDOWN_CHARS.sub(r"\\\1", value)
