"""What builds keep for the next (codex/kept_files.py): a file per key in a folder of this user's own, and a data
file's validated content among them (codex/data/loading.py)."""

from __future__ import annotations

import shutil

import pytest

import codex.data.loading as loading
from codex.data.errors import DataErrors
from codex.kept_files import KeptFiles, digest
from tests.conftest import ROOT


@pytest.fixture
def kept(tmp_path, monkeypatch) -> KeptFiles:
    files = KeptFiles("test", ".bin")
    monkeypatch.setattr(files, "folder", tmp_path / "kept")
    return files


def test_a_kept_file_is_read_back_by_its_key(kept):
    assert kept.read("k") is None
    kept.write("k", b"data")
    assert kept.read("k") == b"data" and kept.read("other") is None
    assert digest("a", "bc") != digest("ab", "c")  # the parts stay apart


def test_a_folder_others_may_write_to_is_not_used(kept):
    kept.folder.mkdir(mode=0o777)
    kept.folder.chmod(0o777)
    kept.write("k", b"data")
    assert kept.read("k") is None and not list(kept.folder.iterdir())


def test_a_valid_data_file_is_kept_and_an_invalid_one_is_said_wrong_every_time(tmp_path, monkeypatch):
    data = tmp_path / "data"
    shutil.copytree(ROOT / "data", data, ignore=shutil.ignore_patterns("seeds"))
    monkeypatch.setattr(loading.KEPT, "folder", tmp_path / "kept")
    monkeypatch.setattr(loading, "_documents", {})
    first = loading.load_dataset(data)
    assert len(list((tmp_path / "kept").glob("*.json"))) == len(first.documents)
    monkeypatch.setattr(loading, "_documents", {})  # the next build: every content read back, the same
    monkeypatch.setattr(loading.yaml, "load", lambda *a, **k: pytest.fail("parsed again"))
    again = loading.load_dataset(data)
    assert [d.content for d in again.documents] == [d.content for d in first.documents]
    assert again.documents[0].line("items") == first.documents[0].line("items")  # lines still known
    monkeypatch.undo()
    monkeypatch.setattr(loading.KEPT, "folder", tmp_path / "kept")
    fumbles = data / "tables" / "fumbles.yaml"
    fumbles.write_text(fumbles.read_text(encoding="utf-8").replace("title:", "titel:", 1), encoding="utf-8")
    for _ in range(2):
        monkeypatch.setattr(loading, "_documents", {})
        with pytest.raises(DataErrors, match="fumbles.yaml"):
            loading.load_dataset(data)
