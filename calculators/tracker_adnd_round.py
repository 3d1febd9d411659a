"""The AD&D 2bis round tracker (seed 000, "INITIATIVE, FLANKING, SURPRISE" and "Hold Action"): player characters with
their Dexterity and Improved Initiative, monsters as groups with one initiative; surprise before the first round;
each round the d10s rolled (in the browser or typed), the order played segment by segment, hold actions.

Every rule comes from calculators/initiative.py: ``order_combatants`` (d10 − adjusted total, except a 10; lowest
first; ties together; one roll per group), ``surprise_range``, ``is_surprised`` and ``surprise_losers`` (1–3, doubled
by an ambush, tripled by an undetectable one; the surprised side loses the round and has −2 AC), ``may_hold``,
``hold_lapses`` and ``segments_after`` (a simple hold delays one's action to a later segment of the round, at the
latest the last; a conditional hold, stated during one's turn, lasts until one's next initiative). This module keeps
the fight as a state the browser stores, checks what the reader types, and says what to show.

Where the seed is silent, the tracker follows a reading, each an open question shown on the pages: ties act
together (adnd-initiative-ties); a group of monsters takes no Dexterity (adnd-monster-group-adjustment); the −2 AC
is shown during the lost round only (adnd-surprise-ac-duration); the segments are the adjusted results rolled
(adnd-initiative-segments); a conditional hold lapses when the holder's segment comes in a later round
(adnd-conditional-hold-lapse); the "other adjustment" joins the adjusted total, so not on a 10
(adnd-square-initiative-penalty).

Where the page must choose (no rule of the seed, the site's choices): the round's rolls are entered before its first
segment is played, and nobody acts or triggers a hold until then; a combatant whose roll falls on a segment already
past (corrected, or drawn on joining the fight) acts in the segment being played, when the reader says; a hold
triggered in a later round counts as the holder's action of that round; the players' view leaves out the combatants
the GM hides and a secret hold's condition, and names the segment being played only when a combatant they see acts
in it.

The page's d10s are its proposal (issue 35): when a round starts, its segment is None — the round's rolls being
entered, the order shown provisional, nobody's turn come — until the reader plays its first segment ("next-turn").
What happens as a segment comes (whose turn has come, a conditional hold's lapse) is decided then, with the rolls in
force, and kept ("came"); a roll corrected later to a segment already past lets that combatant act now ("late"),
without counting them as having acted.

Its modules by job: this one the declaration (TRACKER) and the reader's actions (the handlers of FLOW);
tracker_adnd_round_state the kept state (its format, migrations, export line); tracker_adnd_round_rules the rules
applied to a state; tracker_adnd_round_view what the page and the players' window show.
"""

from calculators.calc_common import InputError, fold, number_text, parse_checkbox, parse_choice, parse_int
from calculators.initiative import (
    SURPRISE_CHECKS,
    may_hold,
    segments_after,
)
from calculators.tracker_adnd_round_rules import (
    came_list,
    has_acted,
    holding,
    lapse_holds,
    losing_sides,
    now_segment,
    own_segment,
    passed_segment,
    reach,
    round_order,
    took_delayed,
)
from calculators.tracker_adnd_round_state import (
    DATA,
    DEX_RANGE,
    KINDS,
    MAX_COMBATANTS,
    MAX_LABEL,
    MAX_NAME,
    MAX_ROUND,
    MIGRATIONS,
    MODIFIER_RANGE,
    READS,
    RULES,
    SIDES,
    STATE_FORMAT,
    TABLE,
    TRACKER_ID,
    empty_state,
    export_text,
    import_text,
    read_state,
)
from calculators.tracker_adnd_round_view import players_view, view
from calculators.tracker_common import (
    combatant_names,
    failure,
    find_name,
    run_tracker,
    typed_combatant,
    typed_label,
    typed_name,
    typed_optional_int,
)

HOLDS = ("delay", "conditional")


TRACKER = {
    "id": TRACKER_ID,
    "page": "round-tracker.md",
    "reads": READS,
    "forms": [
        {
            "name": "surprise",
            "inputs": [
                {"name": "party_check", "kind": "choice", "values": list(SURPRISE_CHECKS), "default": "none"},
                {"name": "party_roll", "kind": "integer", "default": ""},
                {"name": "foes_check", "kind": "choice", "values": list(SURPRISE_CHECKS), "default": "none"},
                {"name": "foes_roll", "kind": "integer", "default": ""},
            ],
            "actions": ["surprise"],
        },
        {
            "name": "declare",
            "inputs": [
                {"name": "who", "kind": "combatant"},
                {"name": "hold", "kind": "choice", "values": list(HOLDS), "default": "delay"},
                {"name": "label", "kind": "text"},
                {"name": "secret", "kind": "checkbox", "default": False, "clear": True},
            ],
            "actions": ["declare"],
        },
        {
            "name": "add",
            "inputs": [
                {"name": "name", "kind": "text", "clear": True},
                {"name": "kind", "kind": "choice", "values": list(KINDS), "default": "pc"},
                {"name": "dexterity", "kind": "integer", "default": "", "clear": True},
                {"name": "improved", "kind": "checkbox", "default": False, "clear": True},
                {"name": "modifier", "kind": "integer", "default": 0, "clear": True},
            ],
            "actions": ["add"],
        },
    ],
    "buttons": ["next-turn", "next-round", "undo"],
}


def _named(action, state, ctx, field="who"):
    """The combatant an action names (field `who`), as the tracker spells him; InputError otherwise."""
    return state["combatants"][typed_combatant(action, field, state, ctx)]


def _draw(rolls, ctx, field):
    if not rolls:
        raise InputError(failure(ctx, "missing_rolls", field))
    return rolls.pop(0)


def _add(state, action, data, ctx, rules, rolls):
    name = typed_name(action, "name", ctx, MAX_NAME)
    if find_name(combatant_names(state), name, fold) >= 0:
        raise InputError(failure(ctx, "name_taken", "name", [("name", name)]))
    if len(state["combatants"]) >= MAX_COMBATANTS:
        raise InputError(failure(ctx, "too_many", "name", [("max", str(MAX_COMBATANTS))]))
    kind = parse_choice(action, "kind", ctx, KINDS, "pc")
    dex = typed_optional_int(action, "dexterity", ctx, DEX_RANGE[0], DEX_RANGE[1])
    if kind == "pc" and dex is None:
        raise InputError(failure(ctx, "dexterity_needed", "dexterity"))
    if kind == "group" and dex is not None:
        raise InputError(failure(ctx, "group_dexterity", "dexterity"))
    improved = parse_checkbox(action, "improved", ctx)
    modifier = typed_optional_int(action, "modifier", ctx, MODIFIER_RANGE[0], MODIFIER_RANGE[1]) or 0
    roll = _draw(rolls, ctx, "name") if state["round"] > 0 else None
    state["combatants"].append(
        {
            "name": name,
            "kind": kind,
            "dex": dex,
            "improved": improved,
            "modifier": modifier,
            "roll": roll,
            "hidden": False,
        }
    )
    said = ctx.text("added_" + kind, [("name", name)])
    passed = passed_segment(state, round_order(state, data, rules), name)
    if passed is not None:
        state["late"].append(name)
        said += " " + ctx.text("joined_late", [("name", name), ("segment", number_text(passed))])
    return said


def _rename(state, action, ctx):
    c = _named(action, state, ctx)
    old = c["name"]
    name = typed_name(action, "rename", ctx, MAX_NAME)
    other = find_name(combatant_names(state), name, fold)
    if other >= 0 and state["combatants"][other]["name"] != old:
        raise InputError(failure(ctx, "name_taken", "rename", [("name", name)]))
    c["name"] = name
    state["delayed"] = [name if who == old else who for who in state["delayed"]]
    state["late"] = [name if who == old else who for who in state["late"]]
    for item in state["acted"] + state["holds"] + (state["came"] or []):
        if item["who"] == old:
            item["who"] = name
    return ctx.text("renamed", [("old", old), ("name", name)])


def _remove(state, action, ctx):
    who = _named(action, state, ctx)["name"]
    state["combatants"] = [c for c in state["combatants"] if c["name"] != who]
    state["delayed"] = [w for w in state["delayed"] if w != who]
    state["acted"] = [a for a in state["acted"] if a["who"] != who]
    state["holds"] = [h for h in state["holds"] if h["who"] != who]
    state["late"] = [w for w in state["late"] if w != who]
    if state["came"] is not None:
        state["came"] = [a for a in state["came"] if a["who"] != who]
    return ctx.text("removed", [("name", who)])


def _hide(state, action, ctx):
    """Hidden from the players' view, or shown again."""
    c = _named(action, state, ctx)
    c["hidden"] = not c["hidden"]
    return ctx.text("hidden_on" if c["hidden"] else "hidden_off", [("name", c["name"])])


def _surprise(state, action, ctx):
    if state["round"] != 0:
        raise InputError(failure(ctx, "surprise_started", "party_check"))
    for i in range(len(SIDES)):
        side = SIDES[i]
        check = parse_choice(action, side + "_check", ctx, SURPRISE_CHECKS, "none")
        roll = typed_optional_int(action, side + "_roll", ctx, 1, 10)
        state["surprise"][i] = {"side": side, "check": check, "roll": roll if check != "none" else None}
    return ctx.text("surprise_set")


def _start_round(state, data, ctx, rules, rolls):
    """The next round: every combatant's d10 rolled again, the first segment's turn."""
    if not state["combatants"]:
        raise InputError(failure(ctx, "nobody", "name"))
    said = []
    skipped = _still_to_act(state, data, rules)
    if skipped:  # the GM moves on before the round's end: say who never acted (the undo beside it brings it back)
        said.append(ctx.text("round_left", [("round", str(state["round"])), ("names", ", ".join(skipped))]))
    if state["round"] == 0:
        for item in state["surprise"]:
            if item["check"] != "none" and item["roll"] is None:
                item["roll"] = _draw(rolls, ctx, "party_check")
    for c in state["combatants"]:
        c["roll"] = _draw(rolls, ctx, "name")
    state["round"] = state["round"] + 1 if state["round"] < MAX_ROUND else MAX_ROUND
    state["delayed"] = []
    state["acted"] = []
    state["came"] = []
    state["late"] = []
    groups = round_order(state, data, rules)
    state["segment"] = None  # the rolls being entered: nothing is decided from the page's d10s yet
    state["finished"] = not groups
    said.append(ctx.text("round_started", [("round", str(state["round"]))]))
    losers = losing_sides(state, rules)
    for side in losers:
        said.append(ctx.text("side_surprised_" + side, [("ac", number_text(-rules["surprised-ac-penalty"]))]))
    if groups:
        names = [m["name"] for m in groups[0]["members"]]
        said.append(
            ctx.text("order_proposed", [("segment", number_text(groups[0]["initiative"])), ("names", ", ".join(names))])
        )
    return " ".join(said)


def _still_to_act(state, data, rules):
    """Who has not acted yet in a round under way: a segment still to come, a delayed action not taken, a late roll."""
    if state["round"] == 0 or state["finished"]:
        return []
    groups = round_order(state, data, rules)
    now = now_segment(state, groups)
    if state["segment"] is None:
        now = None  # the rolls still being entered: nobody has acted
    names = []
    for c in state["combatants"]:
        mine = own_segment(groups, c["name"])
        if mine is None or took_delayed(state, c["name"]):
            continue
        if now is None or mine > now or c["name"] in state["delayed"] or c["name"] in state["late"]:
            names.append(c["name"])
    return names


def _now_text(groups, state, ctx):
    for g in groups:
        if g["initiative"] == now_segment(state, groups):
            names = [m["name"] for m in g["members"]]
            key = "now_together" if len(names) > 1 else "now_one"
            return ctx.text(key, [("segment", number_text(g["initiative"])), ("names", ", ".join(names))])
    return ""


def _next_turn(state, data, ctx, rules):
    if state["round"] == 0:
        raise InputError(failure(ctx, "not_started", ""))
    if state["finished"]:
        raise InputError(failure(ctx, "round_over", "", [("round", str(state["round"]))]))
    groups = round_order(state, data, rules)
    now = now_segment(state, groups)
    later = segments_after(groups, now if now is not None else -999)
    said = []
    if not later:
        reach(state, groups, None)
        state["finished"] = True
        waiting = [w for w in state["delayed"] if not took_delayed(state, w)]
        said.append(ctx.text("round_done", [("round", str(state["round"]))]))
        if waiting:
            said.append(ctx.text("delayed_last", [("names", ", ".join(waiting))]))
        return " ".join(said)
    state["segment"] = later[0]
    reach(state, groups, later[0])  # the rolls in force now decide whose turn has come
    said.append(_now_text(groups, state, ctx))
    for who in lapse_holds(state, groups):
        said.append(ctx.text("hold_lapsed", [("name", who)]))
    return " ".join(said)


def _in_round(state, ctx, field):
    if state["round"] == 0:
        raise InputError(failure(ctx, "not_started", field))


def _roll(state, action, data, ctx, rules):
    """A d10 typed in, in place of the page's: before the round's first segment it decides the order; once play has
    gone past the segment it gives, a combatant whose turn had not come may act now (a waiting item)."""
    _in_round(state, ctx, "roll")
    c = _named(action, state, ctx)
    name = c["name"]
    value = parse_int(action, "roll", ctx, 1, 10)
    before = round_order(state, data, rules)
    acted = has_acted(state, before, name)
    if state["came"] is None:
        state["came"] = came_list(state, before)  # what the rolls gave until now stays decided
    c["roll"] = value
    groups = round_order(state, data, rules)
    mine = own_segment(groups, name)
    if mine is None:
        return ctx.text("rolled_out", [("name", name), ("roll", str(value))])
    values = [("name", name), ("roll", str(value)), ("segment", number_text(mine))]
    passed = passed_segment(state, groups, name)
    if passed is None or acted or name in state["delayed"]:
        state["late"] = [w for w in state["late"] if w != name or passed is not None]
        return ctx.text("rolled", values)
    if name not in state["late"]:
        state["late"].append(name)
    said = [ctx.text("rolled_late", values)]
    for who in lapse_holds(state, groups):
        said.append(ctx.text("hold_lapsed", [("name", who)]))
    return " ".join(said)


def _declare(state, action, data, ctx, rules):
    """A hold action, stated during one's own turn (initiative.may_hold)."""
    _in_round(state, ctx, "who")
    c = _named(action, state, ctx)
    name = c["name"]
    kind = parse_choice(action, "hold", ctx, HOLDS)
    label = typed_label(action, "label", ctx, MAX_LABEL)
    secret = parse_checkbox(action, "secret", ctx)
    groups = round_order(state, data, rules)
    mine = own_segment(groups, name)
    if mine is None:
        raise InputError(failure(ctx, "no_action_surprised", "who", [("name", name)]))
    if state["finished"]:
        raise InputError(failure(ctx, "round_over", "who", [("round", str(state["round"]))]))
    if kind == "delay" and name in state["delayed"]:
        raise InputError(failure(ctx, "already_delayed", "who", [("name", name)]))
    now = now_segment(state, groups)
    if now is None:
        raise InputError(failure(ctx, "round_not_begun", "who"))
    own_turn = mine == now or name in state["delayed"] or name in state["late"]
    acted = has_acted(state, groups, name)
    if not may_hold(own_turn, acted, holding(state, name) is not None):
        if holding(state, name) is not None:
            raise InputError(failure(ctx, "hold_standing", "who", [("name", name)]))
        if acted:
            raise InputError(failure(ctx, "already_acted", "who", [("name", name)]))
        raise InputError(failure(ctx, "not_his_turn", "who", [("name", name), ("segment", number_text(mine))]))
    if kind == "delay":
        later = segments_after(groups, now)
        state["delayed"].append(name)
        state["late"] = [w for w in state["late"] if w != name]
        if not later:
            return ctx.text("delay_last_segment", [("name", name)])
        return ctx.text("delayed", [("name", name), ("last", number_text(later[-1]))])
    if label == "":
        raise InputError(failure(ctx, "hold_label_needed", "label"))
    state["delayed"] = [w for w in state["delayed"] if w != name]
    state["late"] = [w for w in state["late"] if w != name]
    state["holds"].append({"who": name, "label": label, "round": state["round"], "hidden": secret})
    said = ctx.text("held", [("name", name), ("label", label)])
    return said + " " + ctx.text("held_secret") if secret else said


def _act(state, action, data, ctx, rules):
    """A delayed action taken now, or a conditional hold whose condition is met now."""
    _in_round(state, ctx, "who")
    name = _named(action, state, ctx)["name"]
    groups = round_order(state, data, rules)
    now = now_segment(state, groups)
    if state["finished"] and groups:
        now = groups[-1]["initiative"]  # past the last segment, a delayed action is taken in the last one
    if now is None:
        raise InputError(failure(ctx, "round_not_begun", "who"))
    segment = number_text(now)
    hold = holding(state, name)
    if hold is not None:
        state["holds"] = [h for h in state["holds"] if h["who"] != name]
        state["acted"].append({"who": name, "segment": now})
        return ctx.text("hold_triggered", [("name", name), ("label", hold["label"]), ("segment", segment)])
    if name in state["late"]:
        state["late"] = [w for w in state["late"] if w != name]
        state["acted"].append({"who": name, "segment": now})
        return ctx.text("delayed_acts", [("name", name), ("segment", segment)])
    if name in state["delayed"] and not took_delayed(state, name):
        state["acted"].append({"who": name, "segment": now})
        return ctx.text("delayed_acts", [("name", name), ("segment", segment)])
    raise InputError(failure(ctx, "nothing_held", "who", [("name", name)]))


FLOW = {
    "tracker": TRACKER,
    "texts": DATA,
    "rules": RULES,
    "needs": (DATA, RULES, TABLE),
    "format": STATE_FORMAT,
    "migrations": MIGRATIONS,
    "read_state": lambda state, rules: read_state(state),
    "empty_state": empty_state,
    "export_text": export_text,
    "import_text": lambda text, rules: import_text(text),
    "view": view,
    "players_view": players_view,
    "actions": {
        "add": lambda t: _add(t.state, t.action, t.data, t.ctx, t.rules, t.rolls),
        "rename": lambda t: _rename(t.state, t.action, t.ctx),
        "remove": lambda t: _remove(t.state, t.action, t.ctx),
        "hide": lambda t: _hide(t.state, t.action, t.ctx),
        "surprise": lambda t: _surprise(t.state, t.action, t.ctx),
        "next-round": lambda t: _start_round(t.state, t.data, t.ctx, t.rules, t.rolls),
        "next-turn": lambda t: _next_turn(t.state, t.data, t.ctx, t.rules),
        "roll": lambda t: _roll(t.state, t.action, t.data, t.ctx, t.rules),
        "declare": lambda t: _declare(t.state, t.action, t.data, t.ctx, t.rules),
        "act": lambda t: _act(t.state, t.action, t.data, t.ctx, t.rules),
    },
}


def track(state, action, data, lang, rolls=()):
    """One action of the reader on a state: {"ok": True, "state", "view"} (plus "text" for an export), or
    {"ok": False, "error", "field"} with the message in the page's language; never raises. `rolls`: d10s the page
    drew (1..10), taken in order where a roll is needed."""
    return run_tracker(FLOW, state, action, data, lang, rolls)
