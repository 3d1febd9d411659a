"""`mkdocs serve` as a contributor uses it (issue 23): an edit of a data value shows in the open tabs of both
languages by themselves, and the served pages' content security policy lets MkDocs' live-reload script run (the
published site's policy lists its inline scripts by hash: tests/test_content_policy.py)."""

from __future__ import annotations

import importlib
import shutil
import sys
from pathlib import Path

import pytest
from mkdocs.commands.build import build
from mkdocs.config import load_config

from codex.components.registry import forget_components
from tests.audit_pages import VIOLATIONS_JS
from tests.conftest import ROOT, copy_project
from tests.live_serve import SHOWN_CELL, SHOWN_ON, served, set_stone_hit_points

pytestmark = pytest.mark.site  # builds the site (under mkdocs serve)

CELL_READS = "([selector, value]) => document.querySelector(selector)?.textContent.trim() === value"


def test_an_edited_table_value_shows_in_the_open_tabs_by_itself(browser, tmp_path):
    project = copy_project(tmp_path)
    with served(project) as server:
        context = browser.new_context(service_workers="block")
        context.add_init_script(VIOLATIONS_JS)
        tabs = {}
        for lang, path in SHOWN_ON.items():
            tabs[lang] = context.new_page()
            tabs[lang].goto(server.url + path)
            assert tabs[lang].locator(SHOWN_CELL).inner_text().strip() == "90"
        set_stone_hit_points(project, 93)
        for lang, tab in tabs.items():
            tab.wait_for_function(CELL_READS, arg=[SHOWN_CELL, "93"], timeout=60000)
            assert tab.evaluate("window.__violations") == [], lang
        context.close()


BREATH_RULE = 'return constitution + endurance * rules["endurance-per-rank"] + swim_bonus'


def serve_build(project: Path, site: Path) -> frozenset[str] | None:
    """One build as `mkdocs serve` makes it (codex/adapter/serve.py); the French pages it read again (None: every
    page). The English build, forked, decides for itself."""
    config = load_config(config_file=str(project / "mkdocs.yml"), site_dir=str(site))
    config.plugins.on_startup(command="serve", dirty=False)
    plan = config.plugins["codex"].serve_plan(config)
    build(config, dirty=plan.incremental)
    return plan.pages


def site_files(site: Path) -> dict[str, bytes]:
    return {p.relative_to(site).as_posix(): p.read_bytes() for p in sorted(site.rglob("*")) if p.is_file()}


def test_a_served_site_after_edits_is_the_full_build_of_the_same_tree(tmp_path, monkeypatch):
    """A value, a page's words, a calculator's code and a link in a data text edited under serve: each rebuild reads
    only the pages the edit touches, shows the edit, and leaves the site a full build of the edited tree makes, byte
    for byte (the pages not written again included)."""
    project = copy_project(tmp_path)
    shutil.copytree(ROOT / "calculators", project / "calculators", ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.syspath_prepend(str(project))  # the copy's rules code, which the test edits
    monkeypatch.delitem(sys.modules, "calculators")
    importlib.import_module("calculators")
    forget_components()
    served = tmp_path / "served"
    try:
        assert serve_build(project, served) is None  # the first build reads every page
        object_damage = served / "en" / "object-damage" / "index.html"

        set_stone_hit_points(project, 93)
        touched = serve_build(project, served)
        assert touched is not None and "object-damage.md" in touched and "conditions.md" not in touched
        assert ">93<" in object_damage.read_text(encoding="utf-8")

        page = project / "docs" / "en" / "object-damage.md"
        page.write_text(page.read_text(encoding="utf-8") + "\nA word from the bench.\n", encoding="utf-8")
        assert serve_build(project, served) == set()  # the French pages: none to read again
        assert "A word from the bench." in object_damage.read_text(encoding="utf-8")

        underwater = served / "en" / "underwater" / "index.html"
        before = underwater.read_text(encoding="utf-8")
        rule = project / "calculators" / "breath.py"
        assert BREATH_RULE in rule.read_text(encoding="utf-8"), "calculators/breath.py no longer has the rule edited"
        rule.write_text(rule.read_text(encoding="utf-8").replace(BREATH_RULE, BREATH_RULE + " + 5"), encoding="utf-8")
        touched = serve_build(project, served)
        assert touched is not None and "underwater.md" in touched and "conditions.md" not in touched
        assert underwater.read_text(encoding="utf-8") != before  # the reference table computed by the edited code

        conditions = served / "en" / "conditions" / "index.html"
        before = conditions.read_text(encoding="utf-8")
        fumbles = project / "data" / "tables" / "fumbles.yaml"
        linked = "knocked [[condition:unconscious|unconscious]]"
        assert linked in fumbles.read_text(encoding="utf-8"), "data/tables/fumbles.yaml no longer has the link edited"
        fumbles.write_text(fumbles.read_text(encoding="utf-8").replace(linked, "knocked unconscious"), encoding="utf-8")
        touched = serve_build(project, served)
        assert touched is not None and "conditions.md" not in touched  # not read again, but its lists written again
        assert conditions.read_text(encoding="utf-8") != before  # its "linked from" list lost the fumbles page

        full = tmp_path / "full"
        serve_build(project, full)  # another site folder: no kept build, every page
        served_files, full_files = site_files(served), site_files(full)
        assert served_files.keys() == full_files.keys()
        differ = [name for name in full_files if served_files[name] != full_files[name]]
        assert differ == [], f"the served site differs from a full build in {differ[:10]}"

        # code the engine holds by name (calc_common's Context, in the render modules): serve starts again
        common = project / "calculators" / "calc_common.py"
        common.write_text(common.read_text(encoding="utf-8") + "\n", encoding="utf-8")
        config = load_config(config_file=str(project / "mkdocs.yml"), site_dir=str(served))
        assert config.plugins["codex"].serve_plan(config).engine_changed
    finally:
        monkeypatch.undo()  # the project's own package
        forget_components()  # and its modules, for the next tests
