"""The glossary: data that covers the seeds' terms and abbreviations, a page per language rendered from it, and
tooltips on every page in the page's language."""

from __future__ import annotations

import re

import markdown
import pytest
from bs4 import BeautifulSoup

from codex.data.errors import DataErrors
from codex.mistakes.data_checks import load_checked
from codex.render.tooltip_marks import CONTROLS, HEADINGS
from codex.render.tooltips import append_tooltips, tooltip_definitions, written_forms
from tests.built_html import article as built_article
from tests.built_html import parsed
from tests.conftest import LANGS, ROOT, lang_root
from tests.data_fixtures import data_dir_with
from tests.project_data import project_dataset

GLOSSARY = project_dataset().by_id("glossary.schema.json")["glossary"]
ITEMS = {item["id"]: item for item in GLOSSARY["items"]}

# The abbreviations of the three documents as the site writes them (the author's own in French), per language.
ABBREVIATIONS = {
    "fr": [
        "OA",
        "AC",
        "DC",
        "ACP",
        "HD",
        "ST",
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
# The terminology, French (the author's usage) -> English (standard D&D).
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
    ("Break DC", "break DC"),
    ("malus d’armure", "armour check penalty"),
    ("désavantage", "disadvantage"),
    ("avantage", "advantage"),
    ("couverture", "cover"),
    ("Flanking", "flanking"),
    ("Charge", "charge"),  # capital, as the author names the manoeuvre: "charge" alone is also a load
    ("contre-charge", "set against a charge"),
    ("défense totale", "full defence"),
    ("Hold Action", "hold action"),
    ("Flyby", "Flyby"),
    ("boutoir", "bull rush"),
    ("au sol", "prone"),
    ("différentiel de taille", "size difference"),
    ("action de combat", "combat action"),
    ("manœuvre", "manoeuvre"),
    ("coup localisé", "called shot"),
    ("estoc visé", "aimed thrust"),
    ("désarmement", "disarm"),
    ("Trip", "trip"),
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


SEEDS = {n: next((ROOT / "data" / "seeds").glob(f"{n}_*.txt")).read_text(encoding="utf-8") for n in ("000", "003")}


def definition(entry: str, lang: str) -> str:
    """The entry's definition, French no-break spaces read as spaces."""
    return re.sub("[\u00a0\u202f]", " ", ITEMS[entry]["definition"][lang])


def test_the_five_foot_step_says_the_adnd_2bis_rule_and_names_the_d20_difference():
    """AD&D 2bis: a 5′ step provokes an OA; the d20 system's "never provokes" is its own, said as such."""
    assert "Le 5′ step n’évite pas une OA" in SEEDS["000"]
    fr, en = definition("five-foot-step", "fr"), definition("five-foot-step", "en")
    assert "n’évite pas une OA, il en déclenche une" in fr and "does not avoid an AoO, it provokes one" in en
    assert fr.index("Le système d20 dit le contraire") < fr.index("ne provoque jamais")
    assert en.index("The d20 system says the opposite") < en.index("never provokes")
    assert ITEMS["five-foot-step"]["open_question"] == "d20-five-foot-step-aoo"


def test_delaying_initiative_is_limited_to_the_current_round():
    assert "segments d’initiative du round en cours" in SEEDS["000"]
    fr, en = definition("delay-initiative", "fr"), definition("delay-initiative", "en")
    assert "du round en cours" in fr and "of the current round" in en
    assert "rounds suivants" not in fr and "following rounds" not in en
    assert ITEMS["delay-initiative"]["page"] == "attacks-and-manoeuvres.md#delay-initiative"


def test_an_ambush_only_doubles_or_triples_the_chance_of_surprise():
    assert "L’embuscade double les chances de surprise" in SEEDS["000"]
    fr, en = definition("ambush", "fr"), definition("ambush", "en")
    assert "double les chances de surprise" in fr and "les triple" in fr
    assert "doubles the chances of surprise" in en and "triples them" in en
    assert "initiative" not in fr.split(". ")[0] and "initiative rules" not in en


def test_very_difficult_terrain_names_the_examples_of_the_terrains_table():
    rows = {row["id"]: row for row in project_dataset().by_id("table.schema.json")["terrains"]["rows"]}
    for lang in LANGS:
        examples = re.sub("[\u00a0\u202f]", " ", rows["very-difficult"]["examples"][lang])
        assert examples.casefold() in definition("very-difficult-terrain", lang).casefold()
    assert "cols" not in definition("very-difficult-terrain", "fr")
    assert "passes" not in definition("very-difficult-terrain", "en")


def test_ced_and_spl_agree_that_spl_gives_ced_bonuses():
    assert "tous les bonus à la CED dus à votre SPL" in SEEDS["003"]
    assert "la SPL lui donne des bonus" in definition("ced", "fr")
    assert "SPL gives bonuses to it" in definition("ced", "en")
    assert "donne des bonus à la CED" in definition("spl", "fr")
    assert "gives bonuses to the CED" in definition("spl", "en")
    assert not re.search(r"rédui|lower|reduc", definition("ced", "fr") + definition("ced", "en"))


def test_definitions_name_documents_by_their_names_not_their_seed_numbers():
    found = [(i["id"], lang) for i in GLOSSARY["items"] for lang in LANGS if "seed" in i["definition"][lang].lower()]
    assert found == []


@pytest.mark.parametrize("lang", LANGS)
def test_no_variant_to_avoid_is_also_a_form_of_an_entry(lang):
    forms = {form for item in GLOSSARY["items"] for form in written_forms(item, lang)}
    avoided = {form for item in GLOSSARY["items"] for form in item.get("avoid", {}).get(lang, [])}
    assert avoided and not forms & avoided


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
    sources: [{seed: 000_dd346e63a171f715.txt, section: Trip, quote: Trip}]
"""
        },
    )
    (tmp_path / "docs" / "fr").mkdir(parents=True)
    (tmp_path / "docs" / "en").mkdir(parents=True)
    with pytest.raises(DataErrors) as caught:
        load_checked(data)
    message = str(caught.value)
    assert "glossary.yaml:9" in message and "items[0].page" in message and "no-such-page.md" in message


def test_tooltips_are_declared_only_for_forms_the_page_uses():
    definitions = tooltip_definitions(GLOSSARY, "fr")
    page = append_tooltips("# Titre {#title}\n\nUne OA pendant un Trip, au round 2.\n", definitions)
    declared = re.findall(r"^\*\[(.+?)\]: ", page, re.MULTILINE)
    assert sorted(declared) == ["OA", "Trip"]  # "round" is in the glossary, but not underlined (underline: false)


# -- A term's tooltip once per section, never in a heading or a link (codex/render/tooltip_marks.py)

DEFINITIONS = """
*[AO]: attaque d’opportunité : une attaque gratuite.
*[OA]: attaque d’opportunité : une attaque gratuite.
*[PJ]: personnage joueur.
"""


def marked(source: str) -> str:
    """The Markdown as the site renders it: the `abbr` extension, then the tooltip marks."""
    return markdown.markdown(
        source + DEFINITIONS, extensions=["abbr", "attr_list", "toc", "admonition", "codex.render.tooltip_marks"]
    )


def plain(source: str) -> str:
    """The same Markdown with every occurrence wrapped (the `abbr` extension alone)."""
    return markdown.markdown(source + DEFINITIONS, extensions=["abbr", "attr_list", "toc", "admonition"])


def terms(html: str) -> list[str]:
    """Each <abbr> of the HTML as 'text@tabindex'."""
    return [f"{m[2]}@{m[1]}" for m in re.finditer(r'<abbr tabindex="(\d+)" title="[^"]*">([^<]*)</abbr>', html)]


def words(html: str) -> str:
    return re.sub(r"<[^>]+>", "", html)


def test_a_term_keeps_only_its_first_tooltip_in_a_section():
    html = marked("Une AO, puis une AO, encore une AO ; un PJ.\n\n- une AO dans une liste\n")
    assert terms(html) == ["AO@0", "PJ@0"]
    assert html.count("AO") == 4  # the others are plain text, where they were
    assert words(html) == words(plain("Une AO, puis une AO, encore une AO ; un PJ.\n\n- une AO dans une liste\n"))


def test_two_forms_of_one_entry_are_one_term():
    """AO and OA have the same definition (the same entry): the second form is not marked again."""
    assert terms(marked("Une AO, ou OA dans le seed.\n")) == ["AO@0"]


def test_each_heading_of_any_level_starts_a_section():
    source = "Une AO.\n\n## Suite {#suite}\n\nUne AO.\n\n#### Détail {#detail}\n\nUne AO et une AO.\n"
    assert terms(marked(source)) == ["AO@0", "AO@0", "AO@0"]


def test_no_tooltip_in_a_heading_and_the_heading_keeps_its_words_and_anchor():
    html = marked("# Une AO sur un PJ {#ao-pj}\n\nLe PJ subit une AO.\n")
    heading = re.search(r"<h1[^>]*>.*?</h1>", html)[0]
    assert "<abbr" not in heading and heading == '<h1 id="ao-pj">Une AO sur un PJ</h1>'
    assert terms(html) == ["PJ@0", "AO@0"]  # a heading's term does not count as the section's first


def test_no_tooltip_in_a_link_and_the_text_after_it_gets_it():
    html = marked("Voir [la règle des AO](#ao) : une AO.\n")
    assert '<a href="#ao">la règle des AO</a>' in html
    assert terms(html) == ["AO@0"] and html.index("<abbr") > html.index("</a>")


def test_terms_in_nested_blocks_count_in_reading_order():
    source = '!!! note "Note"\n\n    Une AO dans la note.\n\nPuis une AO après la note.\n\n> Une AO citée.\n'
    assert terms(marked(source)) == ["AO@0"]


def test_the_marks_run_after_abbr_and_before_the_table_of_contents():
    processors = markdown.Markdown(extensions=["abbr", "toc", "codex.render.tooltip_marks"]).treeprocessors
    index = processors.get_index_for_name  # the run order: highest priority first
    assert index("abbr") < index("tooltip_marks") < index("toc")


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


def tooltip_problems(article) -> list[str]:
    """What breaks "once per section, never in headings or controls" in a built article, read in document order."""
    problems = []
    seen: set[str] = set()
    for tag in article.find_all(True):
        if tag.name in HEADINGS:
            seen = set()
        if tag.name != "abbr":
            continue
        text = tag.get_text()
        inside = tag.find_parent(lambda t: t.name in HEADINGS | CONTROLS)
        if inside is not None:
            problems.append(f"{text!r} inside <{inside.name}>")
            continue
        if tag.get("title") in seen:
            problems.append(f"{text!r} again in its section")
        elif tag.get("tabindex") != "0":
            problems.append(f"{text!r} not reachable by keyboard")
        seen.add(tag.get("title"))
    return problems


@pytest.mark.parametrize("lang", LANGS)
def test_every_page_shows_a_term_once_per_section_and_none_in_headings(built_site, lang):
    root = lang_root(built_site, lang)
    pages = [p for p in root.rglob("index.html") if lang != "fr" or "en" not in p.relative_to(root).parts[:1]]
    found = {}
    for path in pages:
        page = built_article(path)
        if page is not None and (problems := tooltip_problems(page)):
            found[str(path.relative_to(root))] = problems[:5]
    assert len(pages) > 20 and found == {}
    # The rulebook and the glossary still explain their terms.
    assert len(article(built_site, lang, "rulebook/index.html").find_all("abbr")) > 100
    assert len(article(built_site, lang, "glossary/index.html").find_all("abbr")) > 50


def test_the_site_check_can_fail():
    page = BeautifulSoup(
        "<article><h2>Une <abbr title='a'>AO</abbr></h2><p><abbr title='a' tabindex='0'>AO</abbr> et"
        " <abbr title='a' tabindex='0'>OA</abbr> ; <a href='#'><abbr title='b'>PJ</abbr></a> ;"
        " <abbr title='c'>PI</abbr></p></article>",
        "html.parser",
    ).article
    assert tooltip_problems(page) == [
        "'AO' inside <h2>",
        "'OA' again in its section",
        "'PJ' inside <a>",
        "'PI' not reachable by keyboard",
    ]


@pytest.mark.parametrize("lang", LANGS)
def test_the_theme_builds_no_tooltip_per_term(built_site, lang):
    """Material's content.tooltips is off (codex-tooltips.js shows the tooltips), and every page loads that script."""
    html = (lang_root(built_site, lang) / "index.html").read_text(encoding="utf-8")
    assert '"content.tooltips"' not in html
    assert re.search(r'<script src="assets/javascripts/codex-tooltips\.js" defer>', html)


@pytest.mark.parametrize("lang", LANGS)
def test_no_tooltip_inside_code_or_anchor_ids(built_site, lang):
    for path in lang_root(built_site, lang).glob("*/index.html"):
        soup = parsed(path)
        assert not soup.select("code abbr, pre abbr"), path
        assert not any("<abbr" in tag["id"] for tag in soup.find_all(id=True))
        assert "*[" not in soup.select_one("article").get_text() if soup.select_one("article") else True


@pytest.mark.parametrize(
    "lang, other_term, entry",
    [("fr", "attack of opportunity", "attack-of-opportunity"), ("en", "pris au dépourvu", "flat-footed")],
)
def test_the_glossary_page_gives_each_entry_in_both_languages_with_its_anchor(built_site, lang, other_term, entry):
    page = article(built_site, lang, "glossary/index.html")
    heading = page.find(id=entry)
    assert heading is not None and heading.name == "h2"
    body = heading.find_next("p")
    assert other_term in body.get_text()
    assert len(page.find_all("h2")) == len(GLOSSARY["items"])


# -- The tooltip in the reader's browser (docs/overrides/assets/javascripts/codex-tooltips.js)

PREFIX = {"fr": "/", "en": "/en/"}
TOOLTIP_PAGE = "movement/"
PHONE = {"width": 390, "height": 844}
SHOWN_JS = """() => {
  const tip = document.getElementById('codex-tooltip');
  return !!tip && !tip.hidden && tip.classList.contains('md-tooltip--active') && getComputedStyle(tip).opacity === '1';
}"""
HIDDEN_JS = """() => {
  const tip = document.getElementById('codex-tooltip');
  return !!tip && tip.hidden && !document.querySelector('[aria-describedby="codex-tooltip"]');
}"""
TOOLTIP_JS = """() => {
  const tip = document.getElementById('codex-tooltip'), box = tip.getBoundingClientRect();
  return {text: tip.textContent, role: tip.getAttribute('role'), left: box.left, right: box.right, top: box.top,
          bottom: box.bottom, width: box.width, viewport_width: document.documentElement.clientWidth,
          viewport_height: window.innerHeight,
          describes: [...document.querySelectorAll('[aria-describedby="codex-tooltip"]')].map(e => e.textContent)};
}"""
# The focusable elements of the article before `term`, in document (and tab) order.
FOCUS_BEFORE_JS = """(term) => {
  const all = [...document.querySelector('article').querySelectorAll('a[href], [tabindex="0"], button, summary')];
  all[all.indexOf(term) - 1].focus();
}"""


def shown_tooltip(page) -> dict:
    """The tooltip once shown and faded in (fails if none shows within 2 s)."""
    page.wait_for_function(SHOWN_JS, timeout=2000)
    return page.evaluate(TOOLTIP_JS)


def tooltip_hides(page) -> bool:
    page.wait_for_function(HIDDEN_JS, timeout=2000)
    return True


def in_viewport(tip: dict) -> bool:
    return (
        tip["left"] >= 0
        and tip["top"] >= 0
        and tip["right"] <= tip["viewport_width"]
        and (tip["bottom"] <= tip["viewport_height"])
    )


def open_tooltip_page(page, site_url: str, lang: str, errors: list[str]):
    """The page with terms, nothing of the tooltip built at load; its first term and that term's definition."""
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(site_url + PREFIX[lang] + TOOLTIP_PAGE)
    assert page.evaluate("document.getElementById('codex-tooltip')") is None
    term = page.locator("article abbr").first
    # In view before the test points at it, as a reader's mouse would find it: Playwright's hover would otherwise
    # scroll the page under the pointer, and a scroll that moves the term rightly hides its tooltip.
    term.scroll_into_view_if_needed()
    page.evaluate("() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")
    return term, term.get_attribute("title")


def tab_to(page, term) -> None:
    """Focus what precedes the term, then press Tab, as a keyboard reader reaches it."""
    term.evaluate(FOCUS_BEFORE_JS)
    page.keyboard.press("Tab")
    assert term.evaluate("t => t === document.activeElement && t.matches(':focus-visible')")


@pytest.fixture
def phone_page(browser):
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, service_workers="block")
    yield context.new_page()
    context.close()


@pytest.mark.parametrize("lang", LANGS)
def test_hovering_a_term_shows_its_definition(page, site_url, lang):
    errors: list[str] = []
    term, definition = open_tooltip_page(page, site_url, lang, errors)
    term.hover()
    tip = shown_tooltip(page)
    assert tip["text"] == definition and tip["role"] == "tooltip" and tip["describes"] == [term.text_content()]
    assert in_viewport(tip) and tip["top"] >= term.bounding_box()["y"]  # under the term
    assert term.get_attribute("title") is None  # moved: the browser's own tooltip does not show beside it
    page.mouse.move(0, 0)
    assert tooltip_hides(page) and errors == []


def test_tab_to_a_term_shows_its_definition(page, site_url):
    errors: list[str] = []
    term, definition = open_tooltip_page(page, site_url, "en", errors)
    tab_to(page, term)
    tip = shown_tooltip(page)
    assert tip["text"] == definition and tip["describes"] == [term.text_content()] and in_viewport(tip)
    page.keyboard.press("Shift+Tab")  # back to what preceded it (not a term): the term's tooltip hides
    assert tooltip_hides(page) and errors == []


def test_escape_hides_the_tooltip(page, site_url):
    errors: list[str] = []
    term, _ = open_tooltip_page(page, site_url, "fr", errors)
    tab_to(page, term)
    shown_tooltip(page)
    page.keyboard.press("Escape")
    assert tooltip_hides(page)
    assert term.evaluate("t => t === document.activeElement")  # the reader stays where they were
    assert errors == []


@pytest.mark.parametrize("lang", LANGS)
def test_tapping_a_term_on_a_phone_shows_its_definition(phone_page, site_url, lang):
    errors: list[str] = []
    term, definition = open_tooltip_page(phone_page, site_url, lang, errors)
    term.tap()
    tip = shown_tooltip(phone_page)
    assert tip["text"] == definition and tip["describes"] == [term.text_content()] and in_viewport(tip)
    phone_page.locator("article h1").tap()  # a tap elsewhere
    assert tooltip_hides(phone_page) and errors == []


@pytest.mark.parametrize("device", ["mouse", "phone"])
def test_the_tooltip_stays_inside_the_viewport_at_the_right_and_bottom_edges(page, phone_page, site_url, device):
    """The term that starts furthest right, scrolled to the bottom of the window, hovered in a narrow window or tapped
    on a phone: the tooltip, as wide as the theme makes it, would overflow the right edge at the term's left and the
    bottom edge under the term."""
    errors: list[str] = []
    if device == "mouse":
        page.set_viewport_size({"width": 800, "height": 600})
    else:
        page = phone_page
    open_tooltip_page(page, site_url, "fr", errors)
    index = page.evaluate(
        "() => { const xs = [...document.querySelectorAll('article abbr')].map(t => t.getBoundingClientRect().left);"
        " return xs.indexOf(Math.max(...xs)); }"
    )
    term = page.locator("article abbr").nth(index)
    term.evaluate("t => window.scrollBy(0, t.getBoundingClientRect().bottom - window.innerHeight + 8)")
    if device == "mouse":
        term.hover()
    else:
        term.tap()
    tip = shown_tooltip(page)
    box = term.bounding_box()
    assert box["x"] + tip["width"] > tip["viewport_width"]  # the case is real
    assert box["y"] + box["height"] + tip["bottom"] - tip["top"] > tip["viewport_height"]
    assert in_viewport(tip), tip
    assert tip["bottom"] <= box["y"] + 1  # above the term, which it does not cover
    assert errors == []


def test_a_scroll_elsewhere_leaves_the_tooltip_a_scroll_of_the_page_hides_it(page, site_url):
    """The theme scrolls the table of contents to follow the reading: that does not move the term, so its tooltip
    stays; a scroll of the page moves the term away from its tooltip, which hides."""
    errors: list[str] = []
    term, definition = open_tooltip_page(page, site_url, "en", errors)
    term.hover()
    assert shown_tooltip(page)["text"] == definition
    page.evaluate(
        "document.querySelector('.md-sidebar--secondary .md-sidebar__scrollwrap').dispatchEvent(new Event('scroll'))"
    )
    page.wait_for_timeout(300)  # longer than the fade: a hide would have started
    assert page.evaluate(SHOWN_JS)
    page.evaluate("document.dispatchEvent(new Event('scroll'))")
    assert tooltip_hides(page) and errors == []


@pytest.mark.parametrize("lang, label", [("fr", "Terme du SRD"), ("en", "SRD term")])
def test_a_house_term_names_the_srd_words_in_english(built_site, lang, label):
    """The author's hold action keeps its name; the entry names the SRD's nearest words, in English on both sites."""
    assert ITEMS["hold-action"]["srd"] == ["readied action", "ready"]
    entry = article(built_site, lang, "glossary/index.html").find(id="hold-action").find_next("p")
    line = next(line for line in entry.get_text().splitlines() if line.startswith(label))
    assert "readied action, ready" in line, line
    assert [e.get_text() for e in entry.find_all("em")] == ["readied action", "ready"]
    if lang == "fr":
        assert all(e.find_parent("span", lang="en") for e in entry.find_all("em"))
