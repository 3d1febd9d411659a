"""Which pages an edit touches under `mkdocs serve` (codex/project/dependencies.py), and the one heading parser
(codex/outline.py) it compares pages by. The served site after such edits is compared with a full build in
tests/test_serve.py."""

from __future__ import annotations

import pytest

from codex.data.loading import load_dataset_once
from codex.outline import outline
from codex.project.dependencies import (
    BuildReads,
    Changes,
    PageReads,
    changed_files,
    file_stamps,
    interface,
    pages_to_build,
)
from tests.conftest import ROOT

RULES = "# Objects {#objects}\n\nThe stone: {{ value('materials', 'stone', 'hp_thick') }}.\n\n## Breaking {#breaking}\n"
TOOLS = "# Tools\n\n{{ calculator('jump') }}\n\nSee [[condition:prone]].\n"


def reads(**pages: tuple[set[str], str]) -> BuildReads:
    built = BuildReads("docs/en", before_pages=frozenset({"data/ui.yaml", "data/glossary.yaml"}))
    for name, (files, source) in pages.items():
        built.pages[f"{name}.md"] = PageReads(frozenset(files | {f"docs/en/{name}.md"}), interface(source))
    return built


BUILT = reads(
    objects=({"data/tables/materials.yaml"}, RULES),
    tools=({"data/calculators/jump.yaml"}, TOOLS),
    home=(set(), "# Home\n\nWelcome.\n"),
)


def edit(*modified: str, added: tuple[str, ...] = (), removed: tuple[str, ...] = ()) -> Changes:
    return Changes(frozenset(modified), frozenset(added), frozenset(removed))


def sources(**pages: str):
    return lambda page: pages[page.removesuffix(".md")]


def test_a_data_value_touches_the_pages_that_read_its_file_alone():
    assert pages_to_build(BUILT, edit("data/tables/materials.yaml"), sources()) == {"objects.md"}


def test_a_file_every_page_reads_touches_every_page():
    assert pages_to_build(BUILT, edit("data/glossary.yaml"), sources()) is None


def test_a_pages_prose_touches_that_page_alone():
    edited = RULES.replace("The stone", "A stone")
    assert pages_to_build(BUILT, edit("docs/en/objects.md"), sources(objects=edited)) == {"objects.md"}


@pytest.mark.parametrize(
    "edited",
    [
        RULES.replace("## Breaking {#breaking}", "## Breaking things {#breaking}"),  # a heading's words
        RULES.replace("{#breaking}", "{#break}"),  # an anchor
        RULES + "\nSee [[condition:prone]].\n",  # a link, in another page's "linked from" list
        RULES + "\n{{ calculator('jump') }}\n",  # a form, which the home and tools pages find by its call
    ],
    ids=["heading", "anchor", "wiki link", "macro call"],
)
def test_a_change_other_pages_read_touches_every_page(edited):
    assert pages_to_build(BUILT, edit("docs/en/objects.md"), sources(objects=edited)) is None


def test_the_other_languages_page_touches_none_of_this_language():
    assert pages_to_build(BUILT, edit("docs/fr/objects.md"), sources()) == set()


def test_the_rules_code_touches_the_pages_that_show_a_form():
    assert pages_to_build(BUILT, edit("calculators/jump.py"), sources()) == {"tools.md"}


@pytest.mark.parametrize(
    "changes",
    [
        edit("codex/macros.py"),
        edit("docs/overrides/main.html"),
        edit("mkdocs.yml"),
        edit("data/schemas/table.schema.json"),
        edit("data/seeds/regles.txt"),
        edit(added=("data/tables/new.yaml",)),
        edit(removed=("docs/en/home.md",)),
    ],
    ids=["engine", "theme", "configuration", "schema", "source document", "file added", "page removed"],
)
def test_what_the_map_cannot_answer_for_touches_every_page(changes):
    assert pages_to_build(BUILT, changes, sources()) is None


def test_stamps_see_an_edit_an_addition_and_a_removal(tmp_path):
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "a.yaml").write_text("a: 1\n")
    (tmp_path / "data" / "b.yaml").write_text("b: 1\n")
    before = file_stamps(tmp_path, ("data", "mkdocs.yml"))
    (tmp_path / "data" / "a.yaml").write_text("a: 22\n")
    (tmp_path / "data" / "b.yaml").unlink()
    (tmp_path / "data" / "c.yaml").write_text("c: 1\n")
    assert changed_files(before, file_stamps(tmp_path, ("data", "mkdocs.yml"))) == edit(
        "data/a.yaml", added=("data/c.yaml",), removed=("data/b.yaml",)
    )


def test_the_dataset_notes_the_files_a_lookup_reads():
    dataset = load_dataset_once(ROOT / "data")
    tables = dataset.by_id("table.schema.json")
    dataset.reads.start()
    assert "stone" in {row["id"] for row in tables["materials"]["rows"]}
    assert dataset.reads.stop() == {"data/tables/materials.yaml"}
    dataset.reads.start()
    assert len(list(tables.values())) > 1
    assert len(dataset.reads.stop()) == len(tables)
    tables.get("materials")
    assert dataset.reads.files is None  # nothing noted while no recording is open


def test_one_parser_reads_a_pages_title_headings_and_anchors():
    page = outline(
        "# The *title* {#top}\n\n```md\n## Not a heading\n```\n\n## Breaking **things** {#break .x}\n### Plain\n"
    )
    assert page.title == "The title"
    assert [(h.level, h.text, h.anchor, h.line) for h in page.headings] == [
        (1, "The title", "top", 1),
        (2, "Breaking things", "break", 7),
        (3, "Plain", "", 8),
    ]
    assert page.anchors() == {"": "The title", "top": "The title", "break": "Breaking things"}


def test_a_rules_module_touches_the_pages_of_the_forms_that_load_it():
    users = {"calculators/jump.py": frozenset({"data/calculators/jump.yaml"}), "calculators/breath.py": frozenset()}
    assert pages_to_build(BUILT, edit("calculators/jump.py"), sources(), rules_users=users) == {"tools.md"}
    assert pages_to_build(BUILT, edit("calculators/breath.py"), sources(), rules_users=users) == set()
