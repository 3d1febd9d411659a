"""French typography in one place (codex/i18n/typography.py): the space before ':' ';' '!' '?' '»' and after '«' is
a no-break space, in the data as loaded and in the built French pages (data-driven text and page prose), and
nothing else is touched: code, URLs, HTML tags, Markdown syntax, English."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from bs4 import BeautifulSoup

from codex.i18n.typography import NARROW_NBSP, NBSP, colon, typeset, typeset_french_texts, typeset_markdown
from tests.conftest import lang_root
from tests.project_data import project_dataset

# A plain (breaking) space before a high punctuation mark or a closing guillemet, or after an opening one.
PLAIN_SPACE = re.compile(r"\S( +[:;!?»])|(« +)\S")
NOT_PROSE = ["code", "pre", "kbd", "samp", "script", "style", "textarea"]


def plain_spaces(html: str) -> list[str]:
    """The places of an article's text where French punctuation has a plain space, with some context."""
    article = BeautifulSoup(html, "html.parser").select_one("article") or BeautifulSoup(html, "html.parser")
    for tag in article.find_all(NOT_PROSE):
        tag.decompose()
    text = article.get_text()
    return [text[max(0, m.start() - 30) : m.end() + 10].replace("\n", " ") for m in PLAIN_SPACE.finditer(text)]


def french_pages(site: Path) -> list[Path]:
    root = lang_root(site, "fr")
    return sorted(p for p in root.rglob("*.html") if (root / "en") not in p.parents)


def test_typeset_puts_the_right_no_break_space():
    assert typeset("Note : « oui » ; vrai ! non ?", "fr") == (
        f"Note{NBSP}: «{NBSP}oui{NBSP}»{NARROW_NBSP}; vrai{NARROW_NBSP}! non{NARROW_NBSP}?"
    )
    assert typeset("Note : yes", "en") == "Note : yes"
    assert typeset("12:30, https://example.org/a?b", "fr") == "12:30, https://example.org/a?b"
    assert colon("fr") == NBSP + ":" and colon("en") == ":"


def test_markdown_typesetting_leaves_code_urls_tags_and_syntax_alone():
    page = (
        "# Titre : sous-titre {#titre}\n\n"
        '!!! note "Note : « Ici »"\n'
        '    ??? info "Détail"\n\n'
        "| Colonne : a | b |\n| :--- | ---: |\n\n"
        "Voir `code :` : oui, [lien ?](https://example.org/a?b=c) ! ![image](a.png)\n"
        '<span title="a : b">texte ?</span> <code>x ;</code>\n'
        "```\nbloc : code\n```\n"
    )
    done = typeset_markdown(page, "fr")
    assert f"# Titre{NBSP}: sous-titre {{#titre}}" in done
    assert f'!!! note "Note{NBSP}: «{NBSP}Ici{NBSP}»"' in done and '    ??? info "Détail"' in done
    assert "| :--- | ---: |" in done and f"| Colonne{NBSP}: a | b |" in done
    assert f"`code :`{NBSP}: oui, [lien{NARROW_NBSP}?](https://example.org/a?b=c){NARROW_NBSP}! ![image](a.png)" in done
    assert f'<span title="a : b">texte{NARROW_NBSP}?</span> <code>x ;</code>' in done
    assert "```\nbloc : code\n```" in done
    assert typeset_markdown(page, "en") == page


def test_only_the_french_of_each_pair_is_typeset():
    data = {"title": {"fr": "Durée : 1 round", "en": "Duration : 1 round"}, "seed_name": "Dying : Mourant"}
    assert typeset_french_texts(data) == {
        "title": {"fr": f"Durée{NBSP}: 1 round", "en": "Duration : 1 round"},
        "seed_name": "Dying : Mourant",
    }


def test_the_data_is_typeset_when_loaded():
    dataset = project_dataset()
    french = [t["fr"] for doc in dataset.documents for t in texts(doc.content) if isinstance(t.get("fr"), str)]
    assert any(NBSP + ":" in t for t in french), "no French text of the data has a colon"
    assert [t for t in french if PLAIN_SPACE.search(t)] == []


def texts(node: object):
    if isinstance(node, dict):
        if "fr" in node:
            yield node
        for value in node.values():
            yield from texts(value)
    elif isinstance(node, list):
        for value in node:
            yield from texts(value)


def test_the_check_finds_a_plain_space():
    html = "<article><p>Note : oui « non » <code>a : b</code></p></article>"
    assert len(plain_spaces(html)) == 3


def test_no_french_page_has_a_plain_space_before_high_punctuation(built_site):
    pages = french_pages(built_site)
    assert len(pages) > 20
    found = {p.relative_to(built_site).as_posix(): plain_spaces(p.read_text(encoding="utf-8")) for p in pages}
    assert {page: places for page, places in found.items() if places} == {}


@pytest.mark.parametrize("page", ["overview/index.html", "glossary/index.html", "gm-screen/index.html"])
def test_french_pages_do_use_no_break_spaces(built_site, page):
    text = (
        BeautifulSoup((built_site / page).read_text(encoding="utf-8"), "html.parser").select_one("article").get_text()
    )
    assert NBSP + ":" in text
