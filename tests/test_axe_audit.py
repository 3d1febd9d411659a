"""axe-core (shipped inside pip axe-playwright-python, no network) finds no accessibility violation, except the one
the theme owns (DESIGN.md): color-contrast in the theme's footer. (The theme's search dialog has its name from our
override, docs/overrides/partials/search.html.)

Audited: one page of each kind (tests/audit_pages.py) on a phone in the light scheme, in both languages, and each
kind but the rulebook on a desktop in the dark scheme, in English. A kind's template, macros and styles are what axe
can find wrong; within a kind pages differ by their content, and the rulebook holds every rules page's content as
its chapters, so its audit covers each page's own. Colour contrast, most of axe's time, depends on the elements and
styles, not on the language: it is checked in French in the light scheme and in English in the dark one
(audit_pages.CONTRAST_CHECKED_IN). The markup of every page: the Nu validator (tests/test_html_validity.py)."""

from __future__ import annotations

import pytest

from tests.audit_pages import CONTRAST_CHECKED_IN, DESKTOP, sample_urls, visit

DARK_AUDIT = CONTRAST_CHECKED_IN["dark"]  # the language of the desktop audit in the dark scheme


def theme_owned(violation: dict) -> bool:
    """True for the theme's own known violations, and only on the theme's own elements."""
    targets = [" ".join(map(str, node["target"])) for node in violation["nodes"]]
    if violation["id"] == "color-contrast":
        return all(".md-footer" in t or ".md-copyright" in t for t in targets)
    return False


def ours(violations: list[dict]) -> list[str]:
    return [
        f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']][:4]} — {v['help']}"
        for v in violations
        if not theme_owned(v)
    ]


@pytest.mark.parametrize("kind, lang, path", sample_urls())
def test_no_accessibility_violation_on_a_phone(phone_visits, kind, lang, path):
    visited = phone_visits(lang, path)
    assert visited.scheme == "default", "the light scheme was not shown"
    assert ours(visited.violations) == []


@pytest.fixture(scope="module")
def dark_desktop(browser):
    """One context for the dark desktop audit; no service worker (its requests are the phone visits' concern)."""
    context = browser.new_context(viewport=DESKTOP, color_scheme="dark", service_workers="block")
    yield context
    context.close()


@pytest.mark.parametrize(
    "kind, path", [(k, p) for k, lang, p in sample_urls() if lang == DARK_AUDIT and k != "rulebook"]
)
def test_no_accessibility_violation_on_a_desktop_in_dark_mode(dark_desktop, site_url, kind, path):
    visited = visit(dark_desktop, site_url + path, network=False)
    assert visited.scheme == "slate", "the theme did not follow the reader's dark scheme"
    assert ours(visited.violations) == []


def test_the_allow_list_lets_nothing_else_through():
    """The filter keeps a violation of ours, even one with a theme-owned rule id."""
    of_ours = {"id": "color-contrast", "nodes": [{"target": [".codex-output > dt"]}]}
    theirs = {"id": "color-contrast", "nodes": [{"target": [".md-footer-meta .md-copyright"]}]}
    assert not theme_owned(of_ours) and theme_owned(theirs)
    assert not theme_owned({"id": "link-in-text-block", "nodes": [{"target": [".md-footer a"]}]})
