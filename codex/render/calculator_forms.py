"""HTML of a calculator form, in the page's language, from its module's DECLARATION (inputs, outputs) and its data
file's texts (labels, options, help, defaults), through templates/calculator_form.html. The form contract (issue 3):
<form data-calculator=ID data-lang=LANG>, inputs by name, outputs as [data-output=NAME] with data-value."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from markupsafe import Markup

from calculators.calc_common import Context, choice_options, default_value, row_checkboxes
from codex.browser_files.addresses import data_address, module_address
from codex.components.calculators import declaration, declared_modules, module_dependencies, own_data
from codex.render.templates import render

BETWEEN_TAGS = re.compile(r">\s+<")


def spaceless(html: Markup) -> Markup:
    """A rendered template without the whitespace its indentation leaves between tags, so that it is one line of
    HTML in a Markdown page (texts are escaped by then: a '<' or '>' of a text never matches)."""
    return Markup(BETWEEN_TAGS.sub("><", str(html)).strip())


def input_values(spec: dict) -> list[tuple[str, str]]:
    """The placeholders an input's texts may use: its range ('{min}–{max}')."""
    return [(key, str(spec[key])) for key in ("min", "max") if key in spec]


def label(ctx: Context, name: str, values: Sequence[tuple[str, str]] = ()) -> str:
    shown = ctx.entry("labels", name, values)
    if shown is None:
        raise KeyError(f"calculator '{ctx.calculator_id}': no label for '{name}' in its data file or the shared one")
    return shown


def options_of(calculator_id: str, spec: dict, data: dict, ctx: Context) -> list[dict[str, str]]:
    """The options of a choice: those its module's `options` function gives, else its fixed values and its
    table's rows (calc_common.choice_options, which the calculator checks a value against)."""
    if "options" in spec:
        pairs = getattr(declared_modules()[calculator_id], spec["options"])(data, ctx.lang)
    else:
        pairs = choice_options(spec, ctx)
    return [{"value": value, "label": shown} for value, shown in pairs]


def field(calculator_id: str, spec: dict, data: dict, ctx: Context) -> dict[str, Any]:
    """What the template needs of one input: its kind, name, id, label, help, value and options."""
    name = spec["name"]
    default = default_value(spec, ctx)
    if spec["kind"] == "integer":
        default = str(default)
    return {
        "kind": spec["kind"],
        "name": name,
        "ident": f"calc-{calculator_id}-{name}",
        "label": label(ctx, name, input_values(spec)),
        "help": ctx.entry("help", name, input_values(spec)),
        "value": default,
        "options": options_of(calculator_id, spec, data, ctx) if spec["kind"] == "choice" else [],
        "boxes": [
            {"name": row_id, "ident": f"calc-{calculator_id}-{row_id}", "label": shown, "checked": row_id in default}
            for row_id, shown in row_checkboxes(spec, ctx)
        ]
        if spec["kind"] == "checkboxes"
        else [],
    }


def render_form(calculator_id: str, data: dict, lang: str) -> Markup:
    """The whole form: inputs with defaults that answer as soon as the runtime is ready, then the results area the
    browser fills (empty until then). `data` is what the browser gets (codex.components.calculators.calculator_data)."""
    declared = declaration(calculator_id)
    ctx = Context(data, calculator_id, lang)
    title = ctx.own["title"][ctx.lang] if ctx.own else calculator_id
    html = render(
        "calculator_form.html",
        id=calculator_id,
        lang=lang,
        # the addresses of its files, each with its content's digest (codex/publish/calculators.py)
        modules=" ".join(map(module_address, module_dependencies(calculator_id))),
        data=data_address(calculator_id, own_data(calculator_id, data)),
        title=title,
        fields=[field(calculator_id, spec, data, ctx) for spec in declared["inputs"]],
        outputs=[{"name": name, "label": label(ctx, name)} for name in declared["outputs"]],
        loading=ctx.text("form_loading"),
        working=ctx.text("form_working"),
        noscript=ctx.text("form_noscript"),
        failed=ctx.text("form_failed"),
    )
    return spaceless(html)
