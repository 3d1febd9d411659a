"""A contribution cannot run code in a reader's browser (issue 17): the build refuses active content in pages and
data with file and line (codex/mistakes/active_content.py), every built page carries a content security policy
(codex/publish/content_policy.py), and in Chromium the features work under it (every page of both languages is
visited under the policy in tests/test_subpath.py) and a script slipped into a built page does not run."""

from __future__ import annotations

import base64
import hashlib
import re
import shutil

import pytest
from bs4 import BeautifulSoup

from codex.data.errors import DataErrors
from codex.mistakes.active_content import page_active_content
from codex.mistakes.data_checks import load_checked
from codex.publish.content_policy import policy, script_hashes, with_content_policy
from tests.audit_pages import VIOLATIONS_JS
from tests.conftest import LANGS
from tests.data_fixtures import GOOD_TABLE, data_dir_with
from tests.site_server import serve


@pytest.mark.parametrize(
    "written, message",
    [
        ("<script>alert(1)</script>", "the page holds a <script> tag"),
        ('<img src="x" onerror="alert(1)">', "the page holds a <img> tag"),
        (
            '<abbr title="x" onmouseover="alert(1)">X</abbr>',
            "the <abbr> tag carries the attribute onmouseover='alert(1)'",
        ),
        ("[click](javascript:alert(1))", "a link leads to the address 'javascript:alert(1'"),
        (
            "![pixel](data:image/svg+xml;base64,PHN2Zz4=)",
            "a link leads to the address 'data:image/svg+xml;base64,PHN2Zz4='",
        ),
        ("[ref]: javascript:alert(1)", "a link leads to the address 'javascript:alert(1)'"),
        ('## Title {: onclick="alert(1)" }', "an attribute list sets onclick="),
        ('<iframe src="https://example.org"></iframe>', "the page holds a <iframe> tag"),
        ("<style>body { display: none }</style>", "the page holds a <style> tag"),
        ("<form><button>Go</button></form>", "the page holds a <form> tag"),
    ],
)
def test_active_content_in_a_page_is_named_with_its_line(written, message):
    source = f"# Title\n\nSome text.\n{written}\n"
    problems = [str(p) for p in page_active_content(source, "docs/en/x.md", "en")]
    assert problems and problems[0].startswith(f"docs/en/x.md:4 [en]: {message}"), problems
    assert all(" Fix: " in p for p in problems)


def test_harmless_html_code_and_macros_pass():
    source = (
        '# Title\n\nPress <kbd>Tab</kbd>, read <abbr title="armour class">AC</abbr>, a <span lang="en">word</span>'
        "<br>\n`<script>` in code, {{ calculator('jump') }}, [a page](conditions.md#prone), <https://example.org>.\n"
        "```html\n<script>alert(1)</script>\n```\n## Heading {#anchor .class}\n"
    )
    assert page_active_content(source, "docs/en/x.md", "en") == []


@pytest.mark.parametrize(
    "text",
    ["Pierre javascript:alert(1)", "Pierre onmouseover=alert(1)", "Pierre style=color:red"],
)
def test_active_content_in_a_data_text_names_file_line_and_field(tmp_path, text):
    table = GOOD_TABLE.replace("{fr: Pierre, en: Stone}", f"{{fr: '{text}', en: Stone}}")
    with pytest.raises(DataErrors) as caught:
        load_checked(data_dir_with(tmp_path, {"tables/materials.yaml": table}))
    message = str(caught.value)
    assert "data/tables/materials.yaml:10: field 'rows[1].name.fr'" in message
    assert "expected plain words (no javascript: address, event handler or style)" in message and "Fix: " in message


def test_the_policy_lists_the_page_s_inline_scripts_by_hash_and_nothing_from_elsewhere():
    html = '<html><head><meta charset="utf-8"><script>var a = 1;</script><script src="x.js"></script></head></html>'
    page = with_content_policy(html)
    meta = BeautifulSoup(page, "html.parser").find("meta", attrs={"http-equiv": "Content-Security-Policy"})
    content = meta["content"]
    digest = base64.b64encode(hashlib.sha256(b"var a = 1;").digest()).decode()
    assert script_hashes(html) == [f"'sha256-{digest}'"] and f"'sha256-{digest}'" in content
    for directive in (
        "default-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'none'",
        "'wasm-unsafe-eval'",
    ):
        assert directive in content
    assert "unsafe-inline" not in content.split("style-src")[0]  # no inline script but the hashed ones
    assert page.index("Content-Security-Policy") < page.index("<script>")  # before any script
    assert "'unsafe-inline'" in policy(html, any_inline=True).split(";")[1]  # the folder build (see the module)


# -- the built site (a page or data text with active content stops the build: tests/test_contributor_mistakes.py)


@pytest.mark.site
def test_every_built_page_carries_the_policy(built_site):
    pages = [p for p in built_site.rglob("*.html")]
    assert len(pages) > 50
    for page in pages:
        soup = BeautifulSoup(page.read_text(encoding="utf-8"), "html.parser")
        meta = soup.find("meta", attrs={"http-equiv": "Content-Security-Policy"})
        assert meta is not None, page
        inline = [s for s in soup.find_all("script") if not s.get("src") and s.get("type") != "application/json"]
        hashes = set(re.findall(r"'sha256-[^']+'", meta["content"]))
        assert hashes == set(script_hashes(str(soup))) and len(hashes) <= len(inline), page


# -- in Chromium


@pytest.mark.parametrize("lang", LANGS)
def test_the_features_work_under_the_policy(browser, built_site, lang):
    """A calculator answering, the search finding a rule and the service worker registering, with the policy in
    force and no violation. (Every page of both languages is visited under the policy in tests/test_subpath.py.)"""
    with serve(built_site) as base:
        context = browser.new_context()
        context.add_init_script(VIOLATIONS_JS)
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        prefix = "/" if lang == "fr" else "/en/"
        page.goto(base + prefix + "movement/")
        form = page.locator("form.codex-calculator").first
        form.scroll_into_view_if_needed()
        form.and_(page.locator("[data-ready=true]")).wait_for(timeout=30000)  # the runtime ran in its worker
        violations = page.evaluate("window.__violations")
        page.goto(base + prefix)
        page.locator("input[name=query]").fill("fumble")
        page.wait_for_selector(".md-search-result__item", timeout=15000)
        assert page.evaluate("navigator.serviceWorker.getRegistrations().then(r => r.length)") >= 1
        violations += page.evaluate("window.__violations")
        context.close()
    assert violations == [] and errors == []


def test_a_script_slipped_into_a_built_page_does_not_run(browser, built_site, tmp_path):
    site = tmp_path / "site"
    shutil.copytree(built_site, site)
    target = site / "fumbles" / "index.html"
    html = target.read_text(encoding="utf-8")
    target.write_text(html.replace("</body>", "<script>window.__slipped = true</script></body>"), encoding="utf-8")
    with serve(site) as base:
        context = browser.new_context(service_workers="block")
        context.add_init_script(VIOLATIONS_JS)
        page = context.new_page()
        page.goto(base + "/fumbles/")
        page.wait_for_load_state("load")
        assert page.evaluate("window.__slipped") is None
        assert any(v.startswith("script-src") for v in page.evaluate("window.__violations"))
        context.close()
