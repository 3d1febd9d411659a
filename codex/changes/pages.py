"""The changes of the pages: each page's sections added, removed and reworded, matched by anchor in page order,
a reworded section as its sentences removed and added. A page's text is compared as written with its Markdown
stripped (a paragraph wrapped again is no change) and shown as the reader sees it (`value()` as the cell, a
macro that shows a named thing as its name, wiki links as their words)."""

from __future__ import annotations

import functools
import re
from difflib import SequenceMatcher

import yaml

from codex.changes.describe import PROJECT_DATA, current_ui
from codex.changes.model import Change, Texts
from codex.changes.page_sections import ParsedPage, Section, strip_markdown
from codex.changes.places import Places
from codex.changes.sentences import ADDED, REMOVED, Sentence, changed_sentences, collapse, paired_lines, split_sentences
from codex.changes.snapshot import LANGS
from codex.changes.tables import TableView
from codex.data.positions import SAFE_LOADER
from codex.i18n.localize import number
from codex.i18n.typography import typeset
from codex.i18n.ui import MissingText, placeholders

UNSPLIT = re.compile(r"^[ \t]*(?:\||\{[{%]|```|~~~)")  # table rows, macro lines, code: one sentence each
VALUE_MACRO = re.compile(
    r"\{\{-?\s*value\(\s*['\"](?P<table>[^'\"]+)['\"]\s*,\s*['\"](?P<row>[^'\"]+)['\"]"
    r"\s*(?:,\s*['\"](?P<column>[^'\"]+)['\"]\s*)?\)\s*-?\}\}"
)
# Any other macro call, or a template statement: said in words (`macro_words`).
ANY_MACRO = re.compile(r"\{\{-?\s*(?P<macro>[A-Za-z_]\w*)\s*\((?P<args>[^}]*)\)\s*-?\}\}|\{%.*?%\}")
# A macro that shows a named thing: shown as its name (the table's title, the question's...).
NAMED_MACRO = re.compile(
    r"\{\{-?\s*(?P<macro>table|open_question|calculator|conditions|action_kinds)\(\s*(?:['\"](?P<id>[^'\"]+)['\"])?[^}]*\}\}"
)


def page_changes(old_places: Places, new_places: Places) -> list[Change]:
    """The sections added, removed and reworded of every page, by path."""
    old, new = old_places.snapshot.pages, new_places.snapshot.pages
    paths = sorted({path for pages in (*old.values(), *new.values()) for path in pages})
    changes: list[Change] = []
    for path in paths:
        if all(old.get(lang, {}).get(path) == new.get(lang, {}).get(path) for lang in LANGS):
            continue
        changes += one_page_changes(path, old_places, new_places)
    return changes


def one_page_changes(path: str, old_places: Places, new_places: Places) -> list[Change]:
    """A page removed or added as a whole (its sections as the value), else its sections' changes in page order."""
    old_parsed, old_anchors = page_parts(old_places, path)
    new_parsed, new_anchors = page_parts(new_places, path)
    if not new_parsed:
        first = next(iter(old_parsed.values())).first_anchor
        where = where_in_page(old_parsed, first, path)
        document = old_places.snapshot.page_document(path)
        return [Change("section-removed", document, path, first, where, whole_page(old_parsed), None)]
    document = new_places.snapshot.page_document(path)
    if not old_parsed:
        first = next(iter(new_parsed.values())).first_anchor
        where = where_in_page(new_parsed, first, path)
        return [Change("section-added", document, path, first, where, None, whole_page(new_parsed))]
    changes = []
    matcher = SequenceMatcher(None, old_anchors, new_anchors, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        for anchor in old_anchors[i1:i2] if tag == "equal" else []:
            lines = section_lines(anchor, (old_parsed, new_parsed), (old_places, new_places))
            if lines:
                where = where_in_page(new_parsed, anchor, path)
                changes.append(Change("section-reworded", document, path, anchor, where, None, None, lines))
        for anchor in old_anchors[i1:i2] if tag != "equal" else []:
            lines = section_lines(anchor, (old_parsed, {}), (old_places, new_places))
            where = where_in_page(old_parsed, anchor, path)
            changes.append(Change("section-removed", document, path, anchor, where, None, None, lines))
        for anchor in new_anchors[j1:j2] if tag != "equal" else []:
            lines = section_lines(anchor, ({}, new_parsed), (old_places, new_places))
            where = where_in_page(new_parsed, anchor, path)
            changes.append(Change("section-added", document, path, anchor, where, None, None, lines))
    return changes


def page_parts(places: Places, path: str) -> tuple[dict[str, ParsedPage], list[str]]:
    """Each language's parsed page, and the anchors in page order (French first, then any only in English)."""
    parsed = {lang: page for lang in LANGS if (page := places.page(lang, path)) is not None}
    anchors: list[str] = []
    for page in parsed.values():
        anchors += [a for a in page.sections if a not in anchors]
    return parsed, anchors


def where_in_page(parsed: dict[str, ParsedPage], anchor: str, path: str) -> Texts:
    """'Page title › section heading' in each language (the other language's where one lacks it)."""
    out = {}
    for lang in LANGS:
        page = parsed.get(lang) or next(iter(parsed.values()))
        section = page.sections.get(anchor) or next(
            (p.sections[anchor] for p in parsed.values() if anchor in p.sections), None
        )
        title = page.title or path
        heading = section.heading if section and anchor != page.first_anchor else ""
        out[lang] = f"{title} › {heading}" if heading else title
    return out


def whole_page(parsed: dict[str, ParsedPage]) -> Texts:
    """A page's section headings, for a page added or removed."""
    out = {}
    for lang in LANGS:
        page = parsed.get(lang) or next(iter(parsed.values()))
        out[lang] = " · ".join(s.heading for a, s in page.sections.items() if a and a != page.first_anchor)
    return out


def section_lines(
    anchor: str, parsed: tuple[dict[str, ParsedPage], dict[str, ParsedPage]], places: tuple[Places, Places]
) -> tuple[Texts, ...]:
    """The sentences removed and added of a section in each language, its heading's change first."""
    per_lang = {}
    for lang in LANGS:
        old_section, new_section = (p[lang].sections.get(anchor) if lang in p else None for p in parsed)
        lines = []
        if old_section and new_section and old_section.heading_key != new_section.heading_key:
            lines += [REMOVED + typeset(old_section.heading, lang), ADDED + typeset(new_section.heading, lang)]
        old_sentences = section_sentences(old_section, places[0], lang)
        new_sentences = section_sentences(new_section, places[1], lang)
        per_lang[lang] = lines + changed_sentences(old_sentences, new_sentences, lang)
    return paired_lines(per_lang)


def section_sentences(section: Section | None, places: Places, lang: str) -> list[Sentence]:
    """A section's sentences: compared as written (Markdown stripped), shown with the `value()` of the snapshot's
    tables and wiki links as words."""
    if section is None:
        return []
    out = []
    for unit in section.units:
        pieces = [collapse(unit)] if UNSPLIT.match(unit) else split_sentences(unit)
        for piece in pieces:
            key = strip_markdown(piece)
            if key:
                out.append(Sentence(key, shown_markdown(key, places, lang)))
    return out


def shown_markdown(text: str, places: Places, lang: str) -> str:
    """The words of a page's text as the reader sees them: `value()` as the cell, wiki links as their words."""

    def value(match: re.Match) -> str:
        table = places.snapshot.tables.get(match["table"])
        if match["column"] is None or not isinstance(table, dict):
            return match.group(0)
        view = TableView(table, places)
        if match["row"] not in view.rows or match["column"] not in view.columns:
            return match.group(0)
        return view.cell(match["row"], match["column"])[lang]

    def named(match: re.Match) -> str:
        snapshot = places.snapshot
        items = {
            "table": snapshot.tables,
            "open_question": snapshot.questions,
            "calculator": snapshot.calculators,
            "conditions": snapshot.condition_sets,
            "action_kinds": snapshot.action_kinds,
        }[match["macro"]]
        item = items.get(match["id"]) if match["id"] else next(iter(items.values())) if len(items) == 1 else None
        title = places.shown(item.get("title")) if isinstance(item, dict) and item.get("title") else None
        return title[lang] if title else match.group(0)

    text = NAMED_MACRO.sub(named, VALUE_MACRO.sub(value, text))
    text = ANY_MACRO.sub(lambda match: macro_words(match, places, lang), text)
    return places.words({other: text for other in LANGS})[lang]


@functools.cache
def current_calculator_title(calculator: str) -> dict | None:
    """A calculator's title as the current data gives it (data/calculators/<id>.yaml), None if none."""
    path = PROJECT_DATA / "calculators" / f"{calculator}.yaml"
    content = yaml.load(path.read_text(encoding="utf-8"), Loader=SAFE_LOADER) if path.is_file() else None
    return content.get("title") if isinstance(content, dict) else None


def macro_words(match: re.Match, places: Places, lang: str) -> str:
    """A macro call the reader never sees as such, said by what it shows: a calculator's constant as its value, a UI
    text as its words, any other macro by the `change_macro_<name>` text of data/ui.yaml ("the book's download"),
    naming the calculator it is about; a template statement ({% ... %}) as nothing."""
    name = match["macro"]
    if not name:
        return ""
    args = re.findall(r"['\"]([^'\"]*)['\"]", match["args"] or "")
    calculator = places.snapshot.calculators.get(args[0], {}) if args else {}
    if name in ("constant", "value") and len(args) == 2:  # value() with two was a constant before constant()
        found = [c["value"] for c in calculator.get("constants", []) if isinstance(c, dict) and c.get("id") == args[1]]
        if found and isinstance(found[0], int | float):
            return number(found[0], lang)
    if name == "t" and args:
        try:
            return current_ui().text(args[0], lang)
        except MissingText:
            return args[0]
    title = calculator.get("title") if isinstance(calculator, dict) else None
    if not isinstance(title, dict) and args:  # an old commit's calculator without a title: today's
        title = current_calculator_title(args[0])
    named = title[lang] if isinstance(title, dict) and isinstance(title.get(lang), str) else (args[0] if args else "")
    ui = current_ui()
    key = f"change_macro_{name}" if f"change_macro_{name}" in ui.texts else "change_macro"
    wanted = placeholders(ui.texts.get(key, {}).get(lang, ""))
    try:
        return ui.text(key, lang, **({"name": named if key != "change_macro" else name} if wanted else {}))
    except MissingText:
        return name
