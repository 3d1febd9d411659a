"""One browser tab for a test module, handed to each test as if new.

A new Playwright context costs Chromium a window and a renderer process: about 0.25 CPU-s more per test than a visit
in a tab already open (tests/bench_browser.py), and most browser tests open one only to start from nothing stored.
A `ReusedTab` gives each test the module's one tab with nothing of the tests before it: the tab is left on
about:blank, every origin it asked anything of loses its stored data (local and session storage, IndexedDB,
cookies, caches: the DevTools protocol's Storage.clearDataForOrigin), and the media and viewport a test emulated are
put back, and the listeners the test added to the tab's events are removed. What cannot be taken back, a route or an
init script, is for a context of the test's own (`browser.new_context`).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from urllib.parse import urlsplit


class ReusedTab:
    def __init__(self, browser, **context_options) -> None:
        self.context = browser.new_context(**context_options)
        self.page = self.context.new_page()
        self.viewport = self.page.viewport_size
        self.session = self.context.new_cdp_session(self.page)
        self.origins: set[str] = set()
        self.context.on("request", self.note_origin)

    def note_origin(self, request) -> None:
        parts = urlsplit(request.url)
        if parts.scheme in ("http", "https"):
            self.origins.add(f"{parts.scheme}://{parts.netloc}")

    def listeners(self) -> dict[str, list]:
        """Each of the tab's events and its listeners (Playwright's page is an event emitter,
        playwright/_impl/event_emitter.py)."""
        emitter = self.page._impl_obj
        return {event: emitter.raw_listeners(event) for event in emitter.event_names()}

    @contextlib.contextmanager
    def as_new(self) -> Iterator:
        """The tab for one test; afterwards, rid of the listeners the test added and emptied (module docstring)."""
        before = self.listeners()
        try:
            yield self.page
        finally:  # a failed test leaves its tab too
            emitter = self.page._impl_obj
            for event, listeners in self.listeners().items():
                for listener in listeners:
                    if listener not in before.get(event, []):
                        emitter.remove_listener(event, listener)
            self.empty()

    def empty(self) -> None:
        if self.page.is_closed():  # the test closed it: the next gets a new tab
            self.page = self.context.new_page()
            self.session = self.context.new_cdp_session(self.page)
        self.page.goto("about:blank")
        for origin in sorted(self.origins):
            self.session.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": "all"})
        self.origins.clear()
        self.page.emulate_media(media="null")
        if self.page.viewport_size != self.viewport:
            self.page.set_viewport_size(self.viewport)

    def close(self) -> None:
        self.context.close()


@contextlib.contextmanager
def reused_tab(browser, **context_options) -> Iterator[ReusedTab]:
    """A ReusedTab in a context of these options, closed at the end."""
    tab = ReusedTab(browser, **context_options)
    try:
        yield tab
    finally:
        tab.close()
