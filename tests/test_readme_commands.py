"""The README gives two setup commands, the build and the tests; CI runs the test command word for word."""

from __future__ import annotations

import re

from tests.conftest import ROOT


def readme_commands() -> list[str]:
    return re.findall(r"```sh\n(.+?)\n```", (ROOT / "README.md").read_text(encoding="utf-8"))


def test_ci_runs_the_readme_test_command():
    build, test = readme_commands()  # exactly two
    assert "mkdocs build --strict" in build
    assert test in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
