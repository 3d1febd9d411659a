"""Pick a text in the page's language and write numbers the way that language writes them."""

from __future__ import annotations

from calculators.calc_common import number_text, percent_text

LANGUAGES = ("fr", "en")
MINUS = "\u2212"  # typographic minus sign
NARROW_NBSP = "\u202f"


def text(value: object, lang: str) -> str:
    """A localized {fr, en} value, a language-neutral string or a number, as display text."""
    if isinstance(value, dict):
        return value[lang]
    if value is None:
        return "—"
    if isinstance(value, bool):
        raise TypeError(f"a yes/no value has no display form: {value!r}")
    if isinstance(value, (int, float)):
        return number(value, lang)
    return str(value)


def number(value: float, lang: str, signed: bool = False) -> str:
    """12 -> '12'; -4 -> '−4'; 1.5 -> '1,5' in French; signed adds '+' to positives. The calculators' formatter
    (calculators/calc_common.py), so that a page and a calculator write a number alike."""
    return number_text(value, lang, signed)


def percent(value: float, lang: str) -> str:
    """25 -> '25 %' (narrow no-break space) in French, '25%' in English."""
    return percent_text(value, lang)


def cell(value: object, lang: str, fmt: str = "plain") -> str:
    """A table cell in the column's format."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        if fmt == "signed":
            return number(value, lang, signed=True)
        if fmt == "percent":
            return percent(value, lang)
    return text(value, lang)
