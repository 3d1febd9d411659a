"""The English style sheet's checks (CONTRIBUTING.md, "English style"), on every English page and data text, each
problem with its file and line: units written one way, typographic quotes, hit points and hp, dice, thousands, the
spells of data/spells.yaml in italics (pages), the words data/english-style.yaml avoids and its words of two meanings
(turn), and a glossary entry's English as long as its French. None looks inside a quotation of the author (“…”, « … »)
or an author's-text block. The game's own terms to avoid are the glossary's (codex/mistakes/terminology.py); what the
open questions quote is checked against the built pages (codex/mistakes/quotations.py). `python -m codex.check
--quick` runs them."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import markdown

from codex import kinds
from codex.data.integrity import rel
from codex.data.loading import Dataset
from codex.mistakes.terminology import language_texts, variant_pattern, words_shown
from codex.problem import Problem

LANG = "en"

# A quotation of the author's words: the prime ′ may stay there, as he wrote it. A quotation left open at the line's
# end runs to it; a closing mark with no opening one closes a quotation begun on an earlier line.
QUOTATION = re.compile(r"“[^”]*(?:”|$)|^[^“”]*”")
GUILLEMETS = re.compile(r"«[^»]*(?:»|$)|^[^«»]*»")
NUMBER = r"(?<![\w.,])\d+(?:[.,]\d+)?"
PRIME = re.compile(NUMBER + r"\s?[′’](?![\w′’])")  # 5′, 10’: feet written as the author writes them
FT_IN_PROSE = re.compile(NUMBER + r"[\s-]?ft\b\.?")  # 30 ft, 30-ft. in a sentence
FEET_IN_TABLE = re.compile(NUMBER + r"\s(?:feet|foot)\b")  # 30 feet in a table's cell
TRAILING_ZERO_METRES = re.compile(r"(?<![\w.,])\d+\.\d*0\s?m\b")  # 1.50 m, a French habit

# Markdown's own typographic quotes (Python-Markdown's smarty extension) turn a straight quote into one of these.
CURLED = re.compile(r"&[lr][sd]quo;")
JINJA = re.compile(r"\{\{.*?\}\}|\{%.*?%\}|\[#.*?#\]")
ATTRIBUTES = re.compile(r"\{[ \t]*[:#.][^}\n]*\}")  # a heading's {#anchor}, an attribute list: not words
FENCE = re.compile(r"^\s*(```|~~~)")


@dataclass(frozen=True)
class Text:
    """One English text as a contributor edits it: a page's line or a data text, and whether it is a table's."""

    file: str
    line: int | None
    words: str  # what the reader reads: wiki links as their words, links without their destination
    in_table: bool


def page_texts(docs: Path, root: Path) -> Iterator[Text]:
    """Every line of prose of the English pages: not code blocks, not the macro calls (whose arguments quote the
    French documents or name ids)."""
    for page in sorted(docs.rglob("*.md")):
        shown = page.relative_to(root).as_posix() if page.is_relative_to(root) else str(page)
        in_code = in_macro = False
        for number, line in enumerate(page.read_text(encoding="utf-8").splitlines(), start=1):
            if FENCE.match(line):
                in_code = not in_code
                continue
            if in_code:
                continue
            if in_macro:  # a macro call over several lines
                in_macro = "}}" not in line
                line = line.partition("}}")[2]
            line = ATTRIBUTES.sub(" ", JINJA.sub(" ", line))
            if "{{" in line:
                in_macro, line = True, line.partition("{{")[0]
            yield Text(shown, number, words_shown(line), line.lstrip().startswith("|"))


def data_texts(dataset: Dataset) -> Iterator[Text]:
    """Every English data text; a table's column labels and cells are a table's text, its notes and title prose."""
    for doc, path, value in language_texts(dataset, LANG):
        cell = doc.schema == kinds.TABLE and path[0] in ("rows", "columns")
        yield Text(rel(doc), doc.line(*path), words_shown(value), cell)


def outside_quotations(words: str) -> str:
    """The text with its quotations blanked out (same length, so that positions still hold): “…” and the author's
    French words in « … »."""
    return GUILLEMETS.sub(lambda m: " " * len(m[0]), QUOTATION.sub(lambda m: " " * len(m[0]), words))


def unit_problems(text: Text) -> Iterator[Problem]:
    prose = outside_quotations(text.words)
    for match in PRIME.finditer(prose):
        yield problem(
            text,
            f"'{match[0]}': the prime outside a quotation of the author",
            "write feet in prose ('5 feet', 'a 5-foot square'), ft in a table ('5 ft')",
        )
    for match in (FEET_IN_TABLE if text.in_table else FT_IN_PROSE).finditer(prose):
        fix = "write ft in a table's cell ('30 ft')" if text.in_table else "write feet in prose ('30 feet')"
        yield problem(text, f"'{match[0]}': the unit as the other kind of text writes it", fix)
    for match in TRAILING_ZERO_METRES.finditer(prose):
        yield problem(text, f"'{match[0]}': a trailing zero (a French habit)", "write '1.5 m'")


# Hit points (CONTRIBUTING.md, "English style"): "hit points" in prose, "hp" in a table, a formula and a tool's compact
# result after its number; never "HP" or "Hp" (the glossary's abbreviations stay for its tooltips).
HP_CAPITALS = re.compile(r"(?<![\w-])(HP|Hp)(?![\w-])")
HP = re.compile(r"(?<![\w-])hp(?![\w-])")
OPERATOR = re.compile(r"(?:^|\s)[=+−×÷/<>≤≥](?:\s|$)")
QUANTITY_BEFORE = re.compile(r"(?:\d|\})\s?$")  # "10 hp", "{hit_points} hp"
COMPACT_FILES = ("data/calculators/",)  # the tools' results and labels: compact, as a table's cell


def hit_point_problems(text: Text) -> Iterator[Problem]:
    prose = outside_quotations(text.words)
    for match in HP_CAPITALS.finditer(prose):
        yield problem(
            text,
            f"'{match[0]}': hit points abbreviated in capitals",
            "write 'hp' in a table, a formula or a tool's result ('10 hp'), 'hit points' in a sentence",
        )
    if text.in_table:
        return
    compact = text.file.startswith(COMPACT_FILES)
    for match in HP.finditer(prose):
        near = prose[max(0, match.start() - 14) : match.end() + 14]
        if OPERATOR.search(near) or (compact and QUANTITY_BEFORE.search(prose[: match.start()])):
            continue  # a formula ("hit points ÷ damage", "d8 + 2 hp"), a tool's compact result
        yield problem(
            text,
            f"'{match[0]}' in a sentence",
            "write 'hit points' ('loses 1 hit point per round', 'at 0 hit points'); 'hp' is for tables and formulas",
        )


# Dice (CONTRIBUTING.md, "English style"), as the SRD writes them: a roll names its count and its modifier without
# spaces, "1d10", "1d4+4", "2d6−1"; a die named alone ("a d10", "the d20 roll", "d20 + modifiers") stays bare.
DIE = r"d(?:2|3|4|6|8|10|12|20|100|%)"
UNITS_ROLLED = r"rounds?|turns?|hours?|minutes?|segments?|days?|hp|hit points?|feet|foot|points?"
BARE_ROLL = re.compile(rf"(?<![\w.+−-]){DIE}(?:\s*[+−-]\s*\d+\b|\s+(?:{UNITS_ROLLED})\b)")
SPACED_ROLL = re.compile(rf"(?<![\w.])\d+{DIE}(?:\s+[+−-]\s*\d+|[+−-]\s+\d+)\b")


def dice_problems(text: Text) -> Iterator[Problem]:
    prose = outside_quotations(text.words)
    for match in BARE_ROLL.finditer(prose):
        yield problem(
            text,
            f"'{match[0]}': a roll without its number of dice",
            "write the roll as the SRD does: '1d4+1 rounds', '1d10 hours' (a die named alone stays 'a d10')",
        )
    for match in SPACED_ROLL.finditer(prose):
        yield problem(text, f"'{match[0]}': a roll with spaces", "write it without spaces, as the SRD does: '1d4+4'")


# Thousands (CONTRIBUTING.md, "English style"): "1,000", "1,500 feet"; not "1000", nor "1 000" (the French way).
SPACED_THOUSANDS = re.compile(r"(?<![\w.,])\d{1,3}(?:[ \u00a0\u202f]\d{3})+(?![\d,.])")
NO_SEPARATOR = re.compile(r"(?<![\w.,/:#-])\d{4,}(?![\w,/:]|\.\d)")
YEAR_NOT = re.compile(r"[\s-](?:feet|foot|ft|m|metres?|miles?|hp|hit|gp|rounds?|turns?|pounds?|lb|km)\b|[+–-]")
NOT_A_QUANTITY = re.compile(r"(?:RFC|ISO|page|p\.)\s$")


def thousands(number: str) -> str:
    digits = re.sub(r"\D", "", number)
    return f"{int(digits):,}"


def thousands_problems(text: Text) -> Iterator[Problem]:
    prose = outside_quotations(text.words)
    for match in SPACED_THOUSANDS.finditer(prose):
        yield problem(text, f"'{match[0]}': thousands set off by a space", f"write '{thousands(match[0])}'")
    for match in NO_SEPARATOR.finditer(prose):
        after, before = prose[match.end() : match.end() + 8], prose[max(0, match.start() - 6) : match.start()]
        if NOT_A_QUANTITY.search(before):
            continue
        if len(match[0]) == 4 and 1900 <= int(match[0]) <= 2099 and not YEAR_NOT.match(after):
            continue  # a year
        yield problem(text, f"'{match[0]}': thousands without a comma", f"write '{thousands(match[0])}'")


# Spells in italics: a page's *Haste*, _Haste_ or <em>Haste</em>.
ITALICS = re.compile(r"(?<![*\w])\*(?!\*)[^*]+?\*(?!\*)|(?<![_\w])_(?!_)[^_]+?_(?![_\w])|<em>.*?</em>|<i>.*?</i>")


@dataclass(frozen=True)
class Spell:
    name: str
    only_before: tuple[str, ...]


def spell_forms(dataset: Dataset) -> dict[str, Spell]:
    """Each way an English text writes a spell of data/spells.yaml -> the spell."""
    spells = dataset.by_id(kinds.SPELLS).get("spells", {"items": []})
    return {
        form: Spell(item["name"][LANG], tuple(item.get("only_before", ())))
        for item in spells["items"]
        for form in item["forms"]
    }


def spell_problems(text: Text, forms: dict[str, Spell], pattern: re.Pattern) -> Iterator[Problem]:
    prose = outside_quotations(text.words)
    italic = [(m.start(), m.end()) for m in ITALICS.finditer(prose)]
    for match in pattern.finditer(prose):
        spell = forms[match[1]]
        following = prose[match.end() :].split()
        if spell.only_before and not (following and following[0].strip(".,;:)") in spell.only_before):
            continue
        if any(start <= match.start() and match.end() <= end for start, end in italic):
            continue
        yield problem(text, f"'{match[1]}': a spell's name upright", f"write it in italics, *{spell.name}*")


@dataclass(frozen=True)
class Ambiguous:
    write: str
    why: str
    allowed: tuple[re.Pattern, ...]


def ambiguous_words(dataset: Dataset) -> dict[str, Ambiguous]:
    """Word of two meanings -> what to write, why, and the phrases around it that have one meaning only."""
    style = dataset.by_id(kinds.ENGLISH_STYLE).get("english-style", {})
    found = {}
    for entry in style.get("ambiguous", []):
        allowed = tuple(
            re.compile(r"(?<![\w-])" + re.escape(phrase) + r"(?![\w-])", re.IGNORECASE) for phrase in entry["allowed"]
        )
        for word in entry["words"]:
            found[word] = Ambiguous(entry["write"], entry["why"], allowed)
    return found


def ambiguous_problems(text: Text, words: dict[str, Ambiguous], pattern: re.Pattern) -> Iterator[Problem]:
    prose = outside_quotations(text.words)
    for match in pattern.finditer(prose):
        word = words[match[1]]
        spans = [(m.start(), m.end()) for allowed in word.allowed for m in allowed.finditer(prose)]
        if any(start <= match.start() and match.end() <= end for start, end in spans):
            continue
        yield problem(text, f"'{match[1]}': {word.why}", f"write {word.write}")


# A glossary entry's English says all its French says: at least as many sentences.
SENTENCE_END = re.compile(
    r"(?<!\b[A-Za-z]\.)(?<!\be\.g)(?<!\bi\.e)(?<!\bcf)(?<!\betc)(?<!\bex)(?<!\bp)(?<!\bvs)"
    r"[.!?…]+[”»)\]]*(?=\s+[\"“«(]?[A-ZÀ-Ý0-9]|\s*$)"
)


def sentences(text: str) -> int:
    return len(SENTENCE_END.findall(text.strip())) or 1


def glossary_length_problems(dataset: Dataset) -> Iterator[Problem]:
    for doc in dataset.of_kind(kinds.GLOSSARY):
        for index, item in enumerate(doc.content.get("items", [])):
            french, english = (sentences(item["definition"][lang]) for lang in ("fr", LANG))
            if english < french:
                yield Problem(
                    rel(doc),
                    doc.line("items", index, "definition", LANG),
                    LANG,
                    f"the definition of '{item['id']}' has {english} sentence(s) in English, {french} in French",
                    "translate the French sentence the English leaves out (a sentence may be split, never dropped)",
                )


class StraightQuotes:
    """Python-Markdown's smarty extension, quotes only: the straight quotes it would curl in a text are the ones a
    contributor should have typed curly (the apostrophe ’, “double” and ‘single’ quotes)."""

    def __init__(self) -> None:
        self.markdown = markdown.Markdown(
            extensions=["smarty", "admonition", "attr_list", "tables", "pymdownx.details"],
            extension_configs={
                "smarty": {"smart_dashes": False, "smart_ellipses": False, "smart_angled_quotes": False}
            },
        )

    def found(self, words: str) -> bool:
        if "'" not in words and '"' not in words:
            return False
        self.markdown.reset()
        # Markdown's own syntax at the line's start (a list item, a quote block) is kept; its indentation is not
        # (a continuation line indented by four would read as code).
        return bool(CURLED.search(self.markdown.convert(words.strip())))


def quote_problems(text: Text, quotes: StraightQuotes) -> Iterator[Problem]:
    if quotes.found(text.words):
        yield problem(
            text, "a straight quote or apostrophe", "type the typographic one: ’ (it’s, the character’s), “…”, ‘…’"
        )


@dataclass(frozen=True)
class Avoided:
    write: str
    why: str
    unless_after: frozenset[str]  # the words before it that make it fine, lower-case


def avoided_words(dataset: Dataset) -> dict[str, Avoided]:
    """Word to avoid -> what to write, why, and the words after which it is fine, from data/english-style.yaml."""
    style = dataset.by_id(kinds.ENGLISH_STYLE).get("english-style", {"avoid": []})
    return {
        word: Avoided(entry["write"], entry["why"], frozenset(w.lower() for w in entry.get("unless_after", [])))
        for entry in style["avoid"]
        for word in entry["words"]
    }


def word_before(text: str, start: int) -> str:
    words = text[:start].split()
    return words[-1].lower() if words else ""


def problem(text: Text, what: str, fix: str) -> Problem:
    return Problem(text.file, text.line or None, LANG, what, fix)


def english_style_problems(dataset: Dataset, docs: Path) -> list[Problem]:
    """Every departure from the style sheet in the English pages of `docs` (docs/en) and the English data texts."""
    quotes = StraightQuotes()
    avoid = avoided_words(dataset)
    pattern = variant_pattern(avoid) if avoid else None
    ambiguous = ambiguous_words(dataset)
    ambiguous_pattern = variant_pattern(ambiguous) if ambiguous else None
    spells = spell_forms(dataset)
    spell_pattern = variant_pattern(spells) if spells else None
    pages = list(page_texts(docs, dataset.root.parent))
    found: list[Problem] = []
    for text in [*pages, *data_texts(dataset)]:
        found += unit_problems(text)
        found += quote_problems(text, quotes)
        found += hit_point_problems(text)
        found += dice_problems(text)
        found += thousands_problems(text)
        prose = outside_quotations(text.words)
        for match in pattern.finditer(prose) if pattern else ():
            word = avoid[match[1]]
            if word_before(prose, match.start()) not in word.unless_after:
                found.append(problem(text, f"'{match[1]}': {word.why}", f"write {word.write}"))
        if ambiguous_pattern:
            found += ambiguous_problems(text, ambiguous, ambiguous_pattern)
    for text in pages if spell_pattern else ():  # a data text cannot set italics (the templates escape it)
        found += spell_problems(text, spells, spell_pattern)
    found += glossary_length_problems(dataset)
    return found
