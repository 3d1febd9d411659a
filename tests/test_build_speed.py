"""What makes the build fast must not change what it builds: the dataset loaded once and reloaded on a change, the
glossary forms found as before, compiled templates never shared between different environments, the first
paragraph read without a tree, and the other languages built in turn when asked. (The figures are in BENCHMARKS.md,
"Build"; a whole-site build is compared by tests/test_reproducible_build.py and tools/compare_sites.py.)"""

from __future__ import annotations

import gc
import shutil
from pathlib import Path

import pytest
from jinja2 import Environment, FileSystemLoader

from codex.adapter.other_languages import IN_TURN, side_by_side
from codex.adapter.plugin import CodexPlugin
from codex.build_gc import pause_collector, resume_collector
from codex.data.errors import DataErrors
from codex.data.loading import load_dataset, load_dataset_once
from codex.mistakes.data_checks import load_checked
from codex.render.page_meta import first_paragraph
from codex.render.template_cache import TemplateCodeCache, cache_compiled_templates
from codex.render.tooltips import used_forms

ROOT = Path(__file__).resolve().parents[1]


def test_the_dataset_is_loaded_once_and_again_when_a_file_changes(tmp_path):
    data = tmp_path / "data"
    shutil.copytree(ROOT / "data", data, ignore=shutil.ignore_patterns("seeds"))
    first = load_dataset_once(data)
    assert load_dataset_once(data) is first
    glossary = data / "glossary.yaml"
    glossary.write_text(glossary.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    assert load_dataset_once(data) is not first


def test_an_edit_of_one_data_file_parses_and_validates_that_file_alone(tmp_path):
    """Under `mkdocs serve`, an edit of a value loads that file again; the others' parse and validation are reused,
    and the checks across files run on the whole (a reference broken by the edit is still found)."""
    data = tmp_path / "data"
    shutil.copytree(ROOT / "data", data, ignore=shutil.ignore_patterns("seeds"))
    before = {doc.path.name: doc for doc in load_dataset(data).documents}
    materials = data / "tables" / "materials.yaml"
    materials.write_text(materials.read_text(encoding="utf-8").replace("hp_thick: 90}", "hp_thick: 93}"), "utf-8")
    after = {doc.path.name: doc for doc in load_dataset(data).documents}
    assert after.keys() == before.keys()
    assert [name for name in after if after[name] is not before[name]] == ["materials.yaml"]
    stone = next(row for row in after["materials.yaml"].content["rows"] if row["id"] == "stone")
    assert stone["hp_thick"] == 93
    conditions = data / "conditions.yaml"
    conditions.write_text(conditions.read_text(encoding="utf-8").replace("id: prone", "id: lying-prone"), "utf-8")
    with pytest.raises(DataErrors, match="prone"):  # the wiki links and references to it no longer lead anywhere
        load_checked(data)


def test_the_longest_form_wins_and_absent_forms_are_not_declared():
    definitions = {"attack roll": "a", "roll": "b", "parry": "c"}
    assert used_forms("An attack roll, then another attack roll.", definitions) == ["attack roll"]
    assert used_forms("A roll after the attack roll.", definitions) == ["attack roll", "roll"]
    assert used_forms("Nothing here.", definitions) == []


def test_compiled_templates_are_keyed_on_the_environment_settings():
    plain, trimmed = Environment(), Environment(trim_blocks=True)
    assert TemplateCodeCache(plain).get_cache_key("page.html") != TemplateCodeCache(trimmed).get_cache_key("page.html")
    assert TemplateCodeCache(plain).get_cache_key("page.html") == TemplateCodeCache(Environment()).get_cache_key(
        "page.html"
    )


def test_a_cached_template_renders_as_a_compiled_one(tmp_path):
    (tmp_path / "t.html").write_text("{% for x in xs %}\n{{ x }}\n{% endfor %}", encoding="utf-8")
    fresh = Environment(loader=FileSystemLoader(tmp_path), trim_blocks=True)
    cached = [cache_compiled_templates(Environment(loader=FileSystemLoader(tmp_path), trim_blocks=True)) for _ in "ab"]
    assert {env.get_template("t.html").render(xs=[1, 2]) for env in [fresh, *cached]} == {"1\n2\n"}


@pytest.mark.parametrize(
    ("html", "first"),
    [
        ("<p>a<p>b</p>c</p>", "abc"),  # an unclosed paragraph holds the next, as BeautifulSoup reads it
        ("<p>unclosed <b>bold", "unclosed bold"),
        ("<p>a<br>b<img src=x>c</p>", "abc"),
        ("<details><summary>s</summary><p>d</p></details><p>out</p>", "out"),
        ("<p>a<script>x</script>b</p>", "ab"),
        ("</p><p>x</p>", "x"),
    ],
)
def test_the_first_paragraph_is_read_as_a_parsed_tree_gives_it(html, first):
    assert first_paragraph(html) == first


def test_the_other_languages_build_in_turn_when_asked(monkeypatch):
    monkeypatch.setenv(IN_TURN, "1")
    assert not side_by_side()


def test_the_collector_pauses_for_the_build_and_runs_again_after_it_or_after_a_failure():
    assert gc.isenabled()
    pause_collector()
    assert not gc.isenabled()
    resume_collector()
    assert gc.isenabled()
    plugin = CodexPlugin()
    plugin.load_config({})
    pause_collector()
    plugin.on_build_error(RuntimeError("a page failed"))
    assert gc.isenabled()


def test_the_collector_stays_paused_when_something_else_paused_it():
    gc.disable()
    try:
        pause_collector()
        resume_collector()
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_the_objects_are_frozen_when_the_command_ends():
    """Python's last collection on the way out then spares them (codex/build_gc.py, before_exit)."""
    plugin = CodexPlugin()
    plugin.load_config({})
    try:
        plugin.on_shutdown()
        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()
