"""Search leads to the rule: what players type for a row of a table or for a term, in French or in English, ranks the
page that holds the rule among the first three results, above the pages that only gather or list the rules (glossary,
GM screen, rulebook, data, tools, open questions, home). The browser tests run the theme's own search (lunr, in its
worker) in Chromium over the built site; the others check the index that codex/publish/search_folding.py writes."""

from __future__ import annotations

import json
import re
from html import unescape
from pathlib import Path

import material
import pytest

from codex.adapter.search_queries import WORKERS
from codex.publish.search_folding import TAG, fold_search_index, glossary_names, page_key
from tests.conftest import LANGS, ROOT, lang_root

# The theme's search worker as the theme ships it, before the site's query hook.
THEME_WORKER = next(
    (Path(material.__file__).parent / "templates" / "assets" / "javascripts" / "workers").glob("search.*.min.js")
).read_text(encoding="utf-8")

# Pages that gather, copy or list the rules: a rule page must rank above each of them (their front matter lowers them
# with `search: boost:`).
GATHERING_PAGES = ("glossary/", "gm-screen/", "rulebook/", "data/", "tools/", "open-questions/", "")

# (query as a player types it, page that holds the rule): table rows, terms in the page's language, terms in the
# other language, abbreviations and the variants the glossary tells writers to avoid, typed with a straight apostrophe.
FRENCH_QUERIES = [
    ("porte en fer", "object-damage/"),  # a row of the standard objects table
    ("collines escarpées", "movement/"),  # a row of the terrains table
    ("échec critique", "fumbles/"),
    ("fumble", "fumbles/"),
    ("attaque d'opportunité", "attacks-and-manoeuvres/"),
    ("attack of opportunity", "attacks-and-manoeuvres/"),
    ("au sol", "conditions/"),
    ("prone", "conditions/"),
    ("croc-en-jambe", "attacks-and-manoeuvres/"),
    ("pas de placement", "attacks-and-manoeuvres/"),
    ("retenir sa respiration", "underwater/"),
    ("classe d'armure", "size-and-cover/"),
    ("boutoir", "positioning/"),
    ("suivi de combat", "initiative-points/tracker/"),  # a tracker's title: both trackers (below)
]
ENGLISH_QUERIES = [
    ("iron door", "object-damage/"),
    ("steep hills", "movement/"),
    ("critical failure", "fumbles/"),
    ("fumble", "fumbles/"),
    ("attack of opportunity", "attacks-and-manoeuvres/"),
    ("AoO", "attacks-and-manoeuvres/"),
    ("attaque d'opportunité", "attacks-and-manoeuvres/"),
    ("prone", "conditions/"),
    ("trip", "attacks-and-manoeuvres/"),
    ("5-foot step", "attacks-and-manoeuvres/"),
    ("holding breath", "underwater/"),
    ("armour class", "size-and-cover/"),
    ("bull rush", "positioning/"),
    ("readied action", "attacks-and-manoeuvres/"),  # the SRD's words for the house term, the hold action
]
QUERIES = [("/", query, page) for query, page in FRENCH_QUERIES] + [
    ("/en/", query, page) for query, page in ENGLISH_QUERIES
]


@pytest.fixture(scope="module")
def ranked(browser, searchable_site_url):
    """(prefix, query) -> the result pages in the order the theme lists them (each page once, its sections under it),
    as paths under the language's folder: ['object-damage/', 'gm-screen/', ...].

    One search box per language's home page, opened once (loading the page builds the index in the theme's worker).
    Before each query the box is emptied and the theme's results cleared; the query is typed whole."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, service_workers="block")
    pages = {}

    def run(prefix: str, query: str) -> list[str]:
        if prefix not in pages:
            pages[prefix] = context.new_page()
            pages[prefix].goto(searchable_site_url + prefix, wait_until="networkidle")
            pages[prefix].locator("label.md-search__icon, .md-search__input").first.click()
        page = pages[prefix]
        box = page.locator(".md-search__input")
        box.fill("")
        box.press("End")
        page.wait_for_function("() => !document.querySelector('.md-search-result__item')")
        box.fill(query)
        box.press("End")
        page.locator(".md-search-result__item a").first.wait_for(timeout=15000)
        paths = page.locator(".md-search-result__list > .md-search-result__item > a").evaluate_all(
            "links => links.map(a => new URL(a.href).pathname)"
        )
        return [path.removeprefix(prefix) for path in paths]

    yield run
    context.close()


@pytest.mark.parametrize("prefix, query, rule_page", QUERIES)
def test_a_query_ranks_the_rule_page_first_three_and_above_the_gathering_pages(ranked, prefix, query, rule_page):
    results = ranked(prefix, query)
    assert rule_page in results[:3], f"{query!r}: {results[:6]}"
    above = results[: results.index(rule_page)]
    assert not [page for page in above if page in GATHERING_PAGES], f"{query!r}: {results[:6]}"


def test_queries_cover_both_languages_and_several_pages():
    for queries in (FRENCH_QUERIES, ENGLISH_QUERIES):
        assert 8 <= len(queries) <= 14 and len({page for _, page in queries}) >= 7


@pytest.mark.parametrize("prefix, query", [("/", "suivi de combat"), ("/en/", "combat tracker")])
def test_a_combat_tracker_query_ranks_both_trackers_first(ranked, prefix, query):
    assert set(ranked(prefix, query)[:2]) == {"round-tracker/", "initiative-points/tracker/"}


# -- every title and heading, and the SRD's words, asked of the theme's own search worker


def searched_titles(index: dict) -> dict[str, str]:
    """Query as a reader types it -> the page it must bring into the first three: the title of every page, and the
    heading of every section of the pages that rule (the pages that gather, lowered by their `boost`, repeat the
    others' headings: their title only; the older pages of the history are the Changes page's)."""
    lowered = {doc["location"] for doc in index["docs"] if doc.get("boost", 1) < 1 and "#" not in doc["location"]}
    queries: dict[str, str] = {}
    for doc in index["docs"]:
        page, _, section = doc["location"].partition("#")
        if (section and page in lowered) or re.match(r"changes/\d+/", page):
            continue
        words = re.findall(r"[\w’'&-]+", unescape(TAG.sub("", doc["title"])))
        if words:
            queries.setdefault(" ".join(words), page)
    return queries


# Headings a reader cannot expect to lead to one page: a generic word that other pages hold as their own rule.
AMBIGUOUS_HEADINGS = {
    "/en/": {
        "Points": "the initiative-point draft's pages all speak of points",
        "Full-round action": "the AD&D rules (actions/) and the d20 draft (d20/actions/) both define it",
    },
}


@pytest.fixture(scope="module")
def worker_search(browser, searchable_site_url, built_site):
    """(prefix, queries, config, hooked) -> each query's result pages, from the theme's search worker (as the site
    hooks it; unless `hooked` is false: the theme's own, served beside it) set up with the language's index, its
    `config` updated with `config` if given, as the theme's search box does, without typing: every title costs
    milliseconds. Each worker is set up once (building the index is most of its time) and kept for the module's
    later questions with the same language and configuration. No service worker: it would fetch the theme's worker
    from the site, which has none."""
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    (worker,) = [p.relative_to(built_site).as_posix() for p in (built_site / WORKERS).glob("search.*.js")]
    theirs = f"{WORKERS}/search.theme.js"
    page.route(f"**/{theirs}", lambda route: route.fulfill(body=THEME_WORKER, content_type="text/javascript"))
    page.goto(searchable_site_url + "/")

    def run(prefix: str, queries: list[str], config: dict | None = None, hooked: bool = True) -> dict[str, list[str]]:
        key = json.dumps([prefix, config, hooked])
        return page.evaluate(
            """async ([key, base, worker, queries, config]) => {
                const workers = (window.searchWorkers ??= {});
                if (!workers[key]) {
                    const index = await (await fetch(new URL("search/search_index.json", base))).json();
                    Object.assign(index.config, config);
                    const search = new Worker(new URL(worker, base));  // the language's own
                    const ask = message => new Promise((answer, fail) => {
                        const late = setTimeout(() => fail(new Error("the search worker did not answer in 30 s")), 30000);
                        search.onmessage = event => { clearTimeout(late); answer(event.data); };
                        search.onerror = event => { clearTimeout(late); fail(new Error(event.message)); };
                        search.postMessage(message);
                    });
                    await ask({type: 0, data: {...index, options: {suggest: false}}});
                    workers[key] = ask;
                }
                const results = {};
                for (const query of queries) {
                    const {data} = await workers[key]({type: 2, data: query});
                    results[query] = data.items.map(group => group[0].location.split("#")[0]);
                }
                return results;
            }""",
            [key, searchable_site_url + prefix, worker if hooked else theirs, queries, config or {}],
        )

    yield run
    context.close()


@pytest.mark.parametrize("prefix", ["/", "/en/"])
def test_every_title_and_heading_brings_its_page_first_three(worker_search, built_site, prefix):
    index = json.loads((built_site / prefix.strip("/") / "search" / "search_index.json").read_text(encoding="utf-8"))
    expected = {q: page for q, page in searched_titles(index).items() if q not in AMBIGUOUS_HEADINGS.get(prefix, {})}
    assert len(expected) > 150
    results = worker_search(prefix, list(expected))
    missed = [
        f"{q!r} -> {page or 'home'}: {results[q][:3]}" for q, page in expected.items() if page not in results[q][:3]
    ]
    assert not missed, f"{len(missed)} of {len(expected)} titles and headings:\n" + "\n".join(missed)


def test_the_srd_words_for_the_house_terms_bring_their_rule_first(worker_search):
    from codex.data.loading import load_dataset

    glossary = load_dataset(ROOT / "data").by_id("glossary.schema.json")["glossary"]
    expected = {
        word: page_key(item["page"]).partition("#")[0] + "/"
        for item in glossary["items"]
        for word in item.get("srd", [])
    }
    assert {"readied action", "total defense", "Flyby Attack"} <= set(expected)
    for prefix in ("/", "/en/"):
        results = worker_search(prefix, list(expected))
        assert [w for w, page in expected.items() if page not in results[w][:3]] == [], results


@pytest.mark.parametrize(
    "prefix, plural, page",
    [("/", "chevaliers", "initiative-points/manoeuvres/"), ("/en/", "knights", "initiative-points/manoeuvres/")],
)
def test_the_themes_stemmer_misses_the_page_of_the_singular(worker_search, prefix, plural, page):
    """The theme's option for plurals, lunr's stemmer (`pipeline: [stemmer]`), stems the index ("chevaliers",
    "chevalier" -> "chevali") but not the theme's queries: each word is a prefix (`chevaliers*`), which lunr passes
    through no pipeline. So a plural misses the page that writes the singular, which the index's plurals
    (codex/publish/search_folding.py) find. Should this fail, the theme stems queries: try the stemmer instead."""
    assert page in worker_search(prefix, [plural])[plural]
    assert page not in worker_search(prefix, [plural], {"pipeline": ["stemmer"]})[plural]


@pytest.mark.parametrize("pipeline", [[], ["stopWordFilter"]])
def test_the_themes_own_worker_buries_a_title_under_its_stop_words(worker_search, pipeline):
    """What codex/adapter/search_queries.js does, no option of the theme does: its own worker, with its pipeline empty
    (as configured) or lunr's `stopWordFilter` (its default), searches « de » of « suivi de combat » as a prefix
    (lunr runs no pipeline on it) and brings other pages before the trackers. Should this fail, the theme's own worker
    does the hook's job: drop the hook."""
    results = worker_search("/", ["suivi de combat"], {"pipeline": pipeline}, hooked=False)
    assert set(results["suivi de combat"][:2]) != {"round-tracker/", "initiative-points/tracker/"}


# -- the index the theme searches


@pytest.mark.parametrize("lang", LANGS)
def test_the_gathering_pages_rank_below_the_rule_pages(built_site, lang):
    index = json.loads((lang_root(built_site, lang) / "search" / "search_index.json").read_text(encoding="utf-8"))
    boosts = {doc["location"].partition("#")[0]: doc.get("boost", 1) for doc in index["docs"]}
    assert {page: boosts[page] for page in GATHERING_PAGES if boosts[page] >= 1} == {}
    assert boosts["attacks-and-manoeuvres/"] == 1 and boosts["object-damage/"] == 1


@pytest.mark.parametrize(
    "lang, location, names",
    [
        ("fr", "object-damage/#standard-objects", ["Porte en fer"]),
        ("en", "object-damage/#standard-objects", ["Iron door"]),
        ("fr", "attacks-and-manoeuvres/#attacks-of-opportunity", ["attack of opportunity", "AoO"]),
        ("en", "attacks-and-manoeuvres/#attacks-of-opportunity", ["attaque d’opportunité", "zone de contrôle"]),
    ],
)
def test_the_index_names_each_section_by_its_rows_and_its_glossary_terms(built_site, lang, location, names):
    index = json.loads((lang_root(built_site, lang) / "search" / "search_index.json").read_text(encoding="utf-8"))
    assert index["config"]["fields"]["names"] == index["config"]["fields"]["title"]
    (doc,) = [doc for doc in index["docs"] if doc["location"] == location]
    assert all(name in doc["names"] for name in names), doc["names"]


def test_glossary_names_name_the_rule_section_and_the_glossary_entry():
    glossary = {
        "items": [
            {
                "id": "attack-of-opportunity",
                "term": {"fr": "attaque d’opportunité", "en": "attack of opportunity"},
                "abbr": {"fr": ["OA"], "en": ["AoO"]},
                "forms": {"fr": ["attaques d’opportunité"], "en": []},
                "avoid": {"fr": ["AO"], "en": []},
                "page": "attacks-and-manoeuvres.md#attacks-of-opportunity",
            },
            {
                "id": "threatened-area",
                "term": {"fr": "zone de contrôle", "en": "threatened area"},
                "abbr": {"fr": [], "en": []},
                "page": "attacks-and-manoeuvres.md#attacks-of-opportunity",
            },
            {
                "id": "fumble",
                "term": {"fr": "fumble", "en": "fumble"},
                "abbr": {"fr": [], "en": []},
                "forms": {"fr": ["Fumble"], "en": ["fumble"]},
                "page": "fumbles.md#fumbles",
            },
        ]
    }
    attack_of_opportunity = [
        "attaque d’opportunité",
        "OA",
        "attaques d’opportunité",
        "AO",
        "attack of opportunity",
        "AoO",
    ]
    assert glossary_names(glossary) == {
        "attacks-and-manoeuvres#attacks-of-opportunity": [
            *attack_of_opportunity,
            "zone de contrôle",
            "threatened area",
        ],
        "glossary#attack-of-opportunity": attack_of_opportunity,
        "glossary#threatened-area": ["zone de contrôle", "threatened area"],
        "fumbles#fumbles": ["fumble", "Fumble"],
        "glossary#fumble": ["fumble", "Fumble"],
    }
    assert list(glossary_names(glossary, "terms/index.md")) == [
        "attacks-and-manoeuvres#attacks-of-opportunity",
        "terms#attack-of-opportunity",
        "terms#threatened-area",
        "fumbles#fumbles",
        "terms#fumble",
    ]
    assert glossary_names(None) == {}


@pytest.mark.parametrize(
    "written, key",
    [
        *(("fumbles.md#fumbles", "fumbles#fumbles"), ("fumbles/#fumbles", "fumbles#fumbles")),
        *(("fumbles.html#fumbles", "fumbles#fumbles"), ("d20/index.md", "d20"), ("d20/", "d20")),
        *(("d20/index.html", "d20"), ("d20/actions.md#move-action", "d20/actions#move-action")),
        *(("index.md#home", "#home"), ("", ""), ("index.html", "")),
    ],
)
def test_a_page_has_one_key_however_it_is_written(written, key):
    """A path under docs/, a directory URL (the site) or a file URL (the offline folder)."""
    assert page_key(written) == key


def write_site(site: Path, directory_urls: bool = True) -> None:
    """A two-page site as the build leaves it: the search index and the pages' HTML, at directory URLs
    ('objets/') or, as in the offline folder, at file URLs ('objets.html')."""
    (site / "search").mkdir(parents=True)
    objets, fumbles = ("objets/", "fumbles/") if directory_urls else ("objets.html", "fumbles.html")
    index = {
        "config": {"lang": ["fr"], "pipeline": ["stopWordFilter"], "fields": {"title": {"boost": 1000.0}}},
        "docs": [
            {"location": objets, "title": "Objets", "text": "<p>Intro</p>"},
            {"location": f"{objets}#portes", "title": "Portes", "text": "Porte en fer 10"},
            {"location": f"{objets}#murs", "title": "Murs", "text": "<p>l’épaisseur</p>"},
            {"location": fumbles, "title": "Fumbles", "text": "<p>Un 1 naturel.</p>"},
        ],
    }
    (site / "search" / "search_index.json").write_text(json.dumps(index), encoding="utf-8")
    (site / "objets").mkdir()
    (site / ("objets/index.html" if directory_urls else "objets.html")).write_text(
        '<nav><th scope="row">Menu</th></nav><article><h1 id="objets">Objets</h1>'
        '<table><tr><th scope="row">Corde</th><td>2</td></tr></table>'
        '<h2 id="portes">Portes</h2><table><tr><th scope="col">Objet</th></tr>'
        '<tr id="t-iron"><th scope="row">Porte en fer (2 pouces d’épaisseur)</th><td>10</td></tr></table>'
        '<h3 id="sans-entree">Titre que l’index n’a pas</h3><table><tr><th scope="row">Grille</th></tr></table>'
        '<h2 id="murs">Murs</h2><p>l’épaisseur</p></article>',
        encoding="utf-8",
    )


@pytest.mark.parametrize("directory_urls", [True, False])
def test_folding_names_sections_by_rows_and_given_names_and_keeps_the_pipeline(tmp_path, directory_urls):
    write_site(tmp_path, directory_urls)
    assert fold_search_index(tmp_path, {"fumbles#fumbles": ["échec critique"], "objets#portes": ["door"]})
    index = json.loads((tmp_path / "search" / "search_index.json").read_text(encoding="utf-8"))
    assert index["config"]["pipeline"] == ["stopWordFilter"]  # the search plugin's, as configured
    assert index["config"]["fields"]["names"] == {"boost": 1000.0}
    names = {page_key(doc["location"]): doc["names"] for doc in index["docs"]}
    assert names["objets"] == "Corde"  # the page's first section; the theme's navigation is not the article
    assert names["objets#portes"].startswith("Porte en fer (2 pouces d’épaisseur) Grille door ")
    assert "epaisseur" in names["objets#portes"].split()
    assert names["objets#murs"] == ""
    assert names["fumbles"].startswith("échec critique ") and "echec" in names["fumbles"].split()
    assert "fers" not in names["objets#portes"].split()  # no plurals among names
    murs = next(doc for doc in index["docs"] if page_key(doc["location"]) == "objets#murs")
    assert {"epaisseur", "epaisseurs"} <= set(murs["folded"].split())
