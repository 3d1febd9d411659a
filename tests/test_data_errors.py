"""Each kind of bad data gives one clear error naming file, line, field, value and the expected form."""

from __future__ import annotations

import pytest

from codex.data.errors import DataErrors
from codex.data.loading import load_dataset
from tests.data_fixtures import GOOD_TABLE, data_dir_with


def only_error(tmp_path, files):
    with pytest.raises(DataErrors) as caught:
        load_dataset(data_dir_with(tmp_path, files))
    assert len(caught.value.errors) == 1, str(caught.value)
    return caught.value.errors[0]


def test_good_table_loads(tmp_path):
    dataset = load_dataset(data_dir_with(tmp_path, {"tables/materials.yaml": GOOD_TABLE}))
    assert dataset.by_id("table.schema.json")["materials"]["rows"][1]["hardness"] == 8


def test_malformed_yaml_names_file_and_line(tmp_path):
    broken = GOOD_TABLE.replace("hardness: 8}", "hardness: 8")
    error = only_error(tmp_path, {"tables/materials.yaml": broken})
    assert error.file == "data/tables/materials.yaml"
    assert error.line in (10, 11)
    assert "valid YAML" in error.expected
    assert str(error).startswith("data/tables/materials.yaml:1")


def test_wrong_type_names_field_value_and_expected_form(tmp_path):
    error = only_error(tmp_path, {"tables/materials.yaml": GOOD_TABLE.replace("hardness: 8", "hardness: [8]")})
    assert (error.line, error.field, error.value) == (10, "rows[1].hardness", [8])
    assert "a number" in error.expected


def test_missing_english_text_is_reported(tmp_path):
    error = only_error(
        tmp_path, {"tables/materials.yaml": GOOD_TABLE.replace("name: {fr: Pierre, en: Stone}", "name: {fr: Pierre}")}
    )
    assert error.line == 10
    assert error.field == "rows[1].name.en"
    assert error.expected == "the English text" and "give the English text" in error.fix


def test_missing_required_field_is_reported(tmp_path):
    error = only_error(
        tmp_path, {"tables/materials.yaml": GOOD_TABLE.replace("title: {fr: Matériaux, en: Materials}\n", "")}
    )
    assert error.field == "title"
    assert "required" in error.expected


def test_duplicate_row_id_is_reported(tmp_path):
    error = only_error(tmp_path, {"tables/materials.yaml": GOOD_TABLE.replace("id: stone", "id: paper")})
    assert (error.line, error.field, error.value) == (10, "rows[1].id", "paper")
    assert "unique" in error.expected


def test_duplicate_file_id_is_reported(tmp_path):
    error = only_error(tmp_path, {"tables/materials.yaml": GOOD_TABLE, "tables/materials-copy.yaml": GOOD_TABLE})
    assert error.file == "data/tables/materials.yaml" or error.file == "data/tables/materials-copy.yaml"
    assert error.field == "id" and error.line == 2
    assert "already used" in error.expected


def test_id_not_in_kebab_case_is_reported(tmp_path):
    error = only_error(tmp_path, {"tables/materials.yaml": GOOD_TABLE.replace("id: stone", "id: Hewn_Stone")})
    assert error.field == "rows[1].id" and "kebab-case" in error.expected


def test_unknown_reference_is_reported(tmp_path):
    question = """\
# yaml-language-server: $schema=../schemas/open-question.schema.json
id: some-question
title: {fr: Une question, en: A question}
status: open
page: abilities.md
tables: [materials, no-such-table]
readings:
  - text: {fr: Lecture, en: Reading}
    source: {seed: 000_dd346e63a171f715.txt, section: Bonus, quote: Bonus}
"""
    error = only_error(tmp_path, {"tables/materials.yaml": GOOD_TABLE, "open-questions/some-question.yaml": question})
    assert (error.file, error.line, error.field, error.value) == (
        "data/open-questions/some-question.yaml",
        6,
        "tables[1]",
        "no-such-table",
    )
    assert "materials" in error.expected


def test_markup_in_a_string_is_rejected(tmp_path):
    error = only_error(
        tmp_path, {"tables/materials.yaml": GOOD_TABLE.replace("en: Stone", "en: <script>alert(1)</script>")}
    )
    assert error.line == 10 and error.field == "rows[1].name.en"
    assert "markup" in error.expected


def test_cell_for_an_undeclared_column_is_reported(tmp_path):
    error = only_error(
        tmp_path, {"tables/materials.yaml": GOOD_TABLE.replace("hardness: 8}", "hardness: 8, weight: 3}")}
    )
    assert (error.line, error.field) == (10, "rows[1].weight")
    assert "name, hardness" in error.expected


def test_missing_cell_is_reported(tmp_path):
    error = only_error(tmp_path, {"tables/materials.yaml": GOOD_TABLE.replace(", hardness: 8}", "}")})
    assert (error.line, error.field) == (10, "rows[1].hardness")


def test_file_without_schema_line_is_reported(tmp_path):
    error = only_error(tmp_path, {"tables/materials.yaml": GOOD_TABLE.split("\n", 1)[1]})
    assert error.line == 1 and "$schema" in error.expected


def test_every_error_of_a_load_is_listed(tmp_path):
    broken = GOOD_TABLE.replace("hardness: 8", "hardness: eight").replace("hardness: 0", "hardness: zero")
    with pytest.raises(DataErrors) as caught:
        load_dataset(data_dir_with(tmp_path, {"tables/materials.yaml": broken}))
    assert [e.line for e in caught.value.errors] == [9, 10]
