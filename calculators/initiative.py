"""Individual initiative calculator (seed 000, "INITIATIVE, FLANKING, SURPRISE", AD&D 2bis).

Reading used: adjustment = AD&D-type Dexterity bonus (table ability-bonus-adnd) + 2 with Improved Initiative;
initiative = d10 roll - adjustment, except a roll of 10, which is never modified (so the result may be 0 or
negative, and is kept as is). Lowest acts first; equal results act together (the seed does not say: a reading,
open question adnd-initiative-ties). Monsters roll one d10 per group: combatants sharing a `group` share one roll.
The numbers of the rule are the constants of data/calculators/initiative.yaml; its texts are there too.
"""

from calculators.calc_common import (
    Context,
    InputError,
    ability_row,
    ascii_lower,
    clean,
    declared_input,
    error,
    number_text,
    ok_result,
    open_form,
    output,
    parse_checkbox,
    parse_int,
)

DECLARATION = {
    "id": "initiative",
    "rule": "initiative.md#initiative",
    "tables": ["ability-bonus-adnd"],
    "inputs": [
        {"name": "dexterity", "kind": "integer", "min": 1, "max": 25, "default": 12},
        {"name": "improved_initiative", "kind": "checkbox", "default": False},
        {"name": "roll", "kind": "integer", "min": 1, "max": 10, "default": 5},
        {
            "name": "combatants",
            "kind": "textarea",
            "default": "",
            "examples": [
                "A, 14\nB, 16, oui\nC\nD, 9, , 4",
                "Reivax, 16, OUI\u00a0, 3\nOrc, 12, , 7\nLegalos, 18, , 7",
                "A, 12\nB, 12, , 9",
                "Krom, 30, , 2",
                "Krom, 12, peut-être, 2",
                "\u00c9lise,\u202f8\u00a0, x , 10\n\t\n",
            ],
        },
    ],
    "outputs": ["adjustment", "initiative"],
    "reference": None,
}

MAX_COMBATANTS = 100
MAX_NAME = 60
# How the combatant lines write the Improved Initiative feat (after ascii_lower): present, or absent.
FEAT_WORDS = ("yes", "oui", "x", "y", "o", "on", "ii", "improved")
NO_FEAT_WORDS = ("", "no", "non", "n", "-")


def adjustment(dexterity, improved, table, rules):
    """AD&D-type Dex bonus, +2 with Improved Initiative."""
    bonus = ability_row(dexterity, table)["bonus"]
    return bonus + (rules["improved-initiative-bonus"] if improved else 0)


def initiative(roll, adjustment_value, rules):
    """d10 - adjustment, except a roll of 10, never modified."""
    if roll == rules["unmodified-roll"]:
        return roll
    return roll - adjustment_value


def calculate(form, data, lang):
    try:
        ctx, values = open_form(DECLARATION, form, data, lang)
    except InputError as exc:
        return exc.result
    rules = ctx.rules
    adnd = ctx.table("ability-bonus-adnd")
    dexterity = values["dexterity"]
    improved = values["improved_initiative"]
    roll = values["roll"]
    row = ability_row(dexterity, adnd)
    bonus = row["bonus"]
    adj = adjustment(dexterity, improved, adnd, rules)
    result = initiative(roll, adj, rules)
    working = [
        ctx.text(
            "dexterity",
            [
                ("score", str(dexterity)),
                ("bonus", number_text(bonus, signed=True)),
                ("table", ctx.table_title(adnd)),
                ("row", ctx.localized(row.get("score"))),
            ],
        )
    ]
    if improved:
        working.append(ctx.text("improved", [("adjustment", number_text(adj, signed=True))]))
    if roll == rules["unmodified-roll"]:
        working.append(ctx.text("unmodified"))
    else:
        working.append(
            ctx.text(
                "initiative",
                [
                    ("roll", str(roll)),
                    ("adjustment", number_text(adj, signed=True)),
                    ("initiative", number_text(result)),
                ],
            )
        )
    working.append(ctx.text("lowest_first"))
    outputs = {
        "adjustment": output(adj, number_text(adj, signed=True)),
        "initiative": output(result, number_text(result)),
    }
    return ok_result(outputs, working)


def order_combatants(combatants, table, rules, random_rolls=()):
    """Order combatants for a round.

    combatants: list of dicts {"name": str, "dex": int or None, "improved": bool, "roll": int 1..10 or None,
    "group": str or None (optional), "modifier": int (optional, added to the adjusted total, so not applied on a
    10: e.g. −4 for two creatures in one 5-foot square; a reading, open question adnd-square-initiative-penalty)}.
    dex None = no Dexterity adjustment (the round tracker's monster groups: a reading, open question
    adnd-monster-group-adjustment). A missing roll is taken
    from the group's roll if another member has one, else from random_rolls (ints 1..10, used in order: one per
    group, one per ungrouped combatant), so the function stays pure and deterministic.
    Returns a list of groups, lowest initiative first: {"initiative": n, "members": [{"index", "name", "roll",
    "adjustment", "initiative", "rolled"}...]} with members in input order; equal initiatives share one group and
    act together (a reading, open question adnd-initiative-ties)."""
    rolls = list(random_rolls)
    next_roll = [0]

    def draw():
        if next_roll[0] >= len(rolls):
            raise ValueError("not enough random rolls")
        value = rolls[next_roll[0]]
        next_roll[0] += 1
        return value

    group_rolls = []  # list of [group, roll] pairs (no dict order reliance)

    def group_roll(group):
        for pair in group_rolls:
            if pair[0] == group:
                return pair[1]
        return None

    # first the groups whose members gave a roll
    for c in combatants:
        group = c.get("group")
        if group not in (None, "") and c.get("roll") is not None and group_roll(group) is None:
            group_rolls.append([group, c.get("roll")])
    entries = []
    index = 0
    for c in combatants:
        group = c.get("group")
        roll = c.get("roll")
        rolled = False
        if roll is None:
            if group not in (None, ""):
                roll = group_roll(group)
                if roll is None:
                    roll = draw()
                    group_rolls.append([group, roll])
                    rolled = True
            else:
                roll = draw()
                rolled = True
        dex = c.get("dex")
        if dex is None:
            adj = rules["improved-initiative-bonus"] if c.get("improved") else 0
        else:
            adj = adjustment(dex, bool(c.get("improved")), table, rules)
        adj += c.get("modifier") or 0
        entries.append(
            {
                "index": index,
                "name": c.get("name", ""),
                "roll": roll,
                "adjustment": adj,
                "initiative": initiative(roll, adj, rules),
                "rolled": rolled,
            }
        )
        index += 1
    keyed = []
    for e in entries:
        keyed.append((e["initiative"], e["index"]))
    keyed.sort()
    groups = []
    for key in keyed:
        entry = entries[key[1]]
        if groups and groups[-1]["initiative"] == key[0]:
            groups[-1]["members"].append(entry)
        else:
            groups.append({"initiative": key[0], "members": [entry]})
    return groups


# ---------------------------------------------------------------- surprise and held actions (the round tracker)

# How a side's surprise is checked: no check, the standard chance, an ambush (doubled), an undetectable ambush or a
# target not ready to fight (tripled).
SURPRISE_CHECKS = ("none", "standard", "ambush", "hidden-ambush")


def surprise_range(check, rules):
    """The highest d10 roll that surprises a side: 1–3 (standard), doubled by an ambush (1–6), tripled by an
    undetectable ambush or on a target not ready to fight (1–9); 0 without a check."""
    if check == "standard":
        return rules["surprise-range"]
    if check == "ambush":
        return rules["surprise-range"] * rules["ambush-multiplier"]
    if check == "hidden-ambush":
        return rules["surprise-range"] * rules["hidden-ambush-multiplier"]
    return 0


def is_surprised(roll, check, rules):
    """A side is surprised when its check's d10 roll is within the surprise range."""
    return roll is not None and 1 <= roll <= surprise_range(check, rules)


def surprise_losers(sides):
    """The sides that lose the first round to surprise. sides: list of (side, surprised) pairs. Surprise gives the
    side that benefits from it a round without any action of its opponent: a surprised side loses the round when
    some side is not surprised; when every side is surprised, none benefits and none loses it (the reading of
    the open question both-sides-surprised)."""
    losers = []
    benefits = False
    for pair in sides:
        if not pair[1]:
            benefits = True
    if not benefits:
        return losers
    for pair in sides:
        if pair[1]:
            losers.append(pair[0])
    return losers


def may_hold(own_turn, acted, holding):
    """A hold action, simple (delaying one's initiative) or conditional, is stated during one's own turn in the
    round: when one's initiative segment has come (or while delaying it), before acting, and not while a
    conditional hold already stands (it cannot be changed once stated)."""
    return own_turn and not acted and not holding


def hold_lapses(declared_round, current_round, own_segment_reached):
    """A conditional hold lasts « jusqu'à la prochaine initiative du personnage considéré »: read as the holder's
    segment in a later round, not the next round's roll (a reading, open question adnd-conditional-hold-lapse), it
    lapses once their segment comes in a later round."""
    return current_round > declared_round and own_segment_reached


def segments_after(groups, segment):
    """The initiative segments of the round still to come after `segment` (groups: order_combatants's, lowest
    first): a delayed action may be taken in any of them, at the latest in the last one. The segments are the
    adjusted results someone holds, negative ones included: the seed does not define them (a reading, open
    question adnd-initiative-segments)."""
    later = []
    for g in groups:
        if g["initiative"] > segment:
            later.append(g["initiative"])
    return later


def parse_combatants(rows, ctx):
    """Validate raw combatant rows from a form: list of dicts of strings {"name", "dex", "improved", "roll",
    "group"}; roll empty = "roll for me", dex empty = no adjustment. Returns (combatants, None) or (None, error)."""
    if not isinstance(rows, list) or len(rows) == 0:
        return None, error("empty", "combatants", ctx)
    if len(rows) > MAX_COMBATANTS:
        return None, error("range", "combatants", ctx, [("lo", "1"), ("hi", str(MAX_COMBATANTS))])
    dexterity = declared_input(DECLARATION, "dexterity")
    roll_input = declared_input(DECLARATION, "roll")
    out = []
    number = 0
    for raw in rows:
        number += 1
        if not isinstance(raw, dict):
            raw = {}
        try:
            name = clean(raw.get("name"))
            if name == "":
                name = ctx.text("unnamed_combatant", [("number", str(number))])
            if len(name) > MAX_NAME:
                raise InputError(error("too_long", "name", ctx))
            dex = None
            if clean(raw.get("dex")) != "":
                dex = parse_int({"dexterity": raw.get("dex")}, "dexterity", ctx, dexterity["min"], dexterity["max"])
            improved = parse_checkbox({"improved_initiative": raw.get("improved")}, "improved_initiative", ctx)
            roll = None
            if clean(raw.get("roll")) != "":
                roll = parse_int({"roll": raw.get("roll")}, "roll", ctx, roll_input["min"], roll_input["max"])
            group = clean(raw.get("group"))
            if len(group) > MAX_NAME:
                raise InputError(error("too_long", "name", ctx))
        except InputError as exc:
            result = exc.result
            result["error"] = ctx.text("row_error", [("row", str(number)), ("error", result["error"])])
            result["row"] = number
            return None, result
        out.append({"name": name, "dex": dex, "improved": improved, "roll": roll, "group": group or None})
    return out, None


def order_from_form(rows, data, lang, random_rolls=()):
    """Contract-style wrapper for the combatant list: {"ok": True, "groups": [...], "working": [...]} with a
    localized line per group, or {"ok": False, "error", "field"}. random_rolls: one d10 (1..10) per combatant
    is always enough."""
    ctx = Context(data, DECLARATION["id"], lang)
    try:
        ctx.require(DECLARATION)
    except InputError as exc:
        return exc.result
    adnd = ctx.table("ability-bonus-adnd")
    combatants, err = parse_combatants(rows, ctx)
    if err is not None:
        return err
    clean_rolls = []
    for r in random_rolls:
        if isinstance(r, bool) or not isinstance(r, int) or r < 1 or r > 10:
            continue
        clean_rolls.append(r)
    try:
        groups = order_combatants(combatants, adnd, ctx.rules, clean_rolls)
    except ValueError:
        return {"ok": False, "error": ctx.text("missing_rolls"), "field": "roll"}
    lines = []
    position = 0
    for g in groups:
        position += 1
        names = []
        for m in g["members"]:
            names.append(m["name"] + " (" + str(m["roll"]) + adjustment_text(m["roll"], m["adjustment"], ctx) + ")")
        together = ctx.text("together") if len(g["members"]) > 1 else ""
        lines.append(
            ctx.text(
                "order_line",
                [
                    ("position", str(position)),
                    ("initiative", number_text(g["initiative"])),
                    ("names", ", ".join(names)),
                    ("together", together),
                ],
            )
        )
    for g in groups:
        g["initiative_text"] = number_text(g["initiative"])
    return {"ok": True, "groups": groups, "working": lines}


def adjustment_text(roll, adj, ctx):
    if roll == ctx.rules["unmodified-roll"] or adj == 0:
        return ""
    if adj > 0:
        return " \u2212 " + str(adj)
    return " + " + str(-adj)


def combatant_rows(text):
    """One combatant per line: "name, Dex, feat, roll" — feat is yes/oui/x (Improved Initiative) or empty, roll is
    1–10 or empty for "roll for me"; a line "name" alone rolls for a combatant without adjustment. Spaces around
    a part are any of calc_common.SPACES and the feat's case is ASCII-folded, the same under both Pythons."""
    rows = []
    for line in text.split("\n"):
        if clean(line) == "":
            continue
        parts = line.split(",")
        while len(parts) < 4:
            parts.append("")
        feat = ascii_lower(clean(parts[2]))
        improved = "on" if feat in FEAT_WORDS else ""
        if feat not in NO_FEAT_WORDS and improved == "":
            improved = feat  # let the calculator reject what it cannot read
        rows.append({"name": clean(parts[0]), "dex": clean(parts[1]), "improved": improved, "roll": clean(parts[3])})
    return rows


def page_extras(form, result, data, lang, rolls):
    """Under the answer, when the form lists combatants: their order of action this round ("roll for me" takes
    the d10 rolls the page drew)."""
    text = form.get("combatants")
    if not isinstance(text, str) or clean(text) == "":
        return {"ok": True, "table": None, "notes": []}
    ordered = order_from_form(combatant_rows(text), data, lang, rolls)
    if not ordered.get("ok"):
        ordered["field"] = "combatants"
        return ordered
    ctx = Context(data, DECLARATION["id"], lang)
    rows = []
    position = 0
    for group in ordered["groups"]:
        position += 1
        names = []
        for member in group["members"]:
            names.append(ctx.text("order_member", [("name", member["name"]), ("roll", str(member["roll"]))]))
        rows.append([str(position), group["initiative_text"], ", ".join(names)])
    table = {
        "caption": ctx.text("order_caption"),
        "columns": [ctx.text("order_position"), ctx.text("order_initiative"), ctx.text("order_who")],
        "rows": rows,
    }
    return {"ok": True, "table": table, "notes": []}
