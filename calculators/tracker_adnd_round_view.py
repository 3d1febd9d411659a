"""What the AD&D 2bis round tracker shows for a state: the GM's view (the order of action, the waiting actions, the
roster, the rolls, the working, the forms and buttons in force) and the players' window (the same lists, without
what the GM hides), their texts in the page's language.
"""

from calculators.calc_common import Context, data_document, number_text
from calculators.initiative import (
    adjustment_text,
    order_combatants,
)
from calculators.tracker_adnd_round_rules import (
    holding,
    losing_sides,
    now_segment,
    own_segment,
    round_order,
    side_of,
    surprise_results,
    took_delayed,
)
from calculators.tracker_adnd_round_state import DATA, READS, RULES, TABLE
from calculators.tracker_common import (
    TrackerContext,
    combatant_names,
)


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
                shown = name + " (" + str(m["roll"]) + adjustment_text(m["roll"], m["adjustment"], rctx) + ")"
            if name in state["delayed"] and not took_delayed(state, name):
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
        if not took_delayed(state, who) and _shown(state, who, players):
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
    ctx = TrackerContext(data, DATA, lang, READS)
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
        "who": combatant_names(state),
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
    ctx = TrackerContext(data, DATA, lang, READS)
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
