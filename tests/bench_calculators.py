"""Benchmark (not a test): what a calculator costs a reader, measured in Chromium over several cold loads.

    .venv/bin/mkdocs build && .venv/bin/python tests/bench_calculators.py site [runs]

Prints, as medians: time from navigation to the form's data-ready="true" on a calculator page and to its first
contentful paint; the same page with the calculator script blocked (time to the load event, first paint); and the
bytes (gzip) that the calculators add.
"""

from __future__ import annotations

import gzip
import statistics
import sys
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from tests.site_server import serve  # noqa: E402

PAGES = ("movement/", "underwater/", "object-damage/", "initiative/", "tools/")


def gzip_size(path: Path) -> int:
    return len(gzip.compress(path.read_bytes(), compresslevel=9))


def calculator_bytes(site: Path) -> dict[str, int]:
    calc = site / "assets" / "calculators"
    parts = {
        "runtime (micropython.js + .wasm)": [
            calc / "micropython-1.27.0" / "micropython.js",
            calc / "micropython-1.27.0" / "micropython.wasm",
        ],
        "calculator modules (.py)": sorted((calc / "python").glob("*.py")) + [calc / "python" / "modules.json"],
        "rule tables (tables.json)": [calc / "tables.json"],
        "page glue (codex-calculators.js)": [site / "assets" / "javascripts" / "codex-calculators.js"],
    }
    return {name: sum(gzip_size(p) for p in paths) for name, paths in parts.items()}


def first_paint(page) -> float:
    """Seconds from navigation to the first contentful paint."""
    return page.evaluate("performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN") / 1000


def main(site: str, runs: int = 5) -> None:
    root = Path(site)
    with serve(root) as url, sync_playwright() as p:
        base = url + "/"
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox", "--disable-gpu"])
        print(
            f"{'page':16} {'to data-ready (s)':>18} {'first paint (s)':>16} {'without calculator: load (s)':>29} {'first paint (s)':>16}"
        )
        for page_path in PAGES:
            ready, plain, paint, plain_paint = [], [], [], []
            for _ in range(runs):
                context = browser.new_context()  # cold: empty cache
                page = context.new_page()
                start = time.perf_counter()
                page.goto(base + page_path)
                page.wait_for_selector("form[data-calculator][data-ready=true]", timeout=60000)
                ready.append(time.perf_counter() - start)
                paint.append(first_paint(page))
                context.close()
                context = browser.new_context()
                page = context.new_page()
                page.route("**/codex-calculators.js", lambda route: route.abort())
                start = time.perf_counter()
                page.goto(base + page_path, wait_until="load")
                plain.append(time.perf_counter() - start)
                plain_paint.append(first_paint(page))
                context.close()
            print(
                f"{page_path:16} {statistics.median(ready):18.2f} {statistics.median(paint):16.2f} "
                f"{statistics.median(plain):29.2f} {statistics.median(plain_paint):16.2f}"
            )
        browser.close()
    sizes = calculator_bytes(root)
    for name, size in sizes.items():
        print(f"{name:40} {size / 1024:8.1f} KB gzip")
    print(f"{'total added by the calculators':40} {sum(sizes.values()) / 1024:8.1f} KB gzip")


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 5)
