"""The built site in a real Chromium: pages load in both languages, the switcher keeps the page. (Search:
tests/test_search.py.)"""

from __future__ import annotations

import pytest

PAGE = "object-damage/"


@pytest.mark.parametrize("prefix, lang, heading", [("/", "fr", "Dommages aux objets"), ("/en/", "en", "Object damage")])
def test_page_loads_in_its_language(page, site_url, prefix, lang, heading):
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    response = page.goto(site_url + prefix + PAGE)
    assert response.ok
    assert page.locator("html").get_attribute("lang") == lang
    assert heading in page.locator("article h1").inner_text()
    assert page.locator('[data-table="materials"] tbody tr').count() == 8
    assert errors == []


@pytest.mark.parametrize("start, target_lang, expected", [("/", "en", "/en/" + PAGE), ("/en/", "fr", "/" + PAGE)])
def test_language_switcher_lands_on_the_same_page(page, site_url, start, target_lang, expected):
    page.goto(site_url + start + PAGE + "#materials")
    page.locator(".md-header__option .md-select button").hover()
    page.locator(f'.md-select__link[hreflang="{target_lang}"]').click()
    page.wait_for_load_state()
    assert page.url == site_url + expected
    assert page.locator("html").get_attribute("lang") == target_lang
