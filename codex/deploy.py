"""Build the site as it will be published, and check it there: what the deploy workflow runs, and what a developer
runs to rehearse it.

    python -m codex.deploy --site-url https://OWNER.github.io/REPOSITORY/ [--repo-url https://github.com/OWNER/REPOSITORY]

1. the offline copy: `python -m codex.offline` (folder and zip, under offline/);
2. the typeset books: `python -m codex.book LANG FOLDER --paper all` for each language, read from the offline copy's rulebook
   (the same text as the site's), into offline/books/;
3. the site, built strictly for its address into site/ (CODEX_SITE_URL, CODEX_REPO_URL), with the zip offered on
   the home page and the books on the home and rulebook pages (CODEX_OFFLINE_ZIP, CODEX_BOOKS), all copied into its
   downloads;
4. the check (unless --no-check): the built site served under its address's path as GitHub Pages serves it, every
   page of both languages loaded in Chromium without a failed request, the switcher, search, a calculator, the web
   app and the 404 page of each language (tests/test_subpath.py, run on this very folder).

A pull request's preview (--preview N, the preview workflow): the site built for `<site-url>pr-preview/pr-N/`
(codex/publish/preview.py: a banner, noindex, no sitemap, robots.txt or web app), checked there as above but for the
web app and the 404 page (the published site's answer a missing address); the offline copy and the books are made
only with --with-downloads, which the workflow gives when the pull request changes what makes them
(`python -m codex.preview needs-downloads`).

Run from the project's root. Exit status 0 when every step passed.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from urllib.parse import urlsplit

from codex.book.offer import BOOKS_VARIABLE, book_name
from codex.book.templates import PAPERS
from codex.offline import DEFAULT_FOLDER, DEFAULT_ZIP, PROJECT
from codex.publish.offline_copy import DOWNLOADS
from codex.publish.preview import preview_address
from codex.site_languages import project_languages

SITE_CHECK = "tests/test_subpath.py"
BOOKS_FOLDER = PROJECT / "offline" / "books"


def run(step: str, command: list[str], env: dict[str, str]) -> None:
    print(f"== {step}: {' '.join(command)}", flush=True)
    result = subprocess.run(command, cwd=PROJECT, env=env)
    if result.returncode != 0:
        raise SystemExit(f"deploy: {step} failed (exit {result.returncode})")


def make_books(site: Path, folder: Path, env: dict[str, str]) -> list[Path]:
    """Each language's book in each paper, typeset from the built `site` into `folder`: a run per language (each
    paper laid out from the one before's page numbers), two languages at a time (one per core)."""
    folder.mkdir(parents=True, exist_ok=True)
    languages = project_languages(PROJECT)

    def typeset(lang: str) -> int:
        command = [sys.executable, "-m", "codex.book", lang, str(folder), "--paper", "all", "--site", str(site)]
        return subprocess.run(command, cwd=PROJECT, env=env).returncode

    print(f"== books: {len(languages) * len(PAPERS)} PDFs into {folder}", flush=True)
    with ThreadPoolExecutor(max_workers=2) as pool:
        codes = list(pool.map(typeset, languages))
    if any(codes):
        raise SystemExit(f"deploy: the books failed (exit codes {codes})")
    return [folder / book_name(lang, paper) for lang in languages for paper in PAPERS]


def site_address(value: str) -> str:
    """An absolute http(s) address ending in '/', as MkDocs' site_url."""
    parts = urlsplit(value)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise argparse.ArgumentTypeError(
            f"expected an absolute http(s) address, e.g. https://owner.github.io/repo/, got {value!r}"
        )
    return value if value.endswith("/") else value + "/"


def pull_request_number(value: str) -> int:
    """A pull request's number (1 or more)."""
    if not value.isdigit() or int(value) < 1:
        raise argparse.ArgumentTypeError(f"expected a pull request's number, e.g. --preview 7, got {value!r}")
    return int(value)


def build_variables(published_url: str, repo_url: str, preview: int = 0) -> dict[str, str]:
    """What the build reads from the environment: the site's address (a preview's, under the published one) and the
    repository's; for a preview, its number and the published address its banner links to."""
    if not preview:
        return {"CODEX_SITE_URL": published_url, "CODEX_REPO_URL": repo_url}
    return {
        "CODEX_SITE_URL": preview_address(published_url, preview),
        "CODEX_REPO_URL": repo_url,
        "CODEX_PREVIEW": str(preview),
        "CODEX_PUBLISHED_URL": published_url,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m codex.deploy", description=__doc__.split("\n\n")[0])
    parser.add_argument("--site-url", type=site_address, required=True, help="the address the site is published at")
    parser.add_argument("--repo-url", default="", help="the repository's address (edit links, header link)")
    parser.add_argument("--site-dir", type=Path, default=PROJECT / "site", help="where to build (default: site)")
    parser.add_argument("--no-check", action="store_true", help="build only, without the browser check")
    parser.add_argument(
        "--preview",
        type=pull_request_number,
        default=0,
        metavar="N",
        help="build pull request N's preview, for <site-url>pr-preview/pr-N/",
    )
    parser.add_argument(
        "--with-downloads",
        action="store_true",
        help="with --preview: make the offline zip and the books too (made always otherwise)",
    )
    args = parser.parse_args(argv)
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1", **build_variables(args.site_url, args.repo_url, args.preview))
    site_url = env["CODEX_SITE_URL"]
    python = sys.executable
    books: list[Path] = []
    if not args.preview or args.with_downloads:
        folder, archive = DEFAULT_FOLDER, DEFAULT_ZIP
        run("offline copy", [python, "-m", "codex.offline", "--folder", str(folder), "--zip", str(archive)], env)
        env["CODEX_OFFLINE_ZIP"] = str(archive)
        books = make_books(folder, BOOKS_FOLDER, env)
        env[BOOKS_VARIABLE] = str(BOOKS_FOLDER)
    site_dir = args.site_dir.resolve()
    run("site", [python, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site_dir)], env)
    (site_dir / DOWNLOADS).mkdir(parents=True, exist_ok=True)
    for book in books:
        shutil.copyfile(book, site_dir / DOWNLOADS / book.name)
    if not args.no_check:
        check_env = dict(env, CODEX_CHECK_SITE=str(site_dir), CODEX_CHECK_SITE_URL=site_url)
        run(
            "check under the site's path",
            [python, "-m", "pytest", "-q", "-p", "no:cacheprovider", SITE_CHECK],
            check_env,
        )
    print(f"deploy: {site_dir} is ready to publish at {site_url}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
