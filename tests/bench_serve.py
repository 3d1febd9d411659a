"""Benchmark (not a test): how long a contributor's edit takes to show in the open tab under `mkdocs serve` (issue 23).

    .venv/bin/python tests/bench_serve.py [--edits 5]

On a copy of the project with its rules code (tests/live_serve.py), it starts `mkdocs serve`, opens the object
damage page in French and in English and the English underwater page in headless Chromium, then, --edits times each:
writes a new value of the stone's thick hit points into data/tables/materials.yaml (as an editor saves it) and
measures the time from the save to the moment both object damage tabs show the new value, having reloaded by
themselves; a word added to docs/en/object-damage.md, until the English tab shows it; a change of the held-breath
rule in calculators/breath.py, until the underwater tab's reference table shows the new count. It prints each edit's
time, the median of each kind and of all, and the rebuild times serve logged.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.chromium import launch  # noqa: E402
from tests.conftest import copy_project  # noqa: E402
from tests.live_serve import SHOWN_CELL, SHOWN_ON, served, set_stone_hit_points  # noqa: E402

CELL_READS = "([selector, value]) => document.querySelector(selector)?.textContent.trim() === value"
PAGE_FILE = "docs/en/object-damage.md"
PAGE_MARK = "Codex-bench-{n}"
PAGE_READS = "(word) => !!document.body?.innerText.includes(word)"
RULE_FILE = "calculators/breath.py"
RULE = 'return constitution + endurance * rules["endurance-per-rank"] + swim_bonus'
RULE_SHOWN_ON = "en/underwater/"
RULE_CELL = "#reference-breath tbody tr:first-child td"  # Constitution 3, no Swimming: 3 rounds, plus the edit's


def edit_page(project: Path, n: int) -> None:
    path = project / PAGE_FILE
    text = path.read_text(encoding="utf-8").rstrip("\n")
    lines = [line for line in text.split("\n") if not line.startswith("Codex-bench-")]
    path.write_text("\n".join(lines) + "\n\n" + PAGE_MARK.format(n=n) + "\n", encoding="utf-8")


def edit_rule(project: Path, n: int) -> str:
    """The breath total made n rounds longer; the reference table's first cell then reads 3 + n."""
    path = project / RULE_FILE
    text = path.read_text(encoding="utf-8")
    start = text.index(RULE)
    end = text.index("\n", start)
    path.write_text(text[:start] + RULE + f" + {n}" + text[end:], encoding="utf-8")
    return str(3 + n)


def steps(server, start: float) -> str:
    """When serve saw the save and when it told the tabs to reload, from its log's lines (seconds after the save)."""
    seen = [(when, line) for when, line in server.lines if when >= start]
    detected = next((when for when, line in seen if "Detected file changes" in line), None)
    reloaded = next((when for when, line in seen if "Reloading browsers" in line), None)
    if detected is None or reloaded is None:
        return ""
    return f"(seen after {detected - start:.2f} s, tabs told to reload after {reloaded - start:.2f} s)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--edits", type=int, default=5)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as folder, sync_playwright() as p:
        project = copy_project(Path(folder))
        shutil.copytree(ROOT / "calculators", project / "calculators", ignore=shutil.ignore_patterns("__pycache__"))
        browser = launch(p)
        context = browser.new_context(service_workers="block")
        with served(project) as server:
            tabs = {lang: context.new_page() for lang in SHOWN_ON}
            for lang, tab in tabs.items():
                tab.goto(server.url + SHOWN_ON[lang])
            rule_tab = context.new_page()
            rule_tab.goto(server.url + RULE_SHOWN_ON)
            value_times, page_times, rule_times = [], [], []
            for n in range(args.edits):
                time.sleep(1.5)  # the watcher settles between two saves
                value = str(91 + n)
                start = time.monotonic()
                set_stone_hit_points(project, int(value))
                for tab in tabs.values():
                    tab.wait_for_function(CELL_READS, arg=[SHOWN_CELL, value], timeout=120_000, polling=20)
                value_times.append(time.monotonic() - start)
                print(f"value edit {n + 1}: both tabs show {value} after {value_times[-1]:.2f} s", steps(server, start))
            for n in range(args.edits):
                time.sleep(1.5)
                start = time.monotonic()
                edit_page(project, n)
                word = PAGE_MARK.format(n=n)
                tabs["en"].wait_for_function(PAGE_READS, arg=word, timeout=120_000, polling=20)
                page_times.append(time.monotonic() - start)
                print(f"page edit {n + 1}: the English tab shows it after {page_times[-1]:.2f} s", steps(server, start))
            for n in range(1, args.edits + 1):
                time.sleep(1.5)
                start = time.monotonic()
                shown = edit_rule(project, n)
                rule_tab.wait_for_function(CELL_READS, arg=[RULE_CELL, shown], timeout=120_000, polling=20)
                rule_times.append(time.monotonic() - start)
                print(
                    f"rule edit {n}: the underwater tab shows {shown} after {rule_times[-1]:.2f} s",
                    steps(server, start),
                )
            builds = [line for _, line in server.lines if "Documentation built in" in line or "read again" in line]
        browser.close()
    print(
        f"\nmedian, save -> shown: data value {statistics.median(value_times):.2f} s (both tabs), "
        f"page {statistics.median(page_times):.2f} s, calculator module {statistics.median(rule_times):.2f} s; "
        f"all {statistics.median(value_times + page_times + rule_times):.2f} s"
    )
    print("serve's own log of its builds:\n  " + "\n  ".join(builds[-9 * args.edits :]))


if __name__ == "__main__":
    main()
