"""Breath-holding calculator (seed 000, "Retenir sa respiration").

Reading used: total = Constitution score + Endurance ranks + Swimming bonus (table swimming-breath-bonus).
Every round spends 1 of the total when calm, 2 when violent or tiring (the checkbox means every round is violent);
the rounds held before any check are the rounds it takes to spend the total, the last violent round may overspend
(calm: total rounds; violent: ceil(total / 2)). From the next round on, a Constitution check each round: DC 10 the
first, then +1 after a calm round, +2 after a violent one. The check's bonus comes from the Skills-type table (a
reading, open question ability-check-table), its chance is d20 + bonus >= DC (a reading, open question
check-resolution). The round-by-round table runs until the chance of still holding breath reaches 0, or for 20
checks at most.
The numbers of the rule are the constants of data/calculators/breath.yaml; its texts are there too.
"""

from calculators.calc_common import (
    Context,
    InputError,
    ability_row,
    ceil_div,
    check_chance,
    digits_value,
    fraction_percent_text,
    fraction_tenths_percent,
    fraction_text,
    number_text,
    ok_result,
    open_form,
    output,
    percent_text,
    reduce_fraction,
)

DECLARATION = {
    "id": "breath",
    "rule": "underwater.md#holding-breath",
    "tables": ["ability-bonus-skills", "swimming-breath-bonus"],
    "inputs": [
        {"name": "constitution", "kind": "integer", "min": 1, "max": 25, "default": 12},
        {"name": "endurance", "kind": "integer", "min": 0, "max": 6, "default": 0},
        {
            "name": "swimming",
            "kind": "choice",
            "values": ["none"],
            "table": "swimming-breath-bonus",
            "value": "rank_number",
            "label": "rank",
            "default": "none",
        },
        {"name": "violent", "kind": "checkbox", "default": False},
    ],
    "outputs": ["rounds", "first_dc", "second_dc"],
    "reference": {"compact": True},
}

MAX_CHECKS = 20  # rows of the round-by-round table (a display limit, not a rule)
REFERENCE_CONSTITUTIONS = (3, 6, 8, 10, 12, 14, 15, 16, 17, 18, 19, 20)
REFERENCE_RANKS = (None, 0, 1, 2, 3, 4, 5, 6)


def swimming_row(rank, table):
    """Row of the swimming-breath-bonus table for a rank (None = no skill, 0..6)."""
    for row in table["rows"]:
        number = row.get("rank_number")
        if isinstance(number, bool):
            continue
        if number == rank:
            return row
    return None


def breath_total(constitution, endurance, swim_bonus, rules):
    return constitution + endurance * rules["endurance-per-rank"] + swim_bonus


def spend_per_round(violent, rules):
    return rules["violent-round-cost"] if violent else rules["calm-round-cost"]


def rounds_before_checks(total, violent, rules):
    """Rounds it takes to spend the total (the last violent round may overspend)."""
    if total <= 0:
        return 0
    return ceil_div(total, spend_per_round(violent, rules))


def check_dc(check_number, violent, rules):
    """DC of the n-th Constitution check (1-based): 10, then +1 (calm) or +2 (violent) per round."""
    return rules["first-check-dc"] + (check_number - 1) * spend_per_round(violent, rules)


def check_rows(constitution_bonus, violent, rules, max_checks=MAX_CHECKS):
    """The round-by-round checks: list of [check number, DC, chance % of this check, holding numerator,
    holding denominator], holding = exact chance (fraction) of having passed every check so far.
    Stops after the row where holding reaches 0, or after max_checks rows."""
    rows = []
    num = 1
    den = 1
    k = 1
    while k <= max_checks:
        dc = check_dc(k, violent, rules)
        chance = check_chance(constitution_bonus, dc)
        num, den = reduce_fraction(num * chance, den * 100)
        if num == 0:
            den = 1
        rows.append([k, dc, chance, num, den])
        if num == 0:
            break
        k += 1
    return rows


def _swimming_rank(text):
    """The chosen Swimming rank: None for no skill, else 0..6 (the choice is already checked)."""
    return None if text == "none" else digits_value(text)


def calculate(form, data, lang):
    try:
        ctx, values = open_form(DECLARATION, form, data, lang)
    except InputError as exc:
        return exc.result
    rules = ctx.rules
    skills = ctx.table("ability-bonus-skills")
    swim_table = ctx.table("swimming-breath-bonus")
    constitution = values["constitution"]
    endurance = values["endurance"]
    swimming = _swimming_rank(values["swimming"])
    violent = values["violent"]
    srow = swimming_row(swimming, swim_table)
    sbonus = srow["bonus"]
    total = breath_total(constitution, endurance, sbonus, rules)
    spend = spend_per_round(violent, rules)
    rounds = rounds_before_checks(total, violent, rules)
    crow = ability_row(constitution, skills)
    cbonus = crow["bonus"]
    rows = check_rows(cbonus, violent, rules)
    first_dc = check_dc(1, violent, rules)
    second_dc = check_dc(2, violent, rules)

    working = []
    if swimming is None:
        rank_text = ctx.text("no_skill")
    else:
        rank_text = ctx.text("rank", [("rank", ctx.localized(srow.get("rank")))])
    working.append(
        ctx.text(
            "total",
            [
                ("constitution", str(constitution)),
                ("endurance", str(endurance)),
                ("bonus", str(sbonus)),
                ("rank", rank_text),
                ("table", ctx.table_title(swim_table)),
                ("total", str(total)),
            ],
        )
    )
    spent = [("total", str(total)), ("rounds", str(rounds))]
    working.append(ctx.text("violent_rounds" if violent else "calm_rounds", spent))
    working.append(
        ctx.text(
            "checks",
            [
                ("first", str(first_dc)),
                ("second", str(second_dc)),
                ("step", str(spend)),
                ("first_round", str(rounds + 1)),
                ("second_round", str(rounds + 2)),
                ("kind", ctx.text("kind_violent" if violent else "kind_calm")),
            ],
        )
    )
    working.append(
        ctx.text(
            "constitution",
            [
                ("score", str(constitution)),
                ("bonus", number_text(cbonus, signed=True)),
                ("table", ctx.table_title(skills)),
                ("row", ctx.localized(crow.get("score"))),
            ],
        )
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
                "chance_text": percent_text(chance, ctx.lang),
                "holding_tenths": fraction_tenths_percent(num, den),
                "holding_fraction": fraction_text(num, den),
                "holding_text": fraction_percent_text(num, den, ctx.lang),
            }
        )
    after = [ctx.text("after_failure"), ctx.text("after_next_round"), ctx.text("after_round_after")]
    details = {"total": total, "spend_per_round": spend, "rounds": rounds, "checks": table, "after_failure": after}
    outputs = {
        "rounds": output(rounds, str(rounds)),
        "first_dc": output(first_dc, str(first_dc)),
        "second_dc": output(second_dc, str(second_dc)),
    }
    return ok_result(outputs, working, details)


def page_extras(form, result, data, lang, rolls):
    """What the form shows under the answer: the round-by-round checks, and what follows a failed one."""
    ctx = Context(data, DECLARATION["id"], lang)
    details = result.get("details") or {}
    rows = []
    for check in details.get("checks", []):
        rows.append([str(check["round"]), str(check["dc"]), check["chance_text"], check["holding_text"]])
    table = {
        "caption": ctx.text("checks_caption"),
        "columns": [
            ctx.text("checks_round"),
            ctx.text("checks_dc"),
            ctx.text("checks_chance"),
            ctx.text("checks_holding"),
        ],
        "rows": rows,
    }
    return {"ok": True, "table": table, "notes": list(details.get("after_failure", []))}


def reference(data, lang, compact=False):
    """The build-time reference table: rounds of held breath before the first check by Constitution (rows) and
    Swimming rank (columns), calm rounds without Endurance. `compact` (the GM screen) heads the columns with the
    rank alone."""
    ctx = Context(data, DECLARATION["id"], lang)
    swim_table = ctx.table("swimming-breath-bonus")
    rows = []
    for con in REFERENCE_CONSTITUTIONS:
        row = [con]
        for rank in REFERENCE_RANKS:
            total = breath_total(con, 0, swimming_row(rank, swim_table)["bonus"], ctx.rules)
            row.append(rounds_before_checks(total, False, ctx.rules))
        rows.append(row)
    columns = [ctx.text("reference_constitution")]
    for rank in REFERENCE_RANKS:
        if rank is None:
            columns.append(ctx.text("reference_no_swimming_short" if compact else "reference_no_swimming"))
        else:
            shown = ctx.localized(swimming_row(rank, swim_table).get("rank"))
            columns.append(shown if compact else ctx.text("reference_swimming", [("rank", shown)]))
    caption = ctx.text("reference_caption")
    if compact:
        caption = ctx.text("reference_compact_caption", [("caption", caption)])
    return {"caption": caption, "columns": columns, "rows": rows}
