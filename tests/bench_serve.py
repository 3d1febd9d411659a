"""Benchmark (not a test): how long a contributor's edit takes to show in the open tab under `mkdocs serve` (issue 23).

    .venv/bin/python tests/bench_serve.py [--edits 5]

On a copy of the project (tests/live_serve.py), it starts `mkdocs serve`, opens the object damage page in French and
in English in headless Chromium, then, --edits times, writes a new value of the stone's thick hit points into
data/tables/materials.yaml (as an editor saves it) and measures the time from the save to the moment both tabs
show the new value, having reloaded by themselves. It prints each edit's time and the median, then the same for an
edit of a page (a word of docs/en/object-damage.md, seen in the English tab), and the rebuild times serve logged.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.live_serve import SHOWN_CELL, SHOWN_ON, served, set_stone_hit_points  # noqa: E402
from tests.test_build import copy_project  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
CELL_READS = "([selector, value]) => document.querySelector(selector)?.textContent.trim() === value"
PAGE_FILE = "docs/en/object-damage.md"
PAGE_MARK = "Codex-bench-{n}"
PAGE_READS = "(word) => !!document.body?.innerText.includes(word)"


def edit_page(project: Path, n: int) -> None:
    path = project / PAGE_FILE
    text = path.read_text(encoding="utf-8").rstrip("\n")
    lines = [line for line in text.split("\n") if not line.startswith("Codex-bench-")]
    path.write_text("\n".join(lines) + "\n\n" + PAGE_MARK.format(n=n) + "\n", encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--edits", type=int, default=5)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as folder, sync_playwright() as p:
        project = copy_project(Path(folder))
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        context = browser.new_context(service_workers="block")
        with served(project) as server:
            tabs = {lang: context.new_page() for lang in SHOWN_ON}
            for lang, tab in tabs.items():
                tab.goto(server.url + SHOWN_ON[lang])
            value_times, page_times = [], []
            for n in range(args.edits):
                time.sleep(1.5)  # the watcher settles between two saves
                value = str(91 + n)
                start = time.monotonic()
                set_stone_hit_points(project, int(value))
                for tab in tabs.values():
                    tab.wait_for_function(CELL_READS, arg=[SHOWN_CELL, value], timeout=120_000, polling=20)
                value_times.append(time.monotonic() - start)
                print(f"value edit {n + 1}: both tabs show {value} after {value_times[-1]:.2f} s", flush=True)
            for n in range(args.edits):
                time.sleep(1.5)
                start = time.monotonic()
                edit_page(project, n)
                word = PAGE_MARK.format(n=n)
                tabs["en"].wait_for_function(PAGE_READS, arg=word, timeout=120_000, polling=20)
                page_times.append(time.monotonic() - start)
                print(f"page edit {n + 1}: the English tab shows it after {page_times[-1]:.2f} s", flush=True)
            builds = [line for _, line in server.lines if "Documentation built in" in line]
        browser.close()
    print(
        f"\nmedian, save -> shown: data value {statistics.median(value_times):.2f} s (both tabs), "
        f"page {statistics.median(page_times):.2f} s"
    )
    print("serve's own log of its builds:\n  " + "\n  ".join(builds[-2 * args.edits :]))


if __name__ == "__main__":
    main()
