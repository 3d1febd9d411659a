"""French typography, applied in one place: the space before a high punctuation mark or inside guillemets is a
no-break space, so that a colon or a « never starts a line on a phone; and the preposition "à" that starts a
sentence is written "À", not "A" ("À chaque round", "À l’inverse").

Only spaces already written are changed (a colon in a URL or a time stays as it is): a no-break space (U+00A0)
before ':' and after '«' / before '»', a narrow no-break space (U+202F) before ';', '!' and '?'. A space at the
start of a line is indentation, not a word space, and '!' before '[' opens a Markdown image: both are left alone.

The capital À is written only where "A" starts a sentence (the text's start, after '.', '!', '?' or '…', at the
start of a paragraph, a list item, a heading, a table cell or an admonition's text) and is followed by a word that
follows the preposition (chaque, la, l’, partir, 0...): "A et X s’attaquent", the creature A of an example, stays.

Three entry points: `typeset` for one text, `typeset_french_texts` for the loaded data (every `fr` of a {fr, en}
pair), and `typeset_markdown` for a French page's Markdown (prose and the HTML the macros wrote), which leaves code,
HTML tags, URLs and Markdown syntax as they are, and the author's own words that a quotation shows as he wrote
them (an element marked `data-verbatim`, with its content: the author's-text blocks, codex/render/author_text.py).
"""

from __future__ import annotations

import re

NBSP = "\u00a0"
NARROW_NBSP = "\u202f"
SPACE_BEFORE = re.compile(r"(?<=\S)[ \u00a0\u202f]+([:;!?»])(?!\[)")
SPACE_AFTER_GUILLEMET = re.compile(r"«[ \u00a0\u202f]+")
# Words that follow the preposition "à" at the start of a sentence, never the verb of a creature named A.
AFTER_PREPOSITION = (
    "chaque|la|le|les|un|une|partir|moins|plus|cause|ce|cet|cette|ces|titre|noter|tout|toute|tous|toutes|"
    "son|sa|ses|leur|leurs|défaut|distance|condition|peine|priori|travers|nouveau|part|propos|chacun|chacune|"
    "cela|ceci|quoi|bout|même"
)
SENTENCE_START = (
    r"\A|[.!?…][ \t\u00a0]*\n?[ \t]*[ \t\n]"  # the text's start, or a sentence's end and a space or a line
    r"|\n[ \t]*\n[ \t]*"  # a paragraph
    r"|^[ \t]*(?:[-*+]|[0-9]+[.)]|\#{1,6}|>)[ \t]+"  # a list item, a heading, a quotation
    r"|\|[ \t]*"  # a table cell
    r"|^[ \t]*(?:!!!|\?\?\?\+?)[^\n]*\n[ \t]+"  # an admonition's first line
    r"|«[ \u00a0\u202f]*"
)
AFTER_A = rf"[ \u00a0](?:(?:{AFTER_PREPOSITION})(?![^\W\d_])|l[’']|[0-9])"  # "A chaque", "A l’inverse", "A 0 hp"
CAPITAL_A = re.compile(rf"(?P<start>{SENTENCE_START})A(?={AFTER_A})", re.MULTILINE)

# What typeset_markdown must not touch: fenced code, code spans, HTML comments, code-like HTML elements with their
# content, an element marked data-verbatim with its content (the author's words, as he wrote them; it holds no element
# of its own name), HTML tags and autolinks, link destinations, attribute lists ({#id}), definitions ([x]: ..., *[ABBR]: ...),
# bare URLs and the delimiter rows of Markdown tables (| :--- |).
PROTECTED_MARKDOWN = re.compile(
    r"""
    ^[ \t]*(?P<fence>`{3,}|~{3,})[^\n]*\n.*?^[ \t]*(?P=fence)[ \t]*$
    | (?P<ticks>`+)[^\n]+?(?P=ticks)
    | <!--.*?-->
    | <(?P<element>code|pre|kbd|samp|script|style|textarea)\b[^>]*>.*?</(?P=element)\s*>
    | <(?P<verbatim>[A-Za-z]+)\b[^>]*\sdata-verbatim\b[^>]*>.*?</(?P=verbatim)\s*>
    | </?[A-Za-z][^>]*>
    | \]\([^)\n]*\)
    | \{[ \t]*[:#.][^}\n]*\}
    | ^[ \t]*\*?\[[^\]\n]+\]:.*$
    | \b(?:https?|ftp|mailto):[^\s<>()\[\]]+
    | ^[ \t]*\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)+\|?[ \t]*$
    """,
    re.MULTILINE | re.DOTALL | re.VERBOSE,
)
# Each protected piece stands in for itself as one character of Unicode's supplementary private use area while the
# rest is typeset: a non-space character, so a space after a code span still counts as a word space.
FIRST_STAND_IN = 0xF0000
STAND_IN = re.compile("[\U000f0000-\U000ffffd]")


def _space_for(mark: str) -> str:
    return NBSP if mark in ":»" else NARROW_NBSP


def typeset(text: str, lang: str) -> str:
    """The text with French no-break spaces in French; other languages unchanged."""
    if lang != "fr" or not text:
        return text
    text = SPACE_BEFORE.sub(lambda m: _space_for(m.group(1)) + m.group(1), text)
    text = SPACE_AFTER_GUILLEMET.sub("«" + NBSP, text)
    return CAPITAL_A.sub(lambda m: m["start"] + "À", text)


def colon(lang: str) -> str:
    """A label's colon: ' :' with a no-break space in French, ':' in English."""
    return NBSP + ":" if lang == "fr" else ":"


def typeset_french_texts(node: object) -> object:
    """The data with `typeset` applied to the `fr` text of every {fr, en} pair, at any depth (a new structure)."""
    if isinstance(node, dict):
        if set(node) == {"fr", "en"} and isinstance(node["fr"], str):
            return {**node, "fr": typeset(node["fr"], "fr")}
        return {key: typeset_french_texts(value) for key, value in node.items()}
    if isinstance(node, list):
        return [typeset_french_texts(value) for value in node]
    return node


def typeset_markdown(markdown: str, lang: str) -> str:
    """A page's Markdown with `typeset` applied to its text only (see PROTECTED_MARKDOWN for what is left alone)."""
    if lang != "fr" or not markdown:
        return markdown
    if STAND_IN.search(markdown):
        raise ValueError("the page holds a character of the private use area U+F0000-U+FFFFD, which typesetting uses")
    pieces: list[str] = []

    def stand_in(match: re.Match[str]) -> str:
        pieces.append(match.group(0))
        return chr(FIRST_STAND_IN + len(pieces) - 1)

    text = typeset(PROTECTED_MARKDOWN.sub(stand_in, markdown), lang)
    return STAND_IN.sub(lambda m: pieces[ord(m.group(0)) - FIRST_STAND_IN], text)
