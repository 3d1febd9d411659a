"""Wiki links ([[kind:id]], codex/data/wiki_links.py and codex/render/wiki_links.py): checked where they are
written, written as links in the page's language, plain words where a link cannot be, and listed under the entry
they lead to ("linked from")."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from bs4 import BeautifulSoup

from codex.data.errors import DataErrors
from codex.data.loading import load_dataset
from codex.data.wiki_links import UnknownWikiLink, WikiTargets
from codex.i18n.ui import UIText
from codex.mistakes.data_checks import load_checked
from codex.render.tooltips import tooltip_definitions
from codex.render.wiki_links import Linker, WikiLinkError, fill_linked_from, link_page, linked_from_placeholder
from tests.conftest import LANGS, ROOT, copy_project, lang_root, run_mkdocs_build
from tests.data_fixtures import GOOD_TABLE, data_dir_with

# The real conditions, their own links written as their words (the throw-away folder has no glossary).
CONDITIONS = re.sub(
    r"\[\[[a-z]+:[a-z0-9-]+\|([^\]]+)\]\]", r"\1", (ROOT / "data" / "conditions.yaml").read_text(encoding="utf-8")
)


@pytest.fixture(scope="module")
def dataset():
    return load_dataset(ROOT / "data")


def targets_for(dataset, lang: str) -> WikiTargets:
    return WikiTargets(dataset, lang, ROOT / "docs" / lang, ("gm-screen.md", "rulebook.md"))


def linker_for(dataset, lang: str, page: str = "fumbles.md", source: Path | None = None) -> Linker:
    return Linker(
        targets_for(dataset, lang),
        page,
        page.removesuffix(".md").removesuffix("index") + "/" if page != "index.md" else "",
        lambda path: path.removesuffix(".md") + "/",
        source or ROOT / "docs" / lang / page,
    )


def load_error(tmp_path, files: dict[str, str]) -> str:
    with pytest.raises(DataErrors) as caught:
        load_checked(data_dir_with(tmp_path, files))
    return str(caught.value)


def test_a_data_text_linking_to_an_unknown_condition_names_file_line_and_field(tmp_path):
    table = GOOD_TABLE.replace("{fr: Pierre, en: Stone}", "{fr: 'Pierre [[condition:pron]]', en: Stone}")
    message = load_error(tmp_path, {"tables/materials.yaml": table, "conditions.yaml": CONDITIONS})
    assert "data/tables/materials.yaml:10: field 'rows[1].name.fr'" in message
    assert "[[condition:pron]]" in message and "no condition 'pron' (known: " in message


def test_a_data_text_with_an_unknown_kind_of_link_says_which_kinds_exist(tmp_path):
    table = GOOD_TABLE.replace("{fr: Pierre, en: Stone}", "{fr: Pierre, en: 'Stone [[state:prone]]'}")
    message = load_error(tmp_path, {"tables/materials.yaml": table, "conditions.yaml": CONDITIONS})
    assert "field 'rows[1].name.en'" in message
    assert "unknown kind of wiki link 'state': one of condition, term, table, question, rule" in message


def test_a_data_text_linking_to_a_known_condition_loads(tmp_path):
    table = GOOD_TABLE.replace("{fr: Pierre, en: Stone}", "{fr: 'Pierre [[condition:prone|au sol]]', en: Stone}")
    load_checked(data_dir_with(tmp_path, {"tables/materials.yaml": table, "conditions.yaml": CONDITIONS}))


def test_a_link_in_markdown_text_is_a_markdown_link_to_the_page_file(dataset):
    markdown, linked = link_page("Il tombe [[condition:prone|au sol]].", linker_for(dataset, "fr"))
    assert markdown == "Il tombe [au sol](conditions.md#prone){.codex-wiki-link}."
    assert linked == ["condition:prone"]


def test_a_link_without_words_shows_its_target_title_in_the_page_language(dataset):
    for lang, title in (("fr", "Au sol"), ("en", "Prone")):
        markdown, _ = link_page("See [[condition:prone]].", linker_for(dataset, lang))
        shown = re.match(r"See \[(.*)\]\(conditions\.md#prone\)", markdown)
        assert shown and shown[1].startswith(title), markdown


def test_a_link_in_the_html_a_macro_wrote_is_an_html_link_with_the_built_url(dataset):
    html = '<div class="codex-condition"><ul><li>Tombe [[condition:prone|au sol]].</li></ul></div>'
    markdown, _ = link_page(html, linker_for(dataset, "fr", "d20/actions.md"))
    link = BeautifulSoup(markdown, "html.parser").find("a")
    assert (link["href"], link.get_text(), link["class"]) == ("../../conditions/#prone", "au sol", ["codex-wiki-link"])


def test_a_link_inside_an_attribute_is_written_as_its_words(dataset):
    markdown, _ = link_page('<div aria-label="Tombe [[condition:prone|au sol]]"></div>', linker_for(dataset, "fr"))
    assert markdown == '<div aria-label="Tombe au sol"></div>'


def test_a_link_to_a_section_of_the_same_page_is_its_anchor(dataset):
    markdown, _ = link_page("[[rule:positioning.md#positioning]]", linker_for(dataset, "fr", "positioning.md"))
    assert "](#positioning)" in markdown


def test_every_kind_of_target_resolves_in_both_languages(dataset):
    for lang in LANGS:
        targets = targets_for(dataset, lang)
        assert targets.resolve("condition", "prone").page == "conditions.md"
        assert targets.resolve("term", "round").page == "glossary.md"
        assert targets.resolve("table", "fumbles").anchor == "table-fumbles"
        assert targets.resolve("question", "turn-length").anchor == "turn-length"
        assert targets.resolve("rule", "positioning.md").title


def test_an_unknown_section_is_refused_with_the_sections_that_exist(dataset):
    with pytest.raises(UnknownWikiLink, match=r"no section \{#no-such\} in time\.md \(its sections: .*six-second"):
        targets_for(dataset, "en").resolve("rule", "time.md#no-such")


def test_a_page_link_that_leads_nowhere_names_the_page_file_and_line(dataset, tmp_path):
    page = tmp_path / "fumbles.md"
    page.write_text("# Fumbles\n\nText.\n\nThe target falls [[condition:pron]].\n", encoding="utf-8")
    with pytest.raises(WikiLinkError, match=re.escape(f"{page}:5: wiki link [[condition:pron]] leads nowhere")):
        link_page(page.read_text(encoding="utf-8"), linker_for(dataset, "en", source=page))


def test_tooltips_show_a_definition_s_links_as_words(dataset):
    glossary = {
        "items": [
            {
                "id": "x",
                "term": {"fr": "chute", "en": "fall"},
                "abbr": {"fr": [], "en": []},
                "definition": {"fr": "Tomber [[condition:prone|au sol]].", "en": "Fall [[condition:prone]]."},
            }
        ]
    }
    assert tooltip_definitions(glossary, "fr", targets_for(dataset, "fr").plain)["chute"].endswith("Tomber au sol.")
    assert "[[" not in tooltip_definitions(glossary, "en", targets_for(dataset, "en").plain)["fall"]


def test_linked_from_lists_the_linking_pages_or_nothing(dataset):
    ui = UIText.from_dataset(dataset)
    html = f"<h2>Au sol</h2>{linked_from_placeholder('condition', 'prone')}{linked_from_placeholder('condition', 'x')}"
    filled = fill_linked_from(html, {"condition:prone": [("Fumbles", "fumbles/")]}, "conditions/", ui, "fr")
    soup = BeautifulSoup(filled, "html.parser")
    lists = soup.find_all("p", class_="codex-linked-from")
    assert len(lists) == 1
    assert [(a.get_text(), a["href"]) for a in lists[0].find_all("a")] == [("Fumbles", "../fumbles/")]
    assert lists[0].strong.get_text() == ui.text("linked_from", "fr")


@pytest.mark.site
@pytest.mark.parametrize("lang", LANGS)
def test_the_fumbles_table_links_every_condition_it_names(built_site, lang, dataset):
    """Done when of issue 12: the fumbles table's conditions are links, in both languages."""
    soup = BeautifulSoup(
        (lang_root(built_site, lang) / "fumbles" / "index.html").read_text(encoding="utf-8"), "html.parser"
    )
    table = soup.find(attrs={"data-table": "fumbles"})
    links = {a["href"].split("#")[1] for a in table.find_all("a", attrs={"data-wiki": "condition"})}
    fumbles = dataset.by_id("table.schema.json")["fumbles"]
    named = {m[1] for row in fumbles["rows"] for m in re.finditer(r"\[\[condition:([a-z-]+)", str(row))}
    assert named and links == named, (links, named)
    assert "[[" not in table.get_text()


@pytest.mark.site
@pytest.mark.parametrize("lang", LANGS)
def test_a_condition_lists_the_pages_that_link_to_it(built_site, lang):
    soup = BeautifulSoup(
        (lang_root(built_site, lang) / "conditions" / "index.html").read_text(encoding="utf-8"), "html.parser"
    )
    prone = soup.find(attrs={"data-condition": "prone"})
    linked_from = prone.find("p", class_="codex-linked-from")
    assert linked_from is not None
    assert "../fumbles/" in [a["href"] for a in linked_from.find_all("a")]


@pytest.mark.site
def test_a_page_link_that_leads_nowhere_stops_the_build_naming_file_and_line(tmp_path):
    project = copy_project(tmp_path)
    page = project / "docs" / "en" / "fumbles.md"
    lines = page.read_text(encoding="utf-8").splitlines()
    page.write_text("\n".join([*lines, "", "The target falls [[condition:pron]]."]) + "\n", encoding="utf-8")
    result = run_mkdocs_build(project, tmp_path / "site", "mkdocs.en.yml")
    assert result.returncode != 0
    assert f"docs/en/fumbles.md:{len(lines) + 2} [en]: wiki link [[condition:pron]] leads nowhere" in result.stderr, (
        result.stderr[-2000:]
    )


def test_a_commit_subject_that_looks_like_a_wiki_link_is_shown_as_written(dataset):
    """The home page's recent changes are free text: '[[kind:id]]' in a commit subject is not a link to check."""
    from codex.changes.history import CommitChanges
    from codex.changes.model import Change
    from codex.render.rules_changes import HistoryView, render_latest_changes

    change = Change("cell", "000", "p.md", "a", {"fr": "x", "en": "x"}, None, {"fr": "1", "en": "1"})
    commits = [CommitChanges("abc1234" * 6, "2026-12-01", "Wiki links: [[kind:id]] & more", (change,))]
    view = HistoryView(commits, lambda page, anchor: None, lambda: [])
    html = str(render_latest_changes(view, "en", UIText.from_dataset(dataset)))
    markdown, linked = link_page(html, linker_for(dataset, "en", "index.md"))
    assert linked == [] and markdown == html
    assert BeautifulSoup(markdown, "html.parser").find("span", lang="en").get_text() == "Wiki links: [[kind:id]] & more"
