"""French typography in one place (codex/i18n/typography.py): the space before ':' ';' '!' '?' '»' and after '«' is
a no-break space, and a sentence starts with "À", not "A", in the data as loaded and in the built French pages
(data-driven text and page prose), and nothing else is touched: code, URLs, HTML tags, Markdown syntax, English. The
built-page check reads the text of every French page's article, so it also catches text that never went through
the helper."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from bs4 import BeautifulSoup

from codex.i18n.typography import (
    AFTER_A,
    NARROW_NBSP,
    NBSP,
    colon,
    typeset,
    typeset_french_texts,
    typeset_markdown,
)
from tests.conftest import lang_root
from tests.project_data import project_dataset

# A plain (breaking) space before a high punctuation mark or a closing guillemet, or after an opening one.
PLAIN_SPACE = re.compile(r"\S( +[:;!?»])|(« +)\S")
NO_BREAK_SPACES = NBSP + NARROW_NBSP
NOT_PROSE = ["code", "pre", "kbd", "samp", "script", "style", "textarea", "svg", "math"]
# Elements whose text ends where the next one starts (a table cell, a list item, a heading...): read apart.
BLOCKS = [
    *("p", "li", "dt", "dd", "td", "th", "caption", "figcaption", "summary", "label", "option", "legend", "output"),
    *("h1", "h2", "h3", "h4", "h5", "h6", "div", "section", "details", "blockquote", "table", "tr", "ul", "ol", "dl"),
    *("form", "fieldset", "select", "button"),
]
URL = re.compile(r"\b(?:https?|ftp|mailto):\S+|\bwww\.\S+")
BLOCK_END = "\u2029"  # where french_text puts a block's start and end (the text's own line breaks are spaces)
# A high punctuation mark with what stands before it, or an opening guillemet with what follows it.
MARK = re.compile(r"(?P<before>.)(?P<mark>[:;!?»])|«(?P<after>.)", re.DOTALL)
# "A" at the start of a sentence (a block's start, after '.', '!', '?', '…', ':' or an opening guillemet) before a word
# that follows the preposition "À" ("A chaque", "A l’inverse", "A 0 hp"), not the creature A of an example
# ("A et X peuvent s’attaquer"): the words are the typography helper's.
PLAIN_A = re.compile(rf"(?:^|(?<=[.!?…:;]\s)|(?<=[«(]\s)|(?<={BLOCK_END}))A(?={AFTER_A})")


def french_text(html: str) -> str:
    """The French prose of a page's article: its text nodes, each block between two BLOCK_END marks, without code,
    URLs, elements in another language (lang="en") or the author's own words, shown as he wrote them
    (`data-verbatim`: codex/render/author_text.py)."""
    soup = BeautifulSoup(html, "html.parser")
    article = soup.select_one("article") or soup.body or soup
    for tag in article.find_all(NOT_PROSE) + article.find_all(attrs={"data-verbatim": True}):
        tag.decompose()
    for tag in article.find_all(lang=True):
        if not tag["lang"].startswith("fr"):
            tag.decompose()
    for tag in article.find_all(BLOCKS):
        tag.insert_before(BLOCK_END)
        tag.insert_after(BLOCK_END)
    for tag in article.find_all("br"):
        tag.replace_with(BLOCK_END)
    return URL.sub(" ", article.get_text().replace("\n", " "))


def typography_faults(html: str) -> list[str]:
    """Each place of the page's French prose that breaks French typography, with some context: a plain space or no
    space before ':' ';' '!' '?' or '»' (a time such as 10:30, '?!' and '(!)' are fine), an opening guillemet without
    a no-break space after it, a sentence that starts with "A" where "À" is meant."""
    text = french_text(html)
    faults = []
    for match in MARK.finditer(text):
        if match["after"] is not None:
            if match["after"] not in NO_BREAK_SPACES:
                faults.append(text[max(0, match.start() - 30) : match.end() + 20])
            continue
        before, mark = match["before"], match["mark"]
        if before in NO_BREAK_SPACES or before == BLOCK_END:
            continue
        if mark == ":" and before.isdigit() and text[match.end() : match.end() + 1].isdigit():
            continue  # a time or a ratio: 10:30, 1:2
        if mark in "!?" and before in "!?([":
            continue
        faults.append(text[max(0, match.start() - 30) : match.end() + 20])
    faults += [text[max(0, m.start() - 30) : m.end() + 20] for m in PLAIN_A.finditer(text)]
    return [" ".join(fault.replace(BLOCK_END, " ").split()) for fault in faults]


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


@pytest.mark.parametrize(
    "text, typeset_text",
    [
        ("A chaque round, on joue.", "À chaque round, on joue."),
        ("Le tour. A l’inverse, non. A l'autre.", "Le tour. À l’inverse, non. À l'autre."),
        ("A 0 hp, une créature.", "À 0 hp, une créature."),
        ("A et X s’attaquent. A lui donne un coup.", "A et X s’attaquent. A lui donne un coup."),  # the creature A
        ("X attaque\nA la fin du round.", "X attaque\nA la fin du round."),  # a wrapped line, not a sentence
        ("Alors A chaque. Ab chaque. A lapin.", "Alors A chaque. Ab chaque. A lapin."),
    ],
)
def test_a_sentence_starts_with_a_capital_a_with_its_accent(text, typeset_text):
    assert typeset(text, "fr") == typeset_text and typeset(text, "en") == text


def test_markdown_starts_paragraphs_items_headings_cells_and_admonitions_with_a_capital_a_with_its_accent():
    page = (
        "# A propos {#a-propos}\n\nTexte.\n\nA partir de là.\n\n- A chaque fois\n\n| A noter | b |\n"
        '!!! note "Titre"\n    A chaque round, `A la` code, [A la](x.md).\n'
    )
    assert typeset_markdown(page, "fr") == (
        "# À propos {#a-propos}\n\nTexte.\n\nÀ partir de là.\n\n- À chaque fois\n\n| À noter | b |\n"
        '!!! note "Titre"\n    À chaque round, `A la` code, [A la](x.md).\n'
    )


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


def test_the_check_finds_each_fault_and_only_faults():
    good = (
        f"<article><p>Note{NBSP}: oui{NARROW_NBSP}; «{NBSP}non{NBSP}» À chaque round{NARROW_NBSP}?!</p>"
        f"<p>A et X s’attaquent à 10:30 (!) <a href='https://example.org/a?b'>https://example.org/a?b</a></p>"
        f"<p>X attaque\nA la fin du round.</p>"
        f"<p lang='en'>Note: yes; “quoted”?</p><p><code>a : b</code></p><pre>x ; y</pre></article>"
    )
    assert typography_faults(good) == []
    bad = (
        f"<body><article><p>Note : oui; « non{NBSP}» et «{NBSP}non» !</p><ul><li>A chaque round{NBSP}:</li>"
        f"<li>Puis{NBSP}: A l’inverse. A 0 hp.</li></ul></article><nav>Menu : hors article</nav></body>"
    )
    assert len(typography_faults(bad)) == 8, typography_faults(bad)


def test_the_check_fails_on_a_broken_copy_of_a_built_page(built_site):
    """A built page, broken as a careless edit would break it, is caught: each fault once."""
    page = (built_site / "conditions" / "index.html").read_text(encoding="utf-8")
    head, article = page.split("<article", 1)
    assert f"{NBSP}:" in article and f"{NARROW_NBSP};" in article
    broken = head + (
        "<article"
        + article.replace(f"{NBSP}:", " :", 1)
        .replace(f"{NARROW_NBSP};", ";", 1)
        .replace("<p>", "<p>A chaque round, « on » verra. ", 1)
    )
    assert len(typography_faults(broken)) == len(typography_faults(page)) + 5, typography_faults(broken)


def test_no_french_page_breaks_french_typography(built_site):
    pages = french_pages(built_site)
    assert len(pages) > 20
    found = {p.relative_to(built_site).as_posix(): typography_faults(p.read_text(encoding="utf-8")) for p in pages}
    assert {page: faults for page, faults in found.items() if faults} == {}


@pytest.mark.parametrize("page", ["overview/index.html", "glossary/index.html", "gm-screen/index.html"])
def test_french_pages_do_use_no_break_spaces(built_site, page):
    text = (
        BeautifulSoup((built_site / page).read_text(encoding="utf-8"), "html.parser").select_one("article").get_text()
    )
    assert NBSP + ":" in text
