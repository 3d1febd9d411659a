"""The rules of seed 000 applied to the round tracker's state (tracker_adnd_round_state): the order of this round's
initiative groups, whose turn has come, who has acted, the holds that lapse. Every rule comes from
calculators/initiative.py; a reading where the seed is silent is named in tracker_adnd_round.
"""

from calculators.calc_common import data_document
from calculators.initiative import (
    hold_lapses,
    is_surprised,
    order_combatants,
    surprise_losers,
    surprise_range,
)
from calculators.tracker_adnd_round_state import TABLE, came_in


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


def reach(state, groups, segment):
    """Play reaches `segment` (None: the round's end): whoever's segment, with the rolls in force, is now come or
    past has their turn come (the late excepted, who act when the reader says)."""
    came = list(came_list(state, groups))
    for g in groups:
        if segment is None or g["initiative"] <= segment:
            for m in g["members"]:
                if came_in(came, m["name"]) is None and m["name"] not in state["late"]:
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
    came = came_in(came_list(state, groups), name)
    now = now_segment(state, groups)
    if came is None or now is None:
        return False
    return came["segment"] < now or state["finished"]


def holding(state, name):
    for h in state["holds"]:
        if h["who"] == name:
            return h
    return None


def lapse_holds(state, groups):
    """Conditional holds lapse when the holder's segment comes in a later round (initiative.hold_lapses; a reading,
    open question adnd-conditional-hold-lapse): once play has reached it with the rolls then in force, or once a
    corrected roll puts it among the segments past."""
    kept = []
    gone = []
    came = came_list(state, groups)
    for h in state["holds"]:
        reached = came_in(came, h["who"]) is not None or h["who"] in state["late"]
        if hold_lapses(h["round"], state["round"], reached):
            gone.append(h["who"])
        else:
            kept.append(h)
    state["holds"] = kept
    return gone


def passed_segment(state, groups, name):
    """The combatant's segment when play has gone past it this round (None otherwise): their roll came too late
    for their turn."""
    now = now_segment(state, groups)
    mine = own_segment(groups, name)
    if now is None or state["finished"] or mine is None or mine >= now:
        return None
    return mine


def took_delayed(state, name):
    for item in state["acted"]:
        if item["who"] == name:
            return True
    return False
