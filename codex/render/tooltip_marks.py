"""Glossary tooltips once per section and never in headings: a Python-Markdown extension (`tooltip_marks` in
`markdown_extensions` of mkdocs.yml, after `abbr`).

Python-Markdown's `abbr` extension wraps EVERY whole-word occurrence of a glossary form in `<abbr title=...>`
(codex/render/tooltips.py writes the definitions). A term repeated in every sentence then gets a dotted underline
and a tooltip each time: noise for the reader, one more tab stop for a keyboard, more markup for the browser; and a
term in a heading is a heading's word, not a place to read a definition. So, after the `abbr` extension and in
document order, this extension keeps only the first `abbr` of each term (the same title) within each section (the
content between two headings of any level) and unwraps the others, keeping their text. It also unwraps every `abbr`
inside a heading and inside a link, button, label or summary: the control is what a reader focuses or taps there,
and a focusable element may not sit inside one (HTML). Those unwrapped ones do not count as the section's first.

Each kept `abbr` gets `tabindex="0"`, so that a keyboard reaches it and its tooltip shows on focus
(docs/overrides/assets/javascripts/codex-tooltips.js shows the tooltips in the reader's browser).
"""

from __future__ import annotations

import xml.etree.ElementTree as etree

from markdown import Markdown
from markdown.extensions import Extension
from markdown.treeprocessors import Treeprocessor

HEADINGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
# Elements a reader focuses or activates themselves: an abbr inside one is unwrapped (no focusable element inside).
CONTROLS = frozenset({"a", "button", "label", "summary"})
# Python-Markdown 3.11 registers the `abbr` treeprocessor at 7 and `toc` at 5: this one runs between them, so it sees
# the abbreviations already wrapped and the table of contents takes the headings once unwrapped.
PRIORITY = 6.5


def unwrap(parent: etree.Element, element: etree.Element) -> None:
    """Replace `element` (a child of `parent`) by its content: its text, its children and its tail stay in place."""
    index = list(parent).index(element)
    previous = parent[index - 1] if index else None
    text = element.text or ""
    if previous is None:
        parent.text = (parent.text or "") + text
    else:
        previous.tail = (previous.tail or "") + text
    children = list(element)
    parent.remove(element)
    for offset, child in enumerate(children):
        parent.insert(index + offset, child)
    tail = element.tail or ""
    if children:
        children[-1].tail = (children[-1].tail or "") + tail
    elif previous is None:
        parent.text = (parent.text or "") + tail
    else:
        previous.tail = (previous.tail or "") + tail


class TooltipMarks(Treeprocessor):
    """Keeps the first `abbr` of each term per section (with `tabindex="0"`); unwraps the others, and every `abbr` in
    a heading or a control."""

    def run(self, root: etree.Element) -> None:
        self.mark(root, seen=set(), unwrap_all=False)

    def mark(self, parent: etree.Element, seen: set[str], unwrap_all: bool) -> None:
        """Walk `parent`'s children in document order. `seen`: the titles already kept in the current section, emptied
        at each heading; `unwrap_all`: inside a heading or a control."""
        for child in list(parent):  # a copy: unwrapping changes the children
            if child.tag in HEADINGS:
                seen.clear()
                self.mark(child, seen, unwrap_all=True)
            elif child.tag == "abbr":
                title = child.get("title")
                if title is None:
                    continue  # not one of the glossary's (those always have a title)
                if unwrap_all or title in seen:
                    unwrap(parent, child)
                else:
                    seen.add(title)
                    child.set("tabindex", "0")
            else:
                self.mark(child, seen, unwrap_all or child.tag in CONTROLS)


class TooltipMarksExtension(Extension):
    """Registers TooltipMarks after the `abbr` extension's treeprocessor (see PRIORITY)."""

    def extendMarkdown(self, md: Markdown) -> None:
        md.treeprocessors.register(TooltipMarks(md), "tooltip_marks", PRIORITY)


def makeExtension(**kwargs: object) -> TooltipMarksExtension:
    """The entry Python-Markdown calls for `extensions=["codex.render.tooltip_marks"]`."""
    return TooltipMarksExtension(**kwargs)
