"""The offline copy offered on the served site: the zip that `python -m codex.offline` makes (the deploy makes it
first), copied into the site's downloads and announced on the home page with its size and date.

The served build names the zip with the plugin's `offline_zip` option (CODEX_OFFLINE_ZIP); without it the home page
says how to make one. The offline folder itself does not offer the zip it is part of.
"""

from __future__ import annotations

import os
import posixpath
import shutil
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from markupsafe import Markup

from codex.i18n.localize import number
from codex.i18n.ui import UIText
from codex.publish.build_date import VARIABLE as BUILD_DATE
from codex.render.templates import render

DOWNLOADS = "downloads"


@dataclass(frozen=True)
class OfflineCopy:
    """Where the zip is (None: this build has none), how deep the language lies below the site root, and whether
    this build is the offline folder itself."""

    zip_path: Path | None
    depth: int = 0
    folder_build: bool = False

    def site_path(self) -> str:
        """The zip's address from the site root: 'downloads/<its name>'."""
        assert self.zip_path is not None
        return f"{DOWNLOADS}/{self.zip_path.name}"


NO_OFFLINE_COPY = OfflineCopy(None)


def publish_offline_zip(site_dir: Path, copy: OfflineCopy) -> Path | None:
    """Copy the zip into the site root's downloads (once, by the root language); returns where it went."""
    if copy.zip_path is None or copy.folder_build:
        return None
    target = Path(site_dir) / copy.site_path()
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(copy.zip_path, target)
    return target


def size_text(size: int, lang: str, ui: UIText) -> str:
    """A size in megabytes with one decimal, in the page's language ('4,2 Mo', '4.2 MB')."""
    return ui.text("offline_size", lang, size=number(round(size / 1_000_000, 1), lang))


def build_day() -> str:
    """The day the site was built from (the commit's, SOURCE_DATE_EPOCH), as an ISO date."""
    stamp = os.environ.get(BUILD_DATE)
    moment = datetime.fromtimestamp(int(stamp), UTC) if stamp else datetime.now(UTC)
    return moment.date().isoformat()


def render_offline_download(copy: OfflineCopy, lang: str, ui: UIText, page_url: str) -> Markup:
    """The home page's offer of the offline copy (nothing in the offline folder), links relative to `page_url`."""
    if copy.folder_build:
        return Markup("")
    if copy.zip_path is None or not copy.zip_path.is_file():
        return render("offline_download.html", ui=ui, lang=lang, href=None, size="", day="")
    from_page = posixpath.dirname(page_url.rstrip("/")) if page_url.endswith(".html") else page_url.rstrip("/")
    href = "../" * (len([p for p in from_page.split("/") if p]) + copy.depth) + copy.site_path()
    size = size_text(copy.zip_path.stat().st_size, lang, ui)
    return render("offline_download.html", ui=ui, lang=lang, href=href, size=size, day=build_day())
