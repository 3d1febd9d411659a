"""Breath-holding calculator (seed 000, "Retenir sa respiration").

Reading used: total = Constitution score + Endurance ranks + Swimming bonus (table swimming-breath-bonus).
Every round spends 1 of the total when calm, 2 when violent or tiring (the checkbox means every round is violent);
the rounds held before any check are the rounds it takes to spend the total, the last violent round may overspend
(calm: total rounds; violent: ceil(total / 2)). From the next round on, a Constitution check (Skills-type bonus) each
round: DC 10 the first, then +1 after a calm round, +2 after a violent one. The round-by-round table runs until the
chance of still holding breath reaches 0, or for 20 checks at most.
"""

from calculators.calc_common import (
    DIGITS,
    InputError,
    ability_row,
    ceil_div,
    check_chance,
    clean,
    error,
    fmt_fraction,
    fmt_fraction_percent,
    fmt_percent,
    fmt_signed,
    fraction_tenths_percent,
    get_table,
    localized,
    ok_result,
    output,
    parse_checkbox,
    parse_int,
    reduce_fraction,
    table_title,
    tr,
)

MIN_ABILITY = 1
MAX_ABILITY = 25
MAX_RANKS = 6
FIRST_DC = 10
MAX_CHECKS = 20
SWIMMING_CHOICES = ("none", "0", "1", "2", "3", "4", "5", "6")


def swimming_row(rank, table):
    """Row of the swimming-breath-bonus table for a rank (None = no skill, 0..6)."""
    for row in table["rows"]:
        number = row.get("rank_number")
        if isinstance(number, bool):
            continue
        if number == rank:
            return row
    return None


def swimming_bonus(rank, table):
    return swimming_row(rank, table)["bonus"]


def breath_total(constitution, endurance, swim_bonus):
    return constitution + endurance + swim_bonus


def spend_per_round(violent):
    return 2 if violent else 1


def rounds_before_checks(total, violent):
    """Rounds it takes to spend the total (the last violent round may overspend)."""
    if total <= 0:
        return 0
    return ceil_div(total, spend_per_round(violent))


def check_dc(check_number, violent):
    """DC of the n-th Constitution check (1-based): 10, then +1 (calm) or +2 (violent) per round."""
    return FIRST_DC + (check_number - 1) * spend_per_round(violent)


def check_rows(constitution_bonus, violent, max_checks=MAX_CHECKS):
    """The round-by-round checks: list of [check number, DC, chance % of this check, holding numerator,
    holding denominator], holding = exact chance (fraction) of having passed every check so far.
    Stops after the row where holding reaches 0, or after max_checks rows."""
    rows = []
    num = 1
    den = 1
    k = 1
    while k <= max_checks:
        dc = check_dc(k, violent)
        chance = check_chance(constitution_bonus, dc)
        num, den = reduce_fraction(num * chance, den * 100)
        if num == 0:
            den = 1
        rows.append([k, dc, chance, num, den])
        if num == 0:
            break
        k += 1
    return rows


def _parse_swimming(form, lang):
    text = clean(form.get("swimming"))
    if text == "":
        raise InputError(error("empty", "swimming", lang))
    if text not in SWIMMING_CHOICES:
        raise InputError(error("choice", "swimming", lang))
    if text == "none":
        return None
    return DIGITS.index(text)


def calculate(form, tables, lang):
    try:
        if not isinstance(form, dict):
            form = {}
        constitution = parse_int(form, "constitution", lang, MIN_ABILITY, MAX_ABILITY)
        endurance = parse_int(form, "endurance", lang, 0, MAX_RANKS)
        swimming = _parse_swimming(form, lang)
        violent = parse_checkbox(form, "violent", lang)
        skills = get_table(tables, "ability-bonus-skills", lang)
        swim_table = get_table(tables, "swimming-breath-bonus", lang)
    except InputError as exc:
        return exc.result
    srow = swimming_row(swimming, swim_table)
    sbonus = srow["bonus"]
    total = breath_total(constitution, endurance, sbonus)
    spend = spend_per_round(violent)
    rounds = rounds_before_checks(total, violent)
    crow = ability_row(constitution, skills)
    cbonus = crow["bonus"]
    rows = check_rows(cbonus, violent)
    first_dc = check_dc(1, violent)
    second_dc = check_dc(2, violent)

    working = []
    if swimming is None:
        rank_text = tr(lang, "sans le skill", "no skill")
    else:
        rank_text = tr(lang, "rang ", "rank ") + localized(srow.get("rank"), lang)
    working.append(
        tr(
            lang,
            "Total = Constitution {c} + rangs d’Endurance {e} + bonus de Swimming {s} ({r}, table « {t} ») = {total}.",
            "Total = Constitution {c} + Endurance ranks {e} + Swimming bonus {s} ({r}, table “{t}”) = {total}.",
        )
        .replace("{c}", str(constitution))
        .replace("{e}", str(endurance))
        .replace("{s}", str(sbonus))
        .replace("{r}", rank_text)
        .replace("{t}", table_title(swim_table, lang))
        .replace("{total}", str(total))
    )
    if violent:
        working.append(
            tr(
                lang,
                "Chaque round violent ou fatigant dépense 2 du total : {total} ÷ 2 arrondi au supérieur "
                "= {n} rounds avant le premier check (le dernier round peut dépasser).",
                "Each violent or tiring round spends 2 of the total: {total} ÷ 2 rounded up = {n} rounds "
                "before the first check (the last round may overspend).",
            )
            .replace("{total}", str(total))
            .replace("{n}", str(rounds))
        )
    else:
        working.append(
            tr(
                lang,
                "Chaque round calme dépense 1 du total : {n} rounds avant le premier check.",
                "Each calm round spends 1 of the total: {n} rounds before the first check.",
            ).replace("{n}", str(rounds))
        )
    working.append(
        tr(
            lang,
            "Ensuite, check de Constitution à chaque round : DC {a} au round {r1}, puis +{step} par round "
            "({kind}) : DC {b} au round {r2}…",
            "Then a Constitution check every round: DC {a} in round {r1}, then +{step} per round "
            "({kind}): DC {b} in round {r2}…",
        )
        .replace("{a}", str(first_dc))
        .replace("{b}", str(second_dc))
        .replace("{step}", str(spend))
        .replace("{r1}", str(rounds + 1))
        .replace("{r2}", str(rounds + 2))
        .replace("{kind}", tr(lang, "violent" if violent else "calme", "violent" if violent else "calm"))
    )
    working.append(
        tr(
            lang,
            "Constitution {c} : bonus {b} (table « {t} », ligne {r}) ; chance d’un check = "
            "(21 + bonus − DC) × 5, bornée à 0–100\u202f%.",
            "Constitution {c}: bonus {b} (table “{t}”, row {r}); chance of a check = "
            "(21 + bonus − DC) × 5, clamped to 0–100%.",
        )
        .replace("{c}", str(constitution))
        .replace("{b}", fmt_signed(cbonus))
        .replace("{t}", table_title(skills, lang))
        .replace("{r}", localized(crow.get("score"), lang))
    )

    table = []
    for row in rows:
        k, dc, chance, num, den = row
        table.append(
            {
                "check": k,
                "round": rounds + k,
                "dc": dc,
                "chance": chance,
                "chance_text": fmt_percent(chance, lang),
                "holding_tenths": fraction_tenths_percent(num, den),
                "holding_fraction": fmt_fraction(num, den),
                "holding_text": fmt_fraction_percent(num, den, lang),
            }
        )
    after = [
        tr(
            lang,
            "Check raté : la créature tombe inconsciente, à 0 hp.",
            "Failed check: the creature falls unconscious, at 0 hp.",
        ),
        tr(lang, "Round suivant : −1 hp.", "Next round: −1 hp."),
        tr(lang, "Round d’après : elle meurt (non stabilisable).", "The round after: it dies (cannot be stabilised)."),
    ]
    details = {"total": total, "spend_per_round": spend, "rounds": rounds, "checks": table, "after_failure": after}
    outputs = {
        "rounds": output(rounds, str(rounds)),
        "first_dc": output(first_dc, str(first_dc)),
        "second_dc": output(second_dc, str(second_dc)),
    }
    return ok_result(outputs, working, details)


DEFAULT_CONSTITUTIONS = (3, 6, 8, 10, 12, 14, 15, 16, 17, 18, 19, 20)
SWIMMING_RANKS = (None, 0, 1, 2, 3, 4, 5, 6)


def reference_table(swim_table, constitutions=DEFAULT_CONSTITUTIONS, violent=False, endurance=0):
    """Breath rounds before the first check by Constitution (rows) and Swimming rank (columns: no skill, 0..6):
    rows [constitution, rounds with no skill, rounds at rank 0, ..., rounds at rank 6], as ints."""
    rows = []
    for con in constitutions:
        row = [con]
        for rank in SWIMMING_RANKS:
            total = breath_total(con, endurance, swimming_bonus(rank, swim_table))
            row.append(rounds_before_checks(total, violent))
        rows.append(row)
    return rows


def reference_columns(swim_table, lang):
    columns = [tr(lang, "Constitution", "Constitution")]
    for rank in SWIMMING_RANKS:
        if rank is None:
            columns.append(tr(lang, "Sans Swimming", "No Swimming"))
        else:
            columns.append("Swimming " + localized(swimming_row(rank, swim_table).get("rank"), lang))
    return columns
