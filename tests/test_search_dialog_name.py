"""The theme's search dialog has an accessible name in the page's language on every built page, the 404 pages
included: the UI text `search_dialog` (data/ui.yaml) through docs/overrides/partials/search.html. Without it,
`role="dialog"` fails the aria-dialog-name rule of Lighthouse and axe."""

from __future__ import annotations

from pathlib import Path

import pytest
from bs4 import BeautifulSoup

from codex.i18n.ui import UIText
from tests.audit_pages import all_pages
from tests.built_html import parsed
from tests.conftest import LANGS, built_path, lang_root
from tests.project_data import project_dataset

UI = UIText.from_dataset(project_dataset())


def dialog_name(soup: BeautifulSoup) -> str:
    """The accessible name of the page's search dialog (its aria-label, or the text aria-labelledby points to)."""
    dialogs = soup.select('.md-search[role="dialog"]')
    assert len(dialogs) == 1, f"{len(dialogs)} search dialogs"
    dialog = dialogs[0]
    if dialog.get("aria-labelledby"):
        parts = [soup.find(id=ref) for ref in dialog["aria-labelledby"].split()]
        return " ".join(p.get_text(" ", strip=True) for p in parts if p is not None).strip()
    return (dialog.get("aria-label") or "").strip()


def test_the_name_differs_between_languages() -> None:
    names = {UI.text("search_dialog", lang) for lang in LANGS}
    assert len(names) == len(LANGS) and all(names)


@pytest.mark.parametrize("lang", LANGS)
def test_every_page_names_its_search_dialog_in_its_language(built_site: Path, lang: str) -> None:
    expected = UI.text("search_dialog", lang)
    files = [lang_root(built_site, lang) / built_path(page) for page in all_pages()]
    files.append(lang_root(built_site, lang) / "404.html")
    wrong = {}
    for file in files:
        soup = parsed(file)
        page_lang = soup.html.get("lang") if soup.html else None
        name = dialog_name(soup)
        if page_lang != lang or name != expected:
            wrong[str(file.relative_to(built_site))] = (page_lang, name)
    assert not wrong, f"expected lang={lang!r}, name={expected!r}; got {wrong}"
