"""Make the built search index find accented words typed without accents, and plurals of singular words.

Material's search worker indexes exactly the fields that `config.fields` of search_index.json names (title, text,
tags by default), each with its boost, and searches all of them. So adding a field to each entry is not enough:
the field must also be declared in `config.fields`. This module, run after the search plugin has written the index
(from on_post_build), adds to each entry:
- `folded_title` / `folded`: the words of its title / text written without accents ("étourdi" -> "etourdi",
  "manœuvre" -> "manoeuvre"), so that "etourdi" or "desengagement" find the same sections as the accented word;
- the word after an elision ("exemple" of "l’exemple"), which the theme's separator does not split off;
- and, in the same fields, the plural of each word ("chevalier" -> "chevaliers", "cheval" -> "chevaux",
  "enemy" -> "enemies"), so that a query in the plural finds a page that only writes the singular. (A singular query
  already finds plurals: the theme searches by prefix.)
The two fields carry the boosts of title and text. Hits in them are not highlighted (the page text has the accented
form), but the result is found and ranked.
"""

from __future__ import annotations

import functools
import json
import re
import unicodedata
from html import unescape
from pathlib import Path

LIGATURES = {"œ": "oe", "Œ": "Oe", "æ": "ae", "Æ": "Ae", "ß": "ss"}
WORD = re.compile(r"[^\W\d_]{3,}")
TAG = re.compile(r"<[^>]+>")
ELIDED = re.compile(r"(?<=[’'])[^\W\d_]{3,}")  # "exemple" in "l’exemple", which the index keeps as one token
FIELDS = {"folded_title": "title", "folded": "text"}


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


def extra_words(value: str, lang: str) -> str:
    """The words of `value` that folding changes, plus the plural of every word: the tokens the index lacks."""
    plain = unescape(TAG.sub(" ", value)).lower()
    words = WORD.findall(plain)
    extra: dict[str, None] = dict.fromkeys(ELIDED.findall(plain))
    for word in words:
        folded = fold(word)
        if folded != word:
            extra[folded] = None
        many = plural(folded, lang)
        if many:
            extra[many] = None
    return " ".join(extra)


def fold_search_index(site_dir: Path) -> bool:
    """Add the folded fields to site_dir/search/search_index.json; False when there is no index to change."""
    path = Path(site_dir) / "search" / "search_index.json"
    if not path.is_file():
        return False
    index = json.loads(path.read_text(encoding="utf-8"))
    lang = (index["config"].get("lang") or ["en"])[0]
    fields = index["config"].setdefault("fields", {})
    for extra, source in FIELDS.items():
        fields[extra] = {"boost": fields.get(source, {}).get("boost", 1)}
    for doc in index["docs"]:
        for extra, source in FIELDS.items():
            doc[extra] = extra_words(doc.get(source, ""), lang)
    path.write_text(json.dumps(index, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
    return True
