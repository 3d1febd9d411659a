"""Macros render data in the language of the page, escape every value, and fail loudly on unknown ids."""

from __future__ import annotations

import copy

import pytest

from codex.components.calculators import declaration
from codex.data.loading import load_dataset
from codex.i18n.localize import cell, number, percent
from codex.i18n.ui import UIText
from codex.macros import EVERYTHING, UnknownDataId, html_blocks_marked, make_page_macros, page_reads
from codex.macros.calls import TemplateSyntax, macro_calls, project_syntax
from codex.macros.page_macros import MACROS
from codex.mistakes.macro_calls import MacroChecks, page_macro_problems
from codex.project.model import Project
from codex.render.html_blocks import OPEN
from codex.render.tables import render_table
from tests.conftest import ROOT
from tests.data_fixtures import GOOD_TABLE, data_dir_with
from tests.project_data import project_dataset

UI = UIText.from_dataset(project_dataset())


@pytest.fixture
def materials(tmp_path):
    return load_dataset(data_dir_with(tmp_path, {"tables/materials.yaml": GOOD_TABLE})).by_id("table.schema.json")[
        "materials"
    ]


@pytest.mark.parametrize("lang, caption, name", [("fr", "Matériaux", "Pierre"), ("en", "Materials", "Stone")])
def test_table_renders_in_the_language_of_the_page(materials, lang, caption, name):
    html = render_table(materials, lang, UI)
    assert f"<caption>{caption}</caption>" in html
    assert f'<th scope="row">{name}</th>' in html
    other = "Stone" if lang == "fr" else "Pierre"
    assert other not in html


def test_markup_in_a_value_shows_as_text(materials):
    hostile = copy.deepcopy(materials)
    hostile["rows"][0]["name"] = {"fr": "<script>alert(1)</script>", "en": "<b>bold</b>"}
    assert "<script>" not in render_table(hostile, "fr", UI)
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in render_table(hostile, "fr", UI)
    assert "&lt;b&gt;bold&lt;/b&gt;" in render_table(hostile, "en", UI)


def test_numbers_follow_each_language():
    assert number(-4, "fr") == "\u22124"
    assert number(2, "en", signed=True) == "+2"
    assert number(4.5, "fr") == "4,5" and number(4.5, "en") == "4.5"
    assert percent(25, "fr") == "25\u202f%" and percent(25, "en") == "25%"
    assert cell(0, "fr", "signed") == "0"
    assert cell(None, "en") == "—"


def test_unknown_table_id_names_the_id_and_the_known_ones(tmp_path):
    dataset = load_dataset(data_dir_with(tmp_path, {"tables/materials.yaml": GOOD_TABLE}))
    macros = make_page_macros(Project.of(dataset, "fr", tmp_path))
    with pytest.raises(UnknownDataId, match="unknown table id 'materiaux' \\(known: materials\\)"):
        macros["table"]("materiaux")


def test_value_prints_one_formatted_cell(tmp_path):
    dataset = load_dataset(data_dir_with(tmp_path, {"tables/materials.yaml": GOOD_TABLE}))
    assert make_page_macros(Project.of(dataset, "en", tmp_path))["value"]("materials", "stone", "hardness") == "8"
    with pytest.raises(UnknownDataId, match="table 'materials' has no row 'granite'"):
        make_page_macros(Project.of(dataset, "en", tmp_path))["value"]("materials", "granite", "hardness")


# -- one declaration per macro: the pre-check, the macro and page_reads read it (codex/macros/)

PROJECT = project_dataset()
CHECKS = MacroChecks(PROJECT)


def problems(source: str, checks: MacroChecks = CHECKS) -> list[str]:
    return [str(p) for p in page_macro_problems(source, "docs/en/x.md", "en", checks)]


def test_calls_in_comments_and_raw_blocks_are_no_calls_and_lines_stay_exact():
    """The project's comments are `[# #]` (mkdocs.yml's macros options): what they hold is not called, and the lines
    after a comment, a raw block or a heading's `{#anchor}` are the file's."""
    source = (
        "# Title {#title}\n"
        "[# {{ tabel('materials') }}\n"
        "   still a comment #]\n"
        "{% raw %}{{ tabel('x') }}{% endraw %}\n"
        "## Part {#part}\n"
        "\n"
        "{{ table('materialz') }}\n"
    )
    assert [(c.name, c.line) for c in macro_calls(source)] == [("table", 7)]
    assert problems(source) == [
        "docs/en/x.md:7 [en]: unknown table id 'materialz' — did you mean 'materials'? Fix: write the id of a file of "
        "data/tables/ (its name without .yaml), or add data/tables/materialz.yaml"
    ]


def test_the_syntax_is_the_macros_plugin_s_as_mkdocs_reads_it():
    from mkdocs.config import load_config

    for config in ("mkdocs.yml", "mkdocs.en.yml"):
        options = load_config(config_file=str(ROOT / config)).plugins["macros"].config
        assert TemplateSyntax.of_config(ROOT / config) == TemplateSyntax.of_macros_plugin(options)
    assert dict(project_syntax().options)["comment_start_string"] == "[#"


def test_a_page_jinja_cannot_read_is_named_at_its_line():
    assert problems("# T {#t}\n\nText.\n\n{{ table('materials' }}\n") == [
        "docs/en/x.md:5 [en]: the page's macros cannot be read: unexpected '}', expected ')'. Fix: write a call as "
        "{{ name('id') }}, with the id in quotes, and a comment as the macros plugin's options say"
    ]


@pytest.mark.parametrize(
    "call, message",
    [
        (
            "{{ value('jump', 'vertical-multiplier') }}",
            "value() missing a required argument: 'column'. Fix: write the call as "
            "{{ value(table_id, row_id, column) }}",
        ),
        (
            "{{ constant('jump', 'vertical-multiplyer') }}",
            "calculator 'jump' has no constant 'vertical-multiplyer' — did you mean 'vertical-multiplier'? Fix: "
            "write the id of a constant of data/calculators/jump.yaml (one of ",
        ),
        ("{{ constant('jumps', 'vertical-multiplier') }}", "unknown calculator 'jumps' — did you mean 'jump'?"),
        ("{{ tracker('adnd-rounds') }}", "unknown tracker 'adnd-rounds' — did you mean 'adnd-round'?"),
        ("{{ t('author_txt') }}", "unknown UI text 'author_txt' — did you mean 'author_text' or"),
        (
            "{{ calculator_reference('jump', compakt=True) }}",
            "calculator_reference() got an unexpected keyword argument 'compakt'. Fix: write the call as "
            "{{ calculator_reference(calculator_id, compact=False) }}",
        ),
    ],
)
def test_a_call_that_does_not_fit_its_declaration_is_named(call, message):
    found = problems(f"Text {call}.\n")
    assert len(found) == 1 and found[0].startswith(f"docs/en/x.md:1 [en]: {message}"), found


def test_an_argument_written_as_an_expression_is_left_to_the_render():
    assert problems("{{ book_download(page.url) }} {{ table(page.meta.table) }} {{ value('fumbles', x, y) }}") == []


@pytest.mark.parametrize(
    "name, args",
    [
        ("table", ("materialz",)),
        ("value", ("materials", "ston", "hardness")),
        ("value", ("materials", "stone", "hardnes")),
        ("constant", ("jump", "vertical")),
        ("open_question", ("turn-lenght",)),
        ("calculator", ("jumpp",)),
        ("tracker", ("round",)),
        ("author_text", ("000", "Tous les fumbles arretent automatiquemant")),
        ("author_text", ("000", "Tous les fumbles arrêtent", "un texte qui n’y est pas")),
        ("gm_screen", ("gm",)),
    ],
)
def test_the_macro_fails_where_the_pre_check_does_and_says_the_same(name, args):
    macros = make_page_macros(Project.of(PROJECT, "en", ROOT / "docs" / "en"))
    with pytest.raises(UnknownDataId) as failed:
        macros[name](*args)
    what, fix = CHECKS.wrong(name, args)
    assert what.startswith(failed.value.said) and fix == failed.value.fix


def test_the_macros_marked_as_html_blocks_are_those_declared_so():
    macros = html_blocks_marked(make_page_macros(Project.of(PROJECT, "en", ROOT / "docs" / "en")))
    assert str(macros["table"]("fumbles")).startswith(OPEN)
    assert not str(macros["value"]("materials", "stone", "hardness")).startswith(OPEN)
    assert {name for name, declared in MACROS.items() if declared.html_blocks} >= {"table", "author_text", "tracker"}


def test_value_is_a_cell_and_constant_a_calculator_s_constant():
    """Two macros where value() was either (the constants: tests/test_calculator_declarations.py)."""
    macros = make_page_macros(Project.of(PROJECT, "fr", ROOT / "docs" / "fr"))
    assert macros["value"]("ability-bonus-adnd", "score-15", "bonus") == "+1"
    with pytest.raises(TypeError):
        macros["value"]("jump", "vertical-multiplier")
    assert macros["constant"]("jump", "vertical-multiplier") == "4"


def test_a_page_reads_the_documents_its_calls_name():
    source = (
        "{{ table('fumbles') }} {{ value('materials', 'stone', 'hardness') }} {{ constant('breath', 'calm-round-cost') }}\n"
        "[# {{ table('cover') }} #]\n"
        "{{ open_question('turn-length') }} {{ table('a-table-to-come') }} {{ t('author_text') }}\n"
    )
    assert page_reads(source, PROJECT) == {
        "fumbles", "materials", "breath", "turn-length", "a-table-to-come", "ui"
    }  # fmt: skip


def test_a_form_reads_its_calculator_s_data_and_the_questions_it_follows():
    read = page_reads("{{ calculator('travel') }}", PROJECT)
    questions = set(PROJECT.by_id("calculator.schema.json")["travel"]["open_questions"])
    assert questions and read == {"travel", "calculator-common", "ui", *questions, *declaration("travel")["tables"]}
    assert page_reads("{{ calculator_reference('travel') }}", PROJECT) == read - {"ui", *questions}


def test_what_no_argument_names_is_declared_by_the_macro():
    screen = page_reads("{{ gm_screen() }}", PROJECT)
    assert {"gm-screen", "conditions", "fumbles", "jump", "calculator-common"} <= screen and EVERYTHING not in screen
    assert page_reads("{{ open_questions_count('open') }}", PROJECT) == set(PROJECT.by_id("open-question.schema.json"))
    for source in ("{{ recent_changes(3) }}", "{{ glossary() }}", "{{ table(page.meta.table) }}", "{{ table('x' }}"):
        assert EVERYTHING in page_reads(source, PROJECT), source
    assert page_reads("{{ book_download(page.url) }}", PROJECT) == {"ui"}
