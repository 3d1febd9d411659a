"""Overland travel calculator (seed 000, "Déplacement hors combat"): the group's speed in km/h and the hours a
journey takes.

The rule, in the order this calculator applies it (the order is a reading: see the open questions of its data file):
1. The group moves at its slowest member's speed: the `travel-speeds` row of that member (the form's subject).
2. Terrain: base, difficult or very difficult column; a road, or flying, cancels the terrain penalties (base
   column). The main-road boost is a road (reading chosen).
3. Boosts: each ticked row of `travel-boosts` adds its bonus; a combination that includes a non-magical boost adds
   at most +2 over the base speed.
4. A strong headwind cuts a flying speed by 33 %.
5. Overload halves the speed; an overload above 1.5 times the carrying capacity sets it instead to 1, 0.5 or 0.1 km/h
   by terrain (boosts and wind no longer count).
6. Hours = distance / speed, shown in hours and minutes (rounded up to the minute).

Speeds are counted in hundredths of km/h, in integers, so that CPython and MicroPython agree to the digit. The
numbers of the rule are the constants of data/calculators/travel.yaml; its texts are there too.
"""

from calculators.calc_common import (
    InputError,
    ceil_div,
    decimal_text,
    find_row,
    number_text,
    ok_result,
    open_form,
    output,
)

DECLARATION = {
    "id": "travel",
    "rule": "movement.md#overland-travel",
    "tables": ["travel-speeds", "travel-boosts"],
    "inputs": [
        {
            "name": "subject",
            "kind": "choice",
            "table": "travel-speeds",
            "value": "id",
            "label": "subject",
            "default": "human-elf-half-elf-half-orc-horse-cart",
        },
        {"name": "terrain", "kind": "choice", "values": ["base", "difficult", "very-difficult"], "default": "base"},
        {"name": "road", "kind": "checkbox", "default": False},
        {"name": "headwind", "kind": "checkbox", "default": False},
        {"name": "overload", "kind": "choice", "values": ["none", "overloaded", "heavy"], "default": "none"},
        {"name": "boosts", "kind": "checkboxes", "table": "travel-boosts", "label": "boost", "default": []},
        {"name": "distance", "kind": "integer", "min": 1, "max": 10000, "default": 20},
    ],
    "outputs": ["speed", "hours"],
    "reference": None,
}

FLYING = "fly"  # the travel-speeds row of a flying group
ROAD_BOOST = "main-road"  # the travel-boosts row that is also a road
COLUMNS = {"base": "base", "difficult": "difficult", "very-difficult": "very_difficult"}
HEAVY_OVERLOAD = {  # terrain -> the constant giving the speed of an overload above 1.5 times the capacity
    "base": "heavy-overload-base",
    "difficult": "heavy-overload-difficult",
    "very-difficult": "heavy-overload-very-difficult",
}
HUNDRED = 100


def hundredths(value):
    """A speed of the data (km/h, a whole or decimal number) in hundredths of km/h, as an integer."""
    return round(value * HUNDRED)


def speed_text(speed, lang):
    """Hundredths of km/h as the site writes a number: 1005 -> '10,05' in French."""
    return decimal_text(speed, 2, lang)


def speed_value(speed):
    """The answer's data-value: the speed in km/h as a plain decimal ('10.05')."""
    return decimal_text(speed, 2, "en")


def effective_terrain(terrain, road, flying):
    """A road or flying cancels the terrain penalties."""
    return "base" if road or flying else terrain


def boost_total(ticked, boosts, cap):
    """The sum of the ticked boosts, at most `cap` when one of them is not magical."""
    total = 0
    non_magical = False
    for row_id in ticked:
        row = find_row(boosts, row_id)
        total += row["bonus"]
        if not row["magical"]:
            non_magical = True
    if non_magical and total > cap:
        return cap
    return total


def travel_minutes(distance, speed):
    """Minutes to cover `distance` km at `speed` hundredths of km/h, rounded up."""
    return ceil_div(distance * HUNDRED * 60, speed)


def duration_text(minutes, ctx):
    hours = minutes // 60
    rest = minutes % 60
    if rest == 0:
        return ctx.text("duration_hours", [("hours", str(hours))])
    if hours == 0:
        return ctx.text("duration_minutes", [("minutes", str(rest))])
    return ctx.text("duration", [("hours", str(hours)), ("minutes", str(rest))])


def calculate(form, data, lang):
    try:
        ctx, values = open_form(DECLARATION, form, data, lang)
    except InputError as exc:
        return exc.result
    rules = ctx.rules
    speeds = ctx.table("travel-speeds")
    boosts = ctx.table("travel-boosts")
    row = find_row(speeds, values["subject"])
    flying = values["subject"] == FLYING
    road = values["road"] or ROAD_BOOST in values["boosts"]
    terrain = effective_terrain(values["terrain"], road, flying)
    working = []

    speed = hundredths(row[COLUMNS[terrain]])
    subject = ctx.localized(row.get("subject"))
    working.append(
        ctx.text(
            "subject",
            [("subject", subject), ("terrain", ctx.option(terrain)), ("speed", speed_text(speed, ctx.lang))],
        )
    )
    if terrain != values["terrain"]:
        reason = "flying_cancels" if flying else ("road_boost_cancels" if not values["road"] else "road_cancels")
        working.append(ctx.text(reason, [("terrain", ctx.option(values["terrain"]))]))

    if values["overload"] == "heavy":
        speed = hundredths(rules[HEAVY_OVERLOAD[terrain]])
        working.append(ctx.text("heavy_overload", [("speed", speed_text(speed, ctx.lang))]))
    else:
        bonus = boost_total(values["boosts"], boosts, rules["non-magical-boost-cap"])
        if values["boosts"]:
            ticked = sum(find_row(boosts, row_id)["bonus"] for row_id in values["boosts"])
            key = "boosts_capped" if bonus < ticked else "boosts"
            speed += bonus * HUNDRED
            working.append(
                ctx.text(
                    key,
                    [
                        ("count", str(len(values["boosts"]))),
                        ("bonus", number_text(bonus, signed=True)),
                        ("speed", speed_text(speed, ctx.lang)),
                    ],
                )
            )
        if values["headwind"] and flying:
            speed = (speed * (HUNDRED - rules["headwind-flying-cut-percent"]) + HUNDRED // 2) // HUNDRED
            working.append(ctx.text("headwind", [("speed", speed_text(speed, ctx.lang))]))
        elif values["headwind"]:
            working.append(ctx.text("headwind_not_flying"))
        if values["overload"] == "overloaded":
            speed = (speed * rules["overload-speed-percent"] + HUNDRED // 2) // HUNDRED
            working.append(ctx.text("overloaded", [("speed", speed_text(speed, ctx.lang))]))

    minutes = travel_minutes(values["distance"], speed)
    shown = duration_text(minutes, ctx)
    working.append(
        ctx.text(
            "hours",
            [("distance", str(values["distance"])), ("speed", speed_text(speed, ctx.lang)), ("duration", shown)],
        )
    )
    outputs = {
        "speed": output(speed_value(speed), speed_text(speed, ctx.lang)),
        "hours": output(decimal_text(ceil_div(minutes * HUNDRED, 60), 2, "en"), shown),
    }
    return ok_result(outputs, working)
