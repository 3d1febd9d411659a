"""`mkdocs serve` as a contributor uses it (issue 23): an edit of a data value shows in the open tabs of both
languages by themselves, and the served pages' content security policy lets MkDocs' live-reload script run (the
published site's policy lists its inline scripts by hash: tests/test_content_policy.py)."""

from __future__ import annotations

import pytest

from tests.live_serve import SHOWN_CELL, SHOWN_ON, served, set_stone_hit_points
from tests.test_build import copy_project
from tests.test_content_policy import VIOLATIONS_JS

pytestmark = pytest.mark.site  # builds the site (under mkdocs serve)

CELL_READS = "([selector, value]) => document.querySelector(selector)?.textContent.trim() === value"


def test_an_edited_table_value_shows_in_the_open_tabs_by_itself(browser, tmp_path):
    project = copy_project(tmp_path)
    with served(project) as server:
        context = browser.new_context(service_workers="block")
        context.add_init_script(VIOLATIONS_JS)
        tabs = {}
        for lang, path in SHOWN_ON.items():
            tabs[lang] = context.new_page()
            tabs[lang].goto(server.url + path)
            assert tabs[lang].locator(SHOWN_CELL).inner_text().strip() == "90"
        set_stone_hit_points(project, 93)
        for lang, tab in tabs.items():
            tab.wait_for_function(CELL_READS, arg=[SHOWN_CELL, "93"], timeout=60000)
            assert tab.evaluate("window.__violations") == [], lang
        context.close()
