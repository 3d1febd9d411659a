"""Data downloads: every table of data/tables is published as JSON and CSV in each language, holds exactly the values
of data/ (numbers raw, texts in the language), and is listed on the Data page."""

from __future__ import annotations

import csv
import io
import json

import pytest

from codex.data.wiki_links import WikiTargets
from tests.built_html import parsed
from tests.conftest import lang_root
from tests.project_data import project_dataset


def data_tables() -> dict[str, dict]:
    return project_dataset().by_id("table.schema.json")  # as loaded: French texts typeset


def expected(value, lang):
    """A cell as a file gives it: a text in the language, its wiki links written as their words."""
    value = value[lang] if isinstance(value, dict) else value
    return WikiTargets(project_dataset(), lang, None).plain(value) if isinstance(value, str) else value


def test_a_download_holds_the_words_of_a_wiki_link_not_its_syntax():
    assert expected({"fr": "tombe [[condition:prone|au sol]]", "en": "x"}, "fr") == "tombe au sol"
    assert expected({"fr": "x", "en": "falls [[condition:prone]]"}, "en") == "falls Prone"


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_table_downloads_as_json_matching_data(built_site, lang):
    folder = lang_root(built_site, lang) / "downloads"
    tables = data_tables()
    index = json.loads((folder / "index.json").read_text(encoding="utf-8"))
    assert sorted(t["id"] for t in index["tables"]) == sorted(tables)
    for table_id, table in tables.items():
        published = json.loads((folder / f"{table_id}.json").read_text(encoding="utf-8"))
        assert published["lang"] == lang
        assert published["title"] == table["title"][lang]
        assert [c["id"] for c in published["columns"]] == [c["id"] for c in table["columns"]]
        assert [c["label"] for c in published["columns"]] == [c["label"][lang] for c in table["columns"]]
        assert [r["id"] for r in published["rows"]] == [r["id"] for r in table["rows"]]
        for row, out in zip(table["rows"], published["rows"]):
            for column in table["columns"]:
                assert out[column["id"]] == expected(row.get(column["id"]), lang), (table_id, row["id"], column["id"])


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_table_downloads_as_csv_matching_data(built_site, lang):
    folder = lang_root(built_site, lang) / "downloads"
    for table_id, table in data_tables().items():
        text = (folder / f"{table_id}.csv").read_text(encoding="utf-8")
        lines = list(csv.reader(io.StringIO(text, newline="")))
        assert lines[0][0] == "id"
        assert len(lines[0]) == len(table["columns"]) + 1
        assert all(table["columns"][i]["label"][lang] in label for i, label in enumerate(lines[0][1:]))
        assert [line[0] for line in lines[1:]] == [r["id"] for r in table["rows"]]
        for row, line in zip(table["rows"], lines[1:]):
            for column, field in zip(table["columns"], line[1:]):
                value = expected(row.get(column["id"]), lang)
                if value is None:
                    assert field == ""
                elif column["type"] == "number" and not isinstance(value, str):
                    assert float(field) == value, (table_id, row["id"], column["id"])
                else:
                    assert field == str(value), (table_id, row["id"], column["id"])


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_data_page_links_every_file(built_site, lang):
    root = lang_root(built_site, lang)
    page = parsed(root / "data" / "index.html")
    links = {a["href"] for a in page.select("a.codex-download")}
    for table_id in data_tables():
        for kind in ("json", "csv"):
            href = f"../downloads/{table_id}.{kind}"
            assert href in links, href
            assert (root / "data" / href).resolve().is_file()
