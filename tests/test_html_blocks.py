"""The macros' HTML blocks set aside while Markdown reads a page (codex/render/html_blocks.py): the page comes out as
Markdown would have written it, and only the blocks Markdown would have left alone are set aside."""

from __future__ import annotations

import re

import markdown

from codex.render.html_blocks import marked, put_back, set_aside

EXTENSIONS = ["attr_list", "admonition", "tables", "toc", "pymdownx.details", "pymdownx.superfences"]
TABLE = '<div class="codex-table" id="table-fumbles"><table><tr><td>1 *not emphasis*</td></tr></table></div>'
FORM = '<form class="codex-calculator" id="jump-calculator"><label for="x">X</label><input id="x"></form>'


def rendered(source: str) -> str:
    return markdown.Markdown(extensions=EXTENSIONS).convert(source)


def through_markdown_set_aside(source: str) -> tuple[str, list[str]]:
    text, blocks = set_aside(source)
    return put_back(rendered(text), blocks), blocks


def plain(html: str) -> str:
    return re.sub(r">\s+<", "><", html.strip())


def test_a_page_reads_the_same_with_its_blocks_set_aside():
    source = f"# Title\n\nSome *text*.\n\n{marked(TABLE)}\n\nMore text.\n\n{marked(FORM)}\n"
    html, blocks = through_markdown_set_aside(source)
    assert blocks == [TABLE, FORM]
    assert plain(html) == plain(rendered(source.replace(marked(TABLE), TABLE).replace(marked(FORM), FORM)))
    assert "*not emphasis*" in html and "codex-html-block" not in html


def test_the_stand_in_carries_the_block_ids_for_the_anchor_check():
    text, _ = set_aside(f"Text.\n\n{marked(FORM)}\n")
    assert '<a id="jump-calculator"></a><a id="x"></a>' in text and "<label" not in text


def test_a_block_that_does_not_stand_alone_is_only_unmarked():
    for source in (
        f"- an item\n\n    {marked(TABLE)}\n",  # indented: in a list item
        f"!!! note\n\n    {marked(TABLE)}\n",  # in an admonition
        f"A sentence {marked(TABLE)} goes on.\n",
        f"Text.\n{marked(TABLE)}\n",  # no blank line before it
    ):
        text, blocks = set_aside(source)
        assert blocks == [] and text == source.replace(marked(TABLE), TABLE)
