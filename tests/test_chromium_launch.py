"""The switches tests/chromium.py launches Chromium with still do their job: a new window opens no hidden omnibox
popup and a page starts one renderer process, no spare beside it (Chromium renamed its features, if this fails), and
Playwright's own disabled features stay disabled, though ours replace its list (Playwright added to it, if this
fails)."""

from __future__ import annotations

import re

from tests.chromium import CHROMIUM, NOT_NEEDED_FEATURES, SPARE_RENDERER


def test_a_new_window_opens_no_omnibox_popup(browser):
    context = browser.new_context()
    try:
        context.new_page()
        session = browser.new_browser_cdp_session()
        targets = session.send("Target.getTargets", {"filter": [{}]})["targetInfos"]  # every kind, the browser's too
        session.detach()
    finally:
        context.close()
    hidden = [target["url"] for target in targets if target["type"] == "browser_ui"]
    assert hidden == [], (
        f"Chromium {browser.version} ({CHROMIUM}) opens {hidden} in each new window, a renderer process each: "
        f"the features {', '.join(NOT_NEEDED_FEATURES)} no longer turn them off (tests/chromium.py)"
    )


def test_a_page_starts_one_renderer_process_and_no_spare(browser, site_url):
    context = browser.new_context(service_workers="block")
    try:
        context.new_page().goto(site_url + "/")
        session = browser.new_browser_cdp_session()
        processes = session.send("SystemInfo.getProcessInfo")["processInfo"]
        session.detach()
    finally:
        context.close()
    renderers = [process for process in processes if process["type"] == "renderer"]
    assert len(renderers) == 1, (
        f"Chromium {browser.version} runs {len(renderers)} renderer processes for one page: it starts a spare again, "
        f"which {SPARE_RENDERER} no longer turns off (tests/chromium.py)"
    )


def test_playwrights_own_disabled_features_stay_disabled(browser):
    page = browser.new_page()
    try:
        page.goto("chrome://version")
        command_line = page.locator("#command_line").inner_text()
    finally:
        page.close()
    lists = [found.split(",") for found in re.findall(r"--disable-features=(\S+)", command_line)]
    assert len(lists) >= 2, f"expected Playwright's --disable-features and ours, got: {command_line}"
    playwrights, effective = lists[0], lists[-1]  # Chromium keeps the last
    missing = [feature for feature in playwrights if feature not in effective]
    assert missing == [], f"add {missing} to PLAYWRIGHT_DISABLED_FEATURES in tests/chromium.py"
