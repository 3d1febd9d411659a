"""The pages the audits visit: every page of the site, and one sample page of each kind, in both languages.

A page kind is a page whose HTML is built differently: the home page, rules with tables from data, rules with a
calculator, the GM tools (every calculator), each combat tracker, a collection, the glossary, the open questions
index, a draft section, the GM screen, the rulebook (every rules page as a chapter), the data downloads, the 404
template. A sample of each catches what a kind adds.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from tests.conftest import LANGS, ROOT, built_path

DOCS = ROOT / "docs"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
# The language whose pages axe checks for colour contrast, per colour scheme. Colours come from the elements and
# styles a page uses, the same in both languages; the contrast rule is most of axe's time, so each scheme checks it
# in one language, and every other rule runs in both.
CONTRAST_CHECKED_IN = {"light": "fr", "dark": "en"}
# What the browser skips until it nears the view (content-visibility: auto: the rulebook's chapters) is not painted,
# and axe reads colours from what is painted at an element's place: the audit sees every part rendered, as a reader
# who scrolls to it does.
RENDER_EVERYTHING = "* { content-visibility: visible !important; }"
# Added to a page before its scripts: the content security policy's violations, each as a line, in window.__violations.
VIOLATIONS_JS = (
    "window.__violations = [];"
    "document.addEventListener('securitypolicyviolation', e => window.__violations.push("
    "e.violatedDirective + ' ' + e.blockedURI + ' ' + e.sourceFile + ':' + e.lineNumber))"
)

# kind -> docs path (or the built file name for the 404 template)
PAGE_KINDS: dict[str, str] = {
    "home": "index.md",
    "rules-with-tables": "size-and-cover.md",
    "rules-with-calculator": "movement.md",
    "gm-tools": "tools.md",
    "ip-tracker": "initiative-points/tracker.md",
    "round-tracker": "round-tracker.md",
    "collection": "conditions.md",
    "glossary": "glossary.md",
    "open-questions": "open-questions.md",
    "changes": "changes.md",
    "draft-section": "initiative-points/index.md",
    "gm-screen": "gm-screen.md",
    "rulebook": "rulebook.md",
    "data": "data.md",
    "404": "404.html",
}


def all_pages() -> list[str]:
    """Every Markdown page of the French docs (the English docs have the same paths, tests/test_build.py checks)."""
    return sorted(p.relative_to(DOCS / "fr").as_posix() for p in (DOCS / "fr").rglob("*.md"))


def url_path(page: str, lang: str) -> str:
    """'movement.md', 'en' -> '/en/movement/'; '404.html' -> '/404.html'."""
    prefix = "/" if lang == "fr" else f"/{lang}/"
    if page.endswith(".html"):
        return prefix + page
    built = built_path(page)
    return prefix + (built[: -len("index.html")] if built.endswith("index.html") else built)


def sample_urls() -> list[tuple[str, str, str]]:
    """(kind, lang, url path) for each page kind in each language."""
    return [(kind, lang, url_path(page, lang)) for kind, page in PAGE_KINDS.items() for lang in LANGS]


class InFlight:
    """The requests a tab (or, given `events`, its whole context: its service worker's too) has in flight, followed
    from its events, for a visit to wait until the network has rested for `QUIET` seconds: Playwright's "networkidle"
    waits 500 ms of rest at every page, most of a visit's time where a test visits every page (tests/test_subpath.py).
    No page asks for anything later (every page of both languages checked against "networkidle" and 0.7 s more)."""

    QUIET = 0.1

    def __init__(self, page, events=None) -> None:
        self.page = page
        self.events = events or page
        self.requests: set = set()
        self.last_event = time.monotonic()
        self.handlers = {"request": self.started, "requestfinished": self.ended, "requestfailed": self.ended}
        for event, handler in self.handlers.items():
            self.events.on(event, handler)

    def stop(self) -> None:
        """Follow the requests no more (the tab goes on to other visits)."""
        for event, handler in self.handlers.items():
            self.events.remove_listener(event, handler)

    def started(self, request) -> None:
        self.requests.add(request)
        self.last_event = time.monotonic()

    def ended(self, request) -> None:
        self.requests.discard(request)
        self.last_event = time.monotonic()

    def wait_until_quiet(self, timeout: float = 30) -> None:
        deadline = time.monotonic() + timeout
        while self.requests or time.monotonic() - self.last_event < self.QUIET:
            assert time.monotonic() < deadline, f"still loading: {sorted(r.url for r in self.requests)[:5]}"
            self.page.wait_for_timeout(25)  # the page's events are handled meanwhile


def wait_until_settled(page, network: bool = True) -> None:
    """Wait for the network to rest (if `network`) and, on a calculator or tracker page, for every form or tracker
    to be ready."""
    if network:
        page.wait_for_load_state("networkidle")
    if page.locator("form[data-calculator]").count():
        wait_for_calculators(page, timeout=20000)
    if page.locator("[data-tracker]").count():
        page.wait_for_function(ALL_TRACKERS_READY, timeout=30000)


# Functions, not expressions: the pages' content security policy refuses the eval() that Playwright needs for an
# expression.
ALL_TRACKERS_READY = """() => [...document.querySelectorAll('[data-tracker]')].every(
    (tracker) => tracker.dataset.ready === 'true' && !tracker.hasAttribute('aria-busy'))"""


ALL_FORMS_READY = """() => {
    const forms = [...document.querySelectorAll('form[data-calculator]')];
    return forms.length > 0 && forms.every((form) => form.dataset.ready === 'true');
}"""


def wait_for_calculators(page, timeout: float = 30000) -> None:
    """Bring each calculator form of the page into view in turn, as a reader who comes to it (which sets it up:
    codex-calculators.js), and wait until every form of the page is ready."""
    forms = page.locator("form[data-calculator]")
    for index in range(forms.count()):
        forms.nth(index).scroll_into_view_if_needed()
    page.wait_for_function(ALL_FORMS_READY, timeout=timeout)


@dataclass
class Visit:
    """What a page did: every address its tab (and the site's service worker) requested, the colour scheme the theme
    shows (data-md-color-scheme) and axe-core's violations (all of them: the audit leaves out the theme's own)."""

    requests: list[str]
    scheme: str
    violations: list[dict]


def visit(tab, url: str, network: bool = True, contrast: bool = True) -> Visit:
    """Open `url` in `tab`, wait for its calculators to be ready, run axe-core (without its color-contrast rule unless
    `contrast`); then, if `network`, wait for the network to rest (`InFlight`, the service worker's requests
    included), so that `requests` holds what the search worker, the page's scripts and the service worker asked for
    (usually already the case once axe is done).

    The audits visit their pages one after another in one tab per viewport and scheme: a fresh context would install
    the site's service worker, which fetches the whole site, at every visit, and a new tab costs a renderer process."""
    from axe_playwright_python.sync_playwright import Axe

    requests: list[str] = []

    def record(request) -> None:
        requests.append(request.url)

    in_flight = InFlight(tab, events=tab.context) if network else None
    tab.context.on("request", record)
    try:
        tab.goto(url)
        wait_until_settled(tab, network=False)
        scheme = tab.evaluate("document.body.getAttribute('data-md-color-scheme')")
        tab.add_style_tag(content=RENDER_EVERYTHING)
        # Only the violations' details: axe's details of what passed are large and slow to hand over.
        options = {"resultTypes": ["violations"], "rules": {"color-contrast": {"enabled": contrast}}}
        violations = Axe().run(tab, options=options).response["violations"]
        if in_flight:
            in_flight.wait_until_quiet()
    finally:
        tab.context.remove_listener("request", record)
        if in_flight:
            in_flight.stop()
    return Visit(requests, scheme, violations)


def theme_owned(violation: dict) -> bool:
    """True for the theme's own known violations, and only on the theme's own elements (DESIGN.md: color-contrast in
    the theme's footer)."""
    targets = [" ".join(map(str, node["target"])) for node in violation["nodes"]]
    if violation["id"] == "color-contrast":
        return all(".md-footer" in t or ".md-copyright" in t for t in targets)
    return False


def ours(violations: list[dict]) -> list[str]:
    """axe-core's violations but the theme's own, each as one line: rule, impact, first elements, help."""
    return [
        f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']][:4]} — {v['help']}"
        for v in violations
        if not theme_owned(v)
    ]
