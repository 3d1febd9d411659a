"""Build the site for use without a server or a network: a folder to open from disk, and the same folder as a zip.

    python -m codex.offline [--folder offline/codex-2bis] [--zip offline/codex-2bis.zip]

Both languages are built from the usual configurations with the folder settings of codex/publish/offline_folder.py
(switched on by CODEX_OFFLINE_BUILD=true, the codex plugin's `offline_folder` option); the served site is unchanged.
Open <folder>/index.html (French) or <folder>/en/index.html (English) in a browser. The zip holds one folder,
codex-2bis/, so that unzipping it anywhere gives the same thing.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import zipfile
from datetime import UTC, datetime
from pathlib import Path

from codex.publish.build_date import pin_build_date

PROJECT = Path.cwd()  # run from the project's root, where mkdocs.yml is
FOLDER_NAME = "codex-2bis"
DEFAULT_FOLDER = PROJECT / "offline" / FOLDER_NAME
DEFAULT_ZIP = PROJECT / "offline" / f"{FOLDER_NAME}.zip"
OFFLINE_BUILD_VARIABLE = "CODEX_OFFLINE_BUILD"  # read by mkdocs.yml (the codex plugin's offline_folder option)
# Left out of the folder: files only a server uses.
SERVER_ONLY = ("sitemap.xml", "sitemap.xml.gz", "404.html")  # 404.html: a server's error page, with root-absolute links


def build_folder(folder: Path) -> Path:
    """Build both languages into `folder` (emptied first) with the folder settings, as a strict `mkdocs build` in
    its own process (so that the variable reaches both languages' hooks and nothing else); returns the folder."""
    folder = Path(folder).resolve()
    if folder.exists():
        shutil.rmtree(folder)
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1", **{OFFLINE_BUILD_VARIABLE: "true"})
    command = [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(folder)]
    result = subprocess.run(command, cwd=PROJECT, env=env)
    if result.returncode != 0:
        raise SystemExit(f"the offline build failed (exit {result.returncode})")
    for name in SERVER_ONLY:
        for path in folder.rglob(name):
            path.unlink()
    return folder


def make_zip(folder: Path, archive: Path) -> Path:
    """Zip `folder` as <archive>, every file under one top folder named like the folder; returns the archive."""
    archive = Path(archive).resolve()
    archive.parent.mkdir(parents=True, exist_ok=True)
    stamp = entry_date()
    with zipfile.ZipFile(archive, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as zipped:
        for path in sorted(Path(folder).rglob("*")):
            if path.is_file():
                entry = zipfile.ZipInfo(f"{FOLDER_NAME}/{path.relative_to(folder).as_posix()}", date_time=stamp)
                entry.compress_type = zipfile.ZIP_DEFLATED
                entry.external_attr = 0o644 << 16  # the same permissions on every machine
                zipped.writestr(entry, path.read_bytes(), compresslevel=9)
    return archive


def entry_date() -> tuple[int, int, int, int, int, int]:
    """The date of every entry: the commit's (SOURCE_DATE_EPOCH, codex/publish/build_date.py), so that two zips of
    one commit are identical; the clock's when there is no history. Zip dates start in 1980."""
    stamp = pin_build_date(PROJECT)
    moment = datetime.fromtimestamp(int(stamp), UTC) if stamp else datetime.now(UTC)
    return max(moment.timetuple()[:6], (1980, 1, 1, 0, 0, 0))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m codex.offline", description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--folder",
        type=Path,
        default=DEFAULT_FOLDER,
        help=f"where to build (default: {DEFAULT_FOLDER.relative_to(PROJECT)})",
    )
    parser.add_argument(
        "--zip",
        type=Path,
        default=DEFAULT_ZIP,
        help=f"the archive to write (default: {DEFAULT_ZIP.relative_to(PROJECT)})",
    )
    parser.add_argument("--no-zip", action="store_true", help="build the folder only")
    args = parser.parse_args(argv)
    folder = build_folder(args.folder)
    print(f"offline folder: {folder} (open index.html, or en/index.html for English)")
    if not args.no_zip:
        print(f"offline zip: {make_zip(folder, args.zip)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
