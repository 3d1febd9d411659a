"""The home page offers the offline copy (the zip of the whole site) with its size and date, in its language, with a
link that works from either language's home; a build without the zip says how to make one; the offline folder, which
is the copy, offers nothing; the served site carries the zip in its downloads."""

from __future__ import annotations

from pathlib import Path

from bs4 import BeautifulSoup

from codex.i18n.ui import UIText
from codex.publish.offline_copy import OfflineCopy, publish_offline_zip, render_offline_download
from tests.project_data import project_dataset

UI = UIText.from_dataset(project_dataset())


def fake_zip(tmp_path: Path, size: int) -> Path:
    path = tmp_path / "codex-2bis.zip"
    path.write_bytes(b"\0" * size)
    return path


def offer(copy: OfflineCopy, lang: str, page_url: str) -> BeautifulSoup:
    return BeautifulSoup(str(render_offline_download(copy, lang, UI, page_url)), "html.parser")


def test_each_home_page_links_to_the_zip_at_the_site_root(tmp_path):
    archive = fake_zip(tmp_path, 4_250_000)
    french = offer(OfflineCopy(archive, depth=0), "fr", "")
    english = offer(OfflineCopy(archive, depth=1), "en", "")
    assert french.a["href"] == "downloads/codex-2bis.zip" and french.a.has_attr("download")
    assert english.a["href"] == "../downloads/codex-2bis.zip"
    assert "4,2\u00a0Mo" in french.get_text() or "4,2 Mo" in french.get_text()
    assert "4.2 MB" in english.get_text() and "game night offline" in english.get_text()


def test_a_page_below_the_root_climbs_to_it(tmp_path):
    copy = OfflineCopy(fake_zip(tmp_path, 10), depth=1)
    assert offer(copy, "en", "tools/").a["href"] == "../../downloads/codex-2bis.zip"


def test_without_the_zip_the_page_says_how_to_make_it(tmp_path):
    for copy in (OfflineCopy(None), OfflineCopy(tmp_path / "missing.zip")):
        shown = offer(copy, "en", "")
        assert shown.a is None and "python -m codex.offline" in shown.get_text()


def test_the_offline_folder_offers_nothing(tmp_path):
    assert str(render_offline_download(OfflineCopy(fake_zip(tmp_path, 10), folder_build=True), "fr", UI, "")) == ""


def test_the_zip_goes_into_the_site_downloads(tmp_path):
    archive = fake_zip(tmp_path, 1234)
    site = tmp_path / "site"
    published = publish_offline_zip(site, OfflineCopy(archive))
    assert published == site / "downloads" / "codex-2bis.zip" and published.read_bytes() == archive.read_bytes()
    assert publish_offline_zip(site, OfflineCopy(None)) is None
