"""The GM screen: the tables a GM consults most during play, in panels, laid out for A4 landscape on paper.

Everything comes from data/ (tables, the conditions collection) or from the calculators' reference tables, so the
screen never disagrees with the rules pages. The page that calls gm_screen() prints landscape: the macro emits its
class, which codex.css gives a landscape named page (`page: gm-landscape`) and lays out in panels.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape

from codex.calculators import calculator_module, calculator_tables
from codex.data.loading import Dataset
from codex.i18n.localize import text
from codex.i18n.ui import ui
from codex.render.calculator_reference import CAPTIONS, html_table, shown

# Panel id -> title, and what it holds, in reading order: ("table", id), ("reference", calculator id), ("conditions",),
# ("breath-compact",).
PANELS: list[tuple[str, dict[str, str], list[tuple[str, ...]]]] = [
    ("gm-conditions", {"fr": "États", "en": "Conditions"}, [("conditions",)]),
    (
        "gm-cover-size",
        {"fr": "Couverture et taille", "en": "Cover and size"},
        [("table", "cover"), ("table", "size-modifiers"), ("table", "size-modifiers-split")],
    ),
    ("gm-fumbles", {"fr": "Fumbles", "en": "Fumbles"}, [("table", "fumbles")]),
    (
        "gm-strength-attacks",
        {"fr": "Force et attaques par round", "en": "Strength and attacks per round"},
        [("table", "strength-combat"), ("table", "attacks-per-round")],
    ),
    ("gm-jump", {"fr": "Saut", "en": "Jumping"}, [("reference", "jump"), ("table", "jump-armour-penalty")]),
    (
        "gm-breath",
        {"fr": "Respiration retenue", "en": "Holding breath"},
        [("breath-compact",), ("table", "swimming-breath-bonus")],
    ),
    (
        "gm-objects",
        {"fr": "Solidité des objets", "en": "Object hardness"},
        [("table", "materials"), ("table", "standard-objects")],
    ),
    (
        "gm-speeds-travel",
        {"fr": "Vitesses et voyage", "en": "Speeds and travel"},
        [
            ("table", "combat-speeds"),
            ("table", "speed-modifiers"),
            ("table", "travel-speeds"),
            ("table", "travel-boosts"),
            ("table", "terrains"),
        ],
    ),
]


def render_conditions_compact(conditions: dict, lang: str) -> str:
    """Each condition's name, its effects as one paragraph, and its default duration, in a definition list."""
    items = []
    for item in conditions["items"]:
        effects = " ".join(escape(text(e, lang)) for e in item["effects"])
        duration = escape(text(item["duration"], lang)) if item["duration"] else ui("no_default_duration", lang)
        colon = " :" if lang == "fr" else ":"
        items.append(
            f'<dt id="gm-condition-{escape(item["id"])}">{escape(text(item["name"], lang))}</dt>'
            f"<dd>{effects} <em>{ui('default_duration', lang)}{colon} {duration}.</em></dd>"
        )
    return f'<dl class="codex-gm-conditions">{"".join(items)}</dl>'


def render_breath_compact(dataset: Dataset, lang: str) -> str:
    """The breath calculator's reference table with short column heads (the Swimming rank alone, the caption says
    so): with 'Swimming I', 'Swimming II'... it is too wide for a third of a landscape sheet."""
    module = calculator_module("breath")
    swim = calculator_tables(dataset)["swimming-breath-bonus"]
    columns = module.reference_columns(swim, lang)
    short = [columns[0]] + [c.replace("Swimming", "").strip() for c in columns[1:]]
    rows = [[shown(v, lang) for v in row] for row in module.reference_table(swim)]
    heads = {"fr": "colonnes : rang de Swimming", "en": "columns: Swimming rank"}
    caption = f"{CAPTIONS['breath'][0 if lang == 'fr' else 1]} — {heads[lang]}"
    return html_table("breath", caption, short, rows)


def render_gm_screen(dataset: Dataset, lang: str, table: Callable[[str], str], reference: Callable[[str], str]) -> str:
    """The panels as one raw HTML block; `table(id)` and `reference(calculator_id)` are the page macros that render a
    data table (with its edit link) and a calculator's reference table."""
    conditions = dataset.by_id("conditions.schema.json")["conditions"]
    panels = []
    for panel_id, title, parts in PANELS:
        body = []
        for part in parts:
            if part[0] == "table":
                body.append(table(part[1]))
            elif part[0] == "reference":
                body.append(reference(part[1]))
            elif part[0] == "breath-compact":
                body.append(render_breath_compact(dataset, lang))
            else:
                body.append(render_conditions_compact(conditions, lang))
        panels.append(
            f'<section class="codex-gm-panel" id="{panel_id}" data-panel="{panel_id}">'
            f'<h2 class="codex-gm-title">{escape(title[lang])}</h2>{"".join(body)}</section>'
        )
    return f'<div class="codex-gm-screen">{"".join(panels)}</div>'


def gm_screen_tables() -> list[str]:
    """The data tables the screen shows (for tests)."""
    return [part[1] for _, _, parts in PANELS for part in parts if part[0] == "table"]
