"""What follows from a tracker's declaration (calculators/tracker_*.py, TRACKER): the page glue finds it, its controls
on its page keep the tracker contract (issue 14) with every text from its data file in both languages, its page
exists in both languages with the same anchors, in both navigations at the same place and out of the rulebook, the GM
tools and home pages list it, the browser gets exactly the data it reads; and a declaration that does not fit its
data is refused, naming the tracker and what is missing."""

from __future__ import annotations

import shutil

import pytest
import yaml
from bs4 import BeautifulSoup

from calculators import page_glue
from codex.browser_files.addresses import data_address, module_address
from codex.components.registry import schema_problems
from codex.components.trackers import (
    TRACKER,
    TrackerError,
    check_trackers,
    data_id,
    tracker_data,
    tracker_modules,
    trackers,
)
from codex.data.loading import load_dataset
from codex.render.trackers import render_tracker, render_tracker_links, render_tracker_tools
from tests.project_data import project_dataset
from tests.site_pages import nav_files
from tests.tracker_plays import LANGS, ROOT, data

TRACKERS = trackers()
DATASET = project_dataset()
CONTRACT = {
    "initiative-points": {
        "add": ["name", "ip"],
        "declare": ["who", "cost", "label"],
        "buttons": ["next-round", "undo"],
    },
    "adnd-round": {"add": ["name", "modifier"], "declare": ["who", "label"], "buttons": ["next-round", "undo"]},
}


def test_every_tracker_is_declared_and_found_by_the_page_glue():
    assert sorted(TRACKERS) == sorted(CONTRACT)
    for tracker_id in TRACKERS:
        assert page_glue.tracker_module(tracker_id).TRACKER["id"] == tracker_id
    assert page_glue.tracker_module("../jump") is None and page_glue.tracker_module("jump") is None


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("tracker_id", list(TRACKERS))
def test_the_controls_keep_the_tracker_contract_with_every_text_in_the_pages_language(tracker_id, lang):
    html = str(render_tracker(tracker_id, data(tracker_id), lang))
    soup = BeautifulSoup(html, "html.parser")
    root = soup.select_one(f"[data-tracker={tracker_id}]")
    assert root["data-ready"] == "false" and root["data-lang"] == lang
    # its files by their addresses: name and content's digest (tests/test_engine_versions.py)
    assert root["data-data"] == data_address(data_id(tracker_id), data(tracker_id))
    assert root["data-modules"].split() == [module_address(name) for name in tracker_modules(tracker_id)]
    contract = CONTRACT[tracker_id]
    add = root.select_one("form[data-form=add]")
    assert [n for n in contract["add"] if add.select_one(f"[name={n}]")] == contract["add"]
    assert add.select_one("button[data-action=add]")
    declare = root.select_one("form[data-form=declare]")
    assert declare.select_one("button[data-action=declare]") and declare.select_one("[data-output=who][data-name=who]")
    assert [n for n in contract["declare"] if n == "who" or declare.select_one(f"[name={n}]")] == contract["declare"]
    for action in contract["buttons"]:
        assert root.select_one(f".codex-tracker-round button[data-action={action}]"), action
    for action in ("reset", "export", "import"):
        assert root.select_one(f"button[data-action={action}]"), action
    for control in root.select("input, select, textarea"):
        if control.get("type") in (None, "text", "checkbox") or control.name != "input":
            assert root.select_one(f"label[for={control['id']}]"), control
    texts = [t for t in root.stripped_strings] + [b.get("aria-label", "") for b in root.select("[aria-label]")]
    assert all("{" not in t and "}" not in t for t in texts), [t for t in texts if "{" in t]
    other = BeautifulSoup(
        str(render_tracker(tracker_id, data(tracker_id), "en" if lang == "fr" else "fr")), "html.parser"
    )
    assert root.get_text() != other.get_text()


@pytest.mark.parametrize("tracker_id", list(TRACKERS))
def test_the_tracker_page_is_in_both_languages_navs_and_out_of_the_rulebook(tracker_id):
    page = TRACKERS[tracker_id]["page"]
    for lang in LANGS:
        text = (ROOT / "docs" / lang / page).read_text(encoding="utf-8")
        assert f"{{{{ tracker('{tracker_id}') }}}}" in text
    assert nav_files("fr").index(page) == nav_files("en").index(page)
    for config in ("mkdocs.yml", "mkdocs.en.yml"):
        plugins = yaml.load((ROOT / config).read_text(encoding="utf-8"), Loader=yaml.BaseLoader)["plugins"]
        codex = next(p["codex"] for p in plugins if isinstance(p, dict) and "codex" in p)
        assert page in codex["rulebook"]["skip"], config


@pytest.mark.parametrize("lang", LANGS)
def test_the_gm_tools_and_home_pages_list_every_tracker(lang):
    tools = render_tracker_tools(DATASET, lang)
    links = render_tracker_links(DATASET, lang)
    for tracker_id, declared in TRACKERS.items():
        assert f"{{#{data_id(tracker_id)}}}" in tools and f"]({declared['page']})" in tools
        assert f"]({declared['page']})" in links
    for name in ("tools.md", "index.md"):
        text = (ROOT / "docs" / lang / name).read_text(encoding="utf-8")
        assert ("tracker_tools()" if name == "tools.md" else "tracker_links()") in text


@pytest.mark.parametrize("tracker_id", list(TRACKERS))
def test_the_browser_gets_exactly_what_the_tracker_reads(tracker_id):
    shipped = tracker_data(DATASET, tracker_id)
    expected = {*TRACKERS[tracker_id]["reads"], data_id(tracker_id), "tracker-common", "calculator-common"}
    assert set(shipped) == expected


def test_a_declaration_that_does_not_fit_its_data_is_named(tmp_path):
    shutil.copytree(ROOT / "data", tmp_path / "data")
    own = tmp_path / "data" / "calculators" / "initiative-points-tracker.yaml"
    own.write_text(own.read_text(encoding="utf-8").replace("  legend_declare:", "  legend_declared:"), encoding="utf-8")
    rules = tmp_path / "data" / "calculators" / "adnd-round-tracker.yaml"
    rules.write_text(
        rules.read_text(encoding="utf-8").replace("  conditional: {fr", "  conditionnal: {fr"), encoding="utf-8"
    )
    with pytest.raises(TrackerError) as raised:
        check_trackers(load_dataset(tmp_path / "data"))
    message = str(raised.value)
    assert "tracker_initiative_points.py: form 'declare' has no text 'legend_declare'" in message
    assert "tracker_adnd_round.py: input 'hold': value 'conditional' has no text (options:)" in message
    check_trackers(DATASET)  # the real data fit


def test_the_declaration_schema_refuses_what_the_engine_cannot_draw():
    schema = DATASET.root / "schemas" / TRACKER.schema
    good = TRACKERS["initiative-points"]
    assert schema_problems(schema, good) == []
    bad = dict(good, forms=[{"name": "add", "inputs": [{"name": "name", "kind": "slider"}], "actions": ["add"]}])
    assert any("slider" in problem for problem in schema_problems(schema, bad))
    assert schema_problems(schema, {k: v for k, v in good.items() if k != "page"})


def test_a_declaration_is_checked_against_the_schema_of_the_datasets_folder(tmp_path):
    """The schema comes from the data folder the build reads (the plugin's data_dir), not from the repository."""
    shutil.copytree(ROOT / "data", tmp_path / "data")
    schema = tmp_path / "data" / "schemas" / TRACKER.schema
    schema.write_text(schema.read_text(encoding="utf-8").replace('"page", ', '"page", "sound", '), encoding="utf-8")
    with pytest.raises(TrackerError, match=r"tracker_adnd_round\.py: TRACKER \(top\): 'sound' is a required"):
        check_trackers(load_dataset(tmp_path / "data"))
