"""What a page visit costs Chromium, in CPU seconds of the whole machine (all of Chromium's processes): in a new
context, in a new tab of a context already open, and in one tab emptied between visits (tests/reused_tab.py, as the
browser tests' `page` fixture gives it); with the switches of tests/chromium.py and without the ones that turn off the
hidden omnibox popup of each window.

    .venv/bin/python tests/bench_browser.py [SITE] [--visits N]

SITE: a built site (default: site/, after `mkdocs build`). Run it on an otherwise idle machine: the figure is the
machine's busy time (/proc/stat) while the visits run, divided by their number."""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from tests.audit_pages import wait_until_settled  # noqa: E402
from tests.bench_site import load_average  # noqa: E402
from tests.chromium import CHROMIUM, LAUNCH_ARGS, NOT_NEEDED_FEATURES, PLAYWRIGHT_DISABLED_FEATURES  # noqa: E402
from tests.site_server import serve  # noqa: E402

PAGES = ["/", "/movement/", "/round-tracker/", "/en/glossary/"]  # a plain page, a calculator, a tracker, a long page
MODES = {"context": "new context", "tab": "new tab", "reused": "reused tab"}
SETTLE = 1.0  # seconds a page is left open once settled: what it still does then is counted too


def busy_seconds() -> float:
    """CPU seconds the machine has spent busy since it started (every process, the kernel's work included)."""
    fields = [int(value) for value in open("/proc/stat").readline().split()[1:]]
    return (sum(fields) - fields[3] - fields[4]) / os.sysconf("SC_CLK_TCK")


def per_visit(browser, base: str, path: str, visits: int, mode: str) -> float:
    """CPU-s per visit of `path`: in a new context each time ("context"), in a new tab of one context ("tab"), or in
    one tab emptied between visits as tests/reused_tab.py does ("reused")."""
    from tests.reused_tab import reused_tab

    with reused_tab(browser, service_workers="block") as reused:
        reused.page.goto(base + "/404.html")
        started = busy_seconds()
        for _ in range(visits):
            if mode == "reused":
                with reused.as_new() as tab:
                    visit(tab, base + path)
                continue
            own = browser.new_context(service_workers="block") if mode == "context" else reused.context
            tab = own.new_page()
            visit(tab, base + path)
            (own if mode == "context" else tab).close()
        return (busy_seconds() - started) / visits


def visit(tab, url: str) -> None:
    tab.goto(url)
    wait_until_settled(tab, network=False)
    time.sleep(SETTLE)


def main() -> None:
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("site", nargs="?", default="site", type=Path)
    parser.add_argument("--visits", type=int, default=6)
    args = parser.parse_args()
    without_ours = [arg for arg in LAUNCH_ARGS if not arg.startswith("--disable-features=")]
    without_ours.append("--disable-features=" + ",".join(PLAYWRIGHT_DISABLED_FEATURES))
    print(f"load average before: {load_average()}")
    with serve(args.site, search=False) as base, sync_playwright() as p:
        for label, launch_args in (
            ("tests/chromium.py", LAUNCH_ARGS),
            (f"without {NOT_NEEDED_FEATURES}", without_ours),
        ):
            browser = p.chromium.launch(executable_path=CHROMIUM, args=launch_args)
            print(f"{label} (Chromium {browser.version}), CPU-s per visit:")
            for path in PAGES:
                spent = {mode: per_visit(browser, base, path, args.visits, mode) for mode in MODES}
                print(f"  {path:<18} " + "   ".join(f"{MODES[mode]} {cpu:.2f}" for mode, cpu in spent.items()))
            browser.close()


if __name__ == "__main__":
    main()
