"""What on a page in view is wider than a phone's screen or too small to tap: tests/test_phone.py shows it caught,
tests/test_subpath.py measures every page of both languages with it, tests/test_tracker_browser.py the trackers."""

from __future__ import annotations

from tests.audit_pages import PHONE

MIN_TARGET = 44
# Tap targets checked: header controls, links in tables, links that start a list item, calculator and tracker controls
# (a check box or radio button through its label) and "details" toggles. Links inside running prose are not: their line sets their height
# (WCAG 2.5.8's inline exception); nor are wiki links, which sit inside a sentence even in a table cell or a list item.
TARGETS_JS = """(min) => {
  const seen = (e) => e.checkVisibility({opacityProperty: true, visibilityProperty: true}) && e.getClientRects().length;
  const picked = [
    ...document.querySelectorAll('.md-header .md-header__button, .md-content__button'),
    ...document.querySelectorAll('article td a, article th a, article li > a:first-child').values().filter(a => !a.matches('.codex-wiki-link')),
    ...document.querySelectorAll('form.codex-calculator select, form.codex-calculator input:not([type=checkbox]), form.codex-calculator textarea, form.codex-calculator summary'),
    ...[...document.querySelectorAll('form.codex-calculator input[type=checkbox]')].map(b => b.labels[0]),
    ...document.querySelectorAll('.codex-tracker button, .codex-tracker input:not([type=checkbox]):not([type=radio]), .codex-tracker select, .codex-tracker textarea, .codex-tracker summary'),
    ...[...document.querySelectorAll('.codex-tracker input[type=checkbox], .codex-tracker input[type=radio]')].map(b => b.closest('label') || b.labels[0]),
  ];
  return picked.filter(seen).map(e => {
    const r = e.getBoundingClientRect();
    return {what: e.tagName + '.' + e.className + ' ' + (e.innerText || e.name || '').trim().slice(0, 30),
            width: r.width, height: r.height};
  }).filter(t => t.width < min || t.height < min);
}"""
WIDTH_JS = """() => ({
  scroll: document.documentElement.scrollWidth,
  calculators: [...document.querySelectorAll('form.codex-calculator')].map(f => f.getBoundingClientRect().right),
})"""


def phone_problems(page) -> list[str]:
    """What on the page in view, on a phone, is wider than the screen or too small to tap. Every page of both
    languages is measured this way in tests/test_subpath.py, in the one visit of each page the audits share."""
    problems = []
    widths = page.evaluate(WIDTH_JS)
    if widths["scroll"] > PHONE["width"]:
        problems.append(f"the page is {widths['scroll']} px wide")
    if any(right > PHONE["width"] for right in widths["calculators"]):
        problems.append("a calculator is wider than the screen")
    for target in page.evaluate(TARGETS_JS, MIN_TARGET):
        problems.append(f"{target['what']} is {target['width']:.0f}x{target['height']:.0f} px")
    return problems
