"""Print a page of the built site to PDF with headless Chromium, as a browser's "Save as PDF" would (print styles,
A4, the page's own @page size: the GM screen comes out landscape).

The rulebook, French and English, after `mkdocs build`:
    .venv/bin/python tests/print_pdf.py site rulebook/ codex-rulebook-fr.pdf
    .venv/bin/python tests/print_pdf.py site en/rulebook/ codex-rulebook-en.pdf
The GM screen: the same with gm-screen/ (or en/gm-screen/). Chromium: /usr/bin/chromium, or the CHROMIUM variable.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from tests.chromium import launch  # noqa: E402
from tests.site_server import serve  # noqa: E402


def print_page(browser, base_url: str, page_path: str, out: Path, color_scheme: str = "light") -> Path:
    """Print base_url/page_path to `out` with an open Playwright browser."""
    context = browser.new_context(color_scheme=color_scheme)
    try:
        page = context.new_page()
        url = f"{base_url}/{page_path.lstrip('/')}"
        response = page.goto(url)
        if response is None or not response.ok:
            raise SystemExit(
                f"cannot print {url}: HTTP {response.status if response else 'no response'} (is the site built there?)"
            )
        page.emulate_media(media="print")
        page.pdf(path=str(out), format="A4", prefer_css_page_size=True)
    finally:
        context.close()
    return out


def main(site: str, page_path: str, out: str) -> None:
    from playwright.sync_api import sync_playwright

    with serve(site, search=False) as base, sync_playwright() as p:  # a printed page has no search to build
        browser = launch(p)
        try:
            print_page(browser, base, page_path, Path(out))
        finally:
            browser.close()
    print(out)


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    main(*sys.argv[1:])
