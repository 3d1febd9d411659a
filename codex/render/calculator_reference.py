"""Reference tables printed at build time from the calculator functions themselves: they stand in for the forms
without JavaScript and on paper."""

from __future__ import annotations

from html import escape

from codex.calculators import calculator_module
from codex.i18n.localize import number, text
from codex.render.tables import SCROLL_REGION

CAPTIONS = {
    "jump": ("DC de saut selon la distance (check de Force)", "Jump DC by distance (Strength check)"),
    "breath": (
        "Rounds de respiration retenue avant le premier check, selon la Constitution et le rang de Swimming (rounds calmes, sans Endurance)",
        "Rounds of held breath before the first check, by Constitution and Swimming rank (calm rounds, no Endurance)",
    ),
    "object-damage": (
        "Coups pour briser les objets standard selon les dommages par coup",
        "Hits to break the standard objects by damage per hit",
    ),
}
NEVER = {"fr": "jamais", "en": "never"}


def html_table(ref_id: str, caption: str, columns: list[str], rows: list[list[str]]) -> str:
    head = " ".join(f'<th scope="col">{escape(c)}</th>' for c in columns)
    body = "\n".join(
        "<tr>"
        + " ".join(
            (f'<th scope="row">{escape(c)}</th>' if i == 0 else f"<td>{escape(c)}</td>") for i, c in enumerate(row)
        )
        + "</tr>"
        for row in rows
    )
    region = SCROLL_REGION.format(label=escape(caption))
    return (
        f'<div class="codex-table codex-reference" id="reference-{ref_id}" data-reference="{ref_id}" {region}>'
        f"<table><caption>{escape(caption)}</caption>\n<thead><tr>{head}</tr></thead>\n<tbody>{body}</tbody></table></div>"
    )


def shown(value: object, lang: str) -> str:
    return NEVER[lang] if value == "none" else number(value, lang)


def render_reference(calculator: str, tables: dict, lang: str) -> str:
    caption = CAPTIONS[calculator][0 if lang == "fr" else 1]
    if calculator == "jump":
        module = calculator_module("jump")
        rows = [[shown(v, lang) for v in row] for row in module.reference_table()]
        return html_table(calculator, caption, module.reference_columns(lang), rows)
    if calculator == "breath":
        module = calculator_module("breath")
        swim = tables["swimming-breath-bonus"]
        rows = [[shown(v, lang) for v in row] for row in module.reference_table(swim)]
        return html_table(calculator, caption, module.reference_columns(swim, lang), rows)
    if calculator == "object-damage":
        module = calculator_module("object_damage")
        objects = tables["standard-objects"]
        names = {row["id"]: text(row["name"], lang) for row in objects["rows"]}
        damage_word = "Dommages" if lang == "fr" else "Damage"
        columns = ["Objet" if lang == "fr" else "Object", "Hardness", "HP", "Break DC"] + [
            f"{damage_word} {d}" for d in module.DEFAULT_DAMAGES
        ]
        rows = [[names[row[0]]] + [shown(v, lang) for v in row[1:]] for row in module.reference_table(objects)]
        return html_table(calculator, caption, columns, rows)
    raise KeyError(f"no reference table for calculator '{calculator}' (known: jump, breath, object-damage)")
