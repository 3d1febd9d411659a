"""A calculator is declared once: the engine finds the modules that hold a DECLARATION, checks them against their
data, and writes from them the forms, the reference tables, the GM tools page, the home page's list, the browser's
data and the rule constants that pages print. A new calculator needs its module, its data file, a page line and
its test, and nothing else."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from bs4 import BeautifulSoup

from codex.components.calculators import (
    CalculatorError,
    calculator_data,
    check_declarations,
    declarations,
    declared_modules,
    tools_order,
)
from codex.data.loading import Dataset
from codex.macros import UnknownDataId, make_page_macros
from codex.project.model import Project
from codex.render.calculator_forms import render_form
from codex.render.calculator_reference import render_reference
from codex.render.calculator_tools import calculator_page, heading_title, render_calculator_links, render_tools_sections
from tests.calculator_vectors import ROOT
from tests.project_data import project_dataset

DATASET = project_dataset()
DATA = calculator_data(DATASET)
CALCULATORS = list(declarations())


def test_the_calculators_are_found_by_their_declarations():
    declaring = [p for p in sorted((ROOT / "calculators").glob("*.py")) if "\nDECLARATION = {" in p.read_text("utf-8")]
    assert CALCULATORS == sorted(p.stem.replace("_", "-") for p in declaring)
    assert {"jump", "breath", "object-damage", "initiative", "initiative-points"} <= set(CALCULATORS)
    for calculator_id, module in declared_modules().items():
        assert module.__name__ == "calculators." + calculator_id.replace("-", "_")
    order = tools_order(DATASET)
    positions = [DATA[calculator_id]["tools"]["position"] for calculator_id in order]
    assert sorted(order) == CALCULATORS and positions == sorted(set(positions))  # each place on the page once
    assert order[:5] == ["jump", "breath", "object-damage", "initiative", "initiative-points"]


def test_the_browser_gets_exactly_the_data_the_declarations_name():
    named = {"calculator-common"}
    for calculator_id, declared in declarations().items():
        named |= {calculator_id, *declared["tables"]}
    assert set(DATA) == named
    assert DATA["materials"] == DATASET.by_id("table.schema.json")["materials"]


def test_a_declaration_that_does_not_fit_its_data_is_named():
    documents = [d for d in DATASET.documents if d.content.get("id") != "breath"]
    jump = next(d for d in documents if d.content.get("id") == "jump")
    labels = {k: v for k, v in jump.content["labels"].items() if k != "tumbling"}
    jump_without_label = type(jump)(jump.path, jump.schema, {**jump.content, "labels": labels})
    broken = Dataset(DATASET.root, [jump_without_label if d is jump else d for d in documents])
    with pytest.raises(CalculatorError) as caught:
        check_declarations(broken)
    message = str(caught.value)
    assert "no data/calculators file with id 'breath'" in message
    assert "'tumbling' has no label in data/calculators/jump.yaml" in message


def names(spec: dict) -> list[str]:
    """The names of an input's controls: its name, or for `checkboxes` the id of each row of its table."""
    if spec["kind"] == "checkboxes":
        return [row["id"] for row in DATA[spec["table"]]["rows"]]
    return [spec["name"]]


@pytest.mark.parametrize("calculator_id", CALCULATORS)
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_form_follows_the_contract_and_the_declaration(calculator_id, lang):
    declared = declarations()[calculator_id]
    form = BeautifulSoup(str(render_form(calculator_id, DATA, lang)), "html.parser").form
    assert form["data-calculator"] == calculator_id and form["data-lang"] == lang and form["data-failed"]
    assert [e["name"] for e in form.select("[name]")] == [name for spec in declared["inputs"] for name in names(spec)]
    assert [dd["data-output"] for dd in form.select("dd[data-output]")] == declared["outputs"]
    assert all(dd["data-value"] == "" for dd in form.select("dd[data-output]"))
    for area in ("status", "error", "table", "notes", "working"):
        assert form.select_one(f'[data-output="{area}"]') is not None, area
    for label in form.select("label"):
        assert label.get_text().strip() and form.select_one(f"#{label['for']}") is not None
    unfilled = re.findall(r"\{[a-z][a-z0-9-]*\}", form.get_text(" "))
    assert unfilled == [], f"placeholders no constant or input fills: {unfilled}"
    for spec in declared["inputs"]:
        control = form.select_one(f'[name="{spec["name"]}"]')
        if spec["kind"] == "integer":
            assert control["inputmode"] == "numeric" and control["value"] == str(spec["default"])
        if spec["kind"] == "choice":
            assert control.select_one("option[selected]")["value"] == spec["default"]


def test_a_label_prints_its_input_range_and_the_rule_constants():
    fr = BeautifulSoup(str(render_form("jump", DATA, "fr")), "html.parser")
    assert fr.select_one('label[for="calc-jump-tumbling"]').get_text() == "Rangs de Tumbling/Acrobatics (0–6)"
    assert fr.select_one('label[for="calc-jump-run_up"]').get_text() == "Élan de 20 pieds ou plus"


def test_reference_tables_and_their_compact_variant():
    for calculator_id, declared in declarations().items():
        if declared["reference"] is None:
            with pytest.raises(CalculatorError):
                render_reference(calculator_id, DATA, "en")
            continue
        table = BeautifulSoup(str(render_reference(calculator_id, DATA, "fr")), "html.parser")
        assert table.div["data-reference"] == calculator_id and table.select("tbody tr th[scope=row]")
    compact = BeautifulSoup(str(render_reference("breath", DATA, "en", compact=True)), "html.parser")
    assert [th.get_text() for th in compact.select("thead th")][:3] == ["Constitution", "None", "0"]
    with pytest.raises(CalculatorError):
        render_reference("jump", DATA, "en", compact=True)
    never = BeautifulSoup(str(render_reference("object-damage", DATA, "fr")), "html.parser")
    assert "jamais" in [td.get_text() for td in never.select("td")]


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_gm_tools_page_has_a_section_per_calculator(lang):
    docs = ROOT / "docs" / lang
    markdown = render_tools_sections(DATASET, DATA, lang, docs)
    headings = [line for line in markdown.splitlines() if line.startswith("## ")]
    assert [h.rsplit("{#", 1)[1].rstrip("}") for h in headings] == tools_order(DATASET)
    for calculator_id in tools_order(DATASET):
        declared = declarations()[calculator_id]
        if "intro" not in DATA[calculator_id]["tools"]:
            assert f"[{heading_title(docs, declared['rule'])}]({declared['rule']})" in markdown
    assert markdown.count("<form ") == len(CALCULATORS)
    assert markdown.count('data-reference="') == sum(1 for d in declarations().values() if d["reference"])


def test_a_rule_link_reads_as_the_rule_heading():
    assert heading_title(ROOT / "docs" / "fr", "movement.md#jumping") == "Sauter"
    assert heading_title(ROOT / "docs" / "en", "object-damage.md") == "Object damage"
    with pytest.raises(ValueError):
        heading_title(ROOT / "docs" / "en", "movement.md#no-such-anchor")


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_home_page_lists_every_calculator_where_a_rules_page_shows_it(lang):
    docs = ROOT / "docs" / lang
    links = render_calculator_links(DATASET, lang, docs).splitlines()
    assert len(links) == len(CALCULATORS)
    for calculator_id, line in zip(tools_order(DATASET), links, strict=True):
        page, _, anchor = calculator_page(calculator_id, docs).partition("#")
        assert line.endswith(f"({page}#{anchor})")
        text = (docs / page).read_text(encoding="utf-8")
        assert f"calculator('{calculator_id}')" in text and f"{{#{anchor}}}" in text


def test_pages_print_the_rule_constants_with_constant():
    for lang in ("fr", "en"):
        constant = make_page_macros(Project.of(DATASET, lang, ROOT / "docs" / lang))["constant"]
        assert constant("jump", "vertical-multiplier") == "4"
        assert constant("initiative-points", "round-pi") == "20"
        with pytest.raises(UnknownDataId, match="calculator 'jump' has no constant 'no-such-constant'"):
            constant("jump", "no-such-constant")


def test_every_constant_says_where_it_comes_from_and_is_used():
    sources = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "calculators").glob("*.py"))
    texts = json.dumps(DATA, ensure_ascii=False)
    for calculator_id in CALCULATORS:
        for constant in DATA[calculator_id].get("constants", []):
            assert constant["comment"].strip()
            used = f'"{constant["id"]}"' in sources or "{" + constant["id"] + "}" in texts
            assert used, f"{calculator_id}: constant {constant['id']} is neither read by the code nor printed"


NEW_MODULE = '''
"""A toy calculator, to show that a module and its data file are all a calculator needs."""

from calculators.calc_common import Context, InputError, ok_result, output, read_form

DECLARATION = {
    "id": "double-jump",
    "rule": "movement.md#jumping",
    "tables": [],
    "inputs": [{"name": "distance", "kind": "integer", "min": 1, "max": 10, "default": 3}],
    "outputs": ["total"],
    "reference": None,
}


def calculate(form, data, lang):
    ctx = Context(data, DECLARATION["id"], lang)
    try:
        ctx.require(DECLARATION)
        values = read_form(DECLARATION, form, ctx)
    except InputError as exc:
        return exc.result
    total = values["distance"] * ctx.constant("factor")
    return ok_result({"total": output(total, str(total))}, [ctx.text("line", [("total", str(total))])])
'''
NEW_DATA = """# yaml-language-server: $schema=../schemas/calculator.schema.json
id: double-jump
title: {fr: Double saut, en: Double jump}
tools:
  position: 6
  heading: {fr: Double saut, en: Double jump}
labels:
  distance: {fr: Distance, en: Distance}
  total: {fr: Total, en: Total}
texts:
  line: {fr: "Total × {factor} = {total}", en: "Total × {factor} = {total}"}
constants:
  - {id: factor, value: 2, comment: a toy rule}
"""
# The copy of the package must win over the installed one (an editable install finds `calculators` first).
CHECK = """
import importlib.util, json, sys
from pathlib import Path
package = Path(sys.argv[1]) / "calculators"
spec = importlib.util.spec_from_file_location(
    "calculators", package / "__init__.py", submodule_search_locations=[str(package)]
)
sys.modules["calculators"] = importlib.util.module_from_spec(spec)
spec.loader.exec_module(sys.modules["calculators"])
from calculators import page_glue
from codex.components.calculators import calculator_data, declarations
from codex.data.loading import load_dataset
from codex.render.calculator_tools import render_tools_sections
root = Path(sys.argv[1])
dataset = load_dataset(root / "data")
data = calculator_data(dataset)
print(json.dumps({
    "declared": list(declarations()),
    "answer": page_glue.run("double-jump", {"distance": "4"}, data, "en"),
    "tools": render_tools_sections(dataset, data, "en", Path(sys.argv[2])).count("## Double jump {#double-jump}"),
}))
"""


def test_a_new_calculator_needs_only_its_module_and_its_data_file(tmp_path):
    shutil.copytree(ROOT / "calculators", tmp_path / "calculators", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(ROOT / "data", tmp_path / "data")
    (tmp_path / "calculators" / "double_jump.py").write_text(textwrap.dedent(NEW_MODULE), encoding="utf-8")
    (tmp_path / "data" / "calculators" / "double-jump.yaml").write_text(NEW_DATA, encoding="utf-8")
    result = subprocess.run(
        [sys.executable, "-c", CHECK, str(tmp_path), str(ROOT / "docs" / "en")],
        env={"PYTHONPATH": f"{tmp_path}:{ROOT}", "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    found = json.loads(result.stdout.splitlines()[-1])
    assert "double-jump" in found["declared"]
    assert found["answer"]["outputs"] == {"total": {"value": 8, "text": "8"}}
    assert found["answer"]["working"] == ["Total × 2 = 8"]
    assert found["tools"] == 1


def test_the_tools_pages_write_no_calculator_by_hand():
    for lang in ("fr", "en"):
        text = (ROOT / "docs" / lang / "tools.md").read_text(encoding="utf-8")
        assert "{{ calculator_tools() }}" in text and "calculator('" not in text
    assert Path(ROOT / "docs" / "fr" / "index.md").read_text(encoding="utf-8").count("{{ calculator_links() }}") == 1
