"""Render collections (conditions, kinds of action, open questions) in the page's language.

Headings are emitted as Markdown with an explicit `{#id}` so that they join the table of contents and keep the
same anchor in both languages; every data value is HTML-escaped.
"""

from __future__ import annotations

from html import escape

from codex.i18n.localize import text
from codex.i18n.ui import ui
from codex.render.tables import SCROLL_REGION, edit_link, source_line

STATUS_CLASS = {"open": "question", "to-be-written": "warning", "reading-chosen": "info"}
STATUS_LABEL = {"open": "open_question", "to-be-written": "to_be_written", "reading-chosen": "reading_chosen"}


def render_conditions(conditions: dict, lang: str, level: int = 2) -> str:
    """One heading per condition, its effects as a list, then its default duration."""
    out = []
    for item in conditions["items"]:
        out.append(f"{'#' * level} {escape(text(item['name'], lang))} {{#{item['id']}}}\n")
        out.append(f'<div class="codex-condition" data-condition="{escape(item["id"])}">')
        out.append("<ul>" + "\n".join(f"<li>{escape(text(e, lang))}</li>" for e in item["effects"]) + "</ul>")
        duration = escape(text(item["duration"], lang)) if item["duration"] else ui("no_default_duration", lang)
        out.append(
            f'<p class="codex-duration"><strong>{ui("default_duration", lang)}</strong> : {duration}</p>'
            if lang == "fr"
            else f'<p class="codex-duration"><strong>{ui("default_duration", lang)}</strong>: {duration}</p>'
        )
        out.append("</div>\n")
    out.append(source_line(conditions["source"], lang))
    return "\n".join(out)


def render_action_kinds(kinds: dict, lang: str, edit_url: str = "") -> str:
    """The kinds of action and reaction as one table, actions first."""
    rows = []
    for group in ("action", "reaction"):
        for item in (i for i in kinds["items"] if i["group"] == group):
            rows.append(
                f'<tr id="{escape(item["id"])}"><th scope="row">{escape(text(item["name"], lang))}</th>'
                f" <td>{ui('kind_' + group, lang)}</td> "
                f"<td>{escape(text(item['description'], lang))}</td> "
                f"<td>{escape(text(item['examples'], lang)) if item.get('examples') else '—'}</td></tr>"
            )
    head = "".join(f'<th scope="col">{ui(k, lang)}</th>' for k in ("name", "kind_action", "description", "examples"))
    head = head.replace(ui("kind_action", lang), "Type", 1)
    return (
        f'<div class="codex-table" id="table-{escape(kinds["id"])}" data-table="{escape(kinds["id"])}" '
        f"{SCROLL_REGION.format(label=escape(text(kinds['title'], lang)))}>"
        f"<table><caption>{escape(text(kinds['title'], lang))}</caption>\n<thead><tr>{head}</tr></thead>"
        f"<tbody>{chr(10).join(rows)}</tbody></table>{source_line(kinds['source'], lang)}{edit_link(edit_url, lang)}</div>"
    )


def render_open_question(question: dict, lang: str) -> str:
    """An admonition showing each reading with its source; its id is the question's id."""
    status = question["status"]
    readings = []
    for number, reading in enumerate(question["readings"], start=1):
        link = f' <a href="{escape(reading["link"])}">{escape(reading["link"])}</a>' if reading.get("link") else ""
        readings.append(
            f"<li><strong>{ui('reading', lang)} {number}</strong> — {escape(text(reading['text'], lang))}{link}{source_line(reading['source'], lang)}</li>"
        )
    decision = ""
    if question.get("decision"):
        decision = f"<p><strong>{ui('decision', lang)}</strong> — {escape(text(question['decision'], lang))}</p>"
    return (
        f'<div class="admonition {STATUS_CLASS[status]} codex-open-question" id="{escape(question["id"])}" data-status="{status}">'
        f'<p class="admonition-title">{ui(STATUS_LABEL[status], lang)} — {escape(text(question["title"], lang))}</p>'
        f"<ol>{chr(10).join(readings)}</ol>{decision}</div>"
    )


def render_open_question_index(questions: list[dict], page_titles: dict[str, str], lang: str) -> str:
    """Every open question as a Markdown list grouped by page, each linking to its note (links MkDocs checks)."""
    out = []
    for page in sorted({q["page"] for q in questions}):
        anchor = "page-" + page[:-3].replace("/", "-")
        out.append(f"## {escape(page_titles.get(page, page))} {{#{anchor}}}\n")
        for q in sorted((q for q in questions if q["page"] == page), key=lambda q: q["id"]):
            out.append(
                f"- [{escape(text(q['title'], lang))}]({page}#{q['id']}) — *{ui(STATUS_LABEL[q['status']], lang)}*"
            )
        out.append("")
    return "\n".join(out)
