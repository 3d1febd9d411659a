"""French typography, applied in one place: the space before a high punctuation mark or inside guillemets is a
no-break space, so that a colon or a « never starts a line on a phone.

Only spaces already written are changed (a colon in a URL or a time stays as it is): a no-break space (U+00A0)
before ':' and after '«' / before '»', a narrow no-break space (U+202F) before ';', '!' and '?'.
"""

from __future__ import annotations

import re

NBSP = "\u00a0"
NARROW_NBSP = "\u202f"
SPACE_BEFORE = re.compile(r"[ \u00a0\u202f]+([:;!?»])")
SPACE_AFTER_GUILLEMET = re.compile(r"«[ \u00a0\u202f]+")


def _space_for(mark: str) -> str:
    return NBSP if mark in ":»" else NARROW_NBSP


def typeset(text: str, lang: str) -> str:
    """The text with French no-break spaces in French; other languages unchanged."""
    if lang != "fr" or not text:
        return text
    text = SPACE_BEFORE.sub(lambda m: _space_for(m.group(1)) + m.group(1), text)
    return SPACE_AFTER_GUILLEMET.sub("«" + NBSP, text)


def colon(lang: str) -> str:
    """A label's colon: ' :' with a no-break space in French, ':' in English."""
    return NBSP + ":" if lang == "fr" else ":"
