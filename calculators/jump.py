"""Jump calculator (seed 000, "Sauter"): DC, modifier and chance of a Strength check to jump.

Reading used: DC = distance in feet (horizontal) or feet x 4 (vertical), doubled without a 20-ft run-up.
Modifier = Skills-type Strength bonus + armour check penalty + speed modifier + Tumbling bonus.
Speed modifier: +4 per whole 10 ft above 30 ft, -4 per whole 10 ft below (25 ft gives 0, 20 ft gives -4).
Tumbling bonus: ranks // 2, at most the Strength bonus, never below 0.
"""

from calculators.calc_common import (
    InputError,
    ability_row,
    check_chance,
    find_row,
    fmt_percent,
    fmt_signed,
    get_table,
    localized,
    ok_result,
    output,
    parse_checkbox,
    parse_choice,
    parse_int,
    table_title,
    tr,
)

DIRECTIONS = ("horizontal", "vertical")
ARMOURS = ("none", "semi-light", "medium", "heavy")
MAX_DISTANCE = 1000
MAX_SPEED = 200
MIN_ABILITY = 1
MAX_ABILITY = 25
MAX_RANKS = 6
BASE_SPEED = 30
RUN_UP_FEET = 20


def jump_dc(distance, vertical, run_up):
    """DC of a jump of `distance` feet."""
    dc = distance * 4 if vertical else distance
    if not run_up:
        dc = dc * 2
    return dc


def speed_modifier(speed):
    """+4 per whole 10 ft above 30 ft, -4 per whole 10 ft below."""
    if speed >= BASE_SPEED:
        return 4 * ((speed - BASE_SPEED) // 10)
    return -4 * ((BASE_SPEED - speed) // 10)


def tumbling_bonus(ranks, strength_bonus):
    """ranks // 2, capped at the Strength bonus, never below 0."""
    bonus = ranks // 2
    if bonus > strength_bonus:
        bonus = strength_bonus
    if bonus < 0:
        bonus = 0
    return bonus


def armour_penalty(armour_id, table):
    row = find_row(table, armour_id)
    return row["penalty"]


def jump_modifier(strength_bonus, armour_penalty_value, speed, tumbling_ranks):
    return (
        strength_bonus + armour_penalty_value + speed_modifier(speed) + tumbling_bonus(tumbling_ranks, strength_bonus)
    )


def _parse(form, lang):
    direction = parse_choice(form, "direction", lang, DIRECTIONS)
    distance = parse_int(form, "distance", lang, 1, MAX_DISTANCE)
    run_up = parse_checkbox(form, "run_up", lang)
    speed = parse_int(form, "speed", lang, 0, MAX_SPEED)
    armour = parse_choice(form, "armour", lang, ARMOURS)
    strength = parse_int(form, "strength", lang, MIN_ABILITY, MAX_ABILITY)
    tumbling = parse_int(form, "tumbling", lang, 0, MAX_RANKS)
    return direction, distance, run_up, speed, armour, strength, tumbling


def calculate(form, tables, lang):
    try:
        if not isinstance(form, dict):
            form = {}
        direction, distance, run_up, speed, armour, strength, tumbling = _parse(form, lang)
        skills = get_table(tables, "ability-bonus-skills", lang)
        armour_table = get_table(tables, "jump-armour-penalty", lang)
    except InputError as exc:
        return exc.result
    vertical = direction == "vertical"
    dc = jump_dc(distance, vertical, run_up)
    srow = ability_row(strength, skills)
    sbonus = srow["bonus"]
    arow = find_row(armour_table, armour)
    acp = arow["penalty"]
    smod = speed_modifier(speed)
    tbonus = tumbling_bonus(tumbling, sbonus)
    modifier = sbonus + acp + smod + tbonus
    chance = check_chance(modifier, dc)

    working = []
    base = distance * 4 if vertical else distance
    if vertical:
        working.append(
            tr(lang, "Saut vertical de {d} pieds : DC = {d} × 4 = {b}.", "Vertical jump of {d} ft: DC = {d} × 4 = {b}.")
            .replace("{d}", str(distance))
            .replace("{b}", str(base))
        )
    else:
        working.append(
            tr(lang, "Saut horizontal de {d} pieds : DC = {d}.", "Horizontal jump of {d} ft: DC = {d}.").replace(
                "{d}", str(distance)
            )
        )
    if run_up:
        working.append(
            tr(
                lang, "Élan de 20 pieds ou plus : DC inchangé, {dc}.", "Run-up of 20 ft or more: DC unchanged, {dc}."
            ).replace("{dc}", str(dc))
        )
    else:
        working.append(
            tr(lang, "Sans élan de 20 pieds : DC × 2 = {dc}.", "No 20-ft run-up: DC × 2 = {dc}.").replace(
                "{dc}", str(dc)
            )
        )
    working.append(
        tr(lang, "Force {s} : bonus {b} (table « {t} », ligne {r}).", "Strength {s}: bonus {b} (table “{t}”, row {r}).")
        .replace("{s}", str(strength))
        .replace("{b}", fmt_signed(sbonus))
        .replace("{t}", table_title(skills, lang))
        .replace("{r}", localized(srow.get("score"), lang))
    )
    if armour == "none":
        working.append(
            tr(lang, "Sans armure : malus {p} (table « {t} »).", "No armour: penalty {p} (table “{t}”).")
            .replace("{p}", fmt_signed(acp))
            .replace("{t}", table_title(armour_table, lang))
        )
    else:
        working.append(
            tr(lang, "Armure ({a}) : malus {p} (table « {t} »).", "Armour ({a}): penalty {p} (table “{t}”).")
            .replace("{a}", localized(arow.get("armour"), lang))
            .replace("{p}", fmt_signed(acp))
            .replace("{t}", table_title(armour_table, lang))
        )
    if speed > BASE_SPEED:
        rule = tr(lang, "+4 par tranche entière de 10 pieds au-dessus de 30", "+4 per whole 10 ft above 30 ft")
    elif speed < BASE_SPEED:
        rule = tr(lang, "−4 par tranche entière de 10 pieds en dessous de 30", "−4 per whole 10 ft below 30 ft")
    else:
        rule = tr(lang, "vitesse de référence", "reference speed")
    working.append(
        tr(lang, "Vitesse {v} pieds : {m} ({r}).", "Speed {v} ft: {m} ({r}).")
        .replace("{v}", str(speed))
        .replace("{m}", fmt_signed(smod))
        .replace("{r}", rule)
    )
    working.append(
        tr(
            lang,
            "Tumbling {n} rang(s) : {n} ÷ 2 arrondi à l’inférieur = {h}, au plus le bonus de Force ({s}), "
            "jamais négatif → {b}.",
            "Tumbling {n} rank(s): {n} ÷ 2 rounded down = {h}, at most the Strength bonus ({s}), never below 0 → {b}.",
        )
        .replace("{n}", str(tumbling))
        .replace("{h}", str(tumbling // 2))
        .replace("{s}", fmt_signed(sbonus))
        .replace("{b}", fmt_signed(tbonus))
    )
    working.append(
        tr(lang, "Modificateur = {a} {p} {v} {t} = {m}.", "Modifier = {a} {p} {v} {t} = {m}.")
        .replace("{a}", fmt_signed(sbonus))
        .replace("{p}", _term(acp))
        .replace("{v}", _term(smod))
        .replace("{t}", _term(tbonus))
        .replace("{m}", fmt_signed(modifier))
    )
    working.append(
        tr(
            lang,
            "Chance = (21 + modificateur − DC) × 5 = (21 {m} − {dc}) × 5, bornée à 0–100\u202f% → {c}.",
            "Chance = (21 + modifier − DC) × 5 = (21 {m} − {dc}) × 5, clamped to 0–100% → {c}.",
        )
        .replace("{m}", _term(modifier))
        .replace("{dc}", str(dc))
        .replace("{c}", fmt_percent(chance, lang))
    )
    outputs = {
        "dc": output(dc, str(dc)),
        "modifier": output(modifier, fmt_signed(modifier)),
        "chance": output(chance, fmt_percent(chance, lang)),
    }
    return ok_result(outputs, working)


def _term(n):
    """A term inside a sum: '+ 3', '− 3'."""
    if n < 0:
        return "\u2212 " + str(-n)
    return "+ " + str(n)


DEFAULT_DISTANCES = (1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 25, 30)


def reference_table(distances=DEFAULT_DISTANCES):
    """Jump DC by distance: rows [distance, horizontal with run-up, horizontal without, vertical with, vertical
    without], as ints (build-time reference table)."""
    rows = []
    for d in distances:
        rows.append(
            [d, jump_dc(d, False, True), jump_dc(d, False, False), jump_dc(d, True, True), jump_dc(d, True, False)]
        )
    return rows


def reference_columns(lang):
    return [
        tr(lang, "Distance (pieds)", "Distance (ft)"),
        tr(lang, "Horizontal, avec élan", "Horizontal, run-up"),
        tr(lang, "Horizontal, sans élan", "Horizontal, no run-up"),
        tr(lang, "Vertical, avec élan", "Vertical, run-up"),
        tr(lang, "Vertical, sans élan", "Vertical, no run-up"),
    ]
