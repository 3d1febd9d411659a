"""The author's words (issue 25, codex/sources/passages.py): a quotation is found in its seed whatever its typography,
once or not at all; a mistyped one names the closest passage; a page's author_text() call is checked before the
build renders it, and the built page shows the seed's paragraphs folded under "Author's text", in French on both
sites, left out of the search index, the rulebook and print. His words are shown as he wrote them, character for
character, and the open questions quote his characters (issue 36, codex/mistakes/verbatim.py)."""

from __future__ import annotations

import json

import pytest

from codex.i18n.ui import UIText
from codex.mistakes.macro_calls import MacroChecks
from codex.render.author_text import render_author_text
from codex.sources.passages import QuotationError, folded
from tests.built_html import parsed
from tests.conftest import lang_root
from tests.project_data import project_dataset

DATASET = project_dataset()
CHECKS = MacroChecks(DATASET)
RULES = CHECKS.sources["000"]
FUMBLES_STOP = (
    "Tous les fumbles arrêtent automatiquement toute action subséquente du personnage dans le round y compris ses "
    "attaques non utilisées et y compris ses capacités de réactions."
)


def test_a_quotation_is_found_whatever_its_typography():
    assert folded("L’arme « à deux mains » – ×2…") == folded('l\'ARME "a deux  mains" - x2...')
    stop = RULES.paragraph_of("tous les fumbles  ARRETENT automatiquement")
    assert RULES.paragraphs[stop] == FUMBLES_STOP
    assert RULES.passage("Tous les fumbles arrêtent", "Pour produire un autre effet") == (stop, stop + 1)


def test_a_heading_quoted_whole_is_found_though_its_words_recur():
    draft = CHECKS.sources["003"]
    assert draft.paragraphs[draft.paragraph_of("Combat")] == "Combat"
    assert draft.paragraphs[draft.paragraph_of("parer")] == "Parer"


def test_a_quotation_must_occur_once_and_in_order():
    with pytest.raises(QuotationError, match=r"« fumble » occurs 6 times .* quote more words"):
        RULES.paragraph_of("fumble")
    with pytest.raises(QuotationError, match="comes before"):
        RULES.passage("Pour produire un autre effet", "Tous les fumbles arrêtent")


def test_a_mistyped_quotation_names_the_closest_passage():
    with pytest.raises(QuotationError) as wrong:
        RULES.paragraph_of("Tous les fumbles arretent automatiquemant")
    assert (
        "is not in 000_dd346e63a171f715.txt; the closest passage: « Tous les fumbles arrêtent automatiquement"
        in str(wrong.value)
    )


def test_the_macro_check_says_what_is_wrong_and_the_fix():
    assert CHECKS.wrong("author_text", ("000", "Tous les fumbles arrêtent")) is None
    what, fix = CHECKS.wrong("author_text", ("001", "Tous les fumbles"))
    assert what.startswith("unknown source document '001'") and "000, 002, 003" in fix
    what, fix = CHECKS.wrong("author_text", ("003", "Tous les fumbles arrêtent"))
    assert "is not in 003_c731bc9041012e2b.txt" in what and "data/seeds/" in fix


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_author_text_is_the_seed_s_paragraphs_in_french(lang):
    ui = UIText.from_dataset(DATASET)
    stop = RULES.paragraph_of("Tous les fumbles arrêtent")
    html = str(render_author_text(RULES, stop, stop + 1, lang, ui))
    assert html.startswith('<details class="codex-author-text" data-search-exclude>') and "\n" not in html
    assert f'<div lang="fr" data-verbatim><p>{FUMBLES_STOP}</p><p>Pour produire' in html
    assert ui.text("author_text", lang) in html


@pytest.mark.site
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_built_section_offers_the_author_s_text_but_not_to_search_print_or_the_rulebook(built_site, lang):
    root = lang_root(built_site, lang)
    page = parsed(root / "fumbles" / "index.html")
    shown = page.select("details.codex-author-text")
    assert len(shown) >= 4
    assert [p.get_text() for p in shown[1].select('div[lang="fr"] p')] == [FUMBLES_STOP]
    rulebook = parsed(root / "rulebook" / "index.html")
    assert rulebook.select("details.codex-author-text") == []
    index = json.loads((root / "search" / "search_index.json").read_text(encoding="utf-8"))
    words = UIText.from_dataset(DATASET).text("author_text", lang)
    assert not [d["location"] for d in index["docs"] if words in d["text"] or words in d["title"]]


def test_coverage_counts_the_paragraphs_the_pages_cite(tmp_path):
    from codex.mistakes.source_coverage import cited_by_pages

    (tmp_path / "page.md").write_text(
        "# P\n\n{{ author_text('000', 'Tous les fumbles arrêtent', 'Pour produire un autre effet') }}\n"
        "{{ author_text('000', 'un texte qui n’y est pas') }}\n",
        encoding="utf-8",
    )
    cited = cited_by_pages(tmp_path, CHECKS.sources)
    stop = RULES.paragraph_of("Tous les fumbles arrêtent")
    assert cited["000"] == {stop, stop + 1} and cited["003"] == set()


def test_a_passage_ends_at_the_first_paragraph_after_its_start_that_holds_its_last_words():
    """ "Durée par défaut : d4 +1 turns." ends two conditions: each condition's passage ends at its own."""
    unconscious = RULES.paragraph_of("Unconscious (Inconscient)")
    deafened = RULES.paragraph_of("Deafened (Assourdi)")
    assert RULES.passage("Unconscious (Inconscient)", "Durée par défaut : d4 +1 turns") == (
        unconscious,
        unconscious + 6,
    )
    assert RULES.passage("Deafened (Assourdi)", "Durée par défaut : d4 +1 turns") == (deafened, deafened + 3)
    with pytest.raises(QuotationError, match="comes before"):
        RULES.passage("Deafened (Assourdi)", "Unconscious (Inconscient)")


def test_a_made_up_quotation_in_a_data_file_stops_the_load_at_its_line(tmp_path):
    import shutil

    from codex.data.errors import DataErrors
    from codex.mistakes.data_checks import load_checked

    data = tmp_path / "data"
    shutil.copytree(DATASET.root, data)
    table = data / "tables" / "fumbles.yaml"
    lines = table.read_text(encoding="utf-8").splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("  quote:"))  # the table's source: {quote}
    lines[at] = "  quote: Tous les fumbles arretent automatiquemant"
    table.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(DataErrors) as stopped:
        load_checked(data)
    assert [str(e) for e in stopped.value.errors] == [
        f"data/tables/fumbles.yaml:{at + 1}: field 'source.quote': got 'Tous les fumbles arretent automatiquemant'; "
        "expected the seed's own words, once, typography aside: « Tous les fumbles arretent automatiquemant » is not "
        "in 000_dd346e63a171f715.txt; the closest passage: « Tous les fumbles arrêtent automatiquement toute action "
        "subséquente du personnage dans le round y compris ses attaques n… ». Fix: copy the passage's first words "
        "from data/seeds/"
    ]


@pytest.mark.parametrize("document", ["000", "002", "003"])
def test_the_author_s_text_is_his_characters_as_written_on_a_french_page(document):
    """Issue 36: no space added before « : », « .; » not turned into « . ; », no capital À, no no-break space: the
    block shows each paragraph as the seed has it, after the French page's typography has run."""
    from codex.i18n.typography import typeset_markdown

    source = CHECKS.sources[document]
    block = str(render_author_text(source, 0, len(source.paragraphs) - 1, "fr", UIText.from_dataset(DATASET)))
    page = parsed_html(typeset_markdown(f"A chaque round : un texte.\n\n{block}\n", "fr"))
    shown = [p.text_content() for p in page.xpath('//div[@lang="fr"]/p')]
    assert len(shown) == len(source.paragraphs)
    changed = [(mine, his) for mine, his in zip(shown, source.paragraphs, strict=True) if mine != his]
    assert not changed, f"{len(changed)} paragraphs changed, the first: {changed[0]}"


def parsed_html(text: str):
    from lxml import html

    return html.fromstring(f"<div>{text}</div>", parser=html.HTMLParser(encoding="utf-8"))


def test_french_typography_leaves_an_element_marked_verbatim_alone():
    from codex.i18n.typography import typeset_markdown

    markdown = 'A chaque round : x\n\n<div lang="fr" data-verbatim><p>A chaque round: OA.; elle : « mot »</p></div>\n'
    assert typeset_markdown(markdown, "fr") == markdown.replace("A chaque round : x", "À chaque round\u00a0: x")


def built_block(tmp_path, paragraph: str, page: str = "fumbles"):
    """A built French site of one page whose author's-text block shows `paragraph`, and its docs page."""
    site, docs = tmp_path / "site", tmp_path / "docs"
    (site / page).mkdir(parents=True)
    (site / page / "index.html").write_text(
        f'<article><p>Règle.</p><details class="codex-author-text"><summary>Texte</summary><div lang="fr" '
        f"data-verbatim><p>{paragraph}</p></div></details></article>",
        encoding="utf-8",
    )
    (docs / "fr").mkdir(parents=True)
    (docs / "fr" / f"{page}.md").write_text(
        "# Fumbles\n\nRègle.\n\n{{ author_text('000', 'Tous les fumbles arrêtent') }}\n", encoding="utf-8"
    )
    return site, docs


def test_the_verbatim_check_names_a_block_that_changes_the_author_s_characters(tmp_path):
    from codex.mistakes.verbatim import author_text_problems

    site, docs = built_block(tmp_path, FUMBLES_STOP)
    assert author_text_problems(site, docs, CHECKS.sources) == []
    changed = FUMBLES_STOP.replace("dans le round", "dans le round\u00a0:").replace("subséquente", "subsequente")
    site, docs = built_block(tmp_path / "2", changed)
    found = [str(p) for p in author_text_problems(site, docs, CHECKS.sources)]
    stop = RULES.paragraph_of("Tous les fumbles arrêtent") + 1
    assert len(found) == 1 and found[0].startswith(
        f"docs/fr/fumbles.md:5 [fr]: the author's text differs from 000_dd346e63a171f715.txt, paragraph {stop}: "
        "« … action subsequente … » for « … action subséquente … »"
    ), found


QUESTION = """\
# yaml-language-server: $schema=../schemas/open-question.schema.json
id: the-question
title: {fr: "Une question ?", en: "A question?"}
status: open
page: rules/ip.md
readings:
  - text:
      fr: "QUOTED : une lecture."
      en: "A reading."
    source: {seed: 003_c731bc9041012e2b.txt, section: Utilisations des points d’avantage, quote: "faire des dégâts supplémentaires par un coup visé"}
"""


@pytest.mark.parametrize(
    "quoted, what",
    [
        ("« faire des dégâts supplémentaires par un coup visé [A PRECISER] »", None),
        ("« Faire des dégâts  supplémentaires par un coup visé [A PRECISER] »", None),  # its first capital, spaces
        ("« faire des dégâts supplémentaires par un [sic] coup visé [A PRECISER] »", None),  # ours, marked
        ("« faire des dégâts supplémentaires par un coup visé [À PRÉCISER] »", "« … coup visé [À PRÉCIS… »"),
        (
            "« faire des dégats supplémentaires par un coup visé »",
            "« …aire des dégats supp… » for « …aire des dégâts supp… »",
        ),
        ("« faire des dommages supplémentaires par un coup visé [A PRECISER] »", "which reads « faire des dégâts"),
    ],
)
def test_an_open_question_quotes_the_author_s_characters(tmp_path, quoted, what):
    from codex.data.loading import load_dataset
    from codex.mistakes.verbatim import quotation_problems
    from tests.data_fixtures import data_dir_with

    data = data_dir_with(tmp_path, {"open-questions/the-question.yaml": QUESTION.replace("QUOTED", quoted)})
    found = [str(p) for p in quotation_problems(load_dataset(data), CHECKS.sources)]
    if what is None:
        assert found == []
    else:
        assert len(found) == 1 and found[0].startswith("data/open-questions/the-question.yaml:8 [fr]: «"), found
        assert what in found[0], found


def test_a_paragraph_left_out_on_purpose_is_not_counted_as_missing(tmp_path):
    from types import SimpleNamespace

    from codex.mistakes.source_coverage import LEFT_OUT_SCHEMA, coverage

    stop = RULES.paragraph_of("Tous les fumbles arrêtent")
    left_out = {"seed": RULES.file, "section": "Fumbles", "quote": "Tous les fumbles arrêtent"}
    table = {"seed": RULES.file, "section": "Fumbles", "quote": "Pour produire un autre effet"}
    dataset = SimpleNamespace(
        documents=[
            SimpleNamespace(schema=LEFT_OUT_SCHEMA, content={"items": [{"source": left_out, "reason": "a test"}]}),
            SimpleNamespace(schema="table.schema.json", content={"source": table}),
        ]
    )
    found = coverage(tmp_path, dataset, {"000": RULES})
    assert found.cited["000"] == {stop + 1} and found.left_out["000"] == {stop}
    assert len(found.uncited["000"]) == len(RULES.paragraphs) - 2


def test_a_glossary_entry_names_a_passage_of_each_of_its_documents(tmp_path):
    import shutil

    from codex.data.errors import DataErrors
    from codex.data.loading import load_dataset

    data = tmp_path / "data"
    shutil.copytree(DATASET.root, data)
    glossary = data / "glossary.yaml"
    text = glossary.read_text(encoding="utf-8")
    at = text.index('    seeds: ["000"]\n')  # the third entry: one document, one passage
    glossary.write_text(text[:at] + '    seeds: ["000", "002"]\n' + text[at + 19 :], encoding="utf-8")
    with pytest.raises(DataErrors) as stopped:
        load_dataset(data)
    line = text[:at].count("\n") + 2
    assert [str(e) for e in stopped.value.errors] == [
        f"data/glossary.yaml:{line}: field 'items[2].sources': got ['000_dd346e63a171f715.txt']; expected a passage "
        "of each document of `seeds` (002_80876a7bfba57569.txt). Fix: add a {seed, section, quote} for it, or drop "
        "the document from `seeds`"
    ]
