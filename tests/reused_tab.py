"""One browser tab for a test module, handed to each test as if new.

A new Playwright context costs Chromium a window and a renderer process: about 0.25 CPU-s more per test than a visit
in a tab already open (tests/bench_browser.py), and most browser tests open one only to start from nothing stored.
A `ReusedTab` gives each test the module's one tab with nothing of the tests before it: the tab is left on
about:blank, every origin it asked anything of loses its stored data (local and session storage, IndexedDB,
cookies, caches: the DevTools protocol's Storage.clearDataForOrigin), and the media and viewport a test emulated are
put back. What cannot be taken back is refused: a test that listens to the tab's events fails at its end, naming
the events; such a test, or one that routes requests or adds init scripts, opens a context of its own
(`browser.new_context`).
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

    def listened_events(self) -> set[str]:
        """The tab's events that have a listener (Playwright's page is an event emitter, playwright/_impl/
        event_emitter.py)."""
        return set(self.page._impl_obj.event_names())

    @contextlib.contextmanager
    def as_new(self) -> Iterator:
        """The tab for one test; afterwards, emptied of what the test left (module docstring)."""
        listened = self.listened_events()
        yield self.page
        added = self.listened_events() - listened
        self.empty()
        assert not added, (
            f"this test listens to the reused tab's events {sorted(added)}: give it a context of its own "
            "(browser.new_context), which its end closes with its listeners (tests/reused_tab.py)"
        )

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
