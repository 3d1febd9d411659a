"""Typesetting benchmark of the books (issue 16): each language in each paper, typeset one after the other from one
built site, with its page count, size, and time (wall clock and this process's CPU, which the machine's other load
does not inflate); then each language in every paper in one run, as the deploy makes them (`--paper all`: each
paper laid out from the one before's page numbers); then that run again, from the page numbers the first kept
(typeset.KEPT_PAGES, here in a folder of the benchmark's own, empty before each other run). A script, not a test:
BENCHMARKS.md quotes what it prints.

    .venv/bin/python tests/bench_book.py [--site DIR] [--out DIR]

Without --site, the site is built first (a strict build of both languages, timed apart). Run from the project's
root.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from codex.adapter.book_languages import language_configs  # noqa: E402
from codex.book import typeset as typesetting  # noqa: E402
from codex.book.__main__ import build_site  # noqa: E402
from codex.book.offer import book_name  # noqa: E402
from codex.book.typeset import PAPERS, typeset  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, help="a built site (default: build one in a temporary folder)")
    parser.add_argument("--out", type=Path, help="where to keep the books (default: a temporary folder)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="codex-bench-book-") as temporary:
        site, out = args.site, args.out or Path(temporary) / "books"
        if site is None:
            site = Path(temporary) / "site"
            started = time.perf_counter()
            build_site(ROOT, site)
            print(f"site build: {time.perf_counter() - started:.1f} s")
        started = time.perf_counter()
        import weasyprint  # noqa: F401  (Pango and the rest, loaded once)

        print(f"WeasyPrint import: {time.perf_counter() - started:.1f} s")
        languages = language_configs(ROOT)
        print("| book | pages | size | wall | CPU |")
        print("|---|---|---|---|---|")
        typesetting.KEPT_PAGES.folder = Path(temporary) / "kept-pages"
        for lang in languages:
            every_paper = {paper: out / book_name(lang, paper) for paper in PAPERS}
            runs = [({paper: out / book_name(lang, paper)}, False) for paper in PAPERS]
            for outs, kept in [*runs, (every_paper, False), (every_paper, True)]:
                if not kept:
                    shutil.rmtree(typesetting.KEPT_PAGES.folder, ignore_errors=True)
                wall, cpu = time.perf_counter(), time.process_time()
                counts = typeset(site.resolve(), languages[lang], outs, ROOT)
                wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
                names = " + ".join(path.name for path in outs.values()) + (" (kept numbers)" if kept else "")
                pages = " + ".join(str(count) for count in counts.values())
                size = " + ".join(f"{path.stat().st_size / 1_000_000:.2f} MB" for path in outs.values())
                print(f"| {names} | {pages} | {size} | {wall:.1f} s | {cpu:.1f} s |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
