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

State (JSON, kept by the page): {"tracker": "initiative-points", "format": 3, "round": n, "combatants": [{"name",
"ip", "hidden"}] (PI at the start of the round; hidden: the players' view leaves him out), "actions": [{"who", "cost",
"label"[, "abandoned": true][, "hidden": true]}] (this round's, in the order declared; an abandoned one costs what it
took up to the restart; a hidden one is a secret: the players see it on the ruler, not its label), "recent":
[{"label", "cost"}] (the last actions declared, newest first: the page offers them again), "settings":
{"declaration_rule", "notice", "cancel_limit", "free_at_zero"} (the readings, initiative_points.SETTINGS)}.

A step's number is the action's place in the order of declaration (``round_steps``): declaring another action never
renumbers the steps before it, in the steps table, on the ruler or in what is announced.
"""

from calculators.calc_common import (
    Context,
    InputError,
    clean,
    data_document,
    declared_input,
    localized,
    number_text,
    parse_checkbox,
    read_form,
)
from calculators.initiative_points import DECLARATION as CALCULATOR
from calculators.initiative_points import (
    MAX_COMBATANTS,
    MAX_COST,
    MAX_LABEL,
    MAX_NAME,
    SETTINGS,
    _carry_lines,
    _step_lines,
    abandoned_at,
    carry_overs,
    counted,
    declaration_lines,
    declarations,
    default_settings,
    fold,
    next_round_pi,
    perception,
    resolution_order,
    timeline,
)
from calculators.initiative_points import _who as step_who
from calculators.tracker_common import (
    NewerFormat,
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


def setting_input(name):
    """One of the calculator's settings as a tracker form declares an input (its bounds: ``settings_form``)."""
    spec = declared_input(CALCULATOR, name)
    found = {"name": name, "kind": spec["kind"], "default": spec["default"]}
    if "values" in spec:
        found["values"] = spec["values"]
    return found


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

DATA = "initiative-points-tracker"  # this tracker's texts: data/calculators/initiative-points-tracker.yaml
RULES = "initiative-points"  # the rule's texts and constants, shared with the timeline calculator
EXPORT_TAG = "codex-ip"
EXPORT_VERSION = 3  # 2: the settings and the abandoned actions (a text of version 1 was played under the earlier
# declaration rule, and goes on under it); 3: what the players do not see (a hidden combatant, a secret action)
STATE_FORMAT = 3  # the kept state's format (tracker_common.kept): 0 is the unnumbered state before 1; 2 adds the
# settings of the readings (a state of format 0 or 1 was played under the earlier declaration rule, and goes on
# under it); 3 adds what the players do not see (nothing hidden in an earlier one)
ABANDONED = 1  # the flags of an action in the export text (version 3), added together
SECRET = 2
MAX_ROUND = 9999
MAX_ACTIONS = 100
MAX_RECENT = 6
RULER_LOWEST = -20  # the ruler shows deficits down to this; a longer one is drawn at the edge, with its number


def empty_state():
    return {
        "tracker": TRACKER["id"],
        "format": STATE_FORMAT,
        "round": 1,
        "combatants": [],
        "actions": [],
        "recent": [],
        "settings": default_settings(),
    }


def with_settings(state):
    """Format 1 -> 2: a fight kept before the settings existed (before the author's correction became the default)
    was played under the earlier declaration rule: it plays on under that rule, the named variant, the other
    settings as they were then (their defaults); the tracker says so once (FLOW "migration_notices")."""
    if not isinstance(state, dict):
        return state
    state = dict(state)
    state["settings"] = earlier_settings()
    return state


def earlier_settings():
    """The settings of a fight played before the settings existed: the earlier declaration rule."""
    settings = default_settings()
    settings["declaration_rule"] = "earlier"
    return settings


def with_hidden(state):
    """Format 2 -> 3: nothing of a fight kept before the players' view is hidden from the players."""
    if not isinstance(state, dict) or not isinstance(state.get("combatants"), list):
        return state
    state = dict(state)
    combatants = []
    for item in state["combatants"]:
        if isinstance(item, dict):
            item = dict(item)
            item["hidden"] = False
        combatants.append(item)
    state["combatants"] = combatants
    return state


def _flag(item, key):
    """A yes or no of a kept state (a key that must be there)."""
    value = field_of(item, key)
    if value is not True and value is not False:
        raise ValueError("not a yes or no")
    return value


def read_settings(value):
    """The settings a state holds, checked; ValueError when they are not settings."""
    if not isinstance(value, dict):
        raise ValueError("no settings")
    rule = field_of(value, "declaration_rule")
    if rule not in declared_input(CALCULATOR, "declaration_rule")["values"]:
        raise ValueError("unknown declaration rule")
    free = field_of(value, "free_at_zero")
    if free is not True and free is not False:
        raise ValueError("free_at_zero is not a yes or no")
    result = {"declaration_rule": rule, "free_at_zero": free}
    for name in ("notice", "cancel_limit"):
        spec = declared_input(CALCULATOR, name)
        result[name] = whole(field_of(value, name), spec["min"], spec["max"])
    return result


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
        ip = whole(field_of(item, "ip"), -MAX_COST, rules["round-pi"])
        result["combatants"].append({"name": name, "ip": ip, "hidden": _flag(item, "hidden")})
    for item in list_of(field_of(state, "actions"), MAX_ACTIONS):
        who = text_of(field_of(item, "who"), MAX_NAME)
        if who not in names:
            raise ValueError("unknown combatant")
        cost = whole(field_of(item, "cost"), 0, MAX_COST)
        kept = {"who": who, "cost": cost, "label": text_of(field_of(item, "label"), MAX_LABEL, True)}
        if item.get("abandoned") is True:
            kept["abandoned"] = True
        if item.get("hidden") is True:
            kept["hidden"] = True
        result["actions"].append(kept)
    for item in list_of(state.get("recent", []), MAX_RECENT):
        cost = whole(field_of(item, "cost"), 0, MAX_COST)
        result["recent"].append({"label": text_of(field_of(item, "label"), MAX_LABEL, True), "cost": cost})
    result["settings"] = read_settings(state.get("settings"))
    return result


def combatant_pairs(state):
    return [(c["name"], c["ip"]) for c in state["combatants"]]


def action_triples(state):
    return [(a["who"], a["cost"], a["label"], a.get("abandoned") is True) for a in state["actions"]]


def round_steps(state):
    """The round on the ruler: initiative_points.timeline of the round's combatants and actions, in the order they
    start, each numbered by its place in the order of declaration (the timeline numbers them in the order they
    start, which a later action may change: Krom's second attack would come before Mazrok's parry), so that the
    numbers the reader has seen stay as actions are added."""
    steps = timeline(combatant_pairs(state), action_triples(state), state["settings"]["free_at_zero"])
    for s in steps:
        s["step"] = s["action"] + 1
    return steps


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
    state["combatants"].append({"name": name, "ip": ip, "hidden": False})
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
    return _said(said_step(step, ctx))


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
    return _said(lines + said_step(step, ctx))


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
    return _said([ctx.text("revised", [("name", who)])] + said_step(step, ctx))


def _settings(state, action, ctx):
    """The readings' settings, as the settings form sets them (each read as the calculator reads its own)."""
    form = {}
    for name in SETTINGS:
        form[name] = action.get(name) if isinstance(action, dict) else None
    settings = read_form(settings_form(), form, Context(ctx.data, RULES, ctx.lang))
    state["settings"] = settings
    return ctx.text("settings_" + settings["declaration_rule"], _settings_values(settings, ctx))


def settings_form():
    """The settings form as the calculator declares its settings (bounds, values and defaults)."""
    return {"inputs": [declared_input(CALCULATOR, name) for name in SETTINGS]}


def _settings_values(settings, ctx):
    free = "free_allowed" if settings["free_at_zero"] else "free_refused"
    return [
        ("notice_segments", counted(ctx, "segments", settings["notice"])),
        ("limit_segments", counted(ctx, "segments", settings["cancel_limit"])),
        ("free", ctx.text(free)),
    ]


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
    """The short text a reader copies to another device: the round, the combatants (a hidden one marked 1) and this
    round's actions (their flags, when any: ABANDONED + SECRET), the settings."""
    names = _names(state)
    settings = state["settings"]
    combatants = []
    for c in state["combatants"]:
        combatants.append([c["name"], c["ip"], 1] if c["hidden"] else [c["name"], c["ip"]])
    actions = []
    for a in state["actions"]:
        item = [names.index(a["who"]), a["cost"], a["label"]]
        flags = (ABANDONED if a.get("abandoned") is True else 0) + (SECRET if a.get("hidden") is True else 0)
        if flags:
            item.append(flags)
        actions.append(item)
    return to_text(
        [
            EXPORT_TAG,
            EXPORT_VERSION,
            state["round"],
            combatants,
            actions,
            [settings["declaration_rule"], settings["notice"], settings["cancel_limit"], settings["free_at_zero"]],
        ]
    )


def import_text(text, rules):
    """The state a short text stands for, in the state format of its version (tracker_common.kept brings it to
    today's: a text of version 1 was played under the earlier declaration rule); NewerFormat for a version this
    site does not know yet, ValueError when it is not one of this tracker's texts."""
    value = from_text(text)
    if not isinstance(value, list) or len(value) < 5 or value[0] != EXPORT_TAG or not is_int(value[1]):
        raise ValueError("not this tracker's text")
    version = value[1]
    if version > EXPORT_VERSION:
        raise NewerFormat("a newer version of this tracker's text")
    if not (version == 1 and len(value) == 5) and not (version in (2, 3) and len(value) == 6):
        raise ValueError("not a version of this tracker's text")
    combatants = []
    for item in list_of(value[3], MAX_COMBATANTS):
        if not isinstance(item, list) or len(item) not in (2, 3) or (len(item) == 3 and (version < 3 or item[2] != 1)):
            raise ValueError("bad combatant")
        combatants.append({"name": item[0], "ip": item[1]})
        if version >= 3:
            combatants[-1]["hidden"] = len(item) == 3
    actions = []
    highest = ABANDONED + SECRET if version >= 3 else ABANDONED
    for item in list_of(value[4], MAX_ACTIONS):
        if not isinstance(item, list) or len(item) not in (3, 4) or not is_int(item[0]):
            raise ValueError("bad action")
        flags = item[3] if len(item) == 4 else 0
        if not 0 <= item[0] < len(combatants) or not is_int(flags) or (len(item) == 4 and not 1 <= flags <= highest):
            raise ValueError("bad action")
        actions.append({"who": combatants[item[0]]["name"], "cost": item[1], "label": item[2]})
        if flags & ABANDONED:
            actions[-1]["abandoned"] = True
        if flags & SECRET:
            actions[-1]["hidden"] = True
    state = {"tracker": TRACKER["id"], "format": 1, "round": value[2], "combatants": combatants, "actions": actions}
    if version >= 2:
        if not isinstance(value[5], list) or len(value[5]) != 4:
            raise ValueError("bad settings")
        settings = {}
        for index in range(4):
            settings[SETTINGS[index]] = value[5][index]
        state["settings"] = settings
        state["format"] = version  # the export's versions 2 and 3 carry what the state's formats 2 and 3 hold
    return state


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
    settings = state["settings"]
    decl = declaration_lines(combatant_pairs(state), action_triples(state), steps, settings, ip_ctx)
    in_force = ctx.text("settings_" + settings["declaration_rule"], _settings_values(settings, ctx))
    working = [in_force, ip_ctx.text("reading")] + decl
    for s in steps:
        for line in _step_lines(s, ip_ctx):
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
        for line in _carry_lines(carries, ip_ctx):
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
        "who": _names(state),
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
    ctx = TrackerContext(data, DATA, lang, TRACKER["reads"])
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


# ---------------------------------------------------------------- the entry point


FLOW = {
    "tracker": TRACKER,
    "texts": DATA,
    "rules": RULES,
    "needs": (DATA, RULES, "ip-action-costs"),
    "format": STATE_FORMAT,
    "migrations": {0: numbered, 1: with_settings, 2: with_hidden},
    "migration_notices": {1: "rule_kept_earlier"},  # a fight played before the correction was the default
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
