"""What the initiative-point tracker shows for a state: the GM's view (the ruler, the steps table, the roster, the
announcement, the settings in force) and the players' window (without what the GM hides), their texts in the page's
language.
"""

from calculators.calc_common import (
    Context,
    clean,
    number_text,
)
from calculators.initiative_points import (
    carry_lines,
    carry_overs,
    counted,
    declaration_lines,
    next_round_pi,
    resolution_order,
    step_lines,
    step_values,
    step_who,
)
from calculators.tracker_common import (
    TrackerContext,
    combatant_names,
)
from calculators.tracker_initiative_points_state import (
    DATA,
    READS,
    RULES,
    action_triples,
    combatant_pairs,
    round_steps,
    step_of_action,
)

RULER_LOWEST = -20  # the ruler shows deficits down to this; a longer one is drawn at the edge, with its number


def settings_values(settings, ctx):
    free = "free_allowed" if settings["free_at_zero"] else "free_refused"
    return [
        ("notice_segments", counted(ctx, "segments", settings["notice"])),
        ("limit_segments", counted(ctx, "segments", settings["cancel_limit"])),
        ("free", ctx.text(free)),
    ]


def said(lines):
    """Lines as one announcement."""
    return " ".join([clean(line) for line in lines])


def said_step(step, ctx):
    """What the page announces of one step on the ruler, in short (the working says it in full)."""
    values = step_values(step)
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
                        "abandoned": s["abandoned"],
                        "latest": latest is not None and s["step"] == latest["step"],
                        "title": str(s["step"])
                        + ". "
                        + step_who(s)
                        + " "
                        + number_text(s["start"])
                        + " → "
                        + number_text(s["end"])
                        + (" (" + ctx.text("abandoned_cell") + ")" if s["abandoned"] else ""),
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
            marks.append({"lane": combatant_names(state).index(r["name"]), "pi": r["pi"]})
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
    ctx = TrackerContext(data, DATA, lang, READS)
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
    settings = state["settings"]
    decl = declaration_lines(combatant_pairs(state), action_triples(state), steps, settings, ip_ctx)
    in_force = ctx.text("settings_" + settings["declaration_rule"], settings_values(settings, ctx))
    working = [in_force, ip_ctx.text("reading")] + decl
    for s in steps:
        for line in step_lines(s, ip_ctx):
            working.append(line)
    lists = []
    if order:
        lists.append({"key": "order", "caption": ctx.text("order_caption"), "items": order, "ordered": False})
    if state["actions"]:
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
        for line in carry_lines(carries, ip_ctx):
            carry.append(line)
        lists.append({"key": "carry", "caption": ctx.text("carry_caption"), "items": carry, "ordered": False})
    rows = []
    for s in in_declaration_order(steps):
        reactors = [r["name"] + " (" + number_text(r["pi"]) + ")" for r in s["reactors"]]
        label = s["label"] or "—"
        if state["actions"][s["action"]].get("hidden") is True:
            label = ctx.text("secret_cell", [("label", label)])
        rows.append(
            [
                str(s["step"]),
                s["name"],
                label,
                number_text(s["start"]) + " → " + number_text(s["end"]) if s["performed"] else ctx.text("refused_cell"),
                str(s["resolves"]) if s["resolves"] > 0 else (ctx.text("abandoned_cell") if s["abandoned"] else "—"),
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
                "hidden": c["hidden"],
                "hide": ctx.text("action_show" if c["hidden"] else "action_hide"),
                "hide_label": ctx.text("show_label" if c["hidden"] else "hide_label", [("name", c["name"])]),
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
        "empty": ctx.text("empty_fight") if not state["combatants"] else "",
        "who": combatant_names(state),
        "picks": picks,
        "roster": roster,
        "ruler": _ruler(state, steps, latest, ctx, rules) if state["combatants"] else None,
        "lists": lists,
        "table": table if rows else None,
        "working": working,
        "announce": announce,
        "forms": {"declare": bool(state["combatants"])},
        "buttons": {"revise": {"text": ctx.text("action_revise_" + settings["declaration_rule"])}},
        "values": {
            "settings": {
                "declaration_rule": settings["declaration_rule"],
                "notice": str(settings["notice"]),
                "cancel_limit": str(settings["cancel_limit"]),
                "free_at_zero": settings["free_at_zero"],
            }
        },
    }


def in_declaration_order(steps):
    """The steps by their numbers (the order of declaration): a new action's row comes last, and none moves."""
    keyed = [(steps[i]["step"], i) for i in range(len(steps))]
    keyed.sort()
    return [steps[k[1]] for k in keyed]


def players_view(state, data, lang):
    """What the players' window shows (a second screen turned to the table): the round's title, the order of
    resolution and the ruler, without what the GM hides. {"title", "lists": [the order, when any action resolves],
    "ruler": the view's ruler without the lanes of hidden combatants (None when nobody shows), "empty"}. A hidden
    combatant is left out everywhere (his lane, his actions, his place in the band of the latest action); a secret
    action shows as a neutral word in place of its label; the steps are numbered again among those shown, so that
    no gap tells of a hidden one."""
    ctx = TrackerContext(data, DATA, lang, READS)
    ip_ctx = Context(data, RULES, lang)
    rules = ip_ctx.rules
    hidden = [c["name"] for c in state["combatants"] if c["hidden"]]
    shown_state = dict(state)
    shown_state["combatants"] = [c for c in state["combatants"] if not c["hidden"]]
    steps = round_steps(state)
    visible = [s for s in steps if s["name"] not in hidden]  # in the order they start
    numbers = sorted([s["action"] for s in visible])
    shown = []
    for s in visible:
        s = dict(s)
        s["reactors"] = [r for r in s["reactors"] if r["name"] not in hidden]
        if state["actions"][s["action"]].get("hidden") is True:
            s["label"] = ctx.text("secret_label")
        s["step"] = numbers.index(s["action"]) + 1
        shown.append(s)
    latest = None
    for s in shown:
        if s["action"] == len(state["actions"]) - 1:
            latest = s
    lists = []
    order = []
    rank = 0
    for group in resolution_order(shown):
        rank += 1
        parts = [step_who(s) + " " + number_text(s["start"]) + " → " + number_text(s["end"]) for s in group]
        order.append(str(rank) + ". " + ip_ctx.text("together_with").join(parts))
    if order:
        lists.append({"key": "order", "caption": ctx.text("order_caption"), "items": order, "ordered": False})
    ruler = None
    if shown_state["combatants"]:
        ruler = _ruler(shown_state, shown, latest, ctx, rules)
    return {
        "title": ctx.text("round_title", [("round", str(state["round"]))]),
        "lists": lists,
        "ruler": ruler,
        "empty": ctx.text("players_empty") if not shown_state["combatants"] else "",
    }
