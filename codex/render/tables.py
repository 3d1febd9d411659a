"""Render a data table as an HTML table in the page's language; every value is escaped."""

from __future__ import annotations

from html import escape

from codex.i18n.localize import cell, text
from codex.i18n.ui import seed_title, ui


def source_line(source: dict, lang: str) -> str:
    """'Source: AD&D 2bis combat rules, section « … »' under a table or a note."""
    section = escape(source["section"])
    return (
        f'<p class="codex-source">{ui("source", lang)} : {escape(seed_title(source["seed"], lang))}, {ui("section", lang)} « {section} »</p>'
        if lang == "fr"
        else f'<p class="codex-source">{ui("source", lang)}: {escape(seed_title(source["seed"], lang))}, {ui("section", lang)} “{section}”</p>'
    )


# A table wider than a phone scrolls inside its box; a keyboard reader must be able to focus the box to scroll it
# (axe rule scrollable-region-focusable), and a screen reader hears the region's name.
SCROLL_REGION = 'tabindex="0" role="region" aria-label="{label}"'


def render_table(table: dict, lang: str, edit_url: str = "") -> str:
    """A table with its caption, header, rows, notes and source, as one raw HTML block."""
    columns = [c for c in table["columns"] if not c.get("hidden")]
    head = " ".join(f'<th scope="col">{escape(header(c, lang))}</th>' for c in columns)
    body = []
    for row in table["rows"]:
        cells = []
        for index, column in enumerate(columns):
            shown = escape(cell(row[column["id"]], lang, column.get("format", "plain")))
            tag = "th" if index == 0 else "td"
            scope = ' scope="row"' if index == 0 else ""
            cells.append(f"<{tag}{scope}>{shown}</{tag}>")
        body.append(f'<tr id="{escape(table["id"])}-{escape(row["id"])}">' + " ".join(cells) + "</tr>")
    notes = "".join(f'<p class="codex-note">{escape(text(n, lang))}</p>' for n in table.get("notes", []))
    return (
        f'<div class="codex-table" id="table-{escape(table["id"])}" data-table="{escape(table["id"])}" {SCROLL_REGION.format(label=escape(text(table["title"], lang)))}>'
        f"<table><caption>{escape(text(table['title'], lang))}</caption>\n"
        f"<thead><tr>{head}</tr></thead>\n<tbody>{chr(10).join(body)}</tbody></table>\n"
        f"{notes}{source_line(table['source'], lang)}{edit_link(edit_url, lang)}</div>"
    )


def edit_link(edit_url: str, lang: str) -> str:
    """'Edit this table' under a table, to its YAML file in the repository (nothing when the address is unknown)."""
    if not edit_url:
        return ""
    return f'<p class="codex-edit"><a href="{escape(edit_url)}" rel="edit">{ui("edit_table", lang)}</a></p>'


def header(column: dict, lang: str) -> str:
    label = text(column["label"], lang)
    return f"{label} ({text(column['unit'], lang)})" if column.get("unit") else label
