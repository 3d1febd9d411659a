"""Jump calculator (seed 000, "Sauter"): DC, modifier and chance of a Strength check to jump.

Reading used: DC = distance in feet (horizontal) or feet x 4 (vertical), doubled without a run-up of 20 ft or more
(a shorter run-up counts as none: a reading, open question jump-short-run-up).
Modifier = Skills-type Strength bonus (the seed's "Str. skill bonus") + armour check penalty + speed modifier +
Tumbling bonus.
Speed modifier: +4 per whole 10 ft above 30 ft, -4 per whole 10 ft below (25 ft gives 0, 20 ft gives -4): whole steps
are a reading (open question jump-speed-steps).
Tumbling bonus: ranks // 2, at most the Strength bonus, never below 0 (the floor is a reading, open question
jump-tumbling-negative-strength).
Chance: d20 + modifier >= DC, no automatic success or failure (a reading, open question check-resolution).
The numbers of the rule are the constants of data/calculators/jump.yaml; its texts are there too.
"""

from calculators.calc_common import (
    Context,
    InputError,
    ability_row,
    check_chance,
    find_row,
    number_text,
    ok_result,
    open_form,
    output,
    percent_text,
    term_text,
)

DECLARATION = {
    "id": "jump",
    "rule": "movement.md#jumping",
    "tables": ["ability-bonus-skills", "jump-armour-penalty"],
    "inputs": [
        {"name": "direction", "kind": "choice", "values": ["horizontal", "vertical"], "default": "horizontal"},
        {"name": "distance", "kind": "integer", "min": 1, "max": 1000, "default": 10},
        {"name": "run_up", "kind": "checkbox", "default": True},
        {"name": "speed", "kind": "integer", "min": 0, "max": 200, "default": 30},
        {
            "name": "armour",
            "kind": "choice",
            "table": "jump-armour-penalty",
            "value": "id",
            "label": "armour",
            "default": "none",
        },
        {"name": "strength", "kind": "integer", "min": 1, "max": 25, "default": 12},
        {"name": "tumbling", "kind": "integer", "min": 0, "max": 6, "default": 0},
    ],
    "outputs": ["dc", "modifier", "chance"],
    "reference": {"compact": False},
}

REFERENCE_DISTANCES = (1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 25, 30)


def jump_dc(distance, vertical, run_up, rules):
    """DC of a jump of `distance` feet; `rules` are the constants of the jump data file."""
    dc = distance * rules["vertical-multiplier"] if vertical else distance
    if not run_up:
        dc = dc * rules["no-run-up-multiplier"]
    return dc


def speed_modifier(speed, rules):
    """+4 per whole 10 ft above 30 ft, -4 per whole 10 ft below (whole steps: open question jump-speed-steps)."""
    base = rules["base-speed"]
    step = rules["speed-step-feet"]
    if speed >= base:
        return rules["speed-step-modifier"] * ((speed - base) // step)
    return -rules["speed-step-modifier"] * ((base - speed) // step)


def tumbling_bonus(ranks, strength_bonus, rules):
    """ranks // 2, capped at the Strength bonus, never below 0 (open question jump-tumbling-negative-strength)."""
    bonus = ranks // rules["tumbling-divisor"]
    if bonus > strength_bonus:
        bonus = strength_bonus
    if bonus < 0:
        bonus = 0
    return bonus


def calculate(form, data, lang):
    try:
        ctx, values = open_form(DECLARATION, form, data, lang)
    except InputError as exc:
        return exc.result
    rules = ctx.rules
    skills = ctx.table("ability-bonus-skills")
    armour_table = ctx.table("jump-armour-penalty")
    distance = values["distance"]
    vertical = values["direction"] == "vertical"
    run_up = values["run_up"]
    speed = values["speed"]
    strength = values["strength"]
    tumbling = values["tumbling"]
    dc = jump_dc(distance, vertical, run_up, rules)
    srow = ability_row(strength, skills)
    sbonus = srow["bonus"]
    arow = find_row(armour_table, values["armour"])
    acp = arow["penalty"]
    smod = speed_modifier(speed, rules)
    tbonus = tumbling_bonus(tumbling, sbonus, rules)
    modifier = sbonus + acp + smod + tbonus
    chance = check_chance(modifier, dc)

    working = []
    if vertical:
        base = distance * rules["vertical-multiplier"]
        working.append(ctx.text("dc_vertical", [("distance", str(distance)), ("dc", str(base))]))
    else:
        working.append(ctx.text("dc_horizontal", [("distance", str(distance))]))
    working.append(ctx.text("run_up" if run_up else "no_run_up", [("dc", str(dc))]))
    working.append(
        ctx.text(
            "strength",
            [
                ("score", str(strength)),
                ("bonus", number_text(sbonus, signed=True)),
                ("table", ctx.table_title(skills)),
                ("row", ctx.localized(srow.get("score"))),
            ],
        )
    )
    armour_values = [
        ("armour", ctx.localized(arow.get("armour"))),
        ("penalty", number_text(acp, signed=True)),
        ("table", ctx.table_title(armour_table)),
    ]
    working.append(ctx.text("no_armour" if values["armour"] == "none" else "armour", armour_values))
    if speed > rules["base-speed"]:
        rule = ctx.text("speed_above")
    elif speed < rules["base-speed"]:
        rule = ctx.text("speed_below")
    else:
        rule = ctx.text("speed_reference")
    working.append(
        ctx.text("speed", [("speed", str(speed)), ("modifier", number_text(smod, signed=True)), ("rule", rule)])
    )
    working.append(
        ctx.text(
            "tumbling",
            [
                ("ranks", str(tumbling)),
                ("half", str(tumbling // rules["tumbling-divisor"])),
                ("strength", number_text(sbonus, signed=True)),
                ("bonus", number_text(tbonus, signed=True)),
            ],
        )
    )
    working.append(
        ctx.text(
            "modifier",
            [
                ("strength", number_text(sbonus, signed=True)),
                ("armour", term_text(acp)),
                ("speed", term_text(smod)),
                ("tumbling", term_text(tbonus)),
                ("modifier", number_text(modifier, signed=True)),
            ],
        )
    )
    working.append(
        ctx.text(
            "chance",
            [("modifier", term_text(modifier)), ("dc", str(dc)), ("chance", percent_text(chance, ctx.lang))],
        )
    )
    outputs = {
        "dc": output(dc, str(dc)),
        "modifier": output(modifier, number_text(modifier, signed=True)),
        "chance": output(chance, percent_text(chance, ctx.lang)),
    }
    return ok_result(outputs, working)


def reference(data, lang, compact=False):
    """The build-time reference table: the jump DC by distance, horizontal and vertical, with and without a run-up
    (rows of ints; the engine writes them)."""
    ctx = Context(data, DECLARATION["id"], lang)
    rules = ctx.rules
    rows = []
    for d in REFERENCE_DISTANCES:
        rows.append(
            [
                d,
                jump_dc(d, False, True, rules),
                jump_dc(d, False, False, rules),
                jump_dc(d, True, True, rules),
                jump_dc(d, True, False, rules),
            ]
        )
    columns = [
        ctx.text("reference_distance"),
        ctx.text("reference_horizontal_run_up"),
        ctx.text("reference_horizontal_no_run_up"),
        ctx.text("reference_vertical_run_up"),
        ctx.text("reference_vertical_no_run_up"),
    ]
    return {"caption": ctx.text("reference_caption"), "columns": columns, "rows": rows}
