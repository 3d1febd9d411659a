"""Each mistake a contributor can make, made in a broken copy of the project: the build (which `python -m codex.check
--quick` runs) stops naming the file of the repository, the line, the language and the fix (issues 15 and 17). Data
mistakes are loaded without a build (tests/test_data_errors.py has the others).

A broken copy holds every mistake that one step of the build finds, each named by its own test: the build lists them
all at that step (a page's active content and macro calls; the data's files, then their checks against the pages;
the twin pages, navigations and open questions), so that a dozen builds are four or five."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

from codex.data.errors import DataErrors
from codex.data.loading import load_dataset
from tests.conftest import copy_project, run_mkdocs_build
from tests.data_fixtures import GOOD_TABLE, data_dir_with

CONFIG = {"fr": "mkdocs.yml", "en": "mkdocs.en.yml"}


def append_line(path: Path, line: str) -> int:
    """Add a line at the end of a file; its line number."""
    lines = path.read_text(encoding="utf-8").splitlines()
    path.write_text("\n".join([*lines, "", line]) + "\n", encoding="utf-8")
    return len(lines) + 2


def replace_once(path: Path, old: str, new: str) -> int:
    """Write `new` in place of `old`, which the file holds once; the number of the line where `old` began."""
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{path.name} no longer holds {old!r} once"
    path.write_text(text.replace(old, new), encoding="utf-8")
    return text[: text.index(old)].count("\n") + 1


def build_output(project: Path, tmp_path: Path, config: str = "mkdocs.yml") -> str:
    result = run_mkdocs_build(project, tmp_path / "site", config)
    assert result.returncode != 0, "the broken copy built"
    return result.stdout + result.stderr


def broken_build(tmp_path_factory, name: str, config: str, breaks: Callable[[Path], dict]) -> tuple[str, dict]:
    """The output of the build of a copy of the project that `breaks(project)` broke, and what `breaks` returned
    (the lines of the mistakes it wrote)."""
    tmp_path = tmp_path_factory.mktemp(name)
    project = copy_project(tmp_path)
    lines = breaks(project)
    return build_output(project, tmp_path, config), lines


def data_error(tmp_path, files: dict[str, str]) -> str:
    with pytest.raises(DataErrors) as caught:
        load_dataset(data_dir_with(tmp_path, files))
    return str(caught.value)


# -- a page's mistakes, checked before its macros are rendered (each language's configuration alone: the other
# language's build is not needed to see them)


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


ACTIVE_CONTENT = [
    ("<script>alert(1)</script>", "the page holds a <script> tag"),
    ('<img src="x" onerror="alert(1)">', "the page holds a <img> tag"),
    ("[click](javascript:alert(1))", "a link leads to the address"),
]


@pytest.fixture(scope="module")
def page_mistakes(tmp_path_factory):
    """lang -> (the build's output, each written line's number): one broken copy per language, whose page holds every
    misspelt call of MISSPELT_CALLS and every piece of ACTIVE_CONTENT on a line of its own."""

    def breaks(lang: str) -> Callable[[Path], dict]:
        written = [call for call, _, _ in MISSPELT_CALLS] + [text for text, _ in ACTIVE_CONTENT]
        return lambda project: {text: append_line(project / "docs" / lang / "fumbles.md", text) for text in written}

    built: dict[str, tuple[str, dict]] = {}

    def build(lang: str) -> tuple[str, dict]:
        if lang not in built:
            built[lang] = broken_build(tmp_path_factory, f"page-{lang}", CONFIG[lang], breaks(lang))
        return built[lang]

    return build


@pytest.mark.site
@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("call, message, fix", MISSPELT_CALLS)
def test_a_misspelt_macro_call_names_the_page_line_language_and_closest_id(page_mistakes, lang, call, message, fix):
    output, lines = page_mistakes(lang)
    assert f"docs/{lang}/fumbles.md:{lines[call]} [{lang}]: {message} Fix: {fix}" in output, output[-2000:]
    assert "Macro Rendering Error" not in output


@pytest.mark.site
@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("written, message", ACTIVE_CONTENT)
def test_a_page_with_active_content_stops_the_build_naming_file_and_line(page_mistakes, lang, written, message):
    output, lines = page_mistakes(lang)
    assert f"docs/{lang}/fumbles.md:{lines[written]} [{lang}]: {message}" in output, output[-2000:]


# -- the data's mistakes: first those of the files (every file read before the build stops), then, once they load,
# those of the data against the pages and seeds (codex/mistakes/data_checks.py)

EFFECTS = ["You are automatically hit by your own weapon.", "You attack an ally with your own weapon;"]


def break_data_files(project: Path) -> dict:
    """A YAML syntax error, a value of the wrong type and an HTML tag in a text, in three files."""
    tables = project / "data" / "tables"
    replace_once(tables / "ability-bonus-skills.yaml", "bonus: -5}", "bonus: -5")
    materials = tables / "materials.yaml"
    paper = next(line for line in materials.read_text(encoding="utf-8").splitlines() if "{id: paper," in line)
    return {
        "hardness": replace_once(materials, paper, paper.replace("hardness: 0,", "hardness: [0],")),
        "<script>alert(1)</script>": replace_once(
            tables / "fumbles.yaml", f'en: "{EFFECTS[0]}"', 'en: "<script>alert(1)</script>"'
        ),
    }


def break_data_checks(project: Path) -> dict:
    """A glossary entry's section misspelt; an address and a wiki link that would run code, in two data texts."""
    fumbles = project / "data" / "tables" / "fumbles.yaml"
    text = fumbles.read_text(encoding="utf-8")
    second = text[text.index(f'en: "{EFFECTS[1]}') :].split("\n", 1)[0]
    return {
        "glossary": replace_once(
            project / "data" / "glossary.yaml",
            "page: attacks-and-manoeuvres.md#trip\n",
            "page: attacks-and-manoeuvres.md#tripp\n",
        ),
        "Pierre javascript:alert(1)": replace_once(fumbles, f'en: "{EFFECTS[0]}"', 'en: "Pierre javascript:alert(1)"'),
        "[[rule:javascript:alert(1)]]": replace_once(fumbles, second, 'en: "[[rule:javascript:alert(1)]]"'),
    }


@pytest.fixture(scope="module")
def data_file_mistakes(tmp_path_factory) -> tuple[str, dict]:
    return broken_build(tmp_path_factory, "data-files", "mkdocs.en.yml", break_data_files)


@pytest.fixture(scope="module")
def data_check_mistakes(tmp_path_factory) -> tuple[str, dict]:
    return broken_build(tmp_path_factory, "data-checks", "mkdocs.yml", break_data_checks)


@pytest.mark.site
def test_data_mistakes_stop_the_build_naming_file_line_and_field(data_file_mistakes):
    """Two independent mistakes in two files, a YAML syntax error and a value of the wrong type: the build stops and
    names each (the loader reads every file before it stops)."""
    output, lines = data_file_mistakes
    assert re.search(r"data/tables/ability-bonus-skills\.yaml:\d+: field '\(YAML syntax\)'", output), output[-2000:]
    assert f"data/tables/materials.yaml:{lines['hardness']}: field 'rows[0].hardness'" in output, output[-2000:]


@pytest.mark.site
@pytest.mark.parametrize(
    "effect, row, message",
    [
        ("Pierre javascript:alert(1)", 0, "expected plain words (no javascript: address"),
        ("[[rule:javascript:alert(1)]]", 1, "a rule link names a page and a section"),
        ("<script>alert(1)</script>", 0, "expected plain text without HTML markup"),
    ],
)
def test_a_data_text_or_wiki_link_with_active_content_stops_the_build(
    data_file_mistakes, data_check_mistakes, effect, row, message
):
    output, lines = data_file_mistakes if effect.startswith("<") else data_check_mistakes
    assert re.search(
        rf"data/tables/fumbles\.yaml:{lines[effect]}: field 'rows\[{row}\]\.effect\.en'.*{re.escape(message)}", output
    ), output[-2000:]


@pytest.mark.site
def test_a_mistyped_glossary_anchor_is_named_in_the_glossary_data(data_check_mistakes):
    output, lines = data_check_mistakes
    assert re.search(
        rf"data/glossary\.yaml:{lines['glossary']}: field 'items\[\d+\]\.page': got 'attacks-and-manoeuvres\.md#tripp'; "
        r"expected a section of attacks-and-manoeuvres\.md .*Fix: write one of its anchors after '#' — did you mean "
        r"'trip'\?",
        output,
    ), output[-2000:]


# -- the twin pages, their navigations and the open questions no page shows (the root language's build)


def break_twins(project: Path) -> dict:
    """A French page without its English twin, in the French navigation only; an English heading's anchor changed;
    an open question no page calls."""
    (project / "docs" / "fr" / "new.md").write_text("# Nouveau {#new}\n\nTexte.\n", encoding="utf-8")
    replace_once(project / "mkdocs.yml", "  - Données: data.md\n", "  - Données: data.md\n  - Nouveau: new.md\n")
    source = project / "data" / "open-questions" / "turn-length.yaml"
    (project / "data" / "open-questions" / "turn-length-again.yaml").write_text(
        source.read_text(encoding="utf-8").replace("id: turn-length", "id: turn-length-again"), encoding="utf-8"
    )
    english_nav = (project / "mkdocs.en.yml").read_text(encoding="utf-8").splitlines()
    return {
        "anchor": replace_once(project / "docs" / "en" / "positioning.md", "{#space-by-size}", "{#spacebysize}"),
        "nav": next(n for n, text in enumerate(english_nav, 1) if text.strip() == "- Data: data.md"),
    }


@pytest.fixture(scope="module")
def twin_mistakes(tmp_path_factory) -> tuple[str, dict]:
    return broken_build(tmp_path_factory, "twins", "mkdocs.yml", break_twins)


@pytest.mark.site
def test_a_page_without_its_twin_and_a_nav_in_one_language_are_named(twin_mistakes):
    output, lines = twin_mistakes
    assert (
        "docs/fr/new.md [fr]: the page has no English twin docs/en/new.md. Fix: create docs/en/new.md with the same "
        "headings and {#anchors}"
    ) in output, output[-2000:]
    assert (
        f"mkdocs.en.yml:{lines['nav']} [en]: the nav lacks new.md, which the nav of mkdocs.yml has. Fix: add new.md to "
        "the nav of mkdocs.en.yml at the same place (after data.md)"
    ) in output, output[-2000:]


@pytest.mark.site
def test_an_anchor_changed_in_one_language_is_named(twin_mistakes):
    output, lines = twin_mistakes
    assert (
        f"docs/en/positioning.md:{lines['anchor']} [en]: the headings' anchors differ from docs/fr/positioning.md: "
        "{#spacebysize} where that page has {#space-by-size}. Fix: give each heading the same {#anchor} as its twin"
    ) in output, output[-2000:]


@pytest.mark.site
def test_an_open_question_no_page_shows_says_where_to_call_it(twin_mistakes):
    output, _ = twin_mistakes
    assert (
        "data/open-questions/turn-length-again.yaml [fr]: no page shows the open question 'turn-length-again': its page "
        "docs/fr/time.md does not call it. Fix: write {{ open_question('turn-length-again') }} where the rule is, in "
        "docs/fr/time.md and docs/en/time.md"
    ) in output, output[-2000:]


# -- links, which MkDocs checks as it renders each page


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
