"""Data values as the site shows them, in every language: what the diff compares and what a change reports, so
that what a reader cannot see (1 written 1.0) is no change."""

from __future__ import annotations

from codex.changes.model import Texts
from codex.changes.snapshot import LANGS
from codex.i18n.localize import cell


def same_everywhere(value: str) -> Texts:
    """The same text in every language (an id, a default)."""
    return dict.fromkeys(LANGS, value)


def value_texts(value: object, fmt: str = "plain") -> Texts:
    """A data value in each language as a table shows it (numbers in the language's way, None as '—'); a value
    of an unexpected shape (an old commit's) as its text."""
    out = {}
    for lang in LANGS:
        try:
            out[lang] = cell(value, lang, fmt)
        except (KeyError, TypeError, ValueError):
            out[lang] = str(value.get(lang, "")) if isinstance(value, dict) else str(value)
    return out


def reworded(old_value: object, new_value: object, old_shown: Texts, new_shown: Texts) -> bool:
    """A value changed both as written and as shown: one changed in its markup only (a link added) is no change."""
    return value_texts(old_value) != value_texts(new_value) and old_shown != new_shown


def joined(*parts: Texts) -> Texts:
    """'A › B › C' in each language."""
    return {lang: " › ".join(part[lang] for part in parts if part[lang]) for lang in LANGS}
