"""Texts as sentences, and the sentences removed and added between two versions of a text: a reworded text is
reported as those sentences ('− …', '+ …') rather than as the whole text twice."""

from __future__ import annotations

import re
from dataclasses import dataclass
from difflib import SequenceMatcher

from codex.changes.model import Texts
from codex.changes.snapshot import LANGS
from codex.i18n.typography import typeset

REMOVED, ADDED = "\u2212 ", "+ "
SENTENCE_END = re.compile(r"(?<=[.!?…])[)\]»”\"*_]*\s+(?=[«“\"(\[*_]*[A-ZÀ-ÖØ-Þ0-9])")


@dataclass(frozen=True)
class Sentence:
    """A sentence as compared (`key`: Markdown as written, whitespace collapsed) and as shown (`text`)."""

    key: str
    text: str


def collapse(text: str) -> str:
    """Runs of white space (line breaks, no-break spaces) as one space."""
    return " ".join(text.split())


def split_sentences(text: str) -> list[str]:
    """A text's sentences, white space collapsed: each ends with . ! ? or … before a capital or a digit."""
    return [s for s in SENTENCE_END.split(collapse(text)) if s]


def data_sentences(raw: str, shown: str) -> list[Sentence]:
    """A data text's sentences, compared as written and shown as the site shows them."""
    keys, texts = split_sentences(raw), split_sentences(shown)
    if len(keys) != len(texts):  # a link's words hold a sentence's end: compare whole texts
        return [Sentence(collapse(raw), collapse(shown))] if raw.strip() else []
    return [Sentence(k, t) for k, t in zip(keys, texts)]


def changed_sentences(old: list[Sentence], new: list[Sentence], lang: str) -> list[str]:
    """'− sentence' for each sentence removed and '+ sentence' for each added, in reading order."""
    lines = []
    matcher = SequenceMatcher(None, [s.key for s in old], [s.key for s in new], autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag != "equal":
            removed = [typeset(s.text, lang) for s in old[i1:i2]]
            added = [typeset(s.text, lang) for s in new[j1:j2]]
            for text in list(removed):  # changed in its markup only (a link added): the reader sees no change
                if text in added:
                    removed.remove(text)
                    added.remove(text)
            lines += [REMOVED + text for text in removed] + [ADDED + text for text in added]
    return lines


def paired_lines(per_lang: dict[str, list[str]]) -> tuple[Texts, ...]:
    """Each language's lines side by side, '' where a language has fewer."""
    count = max(map(len, per_lang.values()), default=0)
    return tuple({lang: per_lang[lang][i] if i < len(per_lang[lang]) else "" for lang in LANGS} for i in range(count))
