"""Render collections (conditions, kinds of action, open questions) in the page's language.

Headings are emitted as Markdown with an explicit `{#id}` so that they join the table of contents and keep the
same anchor in both languages (their text escaped by codex/markdown_text.py); the HTML comes from the templates
(condition.html, action_kinds.html, open_question.html), which escape every data value.
"""

from __future__ import annotations

from collections.abc import Callable

from codex.i18n.localize import text
from codex.i18n.ui import UIText
from codex.markdown_text import markdown_text
from codex.render.templates import render
from codex.render.wiki_links import linked_from_placeholder

# The admonition style of each status of an open question (Material's admonition classes).
STATUS_CLASS = {"open": "question", "to-be-written": "warning", "reading-chosen": "info"}


def status_label(status: str, lang: str, ui: UIText) -> str:
    """'Question ouverte' for 'open': the UI text 'status_<status>' (hyphens as underscores)."""
    return ui.text("status_" + status.replace("-", "_"), lang)


def render_conditions(
    conditions: dict, lang: str, ui: UIText, level: int = 2, author_text: Callable[[dict], str] | None = None
) -> str:
    """One Markdown heading per condition, then its effects and default duration (and the author's words its
    `source` quotes, through `author_text`), then the collection's source."""
    out = []
    for item in conditions["items"]:
        out.append(f"{'#' * level} {markdown_text(text(item['name'], lang))} {{#{item['id']}}}\n")
        out.append(
            render(
                "condition.html",
                ui=ui,
                lang=lang,
                condition_id=item["id"],
                effects=[text(e, lang) for e in item["effects"]],
                duration=text(item["duration"], lang) if item["duration"] else "",
                linked_from=linked_from_placeholder("condition", item["id"]),
            )
            + "\n"
        )
        if author_text and "source" in item:
            out.append(author_text(item["source"]) + "\n")
    out.append(render("source.html", ui=ui, lang=lang, source=conditions["source"]))
    return "\n".join(out)


def render_action_kinds(kinds: dict, lang: str, ui: UIText, edit_url: str = "") -> str:
    """The kinds of action and reaction as one table, grouped in the order the groups first appear in the data."""
    groups = list(dict.fromkeys(item["group"] for item in kinds["items"]))
    ordered = [item for group in groups for item in kinds["items"] if item["group"] == group]
    return render(
        "action_kinds.html",
        ui=ui,
        lang=lang,
        collection_id=kinds["id"],
        title=text(kinds["title"], lang),
        kinds=[
            {
                "id": item["id"],
                "group": item["group"],
                "name": text(item["name"], lang),
                "description": text(item["description"], lang),
                "examples": text(item["examples"], lang) if item.get("examples") else "",
            }
            for item in ordered
        ],
        source=kinds["source"],
        edit_url=edit_url,
    )


def render_open_question(question: dict, lang: str, ui: UIText) -> str:
    """An admonition showing each reading with its source; its id is the question's id."""
    return render(
        "open_question.html",
        ui=ui,
        lang=lang,
        question_id=question["id"],
        status=question["status"],
        css_class=STATUS_CLASS[question["status"]],
        status_label=status_label(question["status"], lang, ui),
        title=text(question["title"], lang),
        readings=[
            {"text": text(r["text"], lang), "link": r.get("link", ""), "source": r["source"]}
            for r in question["readings"]
        ],
        decision=text(question["decision"], lang) if question.get("decision") else "",
    )


def render_open_question_index(questions: list[dict], page_titles: dict[str, str], lang: str, ui: UIText) -> str:
    """Every open question as a Markdown list grouped by page, each linking to its note (links MkDocs checks)."""
    out = []
    for page in sorted({q["page"] for q in questions}):
        anchor = "page-" + page[:-3].replace("/", "-")
        out.append(f"## {markdown_text(page_titles.get(page, page))} {{#{anchor}}}\n")
        for q in sorted((q for q in questions if q["page"] == page), key=lambda q: q["id"]):
            title = markdown_text(text(q["title"], lang))
            out.append(f"- [{title}]({page}#{q['id']}) — *{markdown_text(status_label(q['status'], lang, ui))}*")
        out.append("")
    return "\n".join(out)
