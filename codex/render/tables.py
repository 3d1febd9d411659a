"""Render a data table as an HTML table in the page's language (template table.html; every value is escaped)."""

from __future__ import annotations

from markupsafe import Markup

from codex.i18n.localize import cell, text
from codex.i18n.ui import UIText
from codex.render.templates import render


def header(column: dict, lang: str) -> str:
    """A column's head: its label, with its unit in brackets when it has one."""
    label = text(column["label"], lang)
    return f"{label} ({text(column['unit'], lang)})" if column.get("unit") else label


def render_table(table: dict, lang: str, ui: UIText, edit_url: str = "", last_changed: str = "") -> Markup:
    """A table with its caption, header, rows, notes, source, the date of its last change (`last_changed`, linked to
    the page's history) and edit link (when `edit_url` is known)."""
    columns = [c for c in table["columns"] if not c.get("hidden")]
    rows = [
        {"id": row["id"], "cells": [cell(row[c["id"]], lang, c.get("format", "plain")) for c in columns]}
        for row in table["rows"]
    ]
    return render(
        "table.html",
        ui=ui,
        lang=lang,
        table_id=table["id"],
        title=text(table["title"], lang),
        heads=[header(c, lang) for c in columns],
        rows=rows,
        notes=[text(n, lang) for n in table.get("notes", [])],
        source=table["source"],
        edit_url=edit_url,
        last_changed=last_changed,
    )
