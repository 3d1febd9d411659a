"""The reused tab (tests/reused_tab.py) hands each test a tab with nothing the test before it left: no stored data,
no emulated medium or size, no listener."""

from __future__ import annotations

import pytest

from tests.reused_tab import reused_tab

VIEWPORT = {"width": 800, "height": 600}
# What a test may leave in a tab: each kind of stored data, in the site's origin, and an emulated medium and size.
LEAVE_EVERYTHING = """async () => {
    localStorage.setItem('left', '1');
    sessionStorage.setItem('left', '1');
    document.cookie = 'left=1; path=/';
    await new Promise((done) => { const open = indexedDB.open('left'); open.onsuccess = () => done(); });
    await (await caches.open('left')).put('/left', new Response('1'));
}"""
WHAT_IS_LEFT = """async () => ({
    local: localStorage.length,
    session: sessionStorage.length,
    cookie: document.cookie,
    databases: (await indexedDB.databases()).map((database) => database.name),
    caches: await caches.keys(),
    print: matchMedia('print').matches,
})"""


@pytest.fixture(scope="module")
def tab(browser):
    with reused_tab(browser, viewport=VIEWPORT, service_workers="block") as tab:
        yield tab


def test_a_reused_tab_holds_nothing_the_test_before_left(browser, tab, site_url):
    context = browser.new_context(service_workers="block")  # what a new tab finds (the theme stores its palette)
    fresh = context.new_page()
    fresh.goto(site_url + "/404.html")
    nothing = fresh.evaluate(WHAT_IS_LEFT)
    context.close()
    with tab.as_new() as page:
        page.goto(site_url + "/404.html")
        page.evaluate(LEAVE_EVERYTHING)
        page.emulate_media(media="print")
        page.set_viewport_size({"width": 390, "height": 844})
        left = page.evaluate(WHAT_IS_LEFT)
        assert [kind for kind in nothing if left[kind] == nothing[kind]] == [], "each kind of thing was left"
    with tab.as_new() as page:
        assert page.url == "about:blank"
        page.goto(site_url + "/404.html")
        assert page.evaluate(WHAT_IS_LEFT) == nothing
        assert page.viewport_size == VIEWPORT


def test_the_listeners_a_test_adds_to_the_reused_tab_are_gone_at_its_end(tab, site_url):
    heard = []

    def hear(message) -> None:
        heard.append(message.text)

    for _ in range(2):
        with tab.as_new() as page:
            page.goto(site_url + "/404.html")
            page.evaluate("() => console.info('said')")
            if not heard:
                page.on("console", hear)
                page.evaluate("() => console.info('heard')")
    assert heard == ["heard"]
