"""`mkdocs serve` after an edit of the engine (codex/adapter/serve.py, `restart`): a running build cannot swap the
plugin and the functions it holds, so serve starts again in its process, on the same address, with the edited code."""

from __future__ import annotations

import shutil
import time
import urllib.request

import pytest

from tests.conftest import ROOT, copy_project
from tests.live_serve import served

pytestmark = pytest.mark.site  # builds the site (under mkdocs serve), twice

ENGINE_MODULE = "codex/render/tables.py"  # every table of the object damage page is written by its render_table
MARK = "<!-- an edit of the engine -->"
EDIT = f"""

_render_table = render_table


def render_table(*args, **kwargs):  # the edit: every table followed by a mark
    from markupsafe import Markup

    return _render_table(*args, **kwargs) + Markup("{MARK}")
"""


def page_text(url: str) -> str:
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return response.read().decode("utf-8")
    except OSError:  # the server is starting again
        return ""


def test_an_edit_of_the_engine_starts_serve_again_with_the_edited_code(tmp_path):
    project = copy_project(tmp_path)
    for package in ("codex", "calculators"):  # the engine serve imports: the copy's (python -m puts it first)
        shutil.copytree(ROOT / package, project / package, ignore=shutil.ignore_patterns("__pycache__"))
    with served(project) as server:
        url = server.url + "en/object-damage/"
        assert MARK not in page_text(url)
        module = project / ENGINE_MODULE
        module.write_text(module.read_text(encoding="utf-8") + EDIT, encoding="utf-8")
        deadline = time.monotonic() + 60
        while MARK not in page_text(url) and time.monotonic() < deadline:
            time.sleep(0.5)
        assert MARK in page_text(url), "the served page never showed the engine's edit:\n" + server.output()[-3000:]
        assert "The engine changed: serve starts again" in server.output()
