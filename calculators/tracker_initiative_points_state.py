"""The initiative-point tracker's state, as the page keeps it: its format and migrations, its check, the short text
it is exported as, and the round's steps it gives (initiative_points.timeline).

State (JSON, kept by the page): {"tracker": "initiative-points", "format": 3, "round": n, "combatants": [{"name",
"ip", "hidden"}] (PI at the start of the round; hidden: the players' view leaves him out), "actions": [{"who", "cost",
"label"[, "abandoned": true][, "hidden": true]}] (this round's, in the order declared; an abandoned one costs what it
took up to the restart; a hidden one is a secret: the players see it on the ruler, not its label), "recent":
[{"label", "cost"}] (the last actions declared, newest first: the page offers them again), "settings":
{"declaration_rule", "notice", "cancel_limit", "free_at_zero"} (the readings, initiative_points.SETTINGS)}.
"""

from calculators.calc_common import (
    declared_input,
)
from calculators.initiative_points import DECLARATION as CALCULATOR
from calculators.initiative_points import (
    MAX_COMBATANTS,
    MAX_COST,
    MAX_LABEL,
    MAX_NAME,
    SETTINGS,
    default_settings,
    fold,
    timeline,
)
from calculators.tracker_common import (
    NewerFormat,
    combatant_names,
    field_of,
    find_name,
    from_text,
    is_int,
    list_of,
    numbered,
    text_of,
    to_text,
    whole,
)

TRACKER_ID = "initiative-points"
DATA = "initiative-points-tracker"  # this tracker's texts: data/calculators/initiative-points-tracker.yaml


RULES = "initiative-points"  # the rule's texts and constants, shared with the timeline calculator
READS = [RULES, "ip-action-costs"]  # the data files the tracker reads besides its own texts (its TRACKER's "reads")


EXPORT_TAG = "codex-ip"


EXPORT_VERSION = 3  # 2: the settings and the abandoned actions (a text of version 1 was played under the earlier


STATE_FORMAT = 3  # the kept state's format (tracker_common.kept): 0 is the unnumbered state before 1; 2 adds the


ABANDONED = 1  # the flags of an action in the export text (version 3), added together


SECRET = 2


MAX_ROUND = 9999


MAX_ACTIONS = 100


MAX_RECENT = 6


def empty_state():
    return {
        "tracker": TRACKER_ID,
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
    if not isinstance(state, dict) or state.get("tracker") != TRACKER_ID:
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


def export_text(state):
    """The short text a reader copies to another device: the round, the combatants (a hidden one marked 1) and this
    round's actions (their flags, when any: ABANDONED + SECRET), the settings."""
    names = combatant_names(state)
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
    state = {"tracker": TRACKER_ID, "format": 1, "round": value[2], "combatants": combatants, "actions": actions}
    if version >= 2:
        if not isinstance(value[5], list) or len(value[5]) != 4:
            raise ValueError("bad settings")
        settings = {}
        for index in range(4):
            settings[SETTINGS[index]] = value[5][index]
        state["settings"] = settings
        state["format"] = version  # the export's versions 2 and 3 carry what the state's formats 2 and 3 hold
    return state


MIGRATIONS = {0: numbered, 1: with_settings, 2: with_hidden}  # format -> the state brought to the next format
MIGRATION_NOTICES = {1: "rule_kept_earlier"}  # a fight played before the correction was the default says so
