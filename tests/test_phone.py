"""A phone (390 x 844): no page of either language scrolls sideways (wide tables scroll inside their own box),
calculators fit, tap targets are at least 44 px (measured here, on every page in tests/test_subpath.py's one visit
of each page); the palette toggle switches to the dark scheme. (Contrast in both
schemes: tests/test_axe_audit.py; screenshots to look at: tests/screenshots.py.)"""

from __future__ import annotations

import pytest

from tests.audit_pages import wait_until_settled

PHONE = {"width": 390, "height": 844}
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


@pytest.fixture
def phone(browser):
    def open_context(color_scheme: str = "light"):
        return browser.new_context(
            viewport=PHONE,
            device_scale_factor=1,
            is_mobile=True,
            has_touch=True,
            color_scheme=color_scheme,
            service_workers="block",  # it would fetch the whole site while the pages load; tests/test_offline.py
        )

    return open_context


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


def test_a_page_too_wide_for_a_phone_and_a_small_target_are_reported(site_url, phone):
    """The measure can fail: a table cell made wider than the screen and a link in a table shrunk below 44 px."""
    context = phone()
    page = context.new_page()
    page.goto(site_url + "/en/size-and-cover/")
    wait_until_settled(page, network=False)
    assert phone_problems(page) == []
    page.evaluate("""() => {
        document.querySelector('article p').style.width = '900px';
        const cell = [...document.querySelectorAll('article td')].find((td) => td.checkVisibility());
        cell.innerHTML = '<a href="#x" style="all:unset!important;font-size:6px!important">x</a>';
    }""")
    problems = phone_problems(page)
    context.close()
    assert any(p.endswith("px wide") for p in problems) and any(p.startswith("A. x is") for p in problems), problems


def test_palette_toggle_switches_to_the_dark_scheme(site_url, phone):
    context = phone("light")
    page = context.new_page()
    page.goto(site_url + "/en/")
    page.locator('label[for="__palette_1"]').click()
    assert page.evaluate("document.body.getAttribute('data-md-color-scheme')") == "slate"
    context.close()
