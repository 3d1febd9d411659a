"""Tooltips for the glossary's terms and abbreviations on every page, in the page's language.

Python-Markdown's `abbr` extension turns each `*[word]: definition` line of a page into `<abbr title=...>` around
every whole-word occurrence of `word` in the page's text (never in code, attributes or `{#id}` anchors, which are
not text); codex/render/tooltip_marks.py (listed after it in mkdocs.yml) then keeps one per term and section, none in
headings or links, each reachable by Tab; and docs/overrides/assets/javascripts/codex-tooltips.js shows the title in
one shared tooltip on hover, keyboard focus or tap (the browser's own tooltip without JavaScript). This module writes
those lines from data/glossary.yaml in the page's language; the codex plugin (on_page_markdown) appends them to each
page's Markdown after the macros have run, so Jinja never sees them.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from codex.i18n.localize import text
from codex.i18n.typography import colon

APOSTROPHES = ("’", "'")


def written_forms(item: dict, lang: str) -> list[str]:
    """Every way the pages of `lang` write the entry: term, capitalised term, abbreviations, listed forms, and each of
    those with a straight or a typographic apostrophe."""
    term = text(item["term"], lang)
    forms = [term, term[:1].upper() + term[1:], *item["abbr"][lang], *item.get("forms", {}).get(lang, [])]
    out: list[str] = []
    for form in forms:
        variants = [form] + [form.replace(a, b) for a in APOSTROPHES for b in APOSTROPHES if a != b and a in form]
        out += [v for v in variants if v not in out]
    return out


def tooltip(item: dict, form: str, lang: str, plain: Callable[[str], str] = str) -> str:
    """'term (ABBR) : definition' — the term, with its abbreviations, then the definition (the language's colon)."""
    term = text(item["term"], lang)
    abbrs = [a for a in item["abbr"][lang] if a != term]
    name = term + (f" ({', '.join(abbrs)})" if abbrs else "")
    return f"{name}{colon(lang)} {plain(text(item['definition'], lang))}".replace("\n", " ")


def tooltip_definitions(glossary: dict, lang: str, plain: Callable[[str], str] = str) -> dict[str, str]:
    """Written form -> tooltip, for one language. The first entry that claims a form keeps it. `plain` writes a
    definition's wiki links as words (codex/data/wiki_links.py WikiTargets.plain): a tooltip holds no link."""
    definitions: dict[str, str] = {}
    for item in glossary["items"]:
        if not item.get("underline", True):  # the commonest words: in the glossary, not underlined in pages
            continue
        for form in written_forms(item, lang):
            definitions.setdefault(form, tooltip(item, form, lang, plain))
    return definitions


def used_forms(markdown: str, definitions: dict[str, str]) -> list[str]:
    """The forms that occur as whole words in the page (only those are declared, to keep pages small). The longest
    form wins where forms overlap; the forms that do not occur at all are dropped first, as a regular expression
    with every form of the glossary is slow to match."""
    keys = [k for k in sorted(definitions, key=len, reverse=True) if k in markdown]
    if not keys:
        return []
    pattern = re.compile(r"\b(?:" + "|".join(re.escape(k) for k in keys) + r")\b")
    found = set(pattern.findall(markdown))
    return [k for k in keys if k in found]


def append_tooltips(markdown: str, definitions: dict[str, str]) -> str:
    """The page's Markdown followed by one abbreviation definition per glossary form it uses, each a block of its own:
    Python-Markdown's abbr takes one definition from a block and gives the rest back to every block processor, so one
    block of N definitions cost N² (about a third of the pages' Markdown time)."""
    lines = [f"*[{form}]: {definitions[form]}" for form in used_forms(markdown, definitions)]
    if not lines:
        return markdown
    return markdown.rstrip("\n") + "\n\n" + "\n\n".join(lines) + "\n"
