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

State (JSON, kept by the page; format 2): {"tracker": "adnd-round", "format": 2, "round": n (0 before the fight),
"combatants": [{"name", "kind": "pc" | "group", "dex": int or None, "improved": bool, "modifier": int, "roll": this
round's d10 or None, "hidden": bool (left out of the players' view)}], "surprise": [{"side": "party" | "foes",
"check", "roll"}], "segment": the initiative segment being played (None before the round's first segment is
played), "finished": bool (the round's last segment is past), "delayed": [names] (simple holds of this round),
"acted": [{"who", "segment"}] (delayed actions taken, holds triggered and late actions taken this round), "holds":
[{"who", "label", "round", "hidden": bool (the condition kept from the players)}] (conditional holds standing),
"came": [{"who", "segment"}] (whose turn has come this round, and in which segment, as play reached it; None in a
fight kept by format 1, where it follows from the rolls), "late": [names] (whose roll, corrected or drawn on joining,
fell on a segment already past before their turn came: they may act now)}. Format 1 had no "hidden", "came" and
"late" (_format_two).
"""

from calculators.calc_common import Context, InputError, data_document, number_text, parse_checkbox
from calculators.initiative import (
    SURPRISE_CHECKS,
    _adjustment_text,
    hold_lapses,
    is_surprised,
    may_hold,
    order_combatants,
    segments_after,
    surprise_losers,
    surprise_range,
)
from calculators.initiative_points import fold
from calculators.tracker_common import (
    TrackerContext,
    action_text,
    failure,
    field_of,
    find_name,
    from_text,
    list_of,
    numbered,
    run_tracker,
    text_of,
    to_text,
    typed_int,
    typed_label,
    typed_name,
    typed_optional_int,
    whole,
)

KINDS = ("pc", "group")
SIDES = ("party", "foes")  # the player characters (and their NPCs), and the monsters
HOLDS = ("delay", "conditional")

TRACKER = {
    "id": "adnd-round",
    "page": "round-tracker.md",
    "reads": ["initiative", "ability-bonus-adnd"],
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

DATA = "adnd-round-tracker"  # this tracker's texts: data/calculators/adnd-round-tracker.yaml
RULES = "initiative"  # the rule's texts and constants, shared with the initiative calculator
TABLE = "ability-bonus-adnd"
EXPORT_TAG = "codex-adnd"
EXPORT_VERSION = 2  # 1: before "hidden", "came" and "late" (still imported)
STATE_FORMAT = 2  # the kept state's format (tracker_common.kept_state): 0 is the unnumbered state before it
MAX_COMBATANTS = 30
MAX_NAME = 40
MAX_LABEL = 80
MAX_ROUND = 9999
DEX_RANGE = (1, 25)
MODIFIER_RANGE = (-10, 10)


def empty_state():
    return {
        "tracker": TRACKER["id"],
        "format": STATE_FORMAT,
        "round": 0,
        "combatants": [],
        "surprise": [{"side": side, "check": "none", "roll": None} for side in SIDES],
        "segment": None,
        "finished": False,
        "delayed": [],
        "acted": [],
        "holds": [],
        "came": [],
        "late": [],
    }


def _format_two(state):
    """Format 1 -> 2: every combatant and condition shown to the players, whose turn has come not recorded (it follows
    from the rolls, as format 1 read it), nobody late. Anything not shaped as format 1 is left for read_state to
    refuse."""
    if not isinstance(state, dict):
        return state
    result = dict(state)
    for key in ("combatants", "holds"):
        items = state.get(key)
        if isinstance(items, list):
            result[key] = [_with_hidden(item) for item in items]
    result["came"] = None
    result["late"] = []
    return result


def _with_hidden(item):
    if not isinstance(item, dict):
        return item
    found = dict(item)
    found["hidden"] = False
    return found


def _flag(item):
    value = field_of(item, "hidden")
    if not isinstance(value, bool):
        raise ValueError("bad flag")
    return value


def _optional_whole(value, lo, hi):
    return None if value is None else whole(value, lo, hi)


def read_state(state):
    """A state kept by the page, checked and copied; ValueError when it is not one of this tracker's."""
    if not isinstance(state, dict) or state.get("tracker") != TRACKER["id"]:
        raise ValueError("not this tracker's state")
    result = empty_state()
    result["round"] = whole(field_of(state, "round"), 0, MAX_ROUND)
    names = []
    for item in list_of(field_of(state, "combatants"), MAX_COMBATANTS):
        name = text_of(field_of(item, "name"), MAX_NAME)
        if find_name(names, name, fold) >= 0:
            raise ValueError("duplicate name")
        names.append(name)
        kind = field_of(item, "kind")
        if kind not in KINDS:
            raise ValueError("bad kind")
        dex = _optional_whole(field_of(item, "dex"), DEX_RANGE[0], DEX_RANGE[1])
        if kind == "group" and dex is not None:  # the reading of open question adnd-monster-group-adjustment
            raise ValueError("a group has no Dexterity")
        improved = field_of(item, "improved")
        if not isinstance(improved, bool):
            raise ValueError("bad feat")
        result["combatants"].append(
            {
                "name": name,
                "kind": kind,
                "dex": dex,
                "improved": improved,
                "modifier": whole(field_of(item, "modifier"), MODIFIER_RANGE[0], MODIFIER_RANGE[1]),
                "roll": _optional_whole(field_of(item, "roll"), 1, 10),
                "hidden": _flag(item),
            }
        )
    surprise = list_of(field_of(state, "surprise"), len(SIDES))
    if len(surprise) != len(SIDES):
        raise ValueError("bad surprise")
    for i in range(len(SIDES)):
        item = surprise[i]
        if field_of(item, "side") != SIDES[i] or field_of(item, "check") not in SURPRISE_CHECKS:
            raise ValueError("bad surprise")
        result["surprise"][i] = {
            "side": SIDES[i],
            "check": item["check"],
            "roll": _optional_whole(field_of(item, "roll"), 1, 10),
        }
    result["segment"] = _optional_whole(field_of(state, "segment"), -40, 10)
    finished = field_of(state, "finished")
    if not isinstance(finished, bool):
        raise ValueError("bad finished")
    result["finished"] = finished
    for who in list_of(field_of(state, "delayed"), MAX_COMBATANTS):
        if who not in names or who in result["delayed"]:
            raise ValueError("bad delayed")
        result["delayed"].append(who)
    for item in list_of(field_of(state, "acted"), MAX_COMBATANTS * 2):
        who = field_of(item, "who")
        if who not in names:
            raise ValueError("bad acted")
        result["acted"].append({"who": who, "segment": whole(field_of(item, "segment"), -40, 10)})
    for item in list_of(field_of(state, "holds"), MAX_COMBATANTS):
        who = field_of(item, "who")
        if who not in names:
            raise ValueError("bad hold")
        result["holds"].append(
            {
                "who": who,
                "label": text_of(field_of(item, "label"), MAX_LABEL),
                "round": whole(field_of(item, "round"), 1, MAX_ROUND),
                "hidden": _flag(item),
            }
        )
    came = field_of(state, "came")
    if came is None:
        result["came"] = None
    else:
        for item in list_of(came, MAX_COMBATANTS):
            who = field_of(item, "who")
            if who not in names or _came_in(result["came"], who) is not None:
                raise ValueError("bad came")
            result["came"].append({"who": who, "segment": whole(field_of(item, "segment"), -40, 10)})
    for who in list_of(field_of(state, "late"), MAX_COMBATANTS):
        if who not in names or who in result["late"]:
            raise ValueError("bad late")
        result["late"].append(who)
    started = result["segment"] is not None or result["delayed"] or result["holds"] or result["came"] or result["late"]
    if result["round"] == 0 and started:
        raise ValueError("a fight not started has no turn")
    return result


def _came_in(came, name):
    for item in came:
        if item["who"] == name:
            return item
    return None


# ---------------------------------------------------------------- the rules applied to a state


def surprise_results(state, rules):
    """Per side: (side, check, roll, range, surprised)."""
    found = []
    for item in state["surprise"]:
        found.append(
            (
                item["side"],
                item["check"],
                item["roll"],
                surprise_range(item["check"], rules),
                is_surprised(item["roll"], item["check"], rules),
            )
        )
    return found


def losing_sides(state, rules):
    """The sides that lose this round to surprise: only in the first round."""
    if state["round"] != 1:
        return []
    return surprise_losers([(r[0], r[4]) for r in surprise_results(state, rules)])


def side_of(combatant):
    return "party" if combatant["kind"] == "pc" else "foes"


def round_order(state, data, rules):
    """This round's initiative groups (initiative.order_combatants: lowest first, ties together, a reading), without the
    combatants of a side that loses the round to surprise; [] before the fight."""
    if state["round"] == 0:
        return []
    losers = losing_sides(state, rules)
    entries = []
    for c in state["combatants"]:
        if side_of(c) in losers or c["roll"] is None:
            continue
        entries.append(
            {
                "name": c["name"],
                "dex": c["dex"],
                "improved": c["improved"],
                "roll": c["roll"],
                "modifier": c["modifier"],
            }
        )
    return order_combatants(entries, data_document(data, TABLE), rules, ())


def now_segment(state, groups):
    """The initiative segment being played; None while the round's rolls are being entered (the page's d10s are its
    proposal until the reader plays the first segment, so that rolls typed at the start of the round decide)."""
    return state["segment"]


def came_list(state, groups):
    """Whose turn has come this round, and in which segment: as kept; in a fight kept by format 1 (None), what the
    rolls give — every group up to the segment being played."""
    if state["came"] is not None:
        return state["came"]
    found = []
    now = state["segment"]
    for g in groups:
        if now is not None and (g["initiative"] <= now or state["finished"]):
            for m in g["members"]:
                found.append({"who": m["name"], "segment": g["initiative"]})
    return found


def _reach(state, groups, segment):
    """Play reaches `segment` (None: the round's end): whoever's segment, with the rolls in force, is now come or
    past has their turn come (the late excepted, who act when the reader says)."""
    came = list(came_list(state, groups))
    for g in groups:
        if segment is None or g["initiative"] <= segment:
            for m in g["members"]:
                if _came_in(came, m["name"]) is None and m["name"] not in state["late"]:
                    came.append({"who": m["name"], "segment": g["initiative"]})
    state["came"] = came


def own_segment(groups, name):
    for g in groups:
        for m in g["members"]:
            if m["name"] == name:
                return g["initiative"]
    return None


def has_acted(state, groups, name):
    """They have acted this round: their turn came in a segment now past (or the round is over) and they neither
    delay nor wait to act late, or they took their delayed, held or late action."""
    for item in state["acted"]:
        if item["who"] == name:
            return True
    if name in state["delayed"] or name in state["late"]:
        return False
    came = _came_in(came_list(state, groups), name)
    now = now_segment(state, groups)
    if came is None or now is None:
        return False
    return came["segment"] < now or state["finished"]


def holding(state, name):
    for h in state["holds"]:
        if h["who"] == name:
            return h
    return None


def _lapse_holds(state, groups):
    """Conditional holds lapse when the holder's segment comes in a later round (initiative.hold_lapses; a reading,
    open question adnd-conditional-hold-lapse): once play has reached it with the rolls then in force, or once a
    corrected roll puts it among the segments past."""
    kept = []
    gone = []
    came = came_list(state, groups)
    for h in state["holds"]:
        reached = _came_in(came, h["who"]) is not None or h["who"] in state["late"]
        if hold_lapses(h["round"], state["round"], reached):
            gone.append(h["who"])
        else:
            kept.append(h)
    state["holds"] = kept
    return gone


# ---------------------------------------------------------------- the reader's actions


def _names(state):
    return [c["name"] for c in state["combatants"]]


def _named(action, state, ctx, field="who"):
    typed = action_text(action, field)
    if typed == "":
        raise InputError(failure(ctx, "who_empty", field))
    index = find_name(_names(state), typed, fold)
    if index < 0:
        raise InputError(failure(ctx, "who_unknown", field, [("name", typed)]))
    return state["combatants"][index]


def _choice(action, field, values, ctx, default=None):
    value = action_text(action, field)
    if value == "" and default is not None:
        return default
    if value not in values:
        raise InputError(failure(ctx, "choice", field))
    return value


def _draw(rolls, ctx, field):
    if not rolls:
        raise InputError(failure(ctx, "missing_rolls", field))
    return rolls.pop(0)


def _add(state, action, data, ctx, rules, rolls):
    name = typed_name(action, "name", ctx, MAX_NAME)
    if find_name(_names(state), name, fold) >= 0:
        raise InputError(failure(ctx, "name_taken", "name", [("name", name)]))
    if len(state["combatants"]) >= MAX_COMBATANTS:
        raise InputError(failure(ctx, "too_many", "name", [("max", str(MAX_COMBATANTS))]))
    kind = _choice(action, "kind", KINDS, ctx, "pc")
    dex = typed_optional_int(action, "dexterity", ctx, DEX_RANGE[0], DEX_RANGE[1])
    if kind == "pc" and dex is None:
        raise InputError(failure(ctx, "dexterity_needed", "dexterity"))
    if kind == "group" and dex is not None:
        raise InputError(failure(ctx, "group_dexterity", "dexterity"))
    improved = parse_checkbox({"improved": action_text(action, "improved")}, "improved", ctx)
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
    passed = _passed_segment(state, round_order(state, data, rules), name)
    if passed is not None:
        state["late"].append(name)
        said += " " + ctx.text("joined_late", [("name", name), ("segment", number_text(passed))])
    return said


def _passed_segment(state, groups, name):
    """The combatant's segment when play has gone past it this round (None otherwise): their roll came too late
    for their turn."""
    now = now_segment(state, groups)
    mine = own_segment(groups, name)
    if now is None or state["finished"] or mine is None or mine >= now:
        return None
    return mine


def _rename(state, action, ctx):
    c = _named(action, state, ctx)
    old = c["name"]
    name = typed_name(action, "rename", ctx, MAX_NAME)
    other = find_name(_names(state), name, fold)
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
        check = _choice(action, side + "_check", SURPRISE_CHECKS, ctx, "none")
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
        if mine is None or _took_delayed(state, c["name"]):
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
        _reach(state, groups, None)
        state["finished"] = True
        waiting = [w for w in state["delayed"] if not _took_delayed(state, w)]
        said.append(ctx.text("round_done", [("round", str(state["round"]))]))
        if waiting:
            said.append(ctx.text("delayed_last", [("names", ", ".join(waiting))]))
        return " ".join(said)
    state["segment"] = later[0]
    _reach(state, groups, later[0])  # the rolls in force now decide whose turn has come
    said.append(_now_text(groups, state, ctx))
    for who in _lapse_holds(state, groups):
        said.append(ctx.text("hold_lapsed", [("name", who)]))
    return " ".join(said)


def _took_delayed(state, name):
    for item in state["acted"]:
        if item["who"] == name:
            return True
    return False


def _in_round(state, ctx, field):
    if state["round"] == 0:
        raise InputError(failure(ctx, "not_started", field))


def _roll(state, action, data, ctx, rules):
    """A d10 typed in, in place of the page's: before the round's first segment it decides the order; once play has
    gone past the segment it gives, a combatant whose turn had not come may act now (a waiting item)."""
    _in_round(state, ctx, "roll")
    c = _named(action, state, ctx)
    name = c["name"]
    value = typed_int(action, "roll", ctx, 1, 10)
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
    passed = _passed_segment(state, groups, name)
    if passed is None or acted or name in state["delayed"]:
        state["late"] = [w for w in state["late"] if w != name or passed is not None]
        return ctx.text("rolled", values)
    if name not in state["late"]:
        state["late"].append(name)
    said = [ctx.text("rolled_late", values)]
    for who in _lapse_holds(state, groups):
        said.append(ctx.text("hold_lapsed", [("name", who)]))
    return " ".join(said)


def _declare(state, action, data, ctx, rules):
    """A hold action, stated during one's own turn (initiative.may_hold)."""
    _in_round(state, ctx, "who")
    c = _named(action, state, ctx)
    name = c["name"]
    kind = _choice(action, "hold", HOLDS, ctx)
    label = typed_label(action, "label", ctx, MAX_LABEL)
    secret = parse_checkbox({"secret": action_text(action, "secret")}, "secret", ctx)
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
    if name in state["delayed"] and not _took_delayed(state, name):
        state["acted"].append({"who": name, "segment": now})
        return ctx.text("delayed_acts", [("name", name), ("segment", segment)])
    raise InputError(failure(ctx, "nothing_held", "who", [("name", name)]))


def export_text(state):
    """The short text a reader copies to another device."""
    return to_text(
        [
            EXPORT_TAG,
            EXPORT_VERSION,
            state["round"],
            state["segment"],
            state["finished"],
            [
                [c["name"], c["kind"], c["dex"], c["improved"], c["modifier"], c["roll"], c["hidden"]]
                for c in state["combatants"]
            ],
            [[s["check"], s["roll"]] for s in state["surprise"]],
            state["delayed"],
            [[a["who"], a["segment"]] for a in state["acted"]],
            [[h["who"], h["label"], h["round"], h["hidden"]] for h in state["holds"]],
            None if state["came"] is None else [[a["who"], a["segment"]] for a in state["came"]],
            state["late"],
        ]
    )


def _rows(value, size):
    rows = list_of(value, MAX_COMBATANTS * 2)
    for row in rows:
        if not isinstance(row, list) or len(row) != size:
            raise ValueError("bad row")
    return rows


def import_text(text):
    """The state a short text stands for; ValueError when it is not one of this tracker's."""
    value = from_text(text)
    if not isinstance(value, list) or len(value) < 2 or value[0] != EXPORT_TAG:
        raise ValueError("not this tracker's text")
    version = value[1]
    if not (version == 1 and len(value) == 10) and not (version == EXPORT_VERSION and len(value) == 12):
        raise ValueError("not this tracker's text")
    surprise = _rows(value[6], 2)
    if len(surprise) != len(SIDES):
        raise ValueError("bad surprise")
    more = 1 if version == EXPORT_VERSION else 0  # version 2 adds each combatant's and hold's "hidden"
    state = {
        "tracker": TRACKER["id"],
        "round": value[2],
        "segment": value[3],
        "finished": value[4],
        "combatants": [
            {
                "name": r[0],
                "kind": r[1],
                "dex": r[2],
                "improved": r[3],
                "modifier": r[4],
                "roll": r[5],
                "hidden": r[6] if more else False,
            }
            for r in _rows(value[5], 6 + more)
        ],
        "surprise": [{"side": SIDES[i], "check": surprise[i][0], "roll": surprise[i][1]} for i in range(len(SIDES))],
        "delayed": list_of(value[7], MAX_COMBATANTS),
        "acted": [{"who": r[0], "segment": r[1]} for r in _rows(value[8], 2)],
        "holds": [
            {"who": r[0], "label": r[1], "round": r[2], "hidden": r[3] if more else False}
            for r in _rows(value[9], 3 + more)
        ],
        "came": None,
        "late": [],
    }
    if more:
        state["came"] = None if value[10] is None else [{"who": r[0], "segment": r[1]} for r in _rows(value[10], 2)]
        state["late"] = list_of(value[11], MAX_COMBATANTS)
    return read_state(state)


# ---------------------------------------------------------------- what the page shows


def _adjustment(c, data, rules):
    """A combatant's adjusted total, as initiative.order_combatants computes it (roll 1, never a 10)."""
    entry = {"name": c["name"], "dex": c["dex"], "improved": c["improved"], "roll": 1, "modifier": c["modifier"]}
    return order_combatants([entry], data_document(data, TABLE), rules, ())[0]["members"][0]["adjustment"]


def _roster_text(c, data, ctx, rules):
    values = [
        ("name", c["name"]),
        ("dex", str(c["dex"]) if c["dex"] is not None else ""),
        ("adjustment", number_text(_adjustment(c, data, rules), "en", True)),
    ]
    key = "roster_pc" if c["kind"] == "pc" else "roster_group"
    text = ctx.text(key, values)
    if c["improved"]:
        text += ctx.text("roster_improved")
    if c["modifier"]:
        text += ctx.text("roster_modifier", [("modifier", number_text(c["modifier"], "en", True))])
    return text


def _surprise_lines(state, ctx, rules):
    lines = []
    for side, check, roll, top, surprised in surprise_results(state, rules):
        values = [("range", "1–" + str(top)), ("roll", str(roll) if roll is not None else "—")]
        if check == "none":
            lines.append(ctx.text("surprise_none_" + side))
        elif roll is None:
            lines.append(ctx.text("surprise_pending_" + side, values + [("check", ctx.option(check))]))
        else:
            key = ("surprise_yes_" if surprised else "surprise_no_") + side
            lines.append(ctx.text(key, values + [("check", ctx.option(check))]))
    if state["round"] >= 1:
        losers = losing_sides(state, rules) if state["round"] == 1 else []
        both = True
        for r in surprise_results(state, rules):
            both = both and r[4]
        if state["round"] == 1 and both:
            lines.append(ctx.text("surprise_both"))
        for side in losers:
            lines.append(ctx.text("side_surprised_" + side, [("ac", number_text(-rules["surprised-ac-penalty"]))]))
    return lines


def _shown(state, name, players):
    """A combatant is shown: always to the GM, to the players unless hidden."""
    if not players:
        return True
    for c in state["combatants"]:
        if c["name"] == name:
            return not c["hidden"]
    return False


def _hold_tag(hold, ctx, players):
    if hold["hidden"] and players:
        return ctx.text("players_tag_holding")
    return ctx.text("tag_holding_secret" if hold["hidden"] else "tag_holding", [("label", hold["label"])])


def _order_items(state, groups, ctx, rctx, players=False):
    """The order of action, a line per segment (its state: past, current, upcoming); the players' lines name the
    combatants only (no roll), and leave out those hidden from them."""
    items = []
    now = now_segment(state, groups)
    for g in groups:
        members = []
        for m in g["members"]:
            name = m["name"]
            if not _shown(state, name, players):
                continue
            if players:
                shown = name
            else:
                shown = name + " (" + str(m["roll"]) + _adjustment_text(m["roll"], m["adjustment"], rctx) + ")"
            if name in state["delayed"] and not _took_delayed(state, name):
                shown += ctx.text("tag_delayed")
            if name in state["late"]:
                shown += ctx.text("tag_late")
            hold = holding(state, name)
            if hold is not None:
                shown += _hold_tag(hold, ctx, players)
            if not players and not _shown(state, name, True):
                shown += ctx.text("tag_hidden")
            members.append(shown)
        if not members:
            continue
        if now is None or g["initiative"] > now:
            where = "next"
        elif g["initiative"] == now and not state["finished"]:
            where = "now"
        else:
            where = "done"
        together = rctx.text("together") if len(members) > 1 else ""
        items.append(
            {
                "text": ctx.text(
                    "order_line",
                    [("segment", number_text(g["initiative"])), ("names", ", ".join(members)), ("together", together)],
                ),
                "state": where,
                "state_text": ctx.text("state_" + where),
            }
        )
    return items


def _waiting_items(state, groups, ctx, players=False):
    """Delayed actions, late ones, standing holds (each with its control for the GM, who may act only once the round's
    first segment is played) and the actions taken out of turn; for the players, none hidden from them, a secret
    hold without its condition, no control."""
    items = []
    begun = now_segment(state, groups) is not None or state["finished"]

    def add(text, who, key):
        item = {"text": text}
        if not players and begun:
            item["controls"] = [{"action": "act", "who": who, "text": ctx.text(key, [("name", who)])}]
        items.append(item)

    for who in state["delayed"]:
        if not _took_delayed(state, who) and _shown(state, who, players):
            add(ctx.text("waiting_delayed", [("name", who)]), who, "act_now")
    for who in state["late"]:
        if _shown(state, who, players):
            segment = own_segment(groups, who)
            shown = number_text(segment) if segment is not None else "—"
            add(ctx.text("waiting_late", [("name", who), ("segment", shown)]), who, "act_now")
    for h in state["holds"]:
        if not _shown(state, h["who"], players):
            continue
        values = [("name", h["who"]), ("label", h["label"]), ("round", str(h["round"]))]
        if h["hidden"]:
            key = "players_waiting_hold" if players else "waiting_hold_secret"
        else:
            key = "waiting_hold"
        add(ctx.text(key, values), h["who"], "trigger_now")
    for item in state["acted"]:
        if _shown(state, item["who"], players):
            values = [("name", item["who"]), ("segment", number_text(item["segment"]))]
            items.append({"text": ctx.text("acted_line", values)})
    return items


def _working(groups, ctx, rctx, rules):
    """Each initiative worked out (d10 − adjusted total, or a 10 never modified), in the order of action."""
    lines = [rctx.text("lowest_first")]
    for g in groups:
        for m in g["members"]:
            values = [
                ("name", m["name"]),
                ("roll", str(m["roll"])),
                ("adjustment", number_text(m["adjustment"], "en", True)),
                ("initiative", number_text(m["initiative"])),
            ]
            key = "working_ten" if m["roll"] == rules["unmodified-roll"] else "working_line"
            lines.append(ctx.text(key, values))
    return lines


def view(state, data, lang, announce=""):
    """Everything the page shows for a state, its texts in the page's language."""
    ctx = TrackerContext(data, DATA, lang, TRACKER["reads"])
    rctx = Context(data, RULES, lang)
    rules = rctx.rules
    groups = round_order(state, data, rules)
    lists = []
    surprise = _surprise_lines(state, ctx, rules)
    if state["round"] <= 1 and surprise:
        lists.append({"key": "surprise", "caption": ctx.text("surprise_caption"), "items": surprise, "ordered": False})
    if groups:
        caption = "order_caption_proposed" if state["segment"] is None and not state["finished"] else "order_caption"
        lists.append(
            {
                "key": "order",
                "caption": ctx.text(caption),
                "items": _order_items(state, groups, ctx, rctx),
                "ordered": True,
            }
        )
    waiting = _waiting_items(state, groups, ctx)
    if waiting:
        lists.append({"key": "waiting", "caption": ctx.text("waiting_caption"), "items": waiting, "ordered": False})
    rolls = []
    if state["round"] > 0:
        losers = losing_sides(state, rules)
        for c in state["combatants"]:
            if side_of(c) in losers:
                continue
            rolls.append({"who": c["name"], "value": c["roll"], "label": ctx.text("roll_label", [("name", c["name"])])})
    roster = []
    for c in state["combatants"]:
        roster.append(
            {
                "name": c["name"],
                "text": _roster_text(c, data, ctx, rules),
                "rename": ctx.text("rename_label", [("name", c["name"])]),
                "rename_button": ctx.text("rename_button", [("name", c["name"])]),
                "remove": ctx.text("remove_label", [("name", c["name"])]),
                "hidden": c["hidden"],
                "hide": ctx.text("hide_off" if c["hidden"] else "hide_on"),
                "hide_label": ctx.text("hide_label_off" if c["hidden"] else "hide_label_on", [("name", c["name"])]),
            }
        )
    title = _title(state, ctx, rules)
    if state["segment"] is None and groups and not state["finished"]:
        next_turn = ctx.text("play_segment", [("segment", number_text(groups[0]["initiative"]))])
    else:
        next_turn = ctx.text("action_next_turn")
    next_round = ctx.text("start_fight") if state["round"] == 0 else ctx.text("action_next_round")
    return {
        "title": title,
        "empty": ctx.text("empty_fight") if not state["combatants"] else "",
        "who": _names(state),
        "picks": [],
        "roster": roster,
        "ruler": None,
        "lists": lists,
        "rolls": rolls,
        "rolls_caption": ctx.text("rolls_caption"),
        "table": None,
        "working": _working(groups, ctx, rctx, rules),
        "announce": announce,
        "forms": {
            "surprise": state["round"] == 0,
            "declare": state["round"] > 0 and not state["finished"] and state["segment"] is not None,
        },
        "buttons": {
            "next-round": {"text": next_round, "disabled": not state["combatants"]},
            "next-turn": {"text": next_turn, "disabled": state["round"] == 0 or state["finished"]},
        },
    }


def _title(state, ctx, rules):
    if state["round"] == 0:
        return ctx.text("title_before")
    if state["round"] == 1 and losing_sides(state, rules):
        return ctx.text("title_surprise_round")
    return ctx.text("title_round", [("round", str(state["round"]))])


def players_view(state, data, lang):
    """What the players' window shows (tracker_common's "players" action): {"title": the round and the segment being
    played, "lists": the order of action (the segment being played marked as in the GM's view), the surprise's
    outcome in the first round, the delayed actions and holds — leaving out the combatants the GM hides, a secret
    hold without its condition, no control —, "ruler": None, "empty": what to say when there is nothing to show}.
    The lists have the shape of view's, so that the page draws them with the same code. The segment shows in the
    title only when a combatant the players see acts in it."""
    ctx = TrackerContext(data, DATA, lang, TRACKER["reads"])
    rctx = Context(data, RULES, lang)
    rules = rctx.rules
    groups = round_order(state, data, rules)
    lists = []
    if state["round"] == 1:
        outcome = []
        both = True
        for r in surprise_results(state, rules):
            both = both and r[4]
        if both:
            outcome.append(ctx.text("surprise_both"))
        for side in losing_sides(state, rules):
            outcome.append(ctx.text("players_surprised_" + side, [("ac", number_text(-rules["surprised-ac-penalty"]))]))
        if outcome:
            lists.append(
                {"key": "surprise", "caption": ctx.text("surprise_caption"), "items": outcome, "ordered": False}
            )
    order = _order_items(state, groups, ctx, rctx, True)
    title = _title(state, ctx, rules)
    if order:
        proposed = state["segment"] is None and not state["finished"]
        caption = "players_order_proposed" if proposed else "players_order_caption"
        lists.append({"key": "order", "caption": ctx.text(caption), "items": order, "ordered": True})
        if proposed:
            title += ctx.text("players_title_rolls")
        elif state["finished"]:
            title += ctx.text("players_title_done")
        else:
            for g in groups:
                if g["initiative"] == state["segment"] and _visible_member(state, g):
                    title += ctx.text("players_title_segment", [("segment", number_text(g["initiative"]))])
    waiting = _waiting_items(state, groups, ctx, True)
    if waiting:
        lists.append({"key": "waiting", "caption": ctx.text("waiting_caption"), "items": waiting, "ordered": False})
    return {"title": title, "lists": lists, "ruler": None, "empty": "" if lists else ctx.text("players_empty")}


def _visible_member(state, group):
    for m in group["members"]:
        if _shown(state, m["name"], True):
            return True
    return False


# ---------------------------------------------------------------- the entry point


FLOW = {
    "tracker": TRACKER,
    "texts": DATA,
    "rules": RULES,
    "needs": (DATA, RULES, TABLE),
    "format": STATE_FORMAT,
    "migrations": {0: numbered, 1: _format_two},
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
