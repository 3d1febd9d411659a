"""The bull rush of the AD&D 2bis rules (positioning example: « X peut aussi, par exemple, tenter un boutoir (bull
rush) contre A… ») is on the positioning page of both languages, under its own heading {#bull-rush}, with each of its
facts: an attack of opportunity unless the attacker has the Unarmed feat, A moved into C's square, X taking A's
place, and the −4 to every roll or action that is not purely mental, initiative and AC included, while A and C share
the square. Read from the pages' Markdown, macros and link targets left out (a quick test, no build)."""

from __future__ import annotations

import re

import pytest

from tests.conftest import ROOT

SEED = ROOT / "data" / "seeds" / "000_dd346e63a171f715.txt"
HEADING = re.compile(r"^(#+) .*\{#bull-rush\}\s*$", re.MULTILINE)

# Each fact of the seed's passage, as a pattern the page's text must match, per language.
FACTS = {
    "fr": {
        "the manoeuvre named": r"boutoir \(bull rush\)",
        "an attack of opportunity": r"déclenche une OA",
        "unless the Unarmed feat": r"sauf s’il a le feat Unarmed",
        "A moved into C's square": r"A est déplacé sur la même case que C",
        "X takes A’s place": r"X prend sa place",
        "while A and C share the square": r"Tant que A et C sont sur la même case",
        "−4 to every non-mental roll or action": r"malus de −4 à tout jet ou action non purement mental",
        "initiative and AC included": r"initiative et AC y compris",
    },
    "en": {
        "the manoeuvre named": r"bull rush",
        "an attack of opportunity": r"provokes an AoO",
        "unless the Unarmed feat": r"unless X has the Unarmed feat",
        "A moved into C's square": r"A is pushed into the same square as C",
        "X takes A’s place": r"X takes A’s place",
        "while A and C share the square": r"As long as A and C are in the same square",
        "−4 to every non-mental roll or action": r"−4 penalty on every roll or action that is not purely mental",
        "initiative and AC included": r"initiative and AC included",
    },
}


def plain_text(markdown: str) -> str:
    """The Markdown as a reader reads it: no macros, links reduced to their text, one space between words."""
    text = re.sub(r"\{\{.*?\}\}|\{%.*?%\}", " ", markdown, flags=re.DOTALL)
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    return " ".join(text.split())


def bull_rush_section(lang: str) -> str:
    """The text under the {#bull-rush} heading of the page, up to the next heading of the same level or higher."""
    source = (ROOT / "docs" / lang / "positioning.md").read_text(encoding="utf-8")
    heading = HEADING.search(source)
    assert heading, f"docs/{lang}/positioning.md has no heading with the anchor {{#bull-rush}}"
    level = len(heading.group(1))
    rest = source[heading.end() :]
    end = re.search(rf"^#{{1,{level}}} ", rest, re.MULTILINE)
    return plain_text(rest[: end.start()] if end else rest)


def test_the_seed_has_the_bull_rush():
    assert "tenter un boutoir (bull rush) contre A" in SEED.read_text(encoding="utf-8")


@pytest.mark.parametrize("lang", sorted(FACTS))
def test_the_positioning_page_states_every_fact_of_the_bull_rush(lang):
    section = bull_rush_section(lang)
    missing = [fact for fact, pattern in FACTS[lang].items() if not re.search(pattern, section)]
    assert missing == [], f"docs/{lang}/positioning.md, section #bull-rush, lacks: {missing}\n{section}"
