"""Reference tables printed at build time from the calculator functions themselves: they stand in for the forms
without JavaScript and on paper. A calculator's module gives the caption, the column heads and the rows (numbers,
'none' for "never", or text); this writes the numbers as the page's language does."""

from __future__ import annotations

from markupsafe import Markup

from calculators.calc_common import Context
from codex.components.calculators import CalculatorError, declaration, declared_modules
from codex.i18n.localize import number
from codex.render.templates import render


def cell_text(value: object, never: str, lang: str) -> str:
    """A cell as shown: a number in the page's language, 'never' for 'none', a text as it is."""
    if value == "none":
        return never
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return number(value, lang)
    return str(value)


def render_reference(calculator_id: str, data: dict, lang: str, compact: bool = False) -> Markup:
    """The reference table of a calculator (its compact variant, e.g. for the GM screen, when it declares one).
    `data` is what the browser gets (codex.components.calculators.calculator_data)."""
    declared = declaration(calculator_id)
    reference = declared["reference"]
    if reference is None:
        raise CalculatorError(f"calculator '{calculator_id}' declares no reference table")
    if compact and not reference["compact"]:
        raise CalculatorError(f"calculator '{calculator_id}' declares no compact reference table")
    table = declared_modules()[calculator_id].reference(data, lang, compact)
    never = Context(data, calculator_id, lang).text("reference_never")
    rows = [[cell_text(value, never, lang) for value in row] for row in table["rows"]]
    return render(
        "calculator_reference.html",
        id=calculator_id,
        caption=table["caption"],
        columns=table["columns"],
        rows=rows,
    )
