"""The initiative-point combat tracker (seed 003): combatants with their initiative points (PI), each action declared
as it is taken, the round drawn on the graduated ruler, then the next round with the carried deficits.

Every rule comes from calculators/initiative_points.py, the module of the timeline calculator, in the same reading
(the author's correction: everyone starts acting at the same time and the fastest actions resolve first; the
costliest-first rule for changing a declaration): ``timeline`` places each action on the ruler (who slides from where
to where, who can react inside the span, who acts again), ``resolution_order`` gives the order, ``declarations`` who
may change his declaration, ``carry_overs`` and ``next_round_pi`` the next round. This module keeps a round's
combatants and actions as a state the browser stores, checks what the reader types, and says what to draw.

State (JSON, kept by the page): {"tracker": "initiative-points", "round": n, "combatants": [{"name", "ip"}] (PI at
the start of the round), "actions": [{"who", "cost", "label"}] (this round's, in the order declared), "recent":
[{"label", "cost"}] (the last actions declared, newest first: the page offers them again)}.
"""

from calculators.calc_common import Context, InputError, clean, data_document, localized, number_text
from calculators.initiative_points import (
    MAX_COMBATANTS,
    MAX_COST,
    MAX_LABEL,
    MAX_NAME,
    _carry_lines,
    _declaration_lines,
    _step_lines,
    carry_overs,
    declarations,
    fold,
    next_round_pi,
    resolution_order,
    timeline,
)
from calculators.initiative_points import _who as step_who
from calculators.tracker_common import (
    TrackerContext,
    action_text,
    failure,
    field_of,
    find_name,
    from_text,
    is_int,
    list_of,
    numbered,
    run_tracker,
    text_of,
    to_text,
    typed_int,
    typed_label,
    typed_name,
    whole,
)

TRACKER = {
    "id": "initiative-points",
    "page": "initiative-points/tracker.md",
    "reads": ["initiative-points", "ip-action-costs"],
    "forms": [
        {
            "name": "declare",
            "inputs": [
                {"name": "who", "kind": "combatant"},
                {"name": "label", "kind": "text", "picks": "action_picks"},
                {"name": "cost", "kind": "integer", "default": 5},
            ],
            "actions": ["declare", "revise"],
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
    # The seed's examples, as a reader plays them (tests and the cross-runtime checks replay them).
    "examples": [
        [
            {"action": "add", "name": "Krom", "ip": "10"},
            {"action": "add", "name": "Mazrok", "ip": "4"},
            {"action": "declare", "who": "Krom", "cost": "5", "label": "attaque"},
            {"action": "declare", "who": "Krom", "cost": "5", "label": "attaque"},
            {"action": "declare", "who": "Mazrok", "cost": "2", "label": "parade"},
            {"action": "next-round"},
        ],
        [
            {"action": "add", "name": "Reivax", "ip": "20"},
            {"action": "add", "name": "Orc", "ip": "18"},
            {"action": "declare", "who": "Reivax", "cost": "5", "label": "attaque"},
            {"action": "declare", "who": "Orc", "cost": "10", "label": "épée à deux mains"},
            {"action": "revise", "who": "Reivax", "cost": "2", "label": "parade (bouclier)"},
            {"action": "next-round"},
            {"action": "remove", "who": "Orc"},
            {"action": "add", "name": "Humain", "ip": "18"},
            {"action": "declare", "who": "Reivax", "cost": "5", "label": "attaque"},
            {"action": "declare", "who": "Humain", "cost": "3", "label": "rapière"},
            {"action": "revise", "who": "Reivax", "cost": "2", "label": "parade (bouclier)"},
        ],
        [
            {"action": "add", "name": "Brugor", "ip": "2"},
            {"action": "declare", "who": "Brugor", "cost": "7", "label": "hache"},
            {"action": "declare", "who": "Brugor", "cost": "7", "label": "hache"},
            {"action": "next-round"},
            {"action": "export"},
        ],
        [
            {"action": "add", "name": "", "ip": "10"},
            {"action": "add", "name": "Krom", "ip": "abc"},
            {"action": "add", "name": "Krom", "ip": "25"},
            {"action": "add", "name": "Krom", "ip": "-1"},
            {"action": "add", "name": "Krom", "ip": "10"},
            {"action": "add", "name": "krom", "ip": "10"},
            {"action": "declare", "who": "Mazrok", "cost": "5", "label": ""},
            {"action": "declare", "who": "Krom", "cost": "999", "label": ""},
            {"action": "declare", "who": "Krom", "cost": "abc", "label": ""},
            {"action": "declare", "who": "Krom", "cost": "0", "label": "cri"},
            {"action": "rename", "who": "Krom", "rename": "Sir Krom"},
            {"action": "import", "text": "abc"},
            {"action": "import", "text": '["codex-ip",1,2,[["A",30]],[]]'},
            {"action": "import", "text": '["codex-ip",1,2,[["Élise",8],["Orc 1",-3]],[[0,3,"arc"]]]'},
            {"action": "frobnicate"},
        ],
    ],
}

DATA = "initiative-points-tracker"  # this tracker's texts: data/calculators/initiative-points-tracker.yaml
RULES = "initiative-points"  # the rule's texts and constants, shared with the timeline calculator
EXPORT_TAG = "codex-ip"
EXPORT_VERSION = 1
STATE_FORMAT = 1  # the kept state's format (tracker_common.kept_state): 0 is the unnumbered state before it
MAX_ROUND = 9999
MAX_ACTIONS = 100
MAX_RECENT = 6
RULER_LOWEST = -20  # the ruler shows deficits down to this; a longer one is drawn at the edge, with its number


def empty_state():
    return {"tracker": TRACKER["id"], "format": STATE_FORMAT, "round": 1, "combatants": [], "actions": [], "recent": []}


def read_state(state, rules):
    """A state kept by the page, checked and copied; ValueError when it is not one of this tracker's."""
    if not isinstance(state, dict) or state.get("tracker") != TRACKER["id"]:
        raise ValueError("not this tracker's state")
    result = empty_state()
    result["round"] = whole(field_of(state, "round"), 1, MAX_ROUND)
    names = []
    for item in list_of(field_of(state, "combatants"), MAX_COMBATANTS):
        name = text_of(field_of(item, "name"), MAX_NAME)
        if find_name(names, name, fold) >= 0:
            raise ValueError("duplicate name")
        names.append(name)
        result["combatants"].append({"name": name, "ip": whole(field_of(item, "ip"), -MAX_COST, rules["round-pi"])})
    for item in list_of(field_of(state, "actions"), MAX_ACTIONS):
        who = text_of(field_of(item, "who"), MAX_NAME)
        if who not in names:
            raise ValueError("unknown combatant")
        cost = whole(field_of(item, "cost"), 0, MAX_COST)
        result["actions"].append({"who": who, "cost": cost, "label": text_of(field_of(item, "label"), MAX_LABEL, True)})
    for item in list_of(state.get("recent", []), MAX_RECENT):
        cost = whole(field_of(item, "cost"), 0, MAX_COST)
        result["recent"].append({"label": text_of(field_of(item, "label"), MAX_LABEL, True), "cost": cost})
    return result


def combatant_pairs(state):
    return [(c["name"], c["ip"]) for c in state["combatants"]]


def action_triples(state):
    return [(a["who"], a["cost"], a["label"]) for a in state["actions"]]


def round_steps(state):
    """The round on the ruler: initiative_points.timeline of the round's combatants and actions."""
    return timeline(combatant_pairs(state), action_triples(state))


def step_of_action(steps, index):
    for s in steps:
        if s["action"] == index:
            return s
    return None


# ---------------------------------------------------------------- the reader's actions


def _names(state):
    return [c["name"] for c in state["combatants"]]


def _named(action, state, ctx):
    """The combatant an action names (field `who`), as the tracker spells him; InputError otherwise."""
    typed = action_text(action, "who")
    if typed == "":
        raise InputError(failure(ctx, "who_empty", "who"))
    index = find_name(_names(state), typed, fold)
    if index < 0:
        raise InputError(failure(ctx, "who_unknown", "who", [("name", typed)]))
    return state["combatants"][index]["name"]


def _remember(state, label, cost):
    kept = [{"label": label, "cost": cost}]
    for item in state["recent"]:
        if not (item["label"] == label and item["cost"] == cost) and len(kept) < MAX_RECENT:
            kept.append(item)
    state["recent"] = kept


def _add(state, action, ctx, rules):
    name = typed_name(action, "name", ctx, MAX_NAME)
    if find_name(_names(state), name, fold) >= 0:
        raise InputError(failure(ctx, "name_taken", "name", [("name", name)]))
    if len(state["combatants"]) >= MAX_COMBATANTS:
        raise InputError(failure(ctx, "too_many", "name", [("max", str(MAX_COMBATANTS))]))
    ip = typed_int(action, "ip", ctx, 0, rules["round-pi"])
    state["combatants"].append({"name": name, "ip": ip})
    return ctx.text("added", [("name", name), ("ip", str(ip))])


def _rename(state, action, ctx):
    old = _named(action, state, ctx)
    name = typed_name(action, "rename", ctx, MAX_NAME)
    other = find_name(_names(state), name, fold)
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
    cost = typed_int(action, "cost", ctx, 0, MAX_COST)
    return cost, label


def _refused(state, steps, index, who, ctx):
    step = step_of_action(steps, index)
    if step is not None and not step["performed"]:
        raise InputError(failure(ctx, "refused", "who", [("name", who), ("ip", number_text(step["start"]))]))
    return step


def _declare(state, action, ctx):
    who = _named(action, state, ctx)
    cost, label = _typed_action(action, ctx)
    if len(state["actions"]) >= MAX_ACTIONS:
        raise InputError(failure(ctx, "too_many_actions", "who", [("max", str(MAX_ACTIONS))]))
    state["actions"].append({"who": who, "cost": cost, "label": label})
    steps = round_steps(state)
    step = _refused(state, steps, len(state["actions"]) - 1, who, ctx)
    _remember(state, label, cost)
    return _said(said_step(step, ctx))


def _revise(state, action, ctx):
    """Change one's declaration (one's first action of the round) when a costlier action counts as declared before
    it (initiative_points.declarations, the costliest-first rule)."""
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
    state["actions"][first] = {"who": who, "cost": cost, "label": label}
    steps = round_steps(state)
    step = _refused(state, steps, first, who, ctx)
    _remember(state, label, cost)
    return _said([ctx.text("revised", [("name", who)])] + said_step(step, ctx))


def _said(lines):
    """Lines as one announcement."""
    return " ".join([clean(line) for line in lines])


def said_step(step, ctx):
    """What the page announces of one step on the ruler, in short (the working says it in full)."""
    values = [
        ("step", str(step["step"])),
        ("who", step_who(step)),
        ("name", step["name"]),
        ("start", number_text(step["start"])),
        ("end", number_text(step["end"])),
        ("deficit", number_text(-step["end"])),
    ]
    if step["free"]:
        return [ctx.text("said_free", values)]
    lines = [ctx.text("said_slide", values)]
    names = [r["name"] + " (" + number_text(r["pi"]) + ")" for r in step["reactors"]]
    if names:
        lines.append(ctx.text("said_react", values + [("names", ", ".join(names))]))
    else:
        lines.append(ctx.text("said_nobody"))
    if step["overspend"]:
        lines.append(ctx.text("said_over", values))
    if step["acts_again"]:
        lines.append(ctx.text("said_again", values))
    return lines


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


def export_text(state):
    """The short text a reader copies to another device: the round, the combatants and this round's actions."""
    names = _names(state)
    return to_text(
        [
            EXPORT_TAG,
            EXPORT_VERSION,
            state["round"],
            [[c["name"], c["ip"]] for c in state["combatants"]],
            [[names.index(a["who"]), a["cost"], a["label"]] for a in state["actions"]],
        ]
    )


def import_text(text, rules):
    """The state a short text stands for; ValueError when it is not one of this tracker's."""
    value = from_text(text)
    if not isinstance(value, list) or len(value) != 5 or value[0] != EXPORT_TAG or value[1] != EXPORT_VERSION:
        raise ValueError("not this tracker's text")
    combatants = []
    for item in list_of(value[3], MAX_COMBATANTS):
        if not isinstance(item, list) or len(item) != 2:
            raise ValueError("bad combatant")
        combatants.append({"name": item[0], "ip": item[1]})
    actions = []
    for item in list_of(value[4], MAX_ACTIONS):
        if not isinstance(item, list) or len(item) != 3 or not is_int(item[0]) or not 0 <= item[0] < len(combatants):
            raise ValueError("bad action")
        actions.append({"who": combatants[item[0]]["name"], "cost": item[1], "label": item[2]})
    state = {"tracker": TRACKER["id"], "round": value[2], "combatants": combatants, "actions": actions}
    return read_state(state, rules)


# ---------------------------------------------------------------- what the page shows


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


def _ruler(state, steps, latest, ctx, rules):
    lowest = 0
    for c in state["combatants"]:
        lowest = min(lowest, c["ip"])
    for s in steps:
        lowest = min(lowest, s["end"])
    floor = -((-lowest + 4) // 5) * 5
    floor = max(floor, RULER_LOWEST)
    ticks = []
    pi = rules["round-pi"]
    while pi >= floor:
        ticks.append({"pi": pi, "text": number_text(pi)})
        pi -= 5
    lanes = []
    carries = carry_overs(combatant_pairs(state), steps, rules)
    for index in range(len(state["combatants"])):
        c = state["combatants"][index]
        spans = []
        for s in steps:
            if s["name"] == c["name"] and s["performed"]:
                spans.append(
                    {
                        "start": s["start"],
                        "end": s["end"],
                        "step": s["step"],
                        "free": s["free"],
                        "overspend": s["overspend"],
                        "latest": latest is not None and s["step"] == latest["step"],
                        "title": str(s["step"])
                        + ". "
                        + step_who(s)
                        + " "
                        + number_text(s["start"])
                        + " → "
                        + number_text(s["end"]),
                    }
                )
        end = carries[index]["end"]
        lanes.append(
            {
                "name": c["name"],
                "start": c["ip"],
                "now": end,
                "next": next_round_pi(end, rules),
                "label": ctx.text("lane", [("name", c["name"]), ("now", number_text(end))]),
            }
        )
        lanes[-1]["spans"] = spans
    band = None
    if latest is not None and latest["performed"] and not latest["free"]:
        marks = []
        for r in latest["reactors"]:
            marks.append({"lane": _names(state).index(r["name"]), "pi": r["pi"]})
        band = {"start": latest["start"], "end": latest["end"], "marks": marks}
    return {
        "caption": ctx.text("ruler_caption", [("round", str(state["round"]))]),
        "max": rules["round-pi"],
        "min": floor,
        "ticks": ticks,
        "next_text": ctx.text("ruler_next"),
        "lanes": lanes,
        "band": band,
    }


def view(state, data, lang, announce=""):
    """Everything the page draws for a state, its texts in the page's language."""
    ctx = TrackerContext(data, DATA, lang, TRACKER["reads"])
    ip_ctx = Context(data, RULES, lang)
    rules = ip_ctx.rules
    steps = round_steps(state)
    latest = step_of_action(steps, len(state["actions"]) - 1) if state["actions"] else None
    groups = resolution_order(steps)
    order = []
    rank = 0
    for group in groups:
        rank += 1
        parts = [step_who(s) + " " + number_text(s["start"]) + " → " + number_text(s["end"]) for s in group]
        order.append(str(rank) + ". " + ip_ctx.text("together_with").join(parts))
    carries = carry_overs(combatant_pairs(state), steps, rules)
    working = [ip_ctx.text("reading")]
    for line in _declaration_lines(declarations(combatant_pairs(state), action_triples(state)), ip_ctx):
        working.append(line)
    for s in steps:
        for line in _step_lines(s, ip_ctx):
            working.append(line)
    lists = []
    if order:
        lists.append({"key": "order", "caption": ctx.text("order_caption"), "items": order, "ordered": False})
    decl = _declaration_lines(declarations(combatant_pairs(state), action_triples(state)), ip_ctx)
    if decl:
        lists.append(
            {"key": "declarations", "caption": ctx.text("declarations_caption"), "items": decl, "ordered": False}
        )
    if state["combatants"]:
        carry = []
        for c in carries:
            carry.append(
                ctx.text(
                    "next_round_line",
                    [
                        ("name", c["name"]),
                        ("end", number_text(c["end"])),
                        ("next", number_text(next_round_pi(c["end"], rules))),
                    ],
                )
            )
        for line in _carry_lines(carries, ip_ctx):
            carry.append(line)
        lists.append({"key": "carry", "caption": ctx.text("carry_caption"), "items": carry, "ordered": False})
    rows = []
    for s in steps:
        reactors = [r["name"] + " (" + number_text(r["pi"]) + ")" for r in s["reactors"]]
        rows.append(
            [
                str(s["step"]),
                s["name"],
                s["label"] or "—",
                number_text(s["start"]) + " → " + number_text(s["end"]) if s["performed"] else ctx.text("refused_cell"),
                str(s["resolves"]) if s["performed"] else "—",
                ", ".join(reactors) or "—",
            ]
        )
    table = {
        "caption": ip_ctx.text("steps_caption"),
        "columns": [
            ip_ctx.text("steps_step"),
            ip_ctx.text("steps_who"),
            ip_ctx.text("steps_action"),
            ip_ctx.text("steps_pi"),
            ctx.text("steps_rank"),
            ip_ctx.text("steps_reactors"),
        ],
        "rows": rows,
    }
    roster = []
    for c in state["combatants"]:
        roster.append(
            {
                "name": c["name"],
                "text": ctx.text("roster_line", [("name", c["name"]), ("ip", number_text(c["ip"]))]),
                "rename": ctx.text("rename_label", [("name", c["name"])]),
                "rename_button": ctx.text("rename_button", [("name", c["name"])]),
                "remove": ctx.text("remove_label", [("name", c["name"])]),
            }
        )
    picks = []
    for item in state["recent"]:
        label = item["label"] or ctx.text("no_label")
        picks.append(
            {
                "label": item["label"],
                "cost": item["cost"],
                "text": ctx.text("pick", [("label", label), ("cost", number_text(item["cost"]))]),
            }
        )
    return {
        "title": ctx.text("round_title", [("round", str(state["round"]))]),
        "empty": ctx.text("empty") if not state["combatants"] else "",
        "who": _names(state),
        "picks": picks,
        "roster": roster,
        "ruler": _ruler(state, steps, latest, ctx, rules) if state["combatants"] else None,
        "lists": lists,
        "table": table if rows else None,
        "working": working,
        "announce": announce,
        "forms": {"declare": bool(state["combatants"])},
        "buttons": {},
    }


# ---------------------------------------------------------------- the entry point


FLOW = {
    "tracker": TRACKER,
    "texts": DATA,
    "rules": RULES,
    "needs": (DATA, RULES, "ip-action-costs"),
    "format": STATE_FORMAT,
    "migrations": {0: numbered},
    "read_state": read_state,
    "empty_state": empty_state,
    "export_text": export_text,
    "import_text": import_text,
    "view": view,
    "actions": {
        "add": lambda t: _add(t.state, t.action, t.ctx, t.rules),
        "rename": lambda t: _rename(t.state, t.action, t.ctx),
        "remove": lambda t: _remove(t.state, t.action, t.ctx),
        "declare": lambda t: _declare(t.state, t.action, t.ctx),
        "revise": lambda t: _revise(t.state, t.action, t.ctx),
        "next-round": lambda t: _next_round(t.state, t.ctx, t.rules),
    },
}


def track(state, action, data, lang, rolls=()):
    """One action of the reader on a state: {"ok": True, "state", "view"} (plus "text" for an export), or
    {"ok": False, "error", "field"} with the message in the page's language; never raises."""
    return run_tracker(FLOW, state, action, data, lang, rolls)
