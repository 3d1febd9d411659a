"""The macros' HTML kept out of Markdown's way: set aside before Python-Markdown reads the page, put back after.

The macros write about a megabyte of HTML over both languages' pages (the history, the author's texts, the open
questions, the tables, the forms...). Markdown leaves a block of raw HTML as it is, but reads it first, twice, with
Python's own HTML parser (its raw-block preprocessor and MkDocs' anchor check), and the glossary's tooltips looked for
their terms in it: about a sixth of each language's build, for nothing. So a block macro's HTML is marked
(`marked`); once the page's Markdown is otherwise final, every marked block that stands where Markdown would take it
as a raw HTML block — at the start of a line, after a blank line or the page's start, before a blank line or the page's
end — is set aside (`set_aside`) for a small stand-in that carries the block's ids (MkDocs still checks the links to
them); the page's HTML gets it back (`put_back`). A block elsewhere (in a list, an admonition, a sentence) only loses
its marks, and Markdown reads it as before.
"""

from __future__ import annotations

import re

from markupsafe import Markup

OPEN = "<!--codex-html-block-->"
CLOSE = "<!--/codex-html-block-->"
MARKED = re.compile(re.escape(OPEN) + r"(.*?)" + re.escape(CLOSE), re.DOTALL)
IDS = re.compile(r"""\sid=["']([^"']+)["']""")
STAND_IN = re.compile(r'<div data-codex-html-block="(\d+)">(?:<a id="[^"]*"></a>)*</div>')


def marked(html: str) -> Markup:
    """A block macro's HTML, marked so that `set_aside` may take it."""
    return Markup(f"{OPEN}{html}{CLOSE}")


def stands_alone(markdown: str, start: int, end: int) -> bool:
    """Whether markdown[start:end] is a block of its own: Markdown would read it as one raw HTML block."""
    before, after = markdown[:start], markdown[end:]
    return (not before.strip() or before.endswith("\n\n")) and (not after.strip() or after.startswith("\n\n"))


def set_aside(markdown: str) -> tuple[str, list[str]]:
    """The page's Markdown with each marked block that stands alone replaced by a stand-in (the others unmarked), and
    the blocks set aside, by their number."""
    blocks: list[str] = []

    def stand_in(match: re.Match[str]) -> str:
        html = match.group(1)
        if not stands_alone(match.string, match.start(), match.end()) or not html.lstrip().startswith("<"):
            return html
        blocks.append(html)
        anchors = "".join(f'<a id="{i}"></a>' for i in IDS.findall(html))
        return f'<div data-codex-html-block="{len(blocks) - 1}">{anchors}</div>'

    return MARKED.sub(stand_in, markdown), blocks


def put_back(html: str, blocks: list[str]) -> str:
    """The page's HTML with each stand-in replaced by its block."""
    if not blocks:
        return html
    return STAND_IN.sub(lambda m: blocks[int(m.group(1))], html)
