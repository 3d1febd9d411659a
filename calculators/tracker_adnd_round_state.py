"""The AD&D 2bis round tracker's state, as the page keeps it: its format and migrations, its check, the short text
it is exported as.

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

from calculators.calc_common import fold
from calculators.initiative import (
    SURPRISE_CHECKS,
)
from calculators.tracker_common import (
    field_of,
    find_name,
    from_text,
    list_of,
    numbered,
    text_of,
    to_text,
    whole,
)

TRACKER_ID = "adnd-round"
KINDS = ("pc", "group")


SIDES = ("party", "foes")  # the player characters (and their NPCs), and the monsters


DATA = "adnd-round-tracker"  # this tracker's texts: data/calculators/adnd-round-tracker.yaml


RULES = "initiative"  # the rule's texts and constants, shared with the initiative calculator


TABLE = "ability-bonus-adnd"
READS = [RULES, TABLE]  # the data files the tracker reads besides its own texts (its TRACKER's "reads")


EXPORT_TAG = "codex-adnd"


EXPORT_VERSION = 2  # 1: before "hidden", "came" and "late" (still imported)


STATE_FORMAT = 2  # the kept state's format (tracker_common.kept): 0 is the unnumbered state before it


MAX_COMBATANTS = 30


MAX_NAME = 40


MAX_LABEL = 80


MAX_ROUND = 9999


DEX_RANGE = (1, 25)


MODIFIER_RANGE = (-10, 10)


def empty_state():
    return {
        "tracker": TRACKER_ID,
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


def format_two(state):
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
    if not isinstance(state, dict) or state.get("tracker") != TRACKER_ID:
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
            if who not in names or came_in(result["came"], who) is not None:
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


def came_in(came, name):
    for item in came:
        if item["who"] == name:
            return item
    return None


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
        "tracker": TRACKER_ID,
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


MIGRATIONS = {0: numbered, 1: format_two}  # format -> the state brought to the next format
