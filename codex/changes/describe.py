"""A change of the rules as one line of Markdown in a language, with the site's words for it.

The words come from the `change_*` texts of data/ui.yaml as the CURRENT data holds them (the engine's own
repository, or the `ui` a caller passes, e.g. the build's): an old commit's ui.yaml may predate them, and a history
reads best in today's words. Every value is escaped (codex/markdown_text.py), and a '{' is written as a character
reference, so that no value is read as a macro by a page that shows it."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import yaml

from codex.changes.model import Change, Texts
from codex.changes.snapshot import LANGS
from codex.data.positions import SAFE_LOADER
from codex.i18n.typography import typeset_french_texts
from codex.i18n.ui import MissingText, SourceDocuments, UIText, placeholders
from codex.markdown_text import markdown_text

PROJECT_DATA = Path(__file__).resolve().parents[2] / "data"
# The kinds whose change may carry only removed and added sentences (no old and new value): their line says the
# text changed, and the caller lists the sentences under it (`describe_lines`).
TEXT_KINDS = ("condition-changed", "question-changed", "term-redefined")


@cache
def current_ui(data_dir: Path = PROJECT_DATA) -> UIText:
    """The UI texts and source documents of a data folder (the engine's repository's by default), typeset as the
    build loads them, without schema validation."""

    def read(name: str) -> dict:
        path = data_dir / name
        content = yaml.load(path.read_text(encoding="utf-8"), Loader=SAFE_LOADER) if path.is_file() else None
        return typeset_french_texts(content) if isinstance(content, dict) else {}

    return UIText(read("ui.yaml").get("texts", {}), SourceDocuments(read("documents.yaml").get("items", [])))


def ui_texts(key: str, ui: UIText | None = None, **values: object) -> Texts:
    """A UI text in every language; the key itself where the data lacks it (an engine never stops on a word)."""
    ui = ui or current_ui()
    out = {}
    for lang in LANGS:
        try:
            out[lang] = ui.text(key, lang, **values)
        except MissingText:
            out[lang] = key
    return out


def escaped(value: str) -> str:
    """A value as Markdown that shows it as written, with no '{' a macro engine would read."""
    return markdown_text(value).replace("{", "&#123;")


def describe(change: Change, lang: str, ui: UIText | None = None) -> str:
    """One Markdown line (no list marker): the place in bold, then what changed, e.g.
    '**Matériaux standard › Pierre › HP Thick (épais)** : 90 → 80'."""
    ui = ui or current_ui()
    old = change.old[lang] if change.old else ""
    new = change.new[lang] if change.new else ""
    key = "change_" + change.kind.replace("-", "_")
    if change.old is not None and change.new is not None and old == new and change.old != change.new:
        key = "change_wording_other_language"  # only the other language's text changed
    elif change.lines and not any(line.get(lang) for line in change.lines) and not (change.old or change.new):
        key = "change_wording_other_language"
    elif change.kind in TEXT_KINDS and change.old is None and change.new is None:
        key = "change_text"
    elif change.kind in ("section-added", "section-removed") and (change.old or change.new):
        key += "_page"  # a whole page: its sections are the value
    values = {"where": f"**{escaped(change.where[lang])}**", "old": escaped(old or "—"), "new": escaped(new or "—")}
    try:
        wanted = placeholders(ui.texts[key][lang])
    except KeyError:
        return f"{values['where']} ({escaped(change.kind)})"
    return ui.text(key, lang, **{name: value for name, value in values.items() if name in wanted})


def describe_lines(change: Change, lang: str, limit: int | None = None) -> list[str]:
    """The removed ('− ...') and added ('+ ...') sentences of the change in `lang`, as escaped Markdown, to list
    under its line; with `limit`, at most that many, the last one an ellipsis when some are left out."""
    lines = [escaped(line[lang]) for line in change.lines if line.get(lang)]
    if limit is not None and len(lines) > limit:
        lines = [*lines[: max(limit - 1, 0)], "…"]
    return lines
