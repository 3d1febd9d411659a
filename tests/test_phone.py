"""A phone (390 x 844): no page of either language scrolls sideways (wide tables scroll inside their own box),
calculators fit, tap targets are at least 44 px; in the dark scheme, tables and calculators keep a readable contrast
(axe-core's color-contrast rule). Screenshots of every page are saved for a reader to look at."""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe

from tests.site_pages import site_pages

PHONE = {"width": 390, "height": 844}
MIN_TARGET = 44
# Tap targets checked: header controls, links in tables, links that start a list item, calculator controls (a check
# box through its label) and "details" toggles. Links inside running prose are not: their line sets their height.
TARGETS_JS = """(min) => {
  const seen = (e) => e.checkVisibility({opacityProperty: true, visibilityProperty: true}) && e.getClientRects().length;
  const picked = [
    ...document.querySelectorAll('.md-header .md-header__button, .md-content__button'),
    ...document.querySelectorAll('article td a, article th a, article li > a:first-child'),
    ...document.querySelectorAll('form.codex-calculator select, form.codex-calculator input:not([type=checkbox]), form.codex-calculator textarea, form.codex-calculator summary'),
    ...[...document.querySelectorAll('form.codex-calculator input[type=checkbox]')].map(b => b.labels[0]),
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
            viewport=PHONE, device_scale_factor=1, is_mobile=True, has_touch=True, color_scheme=color_scheme
        )

    return open_context


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_no_page_scrolls_sideways_and_targets_are_large(built_site, site_url, phone, tmp_path, lang):
    context = phone()
    page = context.new_page()
    problems = []
    for page_path in site_pages(lang):
        page.goto(site_url + page_path)
        widths = page.evaluate(WIDTH_JS)
        if widths["scroll"] > PHONE["width"]:
            problems.append(f"{page_path}: the page is {widths['scroll']} px wide")
        if any(right > PHONE["width"] for right in widths["calculators"]):
            problems.append(f"{page_path}: a calculator is wider than the screen")
        for target in page.evaluate(TARGETS_JS, MIN_TARGET):
            problems.append(f"{page_path}: {target['what']} is {target['width']:.0f}x{target['height']:.0f} px")
        page.screenshot(path=str(tmp_path / f"{lang}-{page_path.strip('/').replace('/', '_') or 'home'}.png"))
    context.close()
    assert problems == []


@pytest.mark.parametrize("page_path", ["/size-and-cover/", "/tools/", "/en/gm-screen/", "/en/tools/", "/data/"])
@pytest.mark.parametrize("scheme", ["dark", "light"])
def test_tables_and_calculators_keep_their_contrast(built_site, site_url, phone, page_path, scheme):
    context = phone(scheme)
    page = context.new_page()
    page.goto(site_url + page_path, wait_until="networkidle")
    expected = "slate" if scheme == "dark" else "default"
    assert page.evaluate("document.body.getAttribute('data-md-color-scheme')") == expected
    results = Axe().run(page, context={"include": [["article"]]}, options={"runOnly": ["color-contrast"]})
    context.close()
    failures = [
        (node["target"], node["any"][0]["message"]) for v in results.response["violations"] for node in v["nodes"]
    ]
    assert failures == []


def test_palette_toggle_switches_to_the_dark_scheme(built_site, site_url, phone):
    context = phone("light")
    page = context.new_page()
    page.goto(site_url + "/en/")
    page.locator('label[for="__palette_1"]').click()
    assert page.evaluate("document.body.getAttribute('data-md-color-scheme')") == "slate"
    context.close()
