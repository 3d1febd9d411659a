"""What the 404 page (docs/overrides/404.html) says, and which other 404 page the root one hands a reader on to.

A static host answers every missing address with the site's ROOT 404.html (GitHub Pages does), which is the root
language's. A reader who mistypes an address under another language's folder (/REPO/en/...) should get that
language's 404 page: the root 404 page sends them there before it loads anything, and that page puts the address
they typed back in the address bar (see the template). Its links are root-absolute (MkDocs gives a 404 page an
absolute base_url, the path of site_url), so they work at any depth.
"""

from __future__ import annotations

from typing import Any

from codex.i18n.ui import UIText

HOME = "{home}"  # where the link to the home page goes in the text `not_found_text`
ADDRESS_PARAMETER = "from"  # the query parameter that carries the typed address to the other language's 404 page


def not_found_texts(ui: UIText, lang: str) -> dict[str, str]:
    """The heading and the text around the home page's link, in `lang` (data/ui.yaml, not_found_*)."""
    before, after = ui.text("not_found_text", lang, home=HOME).split(HOME)
    return {
        "title": ui.text("not_found_title", lang),
        "before_home": before,
        "home": ui.text("not_found_home", lang),
        "after_home": after,
    }


def other_language_pages(base_url: str, folders: dict[str, str]) -> dict[str, str]:
    """For the root language's 404 page: each other language's folder (as an absolute path prefix) -> its 404 page.
    `base_url` is the 404 page's own ('/' or '/REPO'), `folders` each language's folder ('' for the root one)."""
    root = base_url.rstrip("/")
    return {f"{root}/{folder}/": f"{root}/{folder}/404.html" for folder in folders.values() if folder}


def not_found_context(
    ui: UIText, lang: str, base_url: str, folders: dict[str, str], is_root_language: bool
) -> dict[str, Any]:
    """Everything docs/overrides/404.html needs beyond the theme's context."""
    return {
        **not_found_texts(ui, lang),
        "other_languages": other_language_pages(base_url, folders) if is_root_language else {},
        "restores_address": not is_root_language,
        "address_parameter": ADDRESS_PARAMETER,
    }
