"""Typeset the rulebook of one language as a PDF.

    python -m codex.book LANG OUT.pdf [--paper a4|letter] [--site DIR]

LANG is a language of the site (fr, en). Without --site, the site is first built (a strict `mkdocs build` of both
languages) into a temporary folder; with it, the book is made from that built site (e.g. `mkdocs build -d DIR`).
Run from the project's root. Prints the book's page count, size and typesetting time.
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
from codex.book.source import BookError
from codex.book.typeset import PAPERS, typeset


def build_site(project: Path, site: Path) -> None:
    """A strict build of both languages into `site`, as a contributor runs it."""
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    command = [sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "--site-dir", str(site)]
    if subprocess.run(command, cwd=project, env=env).returncode != 0:
        raise SystemExit("codex.book: the site's build failed (above); the book is made from the built site")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m codex.book", description=__doc__.split("\n\n")[0])
    parser.add_argument("lang", help="the book's language, a language of the site (fr, en)")
    parser.add_argument("out", type=Path, help="the PDF to write")
    parser.add_argument("--paper", choices=sorted(PAPERS), default="a4", help="the paper size (default: a4)")
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
        started = time.perf_counter()
        try:
            pages = typeset(site.resolve(), languages[args.lang], args.out, args.paper, project)
        except BookError as error:
            raise SystemExit(f"codex.book: {error}") from None
        seconds = time.perf_counter() - started
    size = args.out.stat().st_size
    print(
        f"{args.out}: {pages} pages ({args.lang}, {args.paper}), {size / 1_000_000:.2f} MB, typeset in {seconds:.1f} s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
