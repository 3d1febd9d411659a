"""The glossary: data that covers the seeds' terms and abbreviations, a page per language rendered from it, and
tooltips on every page in the page's language."""

from __future__ import annotations

import re

import pytest

from codex.data.errors import DataErrors
from codex.data.loading import load_dataset
from codex.render.tooltips import append_tooltips, tooltip_definitions, written_forms
from tests.built_html import article as built_article
from tests.built_html import parsed
from tests.conftest import LANGS, lang_root
from tests.data_fixtures import data_dir_with
from tests.project_data import project_dataset

GLOSSARY = project_dataset().by_id("glossary.schema.json")["glossary"]
ITEMS = {item["id"]: item for item in GLOSSARY["items"]}

# The abbreviations of the three seeds (DESIGN.md "Terms" and the seeds' own), per language.
ABBREVIATIONS = {
    "fr": [
        "AO",
        "OA",
        "CA",
        "DD",
        "ACP",
        "DV",
        "JS",
        "PI",
        "CED",
        "Mr",
        "Me",
        "AGT",
        "FOR",
        "SPL",
        "PRC",
        "RX",
        "MJ",
        "PJ",
        "TD",
        "TTD",
    ],
    "en": ["AoO", "AC", "DC", "ACP", "HD", "ST", "IP", "CED", "Mr", "Me", "AGT", "SPL", "PRC", "RX", "GM", "PC"],
}
# DESIGN.md's "Terms" list, French -> English.
TERMS = [
    ("attaque d’opportunité", "attack of opportunity"),
    ("zone de contrôle", "threatened area"),
    ("pas de placement", "5-foot step"),
    ("action simple", "standard action"),
    ("action de mouvement", "move action"),
    ("action complexe", "full-round action"),
    ("action libre", "free action"),
    ("activité restreinte", "restricted activity"),
    ("round de surprise", "surprise round"),
    ("pris au dépourvu", "flat-footed"),
    ("jet de sauvegarde", "saving throw"),
    ("dés de vie", "Hit Dice"),
    ("dureté", "hardness"),
    ("points de vie", "hit points"),
    ("DD pour briser", "break DC"),
    ("malus d’armure", "armour check penalty"),
    ("désavantage", "disadvantage"),
    ("avantage", "advantage"),
    ("couvert", "cover"),
    ("prendre en tenaille", "flanking"),
    ("charge", "charge"),
    ("contre-charge", "set against a charge"),
    ("défense totale", "full defence"),
    ("Hold Action", "readied action"),
    ("coup localisé", "called shot"),
    ("estoc visé", "aimed thrust"),
    ("désarmement", "disarm"),
    ("croc-en-jambe", "trip"),
    ("matraquage", "knockout blow"),
    ("tenir à distance", "keep at bay"),
    ("couvert dur", "hard cover"),
    ("bout portant", "point-blank"),
    ("portée efficace", "effective range"),
    ("portée maximale", "maximum range"),
    ("incrément de portée", "range increment"),
    ("points d’initiative", "initiative points"),
    ("points d’avantage", "advantage points"),
    ("habitude du combat", "combat experience"),
]


@pytest.mark.parametrize("lang", LANGS)
def test_the_glossary_covers_the_abbreviations_of_the_seeds(lang):
    listed = {a for item in GLOSSARY["items"] for a in item["abbr"][lang]}
    assert set(ABBREVIATIONS[lang]) <= listed, set(ABBREVIATIONS[lang]) - listed


def test_the_glossary_pairs_the_design_terms():
    pairs = {(item["term"]["fr"], item["term"]["en"]) for item in GLOSSARY["items"]}
    assert set(TERMS) <= pairs, set(TERMS) - pairs


def test_the_undefined_abbreviations_say_so_and_link_their_open_question():
    for entry in ("ced", "spl", "prc", "rx"):
        assert "non défini" in ITEMS[entry]["definition"]["fr"] and "never defines" in ITEMS[entry]["definition"]["en"]
        assert ITEMS[entry]["open_question"] == "ip-undefined-abbreviations"


@pytest.mark.parametrize("lang", LANGS)
def test_no_written_form_belongs_to_two_entries(lang):
    owners: dict[str, str] = {}
    clashes = []
    for item in GLOSSARY["items"]:
        for form in written_forms(item, lang):
            if form in owners and owners[form] != item["id"]:
                clashes.append((form, owners[form], item["id"]))
            owners.setdefault(form, item["id"])
    assert not clashes


def test_a_glossary_page_that_does_not_exist_stops_the_build(tmp_path):
    data = data_dir_with(
        tmp_path,
        {
            "glossary.yaml": """\
# yaml-language-server: $schema=schemas/glossary.schema.json
id: glossary
title: {fr: Glossaire, en: Glossary}
items:
  - id: trip
    term: {fr: croc-en-jambe, en: trip}
    abbr: {fr: [], en: []}
    definition: {fr: Faire tomber., en: Knock down.}
    page: no-such-page.md#trip
    seeds: ["000"]
"""
        },
    )
    (tmp_path / "docs" / "fr").mkdir(parents=True)
    (tmp_path / "docs" / "en").mkdir(parents=True)
    with pytest.raises(DataErrors) as caught:
        load_dataset(data)
    message = str(caught.value)
    assert "glossary.yaml:9" in message and "items[0].page" in message and "no-such-page.md" in message


def test_tooltips_are_declared_only_for_forms_the_page_uses():
    definitions = tooltip_definitions(GLOSSARY, "fr")
    page = append_tooltips("# Titre {#title}\n\nUne AO sur un PJ.\n", definitions)
    declared = re.findall(r"^\*\[(.+?)\]: ", page, re.MULTILINE)
    assert sorted(declared) == ["AO", "PJ"]


def article(site, lang, page):
    return built_article(lang_root(site, lang) / page)


@pytest.mark.parametrize(
    "lang, abbr, words",
    [
        ("fr", "OA", "attaque d’opportunité"),
        ("en", "AoO", "attack of opportunity"),
    ],
)
def test_pages_show_tooltips_in_their_language(built_site, lang, abbr, words):
    tags = [
        t
        for t in article(built_site, lang, "attacks-and-manoeuvres/index.html").find_all("abbr")
        if t.get_text() == abbr
    ]
    assert tags and all(t["title"].startswith(words) for t in tags)


def test_french_and_english_pages_get_different_tooltips(built_site):
    french = {t["title"] for t in article(built_site, "fr", "initiative-points/manoeuvres/index.html").find_all("abbr")}
    english = {
        t["title"] for t in article(built_site, "en", "initiative-points/manoeuvres/index.html").find_all("abbr")
    }
    assert french and english and not french & english


@pytest.mark.parametrize("lang", LANGS)
def test_the_theme_turns_abbreviations_into_tooltips(built_site, lang):
    assert '"content.tooltips"' in (lang_root(built_site, lang) / "index.html").read_text(encoding="utf-8")


@pytest.mark.parametrize("lang", LANGS)
def test_no_tooltip_inside_code_or_anchor_ids(built_site, lang):
    for path in lang_root(built_site, lang).glob("*/index.html"):
        soup = parsed(path)
        assert not soup.select("code abbr, pre abbr"), path
        assert not any("<abbr" in tag["id"] for tag in soup.find_all(id=True))
        assert "*[" not in soup.select_one("article").get_text() if soup.select_one("article") else True


@pytest.mark.parametrize(
    "lang, other_term, entry",
    [("fr", "attack of opportunity", "attack-of-opportunity"), ("en", "croc-en-jambe", "trip")],
)
def test_the_glossary_page_gives_each_entry_in_both_languages_with_its_anchor(built_site, lang, other_term, entry):
    page = article(built_site, lang, "glossary/index.html")
    heading = page.find(id=entry)
    assert heading is not None and heading.name == "h2"
    body = heading.find_next("p")
    assert other_term in body.get_text()
    assert len(page.find_all("h2")) == len(GLOSSARY["items"])
