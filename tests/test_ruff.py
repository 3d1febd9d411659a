"""The code passes ruff as pyproject.toml configures it ([tool.ruff]): its lint rules and the formatter's style. The
README's test command, which CI runs, therefore fails on a finding; `python -m codex.check` runs the same two steps
(tests/test_check_command.py shows that they report what they find)."""

from __future__ import annotations

import pytest

from codex import check
from tests.conftest import ROOT


@pytest.mark.parametrize("run", [check.check_lint, check.check_format], ids=["ruff check", "ruff format --check"])
def test_the_code_passes_ruff(monkeypatch, run):
    monkeypatch.setattr(check, "ROOT", ROOT)
    step = run()
    assert step.problems == [], "\n".join(step.problems)
