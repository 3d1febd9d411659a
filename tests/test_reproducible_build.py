"""The same commit always builds the same site: every file of two builds is identical, byte for byte, because dates
come from the commit (SOURCE_DATE_EPOCH, codex/publish/build_date.py), never from the clock; and the offline zip's
entries carry the same date and permissions whatever the files' times on disk."""

from __future__ import annotations

import hashlib
import os
import zipfile
from datetime import UTC, datetime
from pathlib import Path

import pytest

from codex.offline import make_zip
from codex.publish.build_date import commit_epoch
from tests.conftest import ROOT, run_mkdocs_build

pytestmark = pytest.mark.site  # builds the site, or broken copies of the project


def digests(site: Path) -> dict[str, str]:
    return {
        p.relative_to(site).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(site.rglob("*"))
        if p.is_file()
    }


def test_two_builds_of_one_commit_are_identical(built_site, tmp_path, monkeypatch):
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)  # the plugin must pin the date by itself
    again = tmp_path / "again"
    result = run_mkdocs_build(ROOT, again)
    assert result.returncode == 0, result.stderr[-3000:]
    first, second = digests(built_site), digests(again)
    assert first.keys() == second.keys()
    differing = sorted(name for name in first if first[name] != second[name])
    assert not differing, differing[:20]


def test_the_build_is_dated_by_the_commit_not_by_the_clock(built_site):
    stamp = commit_epoch(ROOT)
    if stamp is None:
        pytest.fail("this test needs the repository's git history (a clone, not an archive)")
    header = (built_site / "sitemap.xml.gz").read_bytes()[:8]  # gzip header: bytes 4-7 are the date (RFC 1952)
    written = datetime.fromtimestamp(int.from_bytes(header[4:8], "little"), UTC)
    assert written.date() == datetime.fromtimestamp(int(stamp), UTC).date()  # MkDocs keeps the day of the pages


def test_the_offline_zip_does_not_depend_on_file_times(tmp_path):
    folder = tmp_path / "folder"
    (folder / "en").mkdir(parents=True)
    (folder / "index.html").write_text("accueil", encoding="utf-8")
    (folder / "en" / "index.html").write_text("home", encoding="utf-8")
    first = make_zip(folder, tmp_path / "first.zip").read_bytes()
    for path in folder.rglob("*"):
        os.utime(path, (1_000_000_000, 1_000_000_000))
    second = make_zip(folder, tmp_path / "second.zip").read_bytes()
    assert first == second
    with zipfile.ZipFile(tmp_path / "first.zip") as archive:
        assert archive.namelist() == ["codex-2bis/en/index.html", "codex-2bis/index.html"]
