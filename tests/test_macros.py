"""Macros render data in the language of the page, escape every value, and fail loudly on unknown ids."""

from __future__ import annotations

import copy

import pytest

from codex.data.loading import load_dataset
from codex.i18n.localize import cell, number, percent
from codex.i18n.ui import UIText
from codex.macros import UnknownDataId, make_page_macros
from codex.render.tables import render_table
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
    macros = make_page_macros(dataset, "fr", tmp_path)
    with pytest.raises(UnknownDataId, match="unknown table id 'materiaux' \\(known: materials\\)"):
        macros["table"]("materiaux")


def test_value_prints_one_formatted_cell(tmp_path):
    dataset = load_dataset(data_dir_with(tmp_path, {"tables/materials.yaml": GOOD_TABLE}))
    assert make_page_macros(dataset, "en", tmp_path)["value"]("materials", "stone", "hardness") == "8"
    with pytest.raises(UnknownDataId, match="row of table 'materials'"):
        make_page_macros(dataset, "en", tmp_path)["value"]("materials", "granite", "hardness")
