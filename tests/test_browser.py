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


def switch_language(page, target_lang: str) -> None:
    page.locator(".md-header__option .md-select button").hover()
    page.locator(f'.md-select__link[hreflang="{target_lang}"]').click()
    page.wait_for_load_state()


@pytest.mark.parametrize("start, target_lang, expected", [("/", "en", "/en/" + PAGE), ("/en/", "fr", "/" + PAGE)])
def test_language_switcher_lands_on_the_same_page_and_section(page, site_url, start, target_lang, expected):
    """The address's anchor is kept, both ways (both languages share their anchors)."""
    page.goto(site_url + start + PAGE + "#materials")
    switch_language(page, target_lang)
    assert page.url == site_url + expected + "#materials"
    assert page.locator("html").get_attribute("lang") == target_lang


@pytest.mark.parametrize("start, target_lang", [("/", "en"), ("/en/", "fr")])
def test_language_switcher_keeps_the_section_being_read(page, site_url, start, target_lang):
    """Without an anchor in the address, the section whose heading the reader has scrolled past is kept; at the
    page's top, none. (The link is written as the pointer comes down on it; read here without clicking, as a click
    on the switcher's menu may scroll the page.)"""
    page.goto(site_url + start + "movement/")
    page.wait_for_load_state("networkidle")  # fonts and forms in: the headings stay where they are
    anchor = page.locator("article h2[id]").nth(1).get_attribute("id")
    link = page.locator(f'.md-select__link[hreflang="{target_lang}"]')
    link.dispatch_event("pointerdown")
    assert link.get_attribute("href").endswith("movement/")  # at the top: the page itself
    page.evaluate("id => scrollBy(0, document.getElementById(id).getBoundingClientRect().top - 20)", anchor)
    link.dispatch_event("pointerdown")
    target = site_url + ("/en/" if target_lang == "en" else "/") + f"movement/#{anchor}"
    assert link.get_attribute("href") == target
    page.goto(target)  # the other language's page has that section
    assert page.locator(f'[id="{anchor}"]').is_visible()
