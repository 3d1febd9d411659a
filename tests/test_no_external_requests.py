"""A reader's browser asks nothing of any host but the site's own: no font, CDN, analytics or repository API
(the theme's repository widget would ask api.github.com; docs/overrides/partials/source.html turns that off)."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest

from tests.audit_pages import sample_urls, wait_until_settled


@pytest.mark.parametrize("kind, lang, path", sample_urls())
def test_a_page_requests_only_the_site_itself(browser, site_url, kind, lang, path):
    site_host = urlsplit(site_url).netloc
    context = browser.new_context(viewport={"width": 390, "height": 844})
    requested: list[str] = []
    context.on("request", lambda request: requested.append(request.url))
    page = context.new_page()
    try:
        page.goto(site_url + path)
        wait_until_settled(page)  # the search worker and its index load with the page
    finally:
        context.close()
    elsewhere = [u for u in requested if urlsplit(u).scheme not in ("data", "blob") and urlsplit(u).netloc != site_host]
    assert requested and elsewhere == []
