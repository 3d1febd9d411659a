"""Object damage calculator (seed 000, "Dommages aux objets et matériaux").

Reading used: damage per hit = max(0, damage - hardness); hits to destroy = ceil(hit points / damage per hit), at
least 1 (an object at 0 hit points, e.g. thin paper, still needs one hit that gets through: a reading, open question
object-zero-hit-points), or "none" when no hit can pass the hardness. For dice, the hits use the average damage (count x (sides + 1) / 2 + modifier), computed
exactly in halves; the chance that one hit passes the hardness is exact (the dice distribution counted with
integers). Break DC: standard objects only (the seed gives materials none, so the calculator gives no chance for
them); break chance = the Strength check against it, with the Skills-type bonus (a reading, open question
ability-check-table) and d20 + bonus >= DC (a reading, open question check-resolution). Targets: "material:<id>:<thin|normal|thick>" or "object:<id>".
"""

from calculators.calc_common import (
    MAX_RAW_LENGTH,
    MINUS,
    Context,
    InputError,
    ability_row,
    ascii_lower,
    ceil_div,
    check_chance,
    clean,
    digits_value,
    error,
    find_row,
    fraction_percent_text,
    fraction_tenths_percent,
    fraction_text,
    half_text,
    half_value,
    is_digits,
    number_text,
    ok_result,
    open_form,
    output,
    percent_text,
    reduce_fraction,
    term_text,
)

DECLARATION = {
    "id": "object-damage",
    "rule": "object-damage.md",
    "tables": ["ability-bonus-skills", "materials", "standard-objects"],
    "inputs": [
        {"name": "target", "kind": "choice", "options": "target_options", "default": "object:good-wooden-door"},
        {
            "name": "damage",
            "kind": "text",
            "default": "1d8+2",
            # what the vectors try besides the default: numbers, dice, and malformed or out-of-range damage
            "examples": [
                "0",
                "5",
                "12",
                "30",
                "+7",
                "2d6+3",
                "d8",
                "1D4-1",
                "3d6",
                "10d10+5",
                "100d100",
                "2d20-2",
                "2d6 \u2212 1",
                "abc",
                "0d6",
                "101d6",
                "2d1",
                "2d101",
                "1d4-2",
                "-3",
                "1001",
                "d",
                "2d",
                "2d6+1+1",
            ],
        },
        {"name": "strength", "kind": "integer", "min": 1, "max": 25, "default": 16},
    ],
    "outputs": ["hardness", "hit_points", "damage_per_hit", "hits", "break_dc", "break_chance"],
    "reference": {"compact": False},
}

THICKNESSES = ("thin", "normal", "thick")
MAX_FLAT_DAMAGE = 1000
MAX_DICE = 100
MIN_SIDES = 2
MAX_SIDES = 100
MAX_DICE_MODIFIER = 100
SHOW_FRACTION_DIGITS = 6
REFERENCE_DAMAGES = (4, 6, 8, 10, 12, 15, 20, 25, 30)


def _fail(key, field, ctx):
    limits = [
        ("max_flat", str(MAX_FLAT_DAMAGE)),
        ("max_dice", str(MAX_DICE)),
        ("min_sides", str(MIN_SIDES)),
        ("max_sides", str(MAX_SIDES)),
        ("max_modifier", str(MAX_DICE_MODIFIER)),
    ]
    return InputError({"ok": False, "error": ctx.text(key, limits), "field": field})


# ---------------------------------------------------------------- pure rules


def damage_per_hit(damage, hardness):
    return damage - hardness if damage > hardness else 0


def hits_to_destroy(hit_points, per_hit):
    """ceil(hit points / damage per hit), at least 1; 'none' when no damage gets through."""
    if per_hit <= 0:
        return "none"
    hits = ceil_div(hit_points, per_hit)
    return hits if hits >= 1 else 1


def dice_average_doubled(count, sides, modifier):
    """Twice the average of count d sides + modifier (an integer)."""
    return count * (sides + 1) + 2 * modifier


def hits_with_average(hit_points, count, sides, modifier, hardness):
    """Hits to destroy using the average damage (exact, in halves); 'none' when the average does not pass."""
    per2 = dice_average_doubled(count, sides, modifier) - 2 * hardness
    if per2 <= 0:
        return "none"
    hits = ceil_div(2 * hit_points, per2)
    return hits if hits >= 1 else 1


def count_sums_at_most(count, sides, limit):
    """Number of outcomes of count d sides whose sum is <= limit (integers only)."""
    if limit < count:
        return 0
    if limit >= count * sides:
        return sides**count
    dist = [0] * (limit + 1)
    dist[0] = 1
    for _ in range(count):
        new = [0] * (limit + 1)
        window = 0
        for s in range(limit + 1):
            # window = dist[s-1] + ... + dist[s-sides]
            if s - 1 >= 0:
                window += dist[s - 1]
            if s - 1 - sides >= 0:
                window -= dist[s - 1 - sides]
            new[s] = window
        dist = new
    total = 0
    for value in dist:
        total += value
    return total


def pass_chance(count, sides, modifier, hardness):
    """Exact chance (numerator, denominator), reduced, that count d sides + modifier > hardness."""
    total = sides**count
    failing = count_sums_at_most(count, sides, hardness - modifier)
    return reduce_fraction(total - failing, total)


def parse_damage(text):
    """'7' -> ('flat', 7); '2d6+3' / 'd8' / '1d4-1' -> ('dice', count, sides, modifier); None when malformed.
    Ranges are checked by the caller."""
    raw = ascii_lower(clean(text))
    compact = []
    for ch in raw:
        if ch in " \u00a0\u202f\t":
            continue
        compact.append("-" if ch == MINUS else ch)
    s = "".join(compact)
    if s == "" or len(s) > MAX_RAW_LENGTH:
        return None
    if s[0] == "+":
        if is_digits(s[1:]):
            return ("flat", digits_value(s[1:]))
        return None
    if is_digits(s):
        return ("flat", digits_value(s))
    pos = s.find("d")
    if pos < 0:
        return None
    count_text = s[:pos]
    rest = s[pos + 1 :]
    if count_text == "":
        count = 1
    elif is_digits(count_text):
        count = digits_value(count_text)
    else:
        return None
    cut = len(rest)
    for i in range(len(rest)):
        if rest[i] in "+-":
            cut = i
            break
    sides_text = rest[:cut]
    mod_text = rest[cut:]
    if not is_digits(sides_text):
        return None
    sides = digits_value(sides_text)
    modifier = 0
    if mod_text != "":
        if not is_digits(mod_text[1:]):
            return None
        modifier = digits_value(mod_text[1:])
        if mod_text[0] == "-":
            modifier = -modifier
    return ("dice", count, sides, modifier)


def dice_text(count, sides, modifier):
    text = str(count) + "d" + str(sides)
    if modifier > 0:
        text += "+" + str(modifier)
    elif modifier < 0:
        text += MINUS + str(-modifier)
    return text


def resolve_target(value, ctx):
    """(kind, row, thickness, hardness, hit_points, break_dc or 'none') for a target value, or None."""
    text = clean(value)
    parts = text.split(":")
    if len(parts) == 3 and parts[0] == "material" and parts[2] in THICKNESSES:
        row = find_row(ctx.table("materials"), parts[1])
        if row is None:
            return None
        return ("material", row, parts[2], row["hardness"], row["hp_" + parts[2]], "none")
    if len(parts) == 2 and parts[0] == "object":
        row = find_row(ctx.table("standard-objects"), parts[1])
        if row is None:
            return None
        return ("object", row, None, row["hardness"], row["hit_points"], row["break_dc"])
    return None


def target_label(kind, row, thickness, ctx):
    name = ctx.localized(row.get("name"))
    if kind == "material":
        return ctx.text("material_target", [("name", name), ("thickness", ctx.option(thickness))])
    return name


def target_options(data, lang):
    """[value, label] pairs for the target select: every material at each thickness, then every standard object."""
    ctx = Context(data, DECLARATION["id"], lang)
    options = []
    for row in ctx.table("materials")["rows"]:
        for thickness in THICKNESSES:
            options.append(["material:" + row["id"] + ":" + thickness, target_label("material", row, thickness, ctx)])
    for row in ctx.table("standard-objects")["rows"]:
        options.append(["object:" + row["id"], target_label("object", row, None, ctx)])
    return options


# ---------------------------------------------------------------- contract


def _parse_target(form, ctx):
    text = clean(form.get("target"))
    if text == "":
        raise InputError(error("empty", "target", ctx))
    target = resolve_target(text, ctx)
    if target is None:
        raise _fail("unknown_target", "target", ctx)
    return target


def _parse_damage(form, ctx):
    text = clean(form.get("damage"))
    if text == "":
        raise InputError(error("empty", "damage", ctx))
    damage = parse_damage(text)
    if damage is None:
        raise _fail("damage_format", "damage", ctx)
    if damage[0] == "flat":
        if damage[1] > MAX_FLAT_DAMAGE:
            raise _fail("flat_range", "damage", ctx)
        return damage
    count, sides, modifier = damage[1], damage[2], damage[3]
    if count < 1 or count > MAX_DICE:
        raise _fail("dice_count", "damage", ctx)
    if sides < MIN_SIDES or sides > MAX_SIDES:
        raise _fail("dice_sides", "damage", ctx)
    if modifier < -MAX_DICE_MODIFIER or modifier > MAX_DICE_MODIFIER:
        raise _fail("dice_modifier", "damage", ctx)
    if count + modifier < 0:
        raise _fail("dice_negative", "damage", ctx)
    return damage


PARSERS = {"target": _parse_target, "damage": _parse_damage}


def calculate(form, data, lang):
    try:
        ctx, values = open_form(DECLARATION, form, data, lang, PARSERS)
    except InputError as exc:
        return exc.result
    kind, row, thickness, hardness, hit_points, break_dc = values["target"]
    damage = values["damage"]
    strength = values["strength"]
    skills = ctx.table("ability-bonus-skills")
    source = ctx.table("materials" if kind == "material" else "standard-objects")
    label = target_label(kind, row, thickness, ctx)
    working = []
    details = {}
    target_values = [
        ("name", label),
        ("hardness", str(hardness)),
        ("hit_points", str(hit_points)),
        ("table", ctx.table_title(source)),
    ]
    if kind == "material":
        column = ctx.text("material_column", [("thickness", ctx.option(thickness))])
        working.append(ctx.text("material", target_values + [("column", column)]))
    else:
        working.append(ctx.text("object", target_values + [("break_dc", str(break_dc))]))

    if damage[0] == "flat":
        dmg = damage[1]
        per = damage_per_hit(dmg, hardness)
        hits = hits_to_destroy(hit_points, per)
        per_out = output(per, str(per))
        working.append(
            ctx.text("flat_per_hit", [("damage", str(dmg)), ("hardness", str(hardness)), ("per_hit", str(per))])
        )
        per_for_hits = str(per)
    else:
        count, sides, modifier = damage[1], damage[2], damage[3]
        avg2 = dice_average_doubled(count, sides, modifier)
        per2 = avg2 - 2 * hardness
        if per2 < 0:
            per2 = 0
        hits = hits_with_average(hit_points, count, sides, modifier, hardness)
        per_out = output(half_value(per2), half_text(per2, ctx.lang))
        dice = dice_text(count, sides, modifier)
        working.append(
            ctx.text(
                "dice_average",
                [
                    ("dice", dice),
                    ("count", str(count)),
                    ("sides", str(sides)),
                    ("modifier", term_text(modifier)),
                    ("average", half_text(avg2, ctx.lang)),
                ],
            )
        )
        working.append(
            ctx.text(
                "dice_per_hit",
                [
                    ("average", half_text(avg2, ctx.lang)),
                    ("hardness", str(hardness)),
                    ("per_hit", half_text(per2, ctx.lang)),
                ],
            )
        )
        num, den = pass_chance(count, sides, modifier, hardness)
        chance_text = fraction_percent_text(num, den, ctx.lang)
        if len(str(den)) <= SHOW_FRACTION_DIGITS and 0 < num < den:
            exact = (num * 1000) % den == 0
            chance_text = fraction_text(num, den) + (" = " if exact else " ≈ ") + chance_text
        working.append(ctx.text("pass_chance", [("dice", dice), ("hardness", str(hardness)), ("chance", chance_text)]))
        best = damage_per_hit(count * sides + modifier, hardness)
        best_hits = hits_to_destroy(hit_points, best)
        if best_hits != "none":
            working.append(ctx.text("best_hits", [("per_hit", str(best)), ("hits", str(best_hits))]))
        details = {
            "dice": dice,
            "average_doubled": avg2,
            "pass_fraction": fraction_text(num, den),
            "pass_text": chance_text,
            "pass_tenths": fraction_tenths_percent(num, den),
            "best_hits": best_hits,
        }
        per_for_hits = half_text(per2, ctx.lang)

    if hits == "none":
        hits_text = ctx.text("no_hit_passes")
        working.append(ctx.text("cannot_destroy"))
    else:
        hits_text = str(hits)
        if hit_points <= 0:
            working.append(ctx.text("single_hit", [("hit_points", str(hit_points))]))
        else:
            working.append(
                ctx.text("hits", [("hit_points", str(hit_points)), ("per_hit", per_for_hits), ("hits", str(hits))])
            )

    srow = ability_row(strength, skills)
    sbonus = srow["bonus"]
    if break_dc == "none":
        working.append(ctx.text("no_break_dc"))
        dc_text = ctx.text("none")
        chance_out = output("none", ctx.text("none"))
    else:
        break_chance = check_chance(sbonus, break_dc)
        dc_text = str(break_dc)
        chance_out = output(break_chance, percent_text(break_chance, ctx.lang))
        working.append(
            ctx.text(
                "break_chance",
                [
                    ("score", str(strength)),
                    ("bonus", number_text(sbonus, signed=True)),
                    ("bonus_term", term_text(sbonus)),
                    ("table", ctx.table_title(skills)),
                    ("row", ctx.localized(srow.get("score"))),
                    ("break_dc", str(break_dc)),
                    ("chance", percent_text(break_chance, ctx.lang)),
                ],
            )
        )
    outputs = {
        "hardness": output(hardness, str(hardness)),
        "hit_points": output(hit_points, str(hit_points)),
        "damage_per_hit": per_out,
        "hits": output(hits, hits_text),
        "break_dc": output(break_dc, dc_text),
        "break_chance": chance_out,
    }
    return ok_result(outputs, working, details if details else None)


def reference(data, lang, compact=False):
    """The build-time reference table: hits to break each standard object by damage per hit (rows: the object's
    name, hardness, hit points, break DC, then hits as ints or 'none')."""
    ctx = Context(data, DECLARATION["id"], lang)
    rows = []
    for row in ctx.table("standard-objects")["rows"]:
        line = [ctx.localized(row["name"]), row["hardness"], row["hit_points"], row["break_dc"]]
        for dmg in REFERENCE_DAMAGES:
            line.append(hits_to_destroy(row["hit_points"], damage_per_hit(dmg, row["hardness"])))
        rows.append(line)
    columns = [
        ctx.text("reference_object"),
        ctx.text("reference_hardness"),
        ctx.text("reference_hit_points"),
        ctx.text("reference_break_dc"),
    ]
    for dmg in REFERENCE_DAMAGES:
        columns.append(ctx.text("reference_damage", [("damage", str(dmg))]))
    return {"caption": ctx.text("reference_caption"), "columns": columns, "rows": rows}
