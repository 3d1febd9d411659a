"""Every rules table of data/tables as JSON and CSV files at a stable address, in each language, so that other tools
(a virtual tabletop, a spreadsheet) can take them: <site>/downloads/<id>.json|.csv for French and
<site>/en/downloads/<id>.json|.csv for English, plus downloads/index.json listing them.

Labels and text cells are in the language of the build; numbers are the raw values of data/ (a number, or null for an
empty cell), never the display text, so a spreadsheet can compute with them. CSV: UTF-8, comma-separated, RFC 4180
quoting, a dot as the decimal mark; its first line names the columns (the row id first, then each column's label).
"""

from __future__ import annotations

import csv
import io
import json
import posixpath
from collections.abc import Callable
from pathlib import Path

from markupsafe import Markup

from codex import kinds
from codex.data.loading import Dataset
from codex.i18n.localize import text
from codex.i18n.ui import UIText
from codex.render.templates import render

DOWNLOADS_DIR = "downloads"
TABLE_SCHEMA = kinds.TABLE


def raw_value(value: object, lang: str) -> object:
    """A cell as a file gives it: numbers and null unchanged, a {fr, en} text in the build's language."""
    if isinstance(value, dict):
        return value[lang]
    return value


def column_label(column: dict, lang: str) -> str:
    label = text(column["label"], lang)
    return f"{label} ({text(column['unit'], lang)})" if column.get("unit") else label


def table_json(table: dict, lang: str) -> dict:
    """The JSON form of one table: title, source, notes, columns with labels and types, rows of raw values."""
    return {
        "id": table["id"],
        "lang": lang,
        "title": text(table["title"], lang),
        "source": dict(table["source"]),
        "notes": [text(n, lang) for n in table.get("notes", [])],
        "columns": [
            {
                "id": c["id"],
                "label": text(c["label"], lang),
                "unit": text(c["unit"], lang) if c.get("unit") else None,
                "type": c["type"],
                "format": c.get("format", "plain"),
                "hidden": bool(c.get("hidden", False)),
            }
            for c in table["columns"]
        ],
        "rows": [
            {"id": row["id"], **{c["id"]: raw_value(row.get(c["id"]), lang) for c in table["columns"]}}
            for row in table["rows"]
        ],
    }


def table_csv(table: dict, lang: str) -> str:
    """The CSV form: a header of localized labels ('id' first), then one line per row; null is an empty field."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(["id"] + [column_label(c, lang) for c in table["columns"]])
    for row in table["rows"]:
        cells = [raw_value(row.get(c["id"]), lang) for c in table["columns"]]
        writer.writerow([row["id"]] + ["" if v is None else v for v in cells])
    return out.getvalue()


def rules_tables(dataset: Dataset) -> list[dict]:
    """The tables in a stable order (by id)."""
    return sorted(dataset.by_id(TABLE_SCHEMA).values(), key=lambda t: t["id"])


def words_only(node: object, plain: Callable[[str], str]) -> object:
    """The data with `plain` applied to every string: a file holds the words of a wiki link, not its syntax."""
    if isinstance(node, dict):
        return {key: words_only(value, plain) for key, value in node.items()}
    if isinstance(node, list):
        return [words_only(value, plain) for value in node]
    return plain(node) if isinstance(node, str) else node


def publish_downloads(site_dir: Path, dataset: Dataset, lang: str, plain: Callable[[str], str] = str) -> Path:
    """Write <site_dir>/downloads/ (one language's files); returns that folder. `plain` writes a text's wiki links as
    words (codex/data/wiki_links.py WikiTargets.plain)."""
    target = Path(site_dir) / DOWNLOADS_DIR
    target.mkdir(parents=True, exist_ok=True)
    index = []
    for table in rules_tables(dataset):
        table = {**table, "rows": words_only(table["rows"], plain), "notes": words_only(table.get("notes", []), plain)}
        (target / f"{table['id']}.json").write_text(
            json.dumps(table_json(table, lang), ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
        )
        (target / f"{table['id']}.csv").write_text(table_csv(table, lang), encoding="utf-8", newline="")
        index.append(
            {
                "id": table["id"],
                "title": text(table["title"], lang),
                "json": f"{table['id']}.json",
                "csv": f"{table['id']}.csv",
            }
        )
    (target / "index.json").write_text(
        json.dumps({"lang": lang, "tables": index}, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
    )
    return target


def render_downloads_list(dataset: Dataset, lang: str, ui: UIText, page_url: str = "data/") -> Markup:
    """The Data page's list (template downloads_list.html): each table with links to its JSON and CSV files,
    relative to the page's URL ('data/' with directory URLs, 'data.html' in a folder built without them)."""
    return render(
        "downloads_list.html",
        ui=ui,
        lang=lang,
        folder=posixpath.relpath(DOWNLOADS_DIR, posixpath.dirname(page_url) or "."),
        tables=[
            {"id": table["id"], "title": text(table["title"], lang), "rows": len(table["rows"])}
            for table in rules_tables(dataset)
        ],
    )
