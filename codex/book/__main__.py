"""Typeset the rulebook of one language as a PDF.

    python -m codex.book LANG OUT.pdf [--paper a4|letter] [--site DIR]
    python -m codex.book LANG FOLDER --paper all [--site DIR]

LANG is a language of the site (fr, en). With `--paper all`, the book is typeset in every paper, each written into
FOLDER under the name the site offers it by (codex/book/offer.py), in one run: quicker than a run per paper, since
each paper after the first is laid out from the page numbers of the one before. Without --site, the site is first
built (a strict `mkdocs build` of both languages) into a temporary folder; with it, the book is made from that built
site (e.g. `mkdocs build -d DIR`). Run from the project's root. Prints each book's page count, size and typesetting
time.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from codex.adapter.book_languages import language_configs
from codex.book.offer import book_name
from codex.book.source import BookError
from codex.book.typeset import PAPERS, typeset

ALL_PAPERS = "all"


def build_site(project: Path, site: Path) -> None:
    """A strict build of both languages into `site`, as a contributor runs it."""
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    command = [sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "--site-dir", str(site)]
    if subprocess.run(command, cwd=project, env=env).returncode != 0:
        raise SystemExit("codex.book: the site's build failed (above); the book is made from the built site")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m codex.book", description=__doc__.split("\n\n")[0])
    parser.add_argument("lang", help="the book's language, a language of the site (fr, en)")
    parser.add_argument("out", type=Path, help="the PDF to write (with --paper all: the folder to write them into)")
    parser.add_argument(
        "--paper",
        choices=[*sorted(PAPERS), ALL_PAPERS],
        default="a4",
        help="the paper size (default: a4), or all: a book per paper",
    )
    parser.add_argument("--site", type=Path, help="a built site to read (default: build one in a temporary folder)")
    args = parser.parse_args(argv)
    project = Path.cwd()
    languages = language_configs(project)
    if args.lang not in languages:
        parser.error(f"no language '{args.lang}' in this site (known: {', '.join(languages)})")
    with tempfile.TemporaryDirectory(prefix="codex-book-") as temporary:
        site = args.site
        if site is None:
            site = Path(temporary) / "site"
            build_site(project, site)
        if args.paper == ALL_PAPERS:
            outs = {paper: args.out / book_name(args.lang, paper) for paper in PAPERS}
        else:
            outs = {args.paper: args.out}
        started = time.perf_counter()
        try:
            counts = typeset(site.resolve(), languages[args.lang], outs, project)
        except BookError as error:
            raise SystemExit(f"codex.book: {error}") from None
        seconds = time.perf_counter() - started
    for paper, out in outs.items():
        size = out.stat().st_size / 1_000_000
        print(f"{out}: {counts[paper]} pages ({args.lang}, {paper}), {size:.2f} MB")
    print(f"typeset in {seconds:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
