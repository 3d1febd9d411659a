"""Object damage calculator (seed 000, "Dommages aux objets et matériaux").

Reading used: damage per hit = max(0, damage - hardness); hits to destroy = ceil(hit points / damage per hit), at
least 1 (an object at 0 hit points, e.g. thin paper, still needs one hit that gets through), or "none" when no hit
can pass the hardness. For dice, the hits use the average damage (count x (sides + 1) / 2 + modifier), computed
exactly in halves; the chance that one hit passes the hardness is exact (the dice distribution counted with
integers). Break DC: standard objects only (the seed gives materials none); break chance = the Skills-type Strength
check against it. Targets: "material:<id>:<thin|normal|thick>" or "object:<id>".
"""

from calculators.calc_common import (
    MAX_RAW_LENGTH,
    MINUS,
    InputError,
    ability_row,
    ascii_lower,
    ceil_div,
    check_chance,
    clean,
    digits_value,
    error,
    find_row,
    fmt_fraction,
    fmt_fraction_percent,
    fmt_half,
    fmt_percent,
    fmt_signed,
    get_table,
    half_value,
    is_digits,
    localized,
    ok_result,
    output,
    parse_int,
    reduce_fraction,
    table_title,
    tr,
)

THICKNESSES = ("thin", "normal", "thick")
THICKNESS_LABELS = {"thin": ("fin", "thin"), "normal": ("normal", "normal"), "thick": ("épais", "thick")}
MIN_ABILITY = 1
MAX_ABILITY = 25
MAX_FLAT_DAMAGE = 1000
MAX_DICE = 100
MIN_SIDES = 2
MAX_SIDES = 100
MAX_DICE_MODIFIER = 100
SHOW_FRACTION_DIGITS = 6

MESSAGES = {
    "target": (
        "Cible inconnue : choisissez un matériau et une épaisseur, ou un objet standard.",
        "Unknown target: pick a material and thickness, or a standard object.",
    ),
    "damage": (
        "Dommages : un nombre entier (7) ou des dés (2d6+3, d8, 1d4-1).",
        "Damage: a whole number (7) or dice (2d6+3, d8, 1d4-1).",
    ),
    "dice_count": ("Dommages : de 1 à 100 dés.", "Damage: from 1 to 100 dice."),
    "dice_sides": ("Dommages : des dés de 2 à 100 faces.", "Damage: dice with 2 to 100 sides."),
    "dice_modifier": (
        "Dommages : le modificateur doit rester entre −100 et +100.",
        "Damage: the modifier must stay between −100 and +100.",
    ),
    "dice_negative": (
        "Dommages : le plus petit jet ne peut pas être négatif (modificateur trop bas).",
        "Damage: the lowest roll cannot be negative (modifier too low).",
    ),
    "flat_range": ("Dommages : entre 0 et 1000.", "Damage: between 0 and 1000."),
}


def _fail(key, field, lang):
    pair = MESSAGES[key]
    return InputError({"ok": False, "error": tr(lang, pair[0], pair[1]), "field": field})


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


def fmt_dice(count, sides, modifier):
    text = str(count) + "d" + str(sides)
    if modifier > 0:
        text += "+" + str(modifier)
    elif modifier < 0:
        text += MINUS + str(-modifier)
    return text


def resolve_target(value, tables, lang):
    """(kind, row, thickness, hardness, hit_points, break_dc or 'none') for a target value, or None."""
    text = clean(value)
    parts = text.split(":")
    if len(parts) == 3 and parts[0] == "material" and parts[2] in THICKNESSES:
        table = get_table(tables, "materials", lang)
        row = find_row(table, parts[1])
        if row is None:
            return None
        return ("material", row, parts[2], row["hardness"], row["hp_" + parts[2]], "none")
    if len(parts) == 2 and parts[0] == "object":
        table = get_table(tables, "standard-objects", lang)
        row = find_row(table, parts[1])
        if row is None:
            return None
        return ("object", row, None, row["hardness"], row["hit_points"], row["break_dc"])
    return None


def target_label(kind, row, thickness, lang):
    name = localized(row.get("name"), lang)
    if kind == "material":
        labels = THICKNESS_LABELS[thickness]
        return name + " — " + tr(lang, labels[0], labels[1])
    return name


def target_options(tables, lang):
    """[value, label] pairs for the target select: every material at each thickness, then every standard object."""
    options = []
    materials = get_table(tables, "materials", lang)
    for row in materials["rows"]:
        for thickness in THICKNESSES:
            options.append(["material:" + row["id"] + ":" + thickness, target_label("material", row, thickness, lang)])
    objects = get_table(tables, "standard-objects", lang)
    for row in objects["rows"]:
        options.append(["object:" + row["id"], target_label("object", row, None, lang)])
    return options


# ---------------------------------------------------------------- contract


def _parse(form, tables, lang):
    target_text = clean(form.get("target"))
    if target_text == "":
        raise InputError(error("empty", "target", lang))
    target = resolve_target(target_text, tables, lang)
    if target is None:
        raise _fail("target", "target", lang)
    damage_text = clean(form.get("damage"))
    if damage_text == "":
        raise InputError(error("empty", "damage", lang))
    damage = parse_damage(damage_text)
    if damage is None:
        raise _fail("damage", "damage", lang)
    if damage[0] == "flat":
        if damage[1] > MAX_FLAT_DAMAGE:
            raise _fail("flat_range", "damage", lang)
    else:
        count, sides, modifier = damage[1], damage[2], damage[3]
        if count < 1 or count > MAX_DICE:
            raise _fail("dice_count", "damage", lang)
        if sides < MIN_SIDES or sides > MAX_SIDES:
            raise _fail("dice_sides", "damage", lang)
        if modifier < -MAX_DICE_MODIFIER or modifier > MAX_DICE_MODIFIER:
            raise _fail("dice_modifier", "damage", lang)
        if count + modifier < 0:
            raise _fail("dice_negative", "damage", lang)
    strength = parse_int(form, "strength", lang, MIN_ABILITY, MAX_ABILITY)
    return target, damage, strength


def _none_text(lang):
    return tr(lang, "aucun", "none")


def calculate(form, tables, lang):
    try:
        if not isinstance(form, dict):
            form = {}
        target, damage, strength = _parse(form, tables, lang)
        skills = get_table(tables, "ability-bonus-skills", lang)
    except InputError as exc:
        return exc.result
    kind, row, thickness, hardness, hit_points, break_dc = target
    source = get_table(tables, "materials" if kind == "material" else "standard-objects", lang)
    label = target_label(kind, row, thickness, lang)
    working = []
    details = {}
    if kind == "material":
        working.append(
            tr(
                lang,
                "{n} : dureté {h}, {p} hp (table « {t} », colonne {c}).",
                "{n}: hardness {h}, {p} hp (table “{t}”, column {c}).",
            )
            .replace("{n}", label)
            .replace("{h}", str(hardness))
            .replace("{p}", str(hit_points))
            .replace("{t}", table_title(source, lang))
            .replace(
                "{c}", tr(lang, "HP ", "HP ") + tr(lang, THICKNESS_LABELS[thickness][0], THICKNESS_LABELS[thickness][1])
            )
        )
    else:
        working.append(
            tr(
                lang,
                "{n} : dureté {h}, {p} hp, Break DC {b} (table « {t} »).",
                "{n}: hardness {h}, {p} hp, break DC {b} (table “{t}”).",
            )
            .replace("{n}", label)
            .replace("{h}", str(hardness))
            .replace("{p}", str(hit_points))
            .replace("{b}", str(break_dc))
            .replace("{t}", table_title(source, lang))
        )

    if damage[0] == "flat":
        dmg = damage[1]
        per = damage_per_hit(dmg, hardness)
        hits = hits_to_destroy(hit_points, per)
        per_out = output(per, str(per))
        working.append(
            tr(lang, "Dommages par coup = max(0, {d} − {h}) = {p}.", "Damage per hit = max(0, {d} − {h}) = {p}.")
            .replace("{d}", str(dmg))
            .replace("{h}", str(hardness))
            .replace("{p}", str(per))
        )
        per_for_hits = str(per)
    else:
        count, sides, modifier = damage[1], damage[2], damage[3]
        avg2 = dice_average_doubled(count, sides, modifier)
        per2 = avg2 - 2 * hardness
        if per2 < 0:
            per2 = 0
        hits = hits_with_average(hit_points, count, sides, modifier, hardness)
        per_out = output(half_value(per2), fmt_half(per2, lang))
        dice = fmt_dice(count, sides, modifier)
        working.append(
            tr(lang, "{x} : moyenne = {n} × ({s} + 1) ÷ 2 {m} = {a}.", "{x}: average = {n} × ({s} + 1) ÷ 2 {m} = {a}.")
            .replace("{x}", dice)
            .replace("{n}", str(count))
            .replace("{s}", str(sides))
            .replace("{m}", _term(modifier))
            .replace("{a}", fmt_half(avg2, lang))
        )
        working.append(
            tr(
                lang,
                "Dommages moyens par coup = max(0, {a} − {h}) = {p} (les coups à détruire utilisent cette moyenne).",
                "Average damage per hit = max(0, {a} − {h}) = {p} (the hits to destroy use this average).",
            )
            .replace("{a}", fmt_half(avg2, lang))
            .replace("{h}", str(hardness))
            .replace("{p}", fmt_half(per2, lang))
        )
        num, den = pass_chance(count, sides, modifier, hardness)
        chance_text = fmt_fraction_percent(num, den, lang)
        if len(str(den)) <= SHOW_FRACTION_DIGITS and 0 < num < den:
            exact = (num * 1000) % den == 0
            chance_text = fmt_fraction(num, den) + (" = " if exact else " ≈ ") + chance_text
        working.append(
            tr(
                lang,
                "Chance qu’un coup dépasse la dureté ({x} > {h}) : {c}.",
                "Chance that a hit passes the hardness ({x} > {h}): {c}.",
            )
            .replace("{x}", dice)
            .replace("{h}", str(hardness))
            .replace("{c}", chance_text)
        )
        best = damage_per_hit(count * sides + modifier, hardness)
        best_hits = hits_to_destroy(hit_points, best)
        if best_hits != "none":
            working.append(
                tr(
                    lang,
                    "Au mieux (jets maximaux : {m} par coup) : {b} coup(s).",
                    "At best (highest rolls: {m} per hit): {b} hit(s).",
                )
                .replace("{m}", str(best))
                .replace("{b}", str(best_hits))
            )
        details = {
            "dice": dice,
            "average_doubled": avg2,
            "pass_fraction": fmt_fraction(num, den),
            "pass_text": chance_text,
            "pass_tenths": _tenths(num, den),
            "best_hits": best_hits,
        }
        per_for_hits = fmt_half(per2, lang)

    if hits == "none":
        hits_text = tr(lang, "aucun coup ne passe", "no hit gets through")
        working.append(
            tr(
                lang,
                "Aucun dommage ne dépasse la dureté : l’objet ne peut pas être détruit ainsi.",
                "No damage gets past the hardness: the object cannot be destroyed this way.",
            )
        )
    else:
        hits_text = str(hits)
        if hit_points <= 0:
            working.append(
                tr(
                    lang,
                    "{p} hp : un seul coup qui dépasse la dureté suffit.",
                    "{p} hp: a single hit that gets past the hardness is enough.",
                ).replace("{p}", str(hit_points))
            )
        else:
            working.append(
                tr(lang, "Coups pour détruire = ⌈{p} ÷ {d}⌉ = {n}.", "Hits to destroy = ⌈{p} ÷ {d}⌉ = {n}.")
                .replace("{p}", str(hit_points))
                .replace("{d}", per_for_hits)
                .replace("{n}", str(hits))
            )

    srow = ability_row(strength, skills)
    sbonus = srow["bonus"]
    if break_dc == "none":
        break_chance = "none"
        working.append(
            tr(
                lang,
                "Le seed ne donne pas de Break DC aux matériaux, seulement aux objets standard : "
                "pas de chance de briser par un check de Force.",
                "The seed gives materials no break DC, only standard objects: no chance to break them "
                "with a Strength check.",
            )
        )
        dc_text = _none_text(lang)
        chance_out = output("none", _none_text(lang))
    else:
        break_chance = check_chance(sbonus, break_dc)
        dc_text = str(break_dc)
        chance_out = output(break_chance, fmt_percent(break_chance, lang))
        working.append(
            tr(
                lang,
                "Force {s} : bonus {b} (table « {t} », ligne {r}) ; chance de briser = (21 {b2} − {dc}) × 5, "
                "bornée à 0–100\u202f% → {c}.",
                "Strength {s}: bonus {b} (table “{t}”, row {r}); chance to break = (21 {b2} − {dc}) × 5, "
                "clamped to 0–100% → {c}.",
            )
            .replace("{s}", str(strength))
            .replace("{b2}", _term(sbonus))
            .replace("{b}", fmt_signed(sbonus))
            .replace("{t}", table_title(skills, lang))
            .replace("{r}", localized(srow.get("score"), lang))
            .replace("{dc}", str(break_dc))
            .replace("{c}", fmt_percent(break_chance, lang))
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


def _tenths(num, den):
    return (num * 2000 + den) // (2 * den)


def _term(n):
    if n < 0:
        return MINUS + " " + str(-n)
    return "+ " + str(n)


DEFAULT_DAMAGES = (4, 6, 8, 10, 12, 15, 20, 25, 30)


def reference_table(objects_table, damages=DEFAULT_DAMAGES):
    """Hits to break each standard object by damage per blow: rows [object id, hardness, hit points, break DC,
    hits at damages[0], ...]; hits are ints or 'none'."""
    rows = []
    for row in objects_table["rows"]:
        line = [row["id"], row["hardness"], row["hit_points"], row["break_dc"]]
        for dmg in damages:
            line.append(hits_to_destroy(row["hit_points"], damage_per_hit(dmg, row["hardness"])))
        rows.append(line)
    return rows
