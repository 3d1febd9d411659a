"""A date as a reader of each language writes it: « 1er décembre 2026 », "1 December 2026" (British order, as the
site's English is), from the ISO date the history keeps (2026-12-01). Babel holds the months' names."""

from __future__ import annotations

import datetime
from functools import cache

from babel.dates import format_date

LOCALES = {"fr": "fr_FR", "en": "en_GB"}


@cache
def long_date(iso: str, lang: str) -> str:
    """'2026-12-01' -> '1er décembre 2026' (fr) or '1 December 2026' (en); the text as it is if it is no date."""
    try:
        day = datetime.date.fromisoformat(iso)
    except ValueError:
        return iso
    written = format_date(day, format="long", locale=LOCALES.get(lang, lang))
    return written.replace("1 ", "1er ", 1) if lang == "fr" and day.day == 1 else written
