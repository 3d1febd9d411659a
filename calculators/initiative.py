"""Individual initiative calculator (seed 000, "INITIATIVE, FLANKING, SURPRISE", AD&D 2bis).

Reading used: adjustment = AD&D-type Dexterity bonus (table ability-bonus-adnd) + 2 with Improved Initiative;
initiative = d10 roll - adjustment, except a roll of 10, which is never modified (so the result may be 0 or
negative, and is kept as is). Lowest acts first; equal results act together. Monsters roll one d10 per group:
combatants sharing a `group` share one roll.
"""

from calculators.calc_common import (
    InputError,
    ability_row,
    clean,
    error,
    fmt_int,
    fmt_signed,
    get_table,
    localized,
    ok_result,
    output,
    parse_checkbox,
    parse_int,
    table_title,
    tr,
)

MIN_ABILITY = 1
MAX_ABILITY = 25
IMPROVED_BONUS = 2
MAX_COMBATANTS = 100
MAX_NAME = 60


def adjustment(dexterity, improved, table):
    """AD&D-type Dex bonus, +2 with Improved Initiative."""
    bonus = ability_row(dexterity, table)["bonus"]
    return bonus + (IMPROVED_BONUS if improved else 0)


def initiative(roll, adjustment_value):
    """d10 - adjustment, except a roll of 10, never modified."""
    if roll == 10:
        return 10
    return roll - adjustment_value


def calculate(form, tables, lang):
    try:
        if not isinstance(form, dict):
            form = {}
        dexterity = parse_int(form, "dexterity", lang, MIN_ABILITY, MAX_ABILITY)
        improved = parse_checkbox(form, "improved_initiative", lang)
        roll = parse_int(form, "roll", lang, 1, 10)
        adnd = get_table(tables, "ability-bonus-adnd", lang)
    except InputError as exc:
        return exc.result
    row = ability_row(dexterity, adnd)
    bonus = row["bonus"]
    adj = adjustment(dexterity, improved, adnd)
    result = initiative(roll, adj)
    working = [
        tr(
            lang,
            "Dextérité {d} : ajustement {b} (table « {t} », ligne {r}).",
            "Dexterity {d}: adjustment {b} (table “{t}”, row {r}).",
        )
        .replace("{d}", str(dexterity))
        .replace("{b}", fmt_signed(bonus))
        .replace("{t}", table_title(adnd, lang))
        .replace("{r}", localized(row.get("score"), lang)),
    ]
    if improved:
        working.append(
            tr(lang, "Improved Initiative : +2 → ajustement {a}.", "Improved Initiative: +2 → adjustment {a}.").replace(
                "{a}", fmt_signed(adj)
            )
        )
    if roll == 10:
        working.append(
            tr(
                lang,
                "Un 10 au d10 n’est jamais modifié : initiative 10.",
                "A roll of 10 is never modified: initiative 10.",
            )
        )
    else:
        working.append(
            tr(
                lang,
                "Initiative = d10 − ajustement = {r} − ({a}) = {i}.",
                "Initiative = d10 − adjustment = {r} − ({a}) = {i}.",
            )
            .replace("{r}", str(roll))
            .replace("{a}", fmt_signed(adj))
            .replace("{i}", fmt_int(result))
        )
    working.append(
        tr(
            lang,
            "La plus basse agit en premier ; les égalités agissent ensemble.",
            "Lowest acts first; equal results act together.",
        )
    )
    outputs = {
        "adjustment": output(adj, fmt_signed(adj)),
        "initiative": output(result, fmt_int(result)),
    }
    return ok_result(outputs, working)


def order_combatants(combatants, table, random_rolls=()):
    """Order combatants for a round.

    combatants: list of dicts {"name": str, "dex": int or None, "improved": bool, "roll": int 1..10 or None,
    "group": str or None (optional)}. dex None = no Dexterity adjustment (e.g. monsters). A missing roll is taken
    from the group's roll if another member has one, else from random_rolls (ints 1..10, used in order: one per
    group, one per ungrouped combatant), so the function stays pure and deterministic.
    Returns a list of groups, lowest initiative first: {"initiative": n, "members": [{"index", "name", "roll",
    "adjustment", "initiative", "rolled"}...]} with members in input order."""
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
            adj = IMPROVED_BONUS if c.get("improved") else 0
        else:
            adj = adjustment(dex, bool(c.get("improved")), table)
        entries.append(
            {
                "index": index,
                "name": c.get("name", ""),
                "roll": roll,
                "adjustment": adj,
                "initiative": initiative(roll, adj),
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


def parse_combatants(rows, lang):
    """Validate raw combatant rows from a form: list of dicts of strings {"name", "dex", "improved", "roll",
    "group"}; roll empty = "roll for me", dex empty = no adjustment. Returns (combatants, None) or (None, error)."""
    if not isinstance(rows, list) or len(rows) == 0:
        return None, error("empty", "combatants", lang)
    if len(rows) > MAX_COMBATANTS:
        return None, error("range", "combatants", lang, [("lo", "1"), ("hi", str(MAX_COMBATANTS))])
    out = []
    number = 0
    for raw in rows:
        number += 1
        if not isinstance(raw, dict):
            raw = {}
        try:
            name = clean(raw.get("name"))
            if name == "":
                name = tr(lang, "Combattant ", "Combatant ") + str(number)
            if len(name) > MAX_NAME:
                raise InputError(error("too_long", "name", lang))
            dex = None
            if clean(raw.get("dex")) != "":
                dex = parse_int({"dexterity": raw.get("dex")}, "dexterity", lang, MIN_ABILITY, MAX_ABILITY)
            improved = parse_checkbox({"improved_initiative": raw.get("improved")}, "improved_initiative", lang)
            roll = None
            if clean(raw.get("roll")) != "":
                roll = parse_int({"roll": raw.get("roll")}, "roll", lang, 1, 10)
            group = clean(raw.get("group"))
            if len(group) > MAX_NAME:
                raise InputError(error("too_long", "name", lang))
        except InputError as exc:
            result = exc.result
            result["error"] = tr(lang, "Ligne ", "Row ") + str(number) + tr(lang, " : ", ": ") + result["error"]
            result["row"] = number
            return None, result
        out.append({"name": name, "dex": dex, "improved": improved, "roll": roll, "group": group or None})
    return out, None


def order_from_form(rows, tables, lang, random_rolls=()):
    """Contract-style wrapper for the combatant list: {"ok": True, "groups": [...], "working": [...]} with a
    localized line per group, or {"ok": False, "error", "field"}. random_rolls: one d10 (1..10) per combatant
    is always enough."""
    try:
        adnd = get_table(tables, "ability-bonus-adnd", lang)
    except InputError as exc:
        return exc.result
    combatants, err = parse_combatants(rows, lang)
    if err is not None:
        return err
    clean_rolls = []
    for r in random_rolls:
        if isinstance(r, bool) or not isinstance(r, int) or r < 1 or r > 10:
            continue
        clean_rolls.append(r)
    try:
        groups = order_combatants(combatants, adnd, clean_rolls)
    except ValueError:
        return {
            "ok": False,
            "error": tr(
                lang, "Il manque des jets de d10 pour « lancer pour moi ».", "Missing d10 rolls for “roll for me”."
            ),
            "field": "roll",
        }
    lines = []
    position = 0
    for g in groups:
        position += 1
        names = []
        for m in g["members"]:
            names.append(m["name"] + " (" + str(m["roll"]) + _adj_text(m["roll"], m["adjustment"]) + ")")
        together = tr(lang, " — ensemble", " — together") if len(g["members"]) > 1 else ""
        lines.append(
            str(position) + ". " + fmt_int(g["initiative"]) + tr(lang, " : ", ": ") + ", ".join(names) + together
        )
    for g in groups:
        g["initiative_text"] = fmt_int(g["initiative"])
    return {"ok": True, "groups": groups, "working": lines}


def _adj_text(roll, adj):
    if roll == 10 or adj == 0:
        return ""
    if adj > 0:
        return " \u2212 " + str(adj)
    return " + " + str(-adj)
