"""The initiative-point combat tracker (seed 003): combatants with their initiative points (PI), each action declared
as it is taken, the round drawn on the graduated ruler, then the next round with the carried deficits.

Every rule comes from calculators/initiative_points.py, the module of the timeline calculator, under the same
settings (the author's correction by default: everyone starts acting at the same time, the fastest actions resolve
first, declarations are simultaneous and an action in progress may be abandoned once the others' are perceived):
``timeline`` places each action on the ruler (who slides from where to where, who can react inside the span, who acts
again), ``resolution_order`` gives the order, ``perception`` when one may abandon his action (``declarations``, who
may change his declaration under the earlier rule, a named variant), ``carry_overs`` and ``next_round_pi`` the next
round. This module keeps a round's combatants and actions as a state the browser stores, checks what the reader
types, and says what to draw.

A step's number is the action's place in the order of declaration (``round_steps``): declaring another action never
renumbers the steps before it, in the steps table, on the ruler or in what is announced.

Its modules by job: this one the declaration (TRACKER), the picks its form offers and the reader's actions (the
handlers of FLOW); tracker_initiative_points_state the kept state (its format, migrations, export line, the round's
steps); tracker_initiative_points_view what the page and the players' window show.
"""

from calculators.calc_common import (
    Context,
    InputError,
    data_document,
    declared_input,
    localized,
    number_text,
    parse_checkbox,
    parse_int,
    read_form,
)
from calculators.initiative_points import DECLARATION as CALCULATOR
from calculators.initiative_points import (
    MAX_COMBATANTS,
    MAX_COST,
    MAX_LABEL,
    MAX_NAME,
    SETTINGS,
    abandoned_at,
    carry_overs,
    counted,
    declarations,
    fold,
    next_round_pi,
    perception,
    step_who,
)
from calculators.tracker_common import (
    TrackerContext,
    combatant_names,
    failure,
    find_name,
    run_tracker,
    typed_combatant,
    typed_label,
    typed_name,
)
from calculators.tracker_initiative_points_state import (
    DATA,
    MAX_ACTIONS,
    MAX_RECENT,
    MAX_ROUND,
    MIGRATION_NOTICES,
    MIGRATIONS,
    READS,
    RULES,
    STATE_FORMAT,
    TRACKER_ID,
    action_triples,
    combatant_pairs,
    empty_state,
    export_text,
    import_text,
    read_state,
    round_steps,
    step_of_action,
)
from calculators.tracker_initiative_points_view import players_view, said, said_step, settings_values, view


def setting_input(name):
    """One of the calculator's settings as a tracker form declares an input (its bounds: ``settings_form``)."""
    spec = declared_input(CALCULATOR, name)
    found = {"name": name, "kind": spec["kind"], "default": spec["default"]}
    if "values" in spec:
        found["values"] = spec["values"]
    return found


TRACKER = {
    "id": TRACKER_ID,
    "page": "initiative-points/tracker.md",
    "reads": READS,
    "forms": [
        {
            "name": "declare",
            "inputs": [
                {"name": "who", "kind": "combatant"},
                {"name": "label", "kind": "text", "picks": "action_picks"},
                {"name": "cost", "kind": "integer", "default": 5},
                {"name": "secret", "kind": "checkbox", "default": False, "clear": True},
            ],
            "actions": ["declare", "revise"],
        },
        {
            "name": "settings",
            "inputs": [setting_input(name) for name in SETTINGS],
            "actions": ["settings"],
        },
        {
            "name": "add",
            "inputs": [
                {"name": "name", "kind": "text", "clear": True},
                {"name": "ip", "kind": "integer", "default": 20, "clear": True},
            ],
            "actions": ["add"],
        },
    ],
    "buttons": ["next-round", "undo"],
}


def _named(action, state, ctx):
    """The combatant an action names (field `who`), as the tracker spells him; InputError otherwise."""
    return state["combatants"][typed_combatant(action, "who", state, ctx)]["name"]


def _remember(state, label, cost):
    kept = [{"label": label, "cost": cost}]
    for item in state["recent"]:
        if not (item["label"] == label and item["cost"] == cost) and len(kept) < MAX_RECENT:
            kept.append(item)
    state["recent"] = kept


def _add(state, action, ctx, rules):
    name = typed_name(action, "name", ctx, MAX_NAME)
    if find_name(combatant_names(state), name, fold) >= 0:
        raise InputError(failure(ctx, "name_taken", "name", [("name", name)]))
    if len(state["combatants"]) >= MAX_COMBATANTS:
        raise InputError(failure(ctx, "too_many", "name", [("max", str(MAX_COMBATANTS))]))
    ip = parse_int(action, "ip", ctx, 0, rules["round-pi"])
    state["combatants"].append({"name": name, "ip": ip, "hidden": False})
    return ctx.text("added", [("name", name), ("ip", str(ip))])


def _rename(state, action, ctx):
    old = _named(action, state, ctx)
    name = typed_name(action, "rename", ctx, MAX_NAME)
    other = find_name(combatant_names(state), name, fold)
    if other >= 0 and state["combatants"][other]["name"] != old:
        raise InputError(failure(ctx, "name_taken", "rename", [("name", name)]))
    for c in state["combatants"]:
        if c["name"] == old:
            c["name"] = name
    for a in state["actions"]:
        if a["who"] == old:
            a["who"] = name
    return ctx.text("renamed", [("old", old), ("name", name)])


def _remove(state, action, ctx):
    who = _named(action, state, ctx)
    state["combatants"] = [c for c in state["combatants"] if c["name"] != who]
    state["actions"] = [a for a in state["actions"] if a["who"] != who]
    return ctx.text("removed", [("name", who)])


def _typed_action(action, ctx):
    label = typed_label(action, "label", ctx, MAX_LABEL)
    cost = parse_int(action, "cost", ctx, 0, MAX_COST)
    return cost, label


def _declared(who, cost, label, action, ctx):
    """An action as the state keeps it; a secret one (the declare form's box `secret`) hides its label from the
    players."""
    kept = {"who": who, "cost": cost, "label": label}
    if parse_checkbox({"secret": action.get("secret")}, "secret", ctx):
        kept["hidden"] = True
    return kept


def _hide(state, action, ctx):
    """Hide a combatant from the players' view, or show him again (a toggle)."""
    who = _named(action, state, ctx)
    for c in state["combatants"]:
        if c["name"] == who:
            c["hidden"] = not c["hidden"]
            return ctx.text("hidden_now" if c["hidden"] else "shown_now", [("name", who)])
    return ""


def _refused(state, steps, index, who, ctx):
    step = step_of_action(steps, index)
    if step is not None and not step["performed"]:
        key = "refused" if state["settings"]["free_at_zero"] else "refused_no_free"
        raise InputError(failure(ctx, key, "who", [("name", who), ("ip", number_text(step["start"]))]))
    return step


def _declare(state, action, ctx):
    who = _named(action, state, ctx)
    cost, label = _typed_action(action, ctx)
    if len(state["actions"]) >= MAX_ACTIONS:
        raise InputError(failure(ctx, "too_many_actions", "who", [("max", str(MAX_ACTIONS))]))
    state["actions"].append(_declared(who, cost, label, action, ctx))
    steps = round_steps(state)
    step = _refused(state, steps, len(state["actions"]) - 1, who, ctx)
    _remember(state, label, cost)
    return said(said_step(step, ctx))


def _revise(state, action, ctx, rules):
    """Change course: under the author's correction, abandon one's action in progress for another (``_abandon``);
    under the earlier rule (a named variant), change one's declaration when a costlier action counts as declared
    before it (``_change_declaration``)."""
    if state["settings"]["declaration_rule"] == "earlier":
        return _change_declaration(state, action, ctx)
    return _abandon(state, action, ctx, rules)


def _abandon(state, action, ctx, rules):
    """The correction: one's latest action, still in progress when one perceives another's (``notice`` segments after
    it began), is abandoned at that moment, if it resolves at least ``cancel_limit`` segments later; the new action
    starts one segment later (``restart-segments``), from zero."""
    who = _named(action, state, ctx)
    cost, label = _typed_action(action, ctx)
    own_index = -1
    for i in range(len(state["actions"])):
        if state["actions"][i]["who"] == who:
            own_index = i
    if own_index < 0:
        raise InputError(failure(ctx, "nothing_declared", "who", [("name", who)]))
    steps = round_steps(state)
    own = step_of_action(steps, own_index)
    settings = state["settings"]
    best = None
    for other in steps:
        if other["name"] == who or not other["performed"] or other["free"]:
            continue
        until = abandoned_at(other, rules)  # one abandoned meanwhile was seen while it ran (either tap order)
        seen, running, may = perception(own["start"], own["end"], other["start"], settings["notice"], 0, until)
        if running and (best is None or seen > best[0]):
            best = (seen, other)
    values = [("name", who), ("start", number_text(own["start"])), ("end", number_text(own["end"]))]
    if best is None or own["abandoned"] or own["free"] or not own["performed"]:
        raise InputError(failure(ctx, "nothing_perceived", "who", values))
    seen, other = best
    values = values + [
        ("seen", number_text(seen)),
        ("other", step_who(other)),
        ("limit_segments", counted(ctx, "segments", settings["cancel_limit"])),
        ("latest", number_text(own["end"] + settings["cancel_limit"])),
    ]
    if seen - own["end"] < settings["cancel_limit"]:
        raise InputError(failure(ctx, "too_late", "who", values))
    restart = seen - rules["restart-segments"]
    old = state["actions"][own_index]
    state["actions"][own_index] = {"who": who, "cost": own["start"] - restart, "label": old["label"], "abandoned": True}
    if old.get("hidden") is True:
        state["actions"][own_index]["hidden"] = True
    state["actions"].append(_declared(who, cost, label, action, ctx))
    steps = round_steps(state)
    step = _refused(state, steps, len(state["actions"]) - 1, who, ctx)
    _remember(state, label, cost)
    lines = [ctx.text("abandoned", values + [("restart", number_text(restart))])]
    sooner = []
    for s in steps:
        if s["name"] != who and s["resolves"] > 0 and restart >= s["end"] > step["end"]:
            sooner.append(step_who(s) + " (" + number_text(s["end"]) + ")")
    if sooner:
        lines.append(ctx.text("resolve_sooner", [("end", number_text(step["end"])), ("names", ", ".join(sooner))]))
    return said(lines + said_step(step, ctx))


def _change_declaration(state, action, ctx):
    """The earlier rule: change one's declaration (one's first action of the round) when a costlier action counts
    as declared before it (initiative_points.declarations, the costliest-first rule)."""
    who = _named(action, state, ctx)
    cost, label = _typed_action(action, ctx)
    first = -1
    for i in range(len(state["actions"])):
        if state["actions"][i]["who"] == who:
            first = i
            break
    if first < 0:
        raise InputError(failure(ctx, "nothing_declared", "who", [("name", who)]))
    allowed = False
    for d in declarations(combatant_pairs(state), action_triples(state)):
        if d["name"] == who and d["may_revise_after"]:
            allowed = True
    if not allowed:
        old = state["actions"][first]
        raise InputError(failure(ctx, "may_not_revise", "who", [("name", who), ("cost", number_text(old["cost"]))]))
    state["actions"][first] = _declared(who, cost, label, action, ctx)
    steps = round_steps(state)
    step = _refused(state, steps, first, who, ctx)
    _remember(state, label, cost)
    return said([ctx.text("revised", [("name", who)])] + said_step(step, ctx))


def _settings(state, action, ctx):
    """The readings' settings, as the settings form sets them (each read as the calculator reads its own)."""
    form = {}
    for name in SETTINGS:
        form[name] = action.get(name) if isinstance(action, dict) else None
    settings = read_form(settings_form(), form, Context(ctx.data, RULES, ctx.lang))
    state["settings"] = settings
    return ctx.text("settings_" + settings["declaration_rule"], settings_values(settings, ctx))


def settings_form():
    """The settings form as the calculator declares its settings (bounds, values and defaults)."""
    return {"inputs": [declared_input(CALCULATOR, name) for name in SETTINGS]}


def _next_round(state, ctx, rules):
    steps = round_steps(state)
    parts = []
    for carry in carry_overs(combatant_pairs(state), steps, rules):
        ip = next_round_pi(carry["end"], rules)
        for c in state["combatants"]:
            if c["name"] == carry["name"]:
                c["ip"] = ip
        parts.append(carry["name"] + " " + number_text(ip))
    state["round"] = state["round"] + 1 if state["round"] < MAX_ROUND else MAX_ROUND
    state["actions"] = []
    return ctx.text("round_started", [("round", str(state["round"])), ("list", ", ".join(parts) or "—")])


def action_picks(data, lang):
    """The actions the declare form offers at a tap, from the table of action costs (ip-action-costs): a fixed cost
    sets the cost, a variable one (weapon speed, casting time) leaves it to the reader; then a free action (cost 0).
    Each: {"label" (put into the label field), "cost" (None when variable), "text" (the button)}."""
    ctx = TrackerContext(data, DATA, lang, TRACKER["reads"])
    rules = Context(data, RULES, lang).rules
    table = data_document(data, "ip-action-costs") or {}
    picks = []
    for row in table.get("rows") or []:
        label = ctx.entry("options", row["id"]) or localized(row.get("action"), lang)
        cost = row.get("cost")
        if isinstance(cost, bool) or not isinstance(cost, int):
            cost = None
            shown = localized(row.get("cost_rule"), lang)
        else:
            shown = number_text(cost)
        picks.append({"label": label, "cost": cost, "text": ctx.text("pick", [("label", label), ("cost", shown)])})
    free = ctx.text("free_label")
    cost = rules["free-action-cost"]
    picks.append(
        {"label": free, "cost": cost, "text": ctx.text("pick", [("label", free), ("cost", number_text(cost))])}
    )
    return picks


FLOW = {
    "tracker": TRACKER,
    "texts": DATA,
    "rules": RULES,
    "needs": (DATA, RULES, "ip-action-costs"),
    "format": STATE_FORMAT,
    "migrations": MIGRATIONS,
    "migration_notices": MIGRATION_NOTICES,
    "read_state": read_state,
    "empty_state": empty_state,
    "export_text": export_text,
    "import_text": import_text,
    "view": view,
    "players_view": players_view,
    "actions": {
        "add": lambda t: _add(t.state, t.action, t.ctx, t.rules),
        "rename": lambda t: _rename(t.state, t.action, t.ctx),
        "remove": lambda t: _remove(t.state, t.action, t.ctx),
        "hide": lambda t: _hide(t.state, t.action, t.ctx),
        "declare": lambda t: _declare(t.state, t.action, t.ctx),
        "revise": lambda t: _revise(t.state, t.action, t.ctx, t.rules),
        "settings": lambda t: _settings(t.state, t.action, t.ctx),
        "next-round": lambda t: _next_round(t.state, t.ctx, t.rules),
    },
}


def track(state, action, data, lang, rolls=()):
    """One action of the reader on a state: {"ok": True, "state", "view"} (plus "text" for an export), or
    {"ok": False, "error", "field"} with the message in the page's language; never raises."""
    return run_tracker(FLOW, state, action, data, lang, rolls)
