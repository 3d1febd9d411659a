"""axe-core (shipped inside pip axe-playwright-python, no network) finds no accessibility violation, except the two
the theme owns (DESIGN.md): aria-dialog-name on the search dialog, and color-contrast in the theme's footer.

Audited: one page of each kind (tests/audit_pages.py) in both languages, on a phone in the light scheme and on a
desktop in the dark scheme. A kind's template, macros and styles are what axe can find wrong; within a kind, pages
differ by their content, and the rulebook holds every rules page's content as its chapters: its phone audit covers
each page's own content (in the dark scheme the other kinds stand for it: the same elements and styles). The markup
of every page: the Nu validator (tests/test_html_validity.py)."""

from __future__ import annotations

import pytest

from tests.audit_pages import DESKTOP, sample_urls, visit


def theme_owned(violation: dict) -> bool:
    """True for the theme's own known violations, and only on the theme's own elements."""
    targets = [" ".join(map(str, node["target"])) for node in violation["nodes"]]
    if violation["id"] == "aria-dialog-name":
        return all(".md-search" in t for t in targets)
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
    visited = phone_visits(path)
    assert visited.scheme == "default", "the light scheme was not shown"
    assert ours(visited.violations) == []


@pytest.mark.parametrize("kind, lang, path", [url for url in sample_urls() if url[0] != "rulebook"])
def test_no_accessibility_violation_on_a_desktop_in_dark_mode(browser, site_url, kind, lang, path):
    visited = visit(browser, site_url + path, DESKTOP, "dark")
    assert visited.scheme == "slate", "the theme did not follow the reader's dark scheme"
    assert ours(visited.violations) == []


def test_the_allow_list_lets_nothing_else_through():
    """The filter keeps a violation of ours, even one with a theme-owned rule id."""
    of_ours = {"id": "color-contrast", "nodes": [{"target": [".codex-output > dt"]}]}
    theirs = {"id": "color-contrast", "nodes": [{"target": [".md-footer-meta .md-copyright"]}]}
    assert not theme_owned(of_ours) and theme_owned(theirs)
    assert not theme_owned({"id": "link-in-text-block", "nodes": [{"target": [".md-footer a"]}]})
