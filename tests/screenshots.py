"""Screenshot built pages as readers see them: phone (390x844) and desktop, both languages, plus print to PDF.

Not a test: run it after a build and look at the images.
    .venv/bin/python tests/screenshots.py site/ /tmp/shots page1 page2 ...
"""

from __future__ import annotations

import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from tests.chromium import launch  # noqa: E402
from tests.site_server import serve  # noqa: E402

SIZES = {"phone": (390, 844), "desktop": (1280, 900)}


def main(site: str, out: str, pages: list[str]) -> None:
    out_dir = Path(out)
    out_dir.mkdir(parents=True, exist_ok=True)
    with serve(site) as base, sync_playwright() as p:
        browser = launch(p)
        for page_path in pages:
            for lang, prefix in (("fr", "/"), ("en", "/en/")):
                name = (page_path.strip("/") or "home").replace("/", "_")
                for size, (width, height) in SIZES.items():
                    page = browser.new_page(viewport={"width": width, "height": height})
                    page.goto(base + prefix + page_path)
                    page.screenshot(path=str(out_dir / f"{name}-{lang}-{size}.png"), full_page=size == "desktop")
                    page.close()
                page = browser.new_page()
                page.goto(base + prefix + page_path)
                page.emulate_media(media="print")
                page.pdf(path=str(out_dir / f"{name}-{lang}.pdf"), format="A4")
                page.close()
        browser.close()


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], sys.argv[3:])
