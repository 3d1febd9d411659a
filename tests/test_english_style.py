"""The English style sheet, checked (codex/mistakes/english_style.py, codex/mistakes/quotations.py): the English
pages and data texts write units, hit points, dice and thousands one way, spells in italics and quotes the
typographic way, use none of the words it avoids (referee) nor a bare "turn", a glossary entry's English says all its
French says, and the open questions quote the pages word for word. Each check is shown to find a broken copy, on its
file and line."""

from __future__ import annotations

from pathlib import Path

import pytest

from codex.data.loading import load_dataset
from codex.mistakes.english_style import english_style_problems
from codex.mistakes.quotations import misquotations, page_file
from tests.conftest import ROOT
from tests.data_fixtures import GOOD_TABLE, data_dir_with

STYLE = (ROOT / "data" / "english-style.yaml").read_text(encoding="utf-8")
SPELLS = (ROOT / "data" / "spells.yaml").read_text(encoding="utf-8")


def test_the_english_pages_and_data_texts_follow_the_style_sheet():
    found = english_style_problems(load_dataset(ROOT / "data"), ROOT / "docs" / "en")
    assert not found, f"{len(found)} departures from the English style sheet:\n" + "\n".join(map(str, found))


def broken_copy(tmp_path: Path, page: str, table: str = GOOD_TABLE, more: dict[str, str] | None = None) -> list[str]:
    """The style problems of a project holding one English page and one table (in a folder of its own)."""
    tmp_path = tmp_path / str(len(list(tmp_path.iterdir())))
    files = {"english-style.yaml": STYLE, "spells.yaml": SPELLS, "tables/materials.yaml": table, **(more or {})}
    data = data_dir_with(tmp_path, files)
    docs = tmp_path / "docs" / "en"
    docs.mkdir(parents=True)
    (docs / "page.md").write_text(page, encoding="utf-8")
    return [str(p) for p in english_style_problems(load_dataset(data), docs)]


@pytest.mark.parametrize(
    "line, what",
    [
        ("The character moves 5′ in a straight line.", "'5′': the prime outside a quotation"),
        ("A charge needs at least 20’ of run-up.", "'20’': the prime outside a quotation"),
        ("They may step back 30 ft to cast a spell.", "'30 ft': the unit as the other kind of text writes it"),
        ("| Gate | 30 feet |", "'30 feet': the unit as the other kind of text writes it"),
        ("Its 1.50 m step never provokes.", "'1.50 m': a trailing zero"),
        ("The character's shield.", "a straight quote or apostrophe"),
        ('He says "no" and stops.', "a straight quote or apostrophe"),
        ("A −4 malus to AC.", "'malus': the French word"),
        ("With one’s back to a wall.", "'one’s': an impersonal “one”"),
        ("At 0 hp the creature falls unconscious.", "'hp' in a sentence"),
        ("Its HP drop to 0.", "'HP': hit points abbreviated in capitals"),
        ("| Door | 10 Hp |", "'Hp': hit points abbreviated in capitals"),
        ("It stays unconscious for d4+1 rounds.", "'d4+1': a roll without its number of dice"),
        ("It sleeps for d10 hours.", "'d10 hours': a roll without its number of dice"),
        ("It sleeps for 1d4 + 4 hours.", "'1d4 + 4': a roll with spaces"),
        ("Below 1500 feet the pressure hurts.", "'1500': thousands without a comma. Fix: write '1,500'"),
        ("Below 1\u00a0500 feet the pressure hurts.", "thousands set off by a space. Fix: write '1,500'"),
        (
            "Under Haste, the character moves first.",
            "'Haste': a spell's name upright. Fix: write it in italics, *Haste*",
        ),
        ("A contingency spell goes off.", "'contingency': a spell's name upright"),
        ("The referee decides.", "'referee': the site’s one term for the player who runs the game is GM"),
        ("It loses 1 hit point per turn.", "'turn': a d20 reader reads a bare “turn”"),
        ("On their own turn in the round, they act.", "'turn': a d20 reader reads a bare “turn”"),
        ("Forced march: CON × turns.", "'turns': a d20 reader reads a bare “turn”"),
    ],
)
def test_the_style_check_finds_a_departure_on_its_line(tmp_path, line, what):
    found = broken_copy(tmp_path, f"# Page {{#page}}\n\nA first line.\n\n{line}\n")
    assert len(found) == 1 and found[0].startswith("docs/en/page.md:5 [en]: ") and what in found[0], found


def test_what_the_style_check_leaves_alone(tmp_path):
    """Quotations of the author keep his primes; macro calls, code and Markdown's own syntax keep straight quotes;
    a table's cells write ft, prose feet; curly quotes and apostrophes are the right ones."""
    page = (
        '!!! note "The author’s note"\n\n'
        "The author writes “a 5′ step” and “30’ of run-up”.\n\n"
        "{{ author_text('000', 'Le pas de placement (5′ step)') }}\n\nEach one’s description, no one’s place.\n\n"
        '`code\'s "quotes"` and [a link](other.md "Note ¹: a title").\n\n'
        "| Gate | 30 ft |\n\nThe character’s move of 30 feet, a 5-foot step, 1.5 m.\n"
    )
    assert broken_copy(tmp_path, page) == []


def test_what_the_new_checks_leave_alone(tmp_path):
    """Hit points in prose, hp in a table and a formula; a die named alone and a roll written whole; thousands with a
    comma and a year; a spell in italics, a plain word that is a spell's name only before "spell"; the allowed
    phrases around "turn"; the verb "referees"; and anything inside a quotation of the author (“…”, « … ») or an
    author_text() call."""
    page = (
        "At 0 hit points the creature is dying; it regains 1 hit point. Hits = hit points ÷ 2 hp per hit.\n\n"
        "| Door | 10 hp | 1d4+4 |\n\n"
        "Roll a d10, or d20 + modifiers; it sleeps for 1d4+4 hours, 1d10 rounds, then 2d6−1 more.\n\n"
        "A fall of 1,500 feet, written in 2004 (RFC 4180).\n\n"
        "Under *Haste* or _Free Action_, or <em>Water Breathing</em>, a contingency plan; they fly away.\n\n"
        "They act in turn; an AD&D turn, 2 AD&D turns; water turns into ice; the player who referees the game.\n\n"
        "The author writes “1 turn + d4 +1 turns at 0 HP, Haste, the referee, 1500 feet” and « 1 000 pieds ».\n\n"
        "{{ author_text('000', 'Le Haste est considéré comme un sort de combat') }}\n\n"
        "### Haste {#haste}\n"
    )
    found = broken_copy(tmp_path, page)
    assert found == ["docs/en/page.md:17 [en]: 'Haste': a spell's name upright. Fix: write it in italics, *Haste*"]


def test_spells_in_a_data_text_are_not_asked_for_italics(tmp_path):
    """A data text cannot set italics (its templates escape it): only the pages are checked."""
    table = GOOD_TABLE.replace("en: Stone}", "en: Stone under Haste}")
    assert table != GOOD_TABLE
    assert broken_copy(tmp_path, "# Page {#page}\n", table) == []


GLOSSARY = """\
# yaml-language-server: $schema=schemas/glossary.schema.json
id: glossary
title: {fr: Glossaire, en: Glossary}
items:
  - id: round
    term: {fr: round, en: round}
    abbr: {fr: [], en: []}
    definition:
      fr: "Unité de temps du combat : 6 secondes. Le brouillon dit aussi « tour » (p. 3, cf. la table)."
      en: "The unit of combat time: 6 seconds."
    page: page.md#page
    seeds: ["000"]
    sources: [{seed: 000_dd346e63a171f715.txt, section: TEMPORALITE EN ET HORS COMBATS, quote: "le round AS&D"}]
"""


def test_a_glossary_entry_shorter_in_english_than_in_french_is_named(tmp_path):
    found = broken_copy(tmp_path, "# Page {#page}\n", more={"glossary.yaml": GLOSSARY})
    assert found == [
        "data/glossary.yaml:10 [en]: the definition of 'round' has 1 sentence(s) in English, 2 in French. Fix: "
        "translate the French sentence the English leaves out (a sentence may be split, never dropped)"
    ]
    whole = GLOSSARY.replace("6 seconds.", "6 seconds. The draft also calls it a “tour” (p. 3, e.g. the table).")
    assert broken_copy(tmp_path, "# Page {#page}\n", more={"glossary.yaml": whole}) == []


def test_the_style_check_reads_data_texts_as_tables_or_prose(tmp_path):
    table = GOOD_TABLE.replace("en: Stone}", "en: Stone 30 ft}")
    assert table != GOOD_TABLE
    assert broken_copy(tmp_path, "# Page {#page}\n", table) == []
    found = broken_copy(tmp_path, "# Page {#page}\n", GOOD_TABLE.replace("en: Stone}", "en: Stone's 30 feet}"))
    assert [f.split(": ", 1)[0] for f in found] == ["data/tables/materials.yaml:10 [en]"] * 2, found


# -- what the open questions quote


QUESTION = """\
# yaml-language-server: $schema=../schemas/open-question.schema.json
id: the-question
title: {fr: "Une question ?", en: "A question?"}
status: open
page: rules/moves.md
readings:
  - text:
      fr: "« Le personnage se déplace de 5 pieds » : une lecture."
      en: "“The character moves 5 feet” […] “and may then attack”: a reading."
    source: {seed: 003_c731bc9041012e2b.txt, section: Reporter une action sur le round suivant, quote: "les points en excédent"}
"""


def question_data(tmp_path: Path) -> Path:
    """A data/ folder holding the open question, and the source document it names."""
    data = data_dir_with(tmp_path, {"open-questions/the-question.yaml": QUESTION})
    seed = "seeds/003_c731bc9041012e2b.txt"
    (data / "seeds").mkdir()
    (data / seed).write_text((ROOT / "data" / seed).read_text(encoding="utf-8"), encoding="utf-8")
    return data


def site_with(tmp_path: Path, page_text: str) -> Path:
    site = tmp_path / "site" / "en"
    path = page_file(site, "rules/moves.md")
    path.parent.mkdir(parents=True)
    question = '<div class="admonition codex-open-question"><p>The character moves 5 feet and may then attack</p></div>'
    path.write_text(f"<html><body><article><p>{page_text}</p>{question}</article></body></html>", encoding="utf-8")
    (site / "index.html").write_text("<article><p>Home.</p></article>", encoding="utf-8")
    return site


def test_a_quotation_the_page_says_word_for_word_passes(tmp_path):
    dataset = load_dataset(question_data(tmp_path))
    site = site_with(tmp_path, "The character\u00a0moves 5 feet. Then they may then attack, and may then attack.")
    assert misquotations(dataset, site) == []


def test_a_quotation_the_page_does_not_say_is_named_on_its_line(tmp_path):
    """The open question's own box on the page does not count: it holds the quotation being checked."""
    dataset = load_dataset(question_data(tmp_path))
    found = [str(p) for p in misquotations(dataset, site_with(tmp_path, "The character moves five feet."))]
    assert len(found) == 2 and all(f.startswith("data/open-questions/the-question.yaml:9 [en]: “") for f in found)
    assert "“The character moves 5 feet” is not what rules/moves.md says" in found[0]


def test_a_quotation_only_the_page_history_says_is_named(tmp_path):
    """The page's history and the Changes pages hold the old and new words of an edited quotation: they do not count."""
    dataset = load_dataset(question_data(tmp_path))
    history = '<details class="codex-page-history"><p>The character moves 5 feet and may then attack</p></details>'
    site = site_with(tmp_path, "The character moves five feet." + history)
    (site / "changes").mkdir()
    (site / "changes" / "index.html").write_text(
        '<article><ul class="codex-changes"><li>The character moves 5 feet</li></ul></article>', encoding="utf-8"
    )
    assert len(misquotations(dataset, site)) == 2


def test_nested_quotes_match_the_page_whichever_marks_it_uses(tmp_path):
    """‘single’ quotes inside a quotation, “double” on the page; an apostrophe stays one."""
    question = QUESTION.replace("“The character moves 5 feet”", "“The character’s ‘5-foot step’ moves 5 feet”")
    data = question_data(tmp_path)
    (data / "open-questions" / "the-question.yaml").write_text(question, encoding="utf-8")
    dataset = load_dataset(data)
    site = site_with(tmp_path, "The character’s “5-foot step” moves 5 feet, and may then attack.")
    assert misquotations(dataset, site) == []
    site = site_with(tmp_path / "2", "The characters “5-foot step” moves 5 feet, and may then attack.")
    assert len(misquotations(dataset, site)) == 1


@pytest.mark.parametrize(
    "page, built",
    [("index.md", "index.html"), ("d20/index.md", "d20/index.html"), ("d20/actions.md", "d20/actions/index.html")],
)
def test_a_page_is_found_where_the_build_writes_it(page, built):
    assert page_file(Path("site"), page) == Path("site") / built
