"""Make the built search index find accented words typed without accents, plurals of singular words, and the section
that holds a rule by the names players type for it: what the theme's own search options cannot do.

Material's search worker indexes exactly the fields that `config.fields` of search_index.json names (title, text,
tags by default), each with its boost, and searches all of them. So adding a field to each entry is not enough:
the field must also be declared in `config.fields`. This module, run after the search plugin has written the index
(from on_post_build), adds to each entry:
- `folded_title` / `folded`: the words of its title / text written without accents ("étourdi" -> "etourdi",
  "manœuvre" -> "manoeuvre"), so that "etourdi" or "desengagement" find the same sections as the accented word;
- and, in the same fields, the plural of each word ("chevalier" -> "chevaliers", "cheval" -> "chevaux",
  "enemy" -> "enemies"), so that a query in the plural finds a page that only writes the singular. (A singular query
  already finds plurals: the theme searches by prefix.) The theme's option for this, the `stemmer` of its search
  `pipeline` (lunr's), falls short: the theme searches each word of a query as a prefix, and lunr stems no prefix, so
  the index's stems ("chevali") match neither "chevaliers" nor "chevalier" as typed
  (tests/test_search_relevance.py::test_the_themes_stemmer_misses_the_page_of_the_singular);
- `names`, weighed as a title: what players call the section besides its title. The row heads of its tables (a
  query for a row, "porte en fer", finds the table's section rather than pages that only share a word), and the
  names in every language of the glossary entries that point to it (term, abbreviations, forms, variants to
  avoid), so that "attaque d’opportunité" on the English site, or "AoO", leads to the rule and not only to the
  glossary. With their accent-free forms, without plurals.
The folded fields carry the boosts of title and text. Hits in them are not highlighted (the page text has the
accented form), but the result is found and ranked. Lunr folds no accent and the theme has no option for it.
The theme's options do the rest (mkdocs.yml, `search:`): its `separator` splits a word after an elision ("exemple" of
"l’exemple", "opportunité" of "d'opportunité" typed with a straight apostrophe: tests/test_search.py), and its empty
`pipeline` keeps stop words in the index ("pas", "en"), searched as whole words by codex/adapter/search_queries.py.
Pages that gather or list the rules (glossary, GM screen, rulebook, data, tools, open questions, home) rank below the
rule pages through `search: boost:` in their front matter, Material's own setting; tests/test_search_relevance.py
checks the ranks.
"""

from __future__ import annotations

import functools
import json
import re
import unicodedata
from collections.abc import Iterable, Mapping
from html import unescape
from pathlib import Path

LIGATURES = {"œ": "oe", "Œ": "Oe", "æ": "ae", "Æ": "Ae", "ß": "ss"}
WORD = re.compile(r"[^\W\d_]{3,}")
TAG = re.compile(r"<[^>]+>")
FIELDS = {"folded_title": "title", "folded": "text"}
NAMES = "names"
PAGE_SUFFIX = re.compile(r"\.(?:md|html)$")
INDEX_PAGE = re.compile(r"(?:^|/)index$")

# The built page's parts that name a section: its headings (with their anchors) and its tables' row heads.
ARTICLE = re.compile(r"<article\b.*?</article>", re.DOTALL)
SECTION_PART = re.compile(r"<h[1-6]\b[^>]*\bid=\"(?P<id>[^\"]+)\"|<th scope=\"row\"[^>]*>(?P<row>.*?)</th>", re.DOTALL)


@functools.lru_cache(maxsize=65536)  # the index repeats its words: fold each once
def fold(value: str) -> str:
    """The text without diacritics or ligatures."""
    for ligature, letters in LIGATURES.items():
        value = value.replace(ligature, letters)
    return "".join(c for c in unicodedata.normalize("NFKD", value) if not unicodedata.combining(c))


def plural(word: str, lang: str) -> str | None:
    """The regular plural of a (folded, lower-case) word, or None when it already looks plural."""
    if word.endswith(("s", "x", "z")):
        return None
    if lang == "fr":
        if word.endswith("al"):
            return word[:-2] + "aux"
        if word.endswith(("eau", "au", "eu")):
            return word + "x"
        return word + "s"
    if word.endswith(("ch", "sh")):
        return word + "es"
    if word.endswith("y") and word[-2:-1] not in "aeiou":
        return word[:-1] + "ies"
    return word + "s"


def extra_words(value: str, lang: str, plurals: bool = True) -> str:
    """The words of `value` that folding changes, plus the plural of every word: the tokens the index lacks."""
    extra: dict[str, None] = {}
    for word in WORD.findall(unescape(TAG.sub(" ", value)).lower()):
        folded = fold(word)
        if folded != word:
            extra[folded] = None
        many = plural(folded, lang) if plurals else None
        if many:
            extra[many] = None
    return " ".join(extra)


def page_key(target: str) -> str:
    """A page, with its anchor, however it is written: a path under docs/, a directory URL or a file URL (the offline
    folder's). 'fumbles.md#x', 'fumbles/#x', 'fumbles.html#x' -> 'fumbles#x'; 'd20/index.md', 'd20/' -> 'd20';
    'index.md', '', 'index.html' -> ''."""
    page, mark, anchor = target.partition("#")
    page = INDEX_PAGE.sub("", PAGE_SUFFIX.sub("", page)).rstrip("/")
    return page + mark + anchor


def entry_names(item: Mapping) -> list[str]:
    """A glossary entry's names in every language: term, abbreviations, forms and the variants to avoid (which
    players type all the same), then the SRD's words for it, each once."""
    names: list[str] = []
    for lang, term in item["term"].items():
        others = (name for kind in ("abbr", "forms", "avoid") for name in item.get(kind, {}).get(lang, []))
        for name in (term, *others):
            if name not in names:
                names.append(name)
    return names + [name for name in item.get("srd", []) if name not in names]


def glossary_names(glossary: Mapping | None, glossary_page: str = "glossary.md") -> dict[str, list[str]]:
    """Section (its page_key) -> the names of the glossary entries there: each entry's names go to the section it
    points to and to its own entry on the glossary page (`glossary_page`, anchored by the entry's id):
    'fumbles#fumbles' -> ['fumble', 'fumbles', ...], 'glossary#fumble' -> the same."""
    names: dict[str, list[str]] = {}
    for item in (glossary or {}).get("items", []):
        for location in (page_key(item["page"]), page_key(f"{glossary_page}#{item['id']}")):
            found = names.setdefault(location, [])
            found += [name for name in entry_names(item) if name not in found]
    return names


def row_heads(site_dir: Path, locations: Iterable[str]) -> dict[str, list[str]]:
    """Search location -> the row heads of the tables in that section of the built page (the section runs from
    its heading to the next heading the index has a location for)."""
    known = set(locations)
    heads: dict[str, list[str]] = {}
    for page in sorted({location.partition("#")[0] for location in known}):
        path = site_dir / page if page.endswith(".html") else site_dir / page / "index.html"
        if not path.is_file():
            continue
        article = ARTICLE.search(path.read_text(encoding="utf-8"))
        section = page
        for part in SECTION_PART.finditer(article.group(0) if article else ""):
            if part["id"] is not None:
                section = f"{page}#{part['id']}" if f"{page}#{part['id']}" in known else section
            else:
                heads.setdefault(section, []).append(" ".join(unescape(TAG.sub(" ", part["row"])).split()))
    return heads


def section_names(site_dir: Path, docs: list[dict], names: Mapping[str, Iterable[str]]) -> dict[str, list[str]]:
    """Search location -> its names: its tables' row heads, then the given names, keyed by page_key (a section the
    index lacks, such as the anchor of a page's first heading, names the page's first entry)."""
    locations = [doc["location"] for doc in docs]
    found = row_heads(site_dir, locations)
    known = {page_key(location): location for location in locations}
    for key, more in names.items():
        location = known.get(key) or known.get(key.partition("#")[0])
        if location is not None:
            found.setdefault(location, []).extend(more)
    return found


def fold_search_index(site_dir: Path, names: Mapping[str, Iterable[str]] | None = None) -> bool:
    """Add the folded fields and the names to site_dir/search/search_index.json; False when there is no index to
    change. `names`: a section's page_key -> more names for it (glossary_names gives the glossary's)."""
    site_dir = Path(site_dir)
    path = site_dir / "search" / "search_index.json"
    if not path.is_file():
        return False
    index = json.loads(path.read_text(encoding="utf-8"))
    lang = (index["config"].get("lang") or ["en"])[0]
    fields = index["config"].setdefault("fields", {})
    for extra, source in FIELDS.items():
        fields[extra] = {"boost": fields.get(source, {}).get("boost", 1)}
    fields[NAMES] = {"boost": fields.get("title", {}).get("boost", 1)}
    called = section_names(site_dir, index["docs"], names or {})
    for doc in index["docs"]:
        for extra, source in FIELDS.items():
            doc[extra] = extra_words(doc.get(source, ""), lang)
        words = " ".join(called.get(doc["location"], []))
        doc[NAMES] = f"{words} {extra_words(words, lang, plurals=False)}".strip()
    path.write_text(json.dumps(index, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
    return True
