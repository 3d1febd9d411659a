"""The pre-pull-request check (`python -m codex.check`): it reports data errors by file and line and ruff's findings
by file, line and rule, fails when a step fails, and `--quick` runs the tests without a browser."""

from __future__ import annotations

import pytest

from codex import check
from codex.data.errors import DataErrors
from codex.data.loading import load_dataset
from tests.data_fixtures import GOOD_TABLE, data_dir_with


def test_data_errors_are_reported_as_the_loader_words_them(tmp_path, monkeypatch, capsys):
    data = data_dir_with(tmp_path, {"tables/materials.yaml": GOOD_TABLE.replace("hardness: 8", "hardness: eight")})
    with pytest.raises(DataErrors) as caught:
        load_dataset(data)
    monkeypatch.setattr(check, "ROOT", tmp_path)
    step = check.check_data()
    assert step.problems == [str(error) for error in caught.value.errors]
    assert check.report([step, check.Step("build")]) == 1
    out = capsys.readouterr().out
    assert "FAILED (1)" in out and "data/tables/materials.yaml:10" in out


def test_ruff_findings_are_reported_by_file_line_and_rule(tmp_path, monkeypatch):
    (tmp_path / "pyproject.toml").write_text('[tool.ruff.lint]\nselect = ["F"]\n', encoding="utf-8")
    (tmp_path / "careless.py").write_text("import os\nx=1\n", encoding="utf-8")
    monkeypatch.setattr(check, "ROOT", tmp_path)
    lint, style = check.check_lint().problems, check.check_format().problems
    assert len(lint) == 1 and lint[0].startswith("careless.py:1:8: F401")
    assert len(style) == 1 and style[0].startswith("careless.py:2:1: unformatted")


def test_a_clean_run_passes(capsys):
    assert check.report([check.Step("data"), check.Step("build")]) == 0
    assert "All checks passed." in capsys.readouterr().out


@pytest.mark.parametrize("options, runs_tests", [(["--quick"], False), ([], True)])
def test_every_step_runs_and_quick_leaves_out_the_test_suite(monkeypatch, options, runs_tests):
    ran = []
    monkeypatch.setattr(check, "start_build", lambda: "build started")
    monkeypatch.setattr(check, "check_build", lambda build: ran.append(("check_build", build)) or check.Step("b"))
    steps = (
        "check_data",
        "check_calculators",
        "check_terminology",
        "check_english_style",
        "check_lint",
        "check_format",
    )
    for name in (*steps, "check_quotations"):
        monkeypatch.setattr(check, name, lambda name=name: ran.append(name) or check.Step(name))
    monkeypatch.setattr(check, "check_tests", lambda extra, *_: ran.append(("tests", extra)) or check.Step("tests"))
    assert check.main(options) == 0
    expected = [*steps, ("check_build", "build started"), "check_quotations"]
    assert ran == expected + ([("tests", [])] if runs_tests else [])


def test_stale_calculator_vectors_are_named_with_the_command_that_refreshes_them(monkeypatch):
    import tests.calculator_vectors as vectors

    monkeypatch.setattr(check, "ROOT", vectors.ROOT)
    monkeypatch.setattr(vectors, "compute_vectors", lambda calculator_id: [{"changed": calculator_id}])
    problems = check.check_calculators().problems
    assert problems and all("stale" in p for p in problems)
    assert any(
        p.startswith("tests/calculator_vectors/jump.json: stale")
        and "Fix: run .venv/bin/python tests/calculator_vectors.py jump" in p
        for p in problems
    )


def test_the_build_s_problems_are_listed_once_without_mkdocs_closing_words():
    log = (
        "INFO    -  Cleaning site directory\n"
        "WARNING -  docs/en/x.md:3 [en]: the link 'y.md' leads to no page. Fix: link to a page\n"
        "ERROR   -  Error reading page 'x.md':\n"
        "ERROR   -  docs/en/x.md:4 [en]: unknown table id 'z'. Fix: write an id\n"
        "docs/en/x.md:5 [en]: unknown macro 'tabel'. Fix: call one\n"
        "Aborted with a BuildError!\n"
        "ERROR   -  the build of mkdocs.en.yml failed (its messages are above)\n"
        "WARNING -  docs/en/x.md:3 [en]: the link 'y.md' leads to no page. Fix: link to a page\n"
    )
    assert check.build_problems(log) == [
        "docs/en/x.md:3 [en]: the link 'y.md' leads to no page. Fix: link to a page",
        "docs/en/x.md:4 [en]: unknown table id 'z'. Fix: write an id",
        "docs/en/x.md:5 [en]: unknown macro 'tabel'. Fix: call one",
    ]
