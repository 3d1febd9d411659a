"""Each mistake a contributor can make, made in a broken copy of the project: the build (which `python -m codex.check
--quick` runs) stops naming the file of the repository, the line, the language and the fix (issue 15). Data
mistakes are loaded without a build (tests/test_data_errors.py has the others)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from codex.data.errors import DataErrors
from codex.data.loading import load_dataset
from tests.conftest import run_mkdocs_build
from tests.data_fixtures import GOOD_TABLE, data_dir_with
from tests.test_build import copy_project

CONFIG = {"fr": "mkdocs.yml", "en": "mkdocs.en.yml"}


def append_line(path: Path, line: str) -> int:
    """Add a line at the end of a file; its line number."""
    lines = path.read_text(encoding="utf-8").splitlines()
    path.write_text("\n".join([*lines, "", line]) + "\n", encoding="utf-8")
    return len(lines) + 2


def build_output(project: Path, tmp_path: Path, config: str = "mkdocs.yml") -> str:
    result = run_mkdocs_build(project, tmp_path / "site", config)
    assert result.returncode != 0, "the broken copy built"
    return result.stdout + result.stderr


def data_error(tmp_path, files: dict[str, str]) -> str:
    with pytest.raises(DataErrors) as caught:
        load_dataset(data_dir_with(tmp_path, files))
    return str(caught.value)


# -- pages (each language's configuration alone: the other language's build is not needed to see the mistake)


MISSPELT_CALLS = [
    (
        "{{ table('materialz') }}",
        "unknown table id 'materialz' — did you mean 'materials'?",
        "write the id of a file of data/tables/",
    ),
    (
        "{{ value('materials', 'ston', 'hardness') }}",
        "table 'materials' has no row 'ston' — did you mean 'stone'?",
        "write the id of a row of data/tables/materials.yaml",
    ),
    (
        "{{ value('materials', 'stone', 'hardnes') }}",
        "table 'materials' has no column 'hardnes' — did you mean 'hardness'?",
        "write the id of a column of data/tables/materials.yaml",
    ),
    (
        "{{ open_question('turn-lenght') }}",
        "unknown open question 'turn-lenght' — did you mean 'turn-length' or 'ip-round-length'?",
        "write the id of a file of data/open-questions/",
    ),
    (
        "{{ author_text('000', 'Tous les fumbles arretent automatiquemant') }}",
        "« Tous les fumbles arretent automatiquemant » is not in 000_dd346e63a171f715.txt; the closest passage: "
        "« Tous les fumbles arrêtent automatiquement toute action subséquente du personnage dans le round y compris "
        "ses attaques n… ».",
        "copy the words from the document (data/seeds/), enough of them to occur once",
    ),
    (
        "{{ constant('jump', 'vertical-multiplyer') }}",
        "calculator 'jump' has no constant 'vertical-multiplyer' — did you mean 'vertical-multiplier'?",
        "write the id of a constant of data/calculators/jump.yaml",
    ),
    (
        "{{ value('materials', 'stone') }}",
        "value() missing a required argument: 'column'.",
        "write the call as {{ value(table_id, row_id, column) }}",
    ),
    (
        "{{ tabel('materials') }}",
        "unknown macro 'tabel' — did you mean 'table'?",
        "call one of the macros CONTRIBUTING.md lists",
    ),
]


@pytest.fixture(scope="module")
def misspelt_build(tmp_path_factory):
    """lang -> (the build's output, each misspelt call's line): one broken copy per language, whose page holds
    every misspelt call of MISSPELT_CALLS on a line of its own (the build names every mistake of the page)."""

    def build(lang: str) -> tuple[str, dict[str, int]]:
        tmp_path = tmp_path_factory.mktemp(f"misspelt-{lang}")
        project = copy_project(tmp_path)
        lines = {call: append_line(project / "docs" / lang / "fumbles.md", call) for call, _, _ in MISSPELT_CALLS}
        return build_output(project, tmp_path, CONFIG[lang]), lines

    built: dict[str, tuple[str, dict[str, int]]] = {}
    return lambda lang: built[lang] if lang in built else built.setdefault(lang, build(lang))


@pytest.mark.site
@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("call, message, fix", MISSPELT_CALLS)
def test_a_misspelt_macro_call_names_the_page_line_language_and_closest_id(misspelt_build, lang, call, message, fix):
    output, lines = misspelt_build(lang)
    assert f"docs/{lang}/fumbles.md:{lines[call]} [{lang}]: {message} Fix: {fix}" in output, output[-2000:]
    assert "Macro Rendering Error" not in output


@pytest.mark.site
def test_a_broken_link_and_anchor_name_the_page_line_and_language(tmp_path):
    project = copy_project(tmp_path)
    line = append_line(
        project / "docs" / "en" / "object-damage.md", "See [x](conditionz.md) and [y](conditions.md#pronee)."
    )
    output = build_output(project, tmp_path, "mkdocs.en.yml")
    assert f"docs/en/object-damage.md:{line} [en]: the link 'conditionz.md' leads to no page" in output, output[-2000:]
    assert (
        f"docs/en/object-damage.md:{line} [en]: the link 'conditions.md#pronee' leads to no section: conditions.md has "
        "no anchor '#pronee' — did you mean 'prone'? Fix: use an anchor of docs/en/conditions.md"
    ) in output
    assert "Doc file 'object-damage.md'" not in output  # MkDocs' own words are not repeated


@pytest.mark.site
def test_a_page_without_its_twin_and_a_nav_in_one_language_are_named(tmp_path):
    project = copy_project(tmp_path)
    (project / "docs" / "fr" / "new.md").write_text("# Nouveau {#new}\n\nTexte.\n", encoding="utf-8")
    output = build_output(project, tmp_path)
    assert (
        "docs/fr/new.md [fr]: the page has no English twin docs/en/new.md. Fix: create docs/en/new.md with the same "
        "headings and {#anchors}"
    ) in output, output[-2000:]
    (project / "docs" / "en" / "new.md").write_text("# New {#new}\n\nText.\n", encoding="utf-8")
    config = project / "mkdocs.yml"
    config.write_text(
        config.read_text(encoding="utf-8").replace(
            "  - Données: data.md\n", "  - Données: data.md\n  - Nouveau: new.md\n"
        )
    )
    english = (project / "mkdocs.en.yml").read_text(encoding="utf-8").splitlines()
    data_line = next(n for n, text in enumerate(english, 1) if text.strip() == "- Data: data.md")
    output = build_output(project, tmp_path)
    assert (
        f"mkdocs.en.yml:{data_line} [en]: the nav lacks new.md, which the nav of mkdocs.yml has. Fix: add new.md to "
        "the nav of mkdocs.en.yml at the same place (after data.md)"
    ) in output, output[-2000:]


@pytest.mark.site
def test_an_open_question_no_page_shows_says_where_to_call_it(tmp_path):
    project = copy_project(tmp_path)
    source = project / "data" / "open-questions" / "turn-length.yaml"
    (project / "data" / "open-questions" / "turn-length-again.yaml").write_text(
        source.read_text(encoding="utf-8").replace("id: turn-length", "id: turn-length-again"), encoding="utf-8"
    )
    output = build_output(project, tmp_path)
    assert (
        "data/open-questions/turn-length-again.yaml [fr]: no page shows the open question 'turn-length-again': its page "
        "docs/fr/time.md does not call it. Fix: write {{ open_question('turn-length-again') }} where the rule is, in "
        "docs/fr/time.md and docs/en/time.md"
    ) in output, output[-2000:]


@pytest.mark.site
def test_a_mistyped_glossary_anchor_is_named_in_the_glossary_data(tmp_path):
    project = copy_project(tmp_path)
    glossary = project / "data" / "glossary.yaml"
    text = glossary.read_text(encoding="utf-8")
    line = text[: text.index("page: attacks-and-manoeuvres.md#trip\n")].count("\n") + 1
    glossary.write_text(
        text.replace("page: attacks-and-manoeuvres.md#trip\n", "page: attacks-and-manoeuvres.md#tripp\n")
    )
    output = build_output(project, tmp_path)
    assert re.search(
        rf"data/glossary\.yaml:{line}: field 'items\[\d+\]\.page': got 'attacks-and-manoeuvres\.md#tripp'; expected a "
        r"section of attacks-and-manoeuvres\.md .*Fix: write one of its anchors after '#' — did you mean 'trip'\?",
        output,
    ), output[-2000:]


# -- data (loaded without a build)


def test_an_empty_english_text_asks_for_the_english_text(tmp_path):
    message = data_error(tmp_path, {"tables/materials.yaml": GOOD_TABLE.replace("en: Stone}", "en: ''}")})
    assert (
        "data/tables/materials.yaml:10: field 'rows[1].name.en': got ''; expected the English text. Fix: give the English text"
        in message
    )


def test_a_decimal_comma_in_a_one_line_row_says_to_write_a_point(tmp_path):
    message = data_error(tmp_path, {"tables/materials.yaml": GOOD_TABLE.replace("hardness: 8}", "hardness: 8,5}")})
    assert "data/tables/materials.yaml:10: field 'rows[1].5'" in message
    assert "Fix: write a decimal number with a point (8.5)" in message


def test_an_indentation_mistake_says_which_line_to_line_up_with(tmp_path):
    table = GOOD_TABLE.replace("columns:\n  - {id: name", "columns:\n   - {id: name")
    message = data_error(tmp_path, {"tables/materials.yaml": table})
    assert "data/tables/materials.yaml:" in message and "(YAML syntax)" in message
    assert re.search(
        r"Fix: line \d+ starts \d+ spaces in; line up a field with the other fields of its item", message
    ) or ("Fix: in a one-line {...}" in message), message


def test_a_duplicate_id_gives_the_line_of_its_first_use(tmp_path):
    table = GOOD_TABLE.replace("{id: stone,", "{id: paper,")
    message = data_error(tmp_path, {"tables/materials.yaml": table})
    assert (
        "data/tables/materials.yaml:10: field 'rows[1].id': got 'paper'; expected an id unique in this file (already used by rows[0], line 9)"
        in message
    )


def test_a_text_written_in_one_language_in_a_bilingual_column_is_refused(tmp_path):
    table = (
        GOOD_TABLE.rstrip("\n")
        + "\n  - {id: crystal, name: Cristal, hardness: 5}\n  - {id: iron, name: {fr: Fer, en: Iron}, hardness: 10}\n"
    )
    message = data_error(tmp_path, {"tables/materials.yaml": table})
    assert (
        "data/tables/materials.yaml:11: field 'rows[2].name': got 'Cristal'; expected a text in both languages, as the "
        "other cells of this column. Fix: write {fr: Cristal, en: <the English text>}"
    ) in message


@pytest.mark.site
def test_an_anchor_changed_in_one_language_is_named(tmp_path):
    project = copy_project(tmp_path)
    page = project / "docs" / "en" / "positioning.md"
    text = page.read_text(encoding="utf-8")
    line = text[: text.index("{#space-by-size}")].count("\n") + 1
    page.write_text(text.replace("{#space-by-size}", "{#spacebysize}"), encoding="utf-8")
    output = build_output(project, tmp_path)
    assert (
        f"docs/en/positioning.md:{line} [en]: the headings' anchors differ from docs/fr/positioning.md: {{#spacebysize}} "
        "where that page has {#space-by-size}. Fix: give each heading the same {#anchor} as its twin"
    ) in output, output[-2000:]
