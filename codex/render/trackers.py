"""HTML of a combat tracker in the page's language, from its module's TRACKER declaration (forms, inputs, buttons) and
its data file's texts, through templates/tracker.html (the tracker contract of issue 14: a section
[data-tracker=ID], inputs by name, buttons [data-action]); and the trackers' entries on the GM tools page and in
the home page's list, written for every declared tracker (codex/components/trackers.py), so that a new tracker appears there
without an edit of those pages.

The build writes every text the tracker shows around what the browser draws; what it draws (the ruler, the lists,
the roster) comes with its texts from the tracker's module, run in the browser (codex-trackers.js)."""

from __future__ import annotations

from typing import Any

from markupsafe import Markup

from calculators.calc_common import Context
from calculators.tracker_common import TrackerContext
from codex.browser_files.addresses import data_address, module_address
from codex.components.calculators import calculator_documents
from codex.components.package import rules_module
from codex.components.trackers import data_id, declared_trackers, tracker, tracker_data, tracker_modules, tracker_order
from codex.data.loading import Dataset
from codex.render.calculator_forms import spaceless
from codex.render.templates import render

# The page's own texts around what the tracker draws (tracker-common.yaml), by the template's names.
PAGE_TEXTS = (
    "aside_title",
    "aside_label",
    "aside_import",
    "aside_copy",
    "aside_discard",
    "aside_discard_confirm",
    "players_link",
    "players_help",
)
# The texts the page script shows (codex-trackers.js), carried by the tracker's data-text-* attributes.
SCRIPT_TEXTS = (
    "aside_damaged",
    "aside_kept",
    "aside_copied",
    "aside_copy_failed",
    "aside_discarded",
    "undo_this",
    "undo_this_label",
    "players_heading",
    "players_back",
)

# The form the roster holds (adding a combatant, per the contract); the others follow the round's board.
ROSTER_FORM = "add"


def button_text(ctx: Context, action: str) -> str:
    return ctx.text("action_" + action.replace("-", "_"))


def input_fields(tracker_id: str, spec: dict, ctx: TrackerContext, data: dict) -> dict[str, Any]:
    name = spec["name"]
    ident = f"tracker-{tracker_id}-{name}"
    label = ctx.entry("labels", name) or name
    help_text = ctx.entry("help", name)
    value = spec.get("default", "")
    describedby = " ".join(([f"{ident}-help"] if help_text else []) + [f"{ident}-error"])
    picks = []
    if "picks" in spec:
        picks = getattr(declared_trackers()[tracker_id], spec["picks"])(data, ctx.lang)
    return {
        "kind": spec["kind"],
        "name": name,
        "ident": ident,
        "label": label,
        "help": help_text,
        "value": "" if value is None or value is False else value,
        "clears": spec.get("clear", False),  # not "clear": a template reads dict.clear
        "describedby": describedby,
        "options": [{"value": v, "label": ctx.option(v)} for v in spec.get("values", [])],
        "picks": picks,
        "picks_label": ctx.text("picks_legend"),
        "step_down": ctx.text("step_down", [("field", label)]),
        "step_up": ctx.text("step_up", [("field", label)]),
    }


def form_fields(tracker_id: str, form: dict, ctx: TrackerContext, data: dict) -> dict[str, Any]:
    return {
        "name": form["name"],
        "legend": ctx.text(f"legend_{form['name']}"),
        "inputs": [input_fields(tracker_id, spec, ctx, data) for spec in form["inputs"]],
        "buttons": [{"action": action, "text": button_text(ctx, action)} for action in form["actions"]],
    }


def render_tracker(tracker_id: str, data: dict, lang: str) -> Markup:
    """The whole tracker: its round's board (drawn in the browser), its forms and buttons, the roster, the share
    box. `data` is what the browser gets (codex.components.trackers.tracker_data)."""
    declared = tracker(tracker_id)
    ctx = TrackerContext(data, data_id(tracker_id), lang, declared["reads"])
    forms = [form_fields(tracker_id, form, ctx, data) for form in declared["forms"]]
    # The page opens as the tracker's first view (an empty fight) will draw it: the forms it hides are hidden in the
    # HTML already, so that nothing moves when the tracker starts (a layout shift the reader would feel).
    first_view = rules_module("page_glue").track(tracker_id, None, {"action": "view"}, data, lang, [])
    first_view = first_view.get("view") or {}
    hidden_forms = [name for name, shown in (first_view.get("forms") or {}).items() if not shown]
    html = render(
        "tracker.html",
        id=tracker_id,
        prefix=f"tracker-{tracker_id}",
        lang=lang,
        # the addresses of its files, each with its content's digest (codex/publish/calculators.py)
        modules=" ".join(map(module_address, tracker_modules(tracker_id))),
        data=data_address(data_id(tracker_id), data),
        script_texts={key.replace("_", "-"): ctx.text(key) for key in SCRIPT_TEXTS},
        title=ctx.own["title"][ctx.lang],
        loading=ctx.text("loading"),
        failed=ctx.text("failed"),
        noscript=ctx.text("noscript"),
        play=[form for form in forms if form["name"] != ROSTER_FORM],
        hidden_forms=hidden_forms,
        roster_forms=[form for form in forms if form["name"] == ROSTER_FORM],
        buttons=[{"action": action, "text": button_text(ctx, action)} for action in declared["buttons"]],
        round_label=ctx.text("round_buttons"),
        working=ctx.text("working_summary"),
        roster_heading=ctx.text("roster_heading"),
        share=ctx.text("share_summary"),
        text_label=ctx.entry("labels", "text"),
        text_help=ctx.entry("help", "text"),
        reset=ctx.text("action_reset"),
        rename=ctx.text("action_rename"),
        remove=ctx.text("action_remove"),
        export=ctx.text("action_export"),
        import_=ctx.text("action_import"),
        **{key: ctx.text(key) for key in PAGE_TEXTS},
    )
    return spaceless(html)


def render_tracker_page(dataset: Dataset, tracker_id: str, lang: str) -> Markup:
    return render_tracker(tracker_id, tracker_data(dataset, tracker_id), lang)


def tools_entry(dataset: Dataset, tracker_id: str, lang: str) -> str:
    """One tracker on the GM tools page: its heading (anchor: its data file's id, as a calculator may share the
    tracker's id), what it does, the link to its page."""
    document = calculator_documents(dataset)[data_id(tracker_id)]
    tools = document["tools"]
    link = f"[{tools.get('link', tools['heading'])[lang]}]({tracker(tracker_id)['page']})"
    return "\n\n".join([f"## {tools['heading'][lang]} {{#{data_id(tracker_id)}}}", tools["intro"][lang], link])


def render_tracker_tools(dataset: Dataset, lang: str) -> str:
    """Every declared tracker's entry of the GM tools page, in the order of their data files' tools.position."""
    return "\n\n".join(tools_entry(dataset, tracker_id, lang) for tracker_id in tracker_order(dataset))


def render_tracker_links(dataset: Dataset, lang: str) -> str:
    """A Markdown list linking each declared tracker (by its tools.link name) to its page."""
    documents = calculator_documents(dataset)
    items = []
    for tracker_id in tracker_order(dataset):
        tools = documents[data_id(tracker_id)]["tools"]
        items.append(f"- [{tools.get('link', tools['heading'])[lang]}]({tracker(tracker_id)['page']})")
    return "\n".join(items)
