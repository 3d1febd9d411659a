"""Render the glossary (data/glossary.yaml) as the glossary page of one language.

Each entry is a `##` heading whose anchor is the entry's id (the same in both languages, so a link to
glossary/#<id> works on either site). Under it: the term in the other language (so that a search for the other
language's word finds the entry), the abbreviations of both languages, the definition, and a link to the page that
defines the term — a Markdown link, which MkDocs checks (page and anchor) in a strict build.
"""

from __future__ import annotations

import unicodedata
from pathlib import Path

from codex.i18n.localize import text
from codex.i18n.typography import colon
from codex.i18n.ui import UIText
from codex.markdown_text import markdown_text
from codex.outline import page_outline
from codex.render.wiki_links import linked_from_placeholder

OTHER = {"fr": "en", "en": "fr"}


def sort_key(term: str) -> str:
    """Alphabetical order that ignores accents and case (é sorts with e)."""
    decomposed = unicodedata.normalize("NFKD", term.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def capitalise(term: str) -> str:
    return term[:1].upper() + term[1:]


def link_label(docs_dir: Path, target: str) -> str:
    """'Page title › Section title' for a `page.md#anchor` target, from the page's own headings."""
    page, _, anchor = target.partition("#")
    titles = page_outline(docs_dir / page).anchors()
    page_title = titles.get("", page)
    if anchor and titles.get(anchor) and titles[anchor] != page_title:
        return f"{page_title} › {titles[anchor]}"
    return page_title


def render_glossary(
    glossary: dict, questions: dict[str, dict], lang: str, ui: UIText, docs_dir: Path, page_dir: str = ""
) -> str:
    """The whole glossary in `lang`, as Markdown: an alphabetical index of the terms in that language (links to the
    entries), then the entries in the data's thematic order, which is the same in both languages (the site keeps the
    headings of a French page and of its English page in the same order).

    `page_dir` is the folder of the page that shows the glossary (relative links start from it)."""
    other = OTHER[lang]

    def label(key: str) -> str:
        """'Défini dans :' — a line's label with the language's colon."""
        return markdown_text(ui.text(key, lang)) + colon(lang)

    prefix = "../" * len([p for p in page_dir.split("/") if p])
    alphabetical = sorted(glossary["items"], key=lambda i: sort_key(text(i["term"], lang)))
    out = [
        f"{label('glossary_index')} "
        + " · ".join(f"[{markdown_text(capitalise(text(i['term'], lang)))}](#{i['id']})" for i in alphabetical)
        + "\n"
    ]
    # The entries in the data's (thematic) order, the same in both languages, like every page's headings.
    for item in glossary["items"]:
        term, other_term = text(item["term"], lang), text(item["term"], other)
        out.append(f"## {markdown_text(capitalise(term))} {{#{item['id']}}}\n")
        lines = [f'{label("glossary_other_language")} <span lang="{other}">**{markdown_text(other_term)}**</span>']
        abbrs = [(a, lang) for a in item["abbr"][lang]] + [
            (a, other) for a in item["abbr"][other] if a not in item["abbr"][lang]
        ]
        if abbrs:
            shown = ", ".join(
                markdown_text(a) if code == lang else f'<span lang="{code}">{markdown_text(a)}</span> ({code.upper()})'
                for a, code in abbrs
            )
            lines.append(f"{label('glossary_abbreviations')} {shown}")
        if item.get("srd"):  # the SRD's words, English in either language
            srd = ", ".join(
                f"*{markdown_text(w)}*" if lang == "en" else f'<span lang="en">*{markdown_text(w)}*</span>'
                for w in item["srd"]
            )
            lines.append(f"{label('glossary_srd')} {srd}")
        out.append("  \n".join(lines) + "\n")
        out.append(markdown_text(text(item["definition"], lang)) + "\n")
        facts = [
            f"{label('glossary_defined_in')} [{markdown_text(link_label(docs_dir, item['page']))}]({prefix}{item['page']})"
        ]
        if item.get("open_question"):
            question = questions[item["open_question"]]
            facts.append(
                f"{label('glossary_open_question')} "
                f"[{markdown_text(text(question['title'], lang))}]({prefix}{question['page']}#{question['id']})"
            )
        documents = (markdown_text(ui.documents.short_name(d, lang)) for d in item["seeds"])
        facts.append(f"{label('glossary_documents')} " + ", ".join(documents))
        out.append(" · ".join(facts) + "\n")
        out.append(linked_from_placeholder("term", item["id"]) + "\n")
    return "\n".join(out)
