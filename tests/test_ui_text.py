"""The site's own words come from data (data/ui.yaml, data/documents.yaml, data/gm-screen.yaml) through one helper,
the HTML from autoescaped templates, and the rulebook fails loudly when it cannot be filled."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from jinja2 import UndefinedError
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File

from codex.adapter.plugin import CodexPlugin
from codex.data.errors import DataErrors
from codex.data.loading import load_dataset
from codex.i18n.typography import NBSP
from codex.i18n.ui import MissingText, UIText
from codex.publish.rulebook import BuiltPages, RulebookError, assemble_rulebook, placeholder
from codex.render.gm_screen import GM_SCREEN_SCHEMA, gm_screen_tables, render_gm_screen
from codex.render.tables import render_table
from codex.render.templates import render
from tests.data_fixtures import GOOD_TABLE, data_dir_with
from tests.project_data import project_dataset

DATASET = project_dataset()
UI = UIText.from_dataset(DATASET)
UI_FILE = """\
# yaml-language-server: $schema=schemas/ui.schema.json
id: ui
texts:
  reading: {fr: "Lecture {number}", en: "Reading {count}"}
"""
DOCUMENTS_FILE = """\
# yaml-language-server: $schema=schemas/documents.schema.json
id: documents
items:
  - {id: "001", file: 001_0123456789abcdef.txt, title: {fr: Titre, en: Title}, short_name: {fr: Court, en: Short}}
"""


def test_a_text_is_read_by_key_and_fills_its_values():
    assert UI.text("reading", "fr", number=2) == "Lecture 2"
    assert UI.text("reading", "en", number=2) == "Reading 2"
    assert UI.text("source_line", "fr", document="D", section="S") == f"Source{NBSP}: D, section «{NBSP}S{NBSP}»"


def test_a_missing_key_or_value_is_a_clear_error():
    with pytest.raises(MissingText, match="no UI text 'no_such_text' in data/ui.yaml"):
        UI.text("no_such_text", "fr")
    with pytest.raises(MissingText, match="UI text 'reading' takes the values \\['number'\\]"):
        UI.text("reading", "fr")
    with pytest.raises(MissingText, match="no source document with file 'nothing.txt'"):
        UI.documents.title("nothing.txt", "en")


def test_the_source_documents_are_named_from_data():
    documents = DATASET.by_id("documents.schema.json")["documents"]["items"]
    for document in documents:
        for lang in ("fr", "en"):
            assert UI.documents.title(document["file"], lang) == document["title"][lang]
            assert UI.documents.short_name(document["id"], lang) == document["short_name"][lang]


def test_texts_with_different_values_in_each_language_are_reported(tmp_path):
    with pytest.raises(DataErrors) as caught:
        load_dataset(data_dir_with(tmp_path, {"ui.yaml": UI_FILE}))
    assert "data/ui.yaml:4: field 'texts.reading'" in str(caught.value)


def test_a_source_naming_no_listed_document_is_reported(tmp_path):
    with pytest.raises(DataErrors) as caught:
        load_dataset(data_dir_with(tmp_path, {"documents.yaml": DOCUMENTS_FILE, "tables/materials.yaml": GOOD_TABLE}))
    message = str(caught.value)
    assert "data/tables/materials.yaml:4: field 'source.seed'" in message and "001_0123456789abcdef.txt" in message


def test_templates_escape_values_and_refuse_missing_names():
    html = render_table(DATASET.by_id("table.schema.json")["materials"], "en", UI, 'x" onclick="alert(1)')
    assert 'href="x&#34; onclick=&#34;alert(1)"' in html
    with pytest.raises(UndefinedError):
        render("latest_changes.html", ui=UI, lang="en")


def test_the_gm_screen_shows_the_panels_of_the_data_in_order():
    screen = DATASET.by_id(GM_SCREEN_SCHEMA)["gm-screen"]
    asked: list[tuple] = []

    def table(table_id: str) -> str:
        asked.append(("table", table_id))
        return f'<div data-table="{table_id}"></div>'

    def reference(calculator_id: str, compact: bool = False) -> str:
        asked.append(("reference", calculator_id, compact))
        return f'<div data-reference="{calculator_id}"></div>'

    html = render_gm_screen(screen, "fr", UI, table, reference, DATASET.by_id("conditions.schema.json").__getitem__)
    assert [p["id"] for p in screen["panels"]] == [
        part.split('"')[0] for part in html.split('class="codex-gm-panel" id="')[1:]
    ]
    assert [a[1] for a in asked if a[0] == "table"] == gm_screen_tables(screen)
    compact = [(a[1], a[2]) for a in asked if a[0] == "reference"]
    expected = [
        (p["reference"], p.get("compact", False))
        for panel in screen["panels"]
        for p in panel["parts"]
        if "reference" in p
    ]
    assert compact == expected and (True in [c for _, c in compact])
    assert '<h2 class="codex-gm-title">' + screen["panels"][0]["title"]["fr"] in html


def built_rulebook(tmp_path, body: str, directory_urls: bool = True) -> tuple[list[str], BuiltPages]:
    """A built site of three pages (home, a chapter, the rulebook) as MkDocs writes it, with directory URLs
    ('chapter/index.html') or, as in the offline folder, without ('chapter.html')."""
    nav = ["index.md", "chapter.md", "rulebook.md"]
    files = [File(page, str(tmp_path / "docs"), str(tmp_path), directory_urls) for page in nav]
    built = BuiltPages(tmp_path, [(f.src_uri, f.url, f.dest_uri) for f in files])
    other = "../other/" if directory_urls else "other.html"
    for page, html in (
        ("rulebook.md", body),
        (
            "chapter.md",
            '<h1 id="chapter">Chapter</h1><h2 id="part">Part</h2>'
            f'<p><a href="#part">here</a> <a href="{other}">other</a></p><form class="codex-calculator"></form>',
        ),
    ):
        target = built.file(page)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(f"<html><body><article class='md-content__inner md-typeset'>{html}</article></body></html>")
    return nav, built


@pytest.mark.parametrize("directory_urls, other", [(True, "../other/"), (False, "other.html")])
def test_the_rulebook_gathers_the_rules_pages(tmp_path, directory_urls, other):
    nav, built = built_rulebook(tmp_path, placeholder(), directory_urls)
    target = assemble_rulebook(built, nav, "en", UI, "rulebook.md", ["index.md"])
    html = target.read_text(encoding="utf-8")
    assert 'data-rulebook="assembled"' in html and "pending" not in html
    assert '<section class="codex-rulebook-chapter" id="chapter" data-page="chapter.md">' in html
    assert '<h2 id="chapter--chapter">' in html and '<a href="#chapter--part">here</a>' in html
    assert f'<a href="{other}">other</a>' in html and "<form" not in html  # a link outside stays right from there
    assert ">Contents</h2>" in html


def test_the_rulebook_fails_loudly_when_it_cannot_be_filled(tmp_path):
    nav, built = built_rulebook(tmp_path, "<p>no placeholder</p>")
    with pytest.raises(RulebookError, match="holds 0 rulebook placeholders"):
        assemble_rulebook(built, nav, "en", UI, "rulebook.md", ["index.md"])
    with pytest.raises(RulebookError, match="tools.md .* not in the navigation"):
        assemble_rulebook(built, nav, "en", UI, "rulebook.md", ["tools.md"])
    assert assemble_rulebook(built, nav, "en", UI, None, []) is None


def test_only_the_configured_rulebook_page_may_call_rulebook():
    plugin = CodexPlugin()
    plugin.load_config({"rulebook": {"page": "rulebook.md", "skip": ["index.md"]}})
    written = f"<html>{placeholder()}</html>"
    assert plugin.on_post_page(written, page=page_of("rulebook.md")) == written
    with pytest.raises(PluginError, match="other.md calls rulebook\\(\\), but the rulebook page is rulebook.md"):
        plugin.on_post_page(written, page=page_of("other.md"))


def page_of(src_uri: str) -> SimpleNamespace:
    return SimpleNamespace(file=SimpleNamespace(src_uri=src_uri))
