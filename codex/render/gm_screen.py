"""The GM screen: the tables a GM consults most during play, in panels, laid out for A4 landscape on paper.

The panels, their titles and what each shows are data (data/gm-screen.yaml): data tables, calculators' reference
tables and a conditions collection, rendered by the same macros as the rules pages, so the screen never disagrees
with them. The page that calls gm_screen() prints landscape: the template's class, which codex.css gives a landscape
named page (`page: gm-landscape`), lays it out in panels.
"""

from __future__ import annotations

from collections.abc import Callable

from markupsafe import Markup

from codex import kinds
from codex.i18n.localize import text
from codex.i18n.ui import UIText
from codex.render.templates import render

GM_SCREEN_SCHEMA = kinds.GM_SCREEN


def render_conditions_compact(conditions: dict, lang: str, ui: UIText) -> Markup:
    """Each condition's name, its effects as one paragraph, and its default duration, in a definition list."""
    return render(
        "gm_conditions.html",
        ui=ui,
        lang=lang,
        conditions=[
            {
                "id": item["id"],
                "name": text(item["name"], lang),
                "effects": [text(e, lang) for e in item["effects"]],
                "duration": text(item["duration"], lang) if item["duration"] else "",
            }
            for item in conditions["items"]
        ],
    )


def render_gm_screen(
    screen: dict,
    lang: str,
    ui: UIText,
    table: Callable[[str], str],
    reference: Callable[..., str],
    conditions: Callable[[str], dict],
) -> Markup:
    """The panels of `screen` (data/gm-screen.yaml) as one raw HTML block. `table(id)` and `reference(calculator_id,
    compact=...)` are the page macros that render a data table (with its edit link) and a calculator's reference
    table; `conditions(id)` gives a conditions collection."""

    def part_html(part: dict) -> Markup:
        if "table" in part:
            return Markup(table(part["table"]))
        if "reference" in part:
            return Markup(reference(part["reference"], compact=part.get("compact", False)))
        return render_conditions_compact(conditions(part["conditions"]), lang, ui)

    panels = [
        {"id": panel["id"], "title": text(panel["title"], lang), "parts": [part_html(p) for p in panel["parts"]]}
        for panel in screen["panels"]
    ]
    return render("gm_screen.html", panels=panels)


def gm_screen_tables(screen: dict) -> list[str]:
    """The data tables the screen shows (for tests)."""
    return [part["table"] for panel in screen["panels"] for part in panel["parts"] if "table" in part]
