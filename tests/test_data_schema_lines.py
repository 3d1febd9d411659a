"""Every data file names its schema on its first line, and that schema exists: editors (VS Code YAML) then complete
and check the fields while a contributor types, and the loader validates against the same file."""

from __future__ import annotations

from pathlib import Path

import pytest

from codex.data.loading import SCHEMA_LINE, data_files
from tests.conftest import ROOT

DATA = ROOT / "data"
FILES = data_files(DATA)


def test_there_are_data_files():
    assert len(FILES) > 10


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.relative_to(DATA).as_posix())
def test_first_line_names_an_existing_schema(path: Path):
    first = path.read_text(encoding="utf-8").splitlines()[0]
    match = SCHEMA_LINE.match(first)
    assert match, f"{path.relative_to(ROOT)}:1 must be '# yaml-language-server: $schema=<relative path>.schema.json'"
    schema = (path.parent / match.group(1)).resolve()
    assert schema.is_file(), f"{path.relative_to(ROOT)}:1 names {match.group(1)}, which does not exist from that folder"
    assert schema.parent == (DATA / "schemas").resolve()
