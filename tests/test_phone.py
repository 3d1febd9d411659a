"""A phone (390 x 844): no page of either language scrolls sideways (wide tables scroll inside their own box),
calculators fit, tap targets are at least 44 px (measured here, on every page in tests/test_subpath.py's one visit
of each page); the palette toggle switches to the dark scheme. (Contrast in both
schemes: tests/test_axe_audit.py; screenshots to look at: tests/screenshots.py.)"""

from __future__ import annotations

import pytest

from tests.audit_pages import PHONE, wait_until_settled
from tests.phone_measure import phone_problems


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
