"""A UI text names a control by the control's own label (issue 36, codex/mistakes/control_labels.py): a quotation of
a UI text that reads as a label must be one; renaming a button names each text that still says the old label."""

from __future__ import annotations

from codex.data.loading import load_dataset
from codex.mistakes.control_labels import control_label_problems
from tests.conftest import ROOT
from tests.data_fixtures import data_dir_with

COMMON = (ROOT / "data" / "calculators" / "tracker-common.yaml").read_text(encoding="utf-8")
UNDONE = '  undone: {fr: "Dernière étape annulée.", en: "Last step undone."}'
# a text that names the export button by its words, and one that names it by placeholder ({text:KEY}, one source)
LITERAL = UNDONE.replace("Last step undone.", "Choose “Export” to copy it.")
PLACEHOLDER = UNDONE.replace("Last step undone.", "Choose “{text:action_export}” to copy it.")
RENAMED = ("action_export: {fr: Exporter, en: Export}", "action_export: {fr: Exporter, en: Save}")


def problems(tmp_path, common: str) -> list[str]:
    data = data_dir_with(tmp_path, {"calculators/tracker-common.yaml": common})
    return [str(p) for p in control_label_problems(load_dataset(data))]


def test_the_project_s_ui_texts_name_each_control_by_its_label():
    found = control_label_problems(load_dataset(ROOT / "data"))
    assert not found, f"{len(found)} texts name a control by another label:\n" + "\n".join(map(str, found))


def test_a_text_that_names_a_button_by_its_label_passes(tmp_path):
    assert UNDONE in COMMON
    assert problems(tmp_path, COMMON.replace(UNDONE, LITERAL)) == []


def test_a_renamed_button_names_the_text_that_still_says_the_old_label(tmp_path):
    common = COMMON.replace(UNDONE, LITERAL)
    renamed = common.replace(*RENAMED)
    assert renamed != common
    line = common[: common.index(LITERAL)].count("\n") + 1
    found = problems(tmp_path, renamed)
    assert f"data/calculators/tracker-common.yaml:{line} [en]: “Export” is the label of no control" in "\n".join(found)
    assert all("“Export” is the label of no control" in f for f in found), found


def test_a_text_that_names_a_button_by_placeholder_follows_its_renaming(tmp_path):
    assert problems(tmp_path, COMMON.replace(UNDONE, PLACEHOLDER).replace(*RENAMED)) == []


def test_a_label_with_a_placeholder_is_named_by_its_words(tmp_path):
    """“Rename” for the button “Rename {name}”; what to type and a command are not controls."""
    text = UNDONE
    assert text in COMMON
    said = text.replace("Last step undone.", "Tap “Rename”, or write “Krom 10”; “Renamed” is no label.")
    found = problems(tmp_path, COMMON.replace(text, said))
    assert len(found) == 1 and "“Renamed” is the label of no control" in found[0], found
