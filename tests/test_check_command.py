"""The pre-pull-request check (`python -m codex.check`) names each data error by file and line, and fails."""

from __future__ import annotations

from codex import check
from tests.data_fixtures import GOOD_TABLE, data_dir_with


def test_data_errors_are_reported_by_file_and_line(tmp_path, monkeypatch, capsys):
    data_dir_with(tmp_path, {"tables/materials.yaml": GOOD_TABLE.replace("hardness: 8", "hardness: eight")})
    monkeypatch.setattr(check, "ROOT", tmp_path)
    step = check.check_data()
    assert step.problems == [
        "data/tables/materials.yaml:10: field 'rows[1].hardness': got 'eight'; expected a number "
        "(column 'hardness' is of type number), or null for an empty cell"
    ] or (
        len(step.problems) == 1
        and step.problems[0].startswith("data/tables/materials.yaml:10: field 'rows[1].hardness'")
    )
    assert check.report([step, check.Step("tests", skipped="--quick")]) == 1
    out = capsys.readouterr().out
    assert "FAILED (1)" in out and "data/tables/materials.yaml:10" in out


def test_a_clean_run_passes(capsys):
    assert check.report([check.Step("data"), check.Step("build")]) == 0
    assert "All checks passed." in capsys.readouterr().out
