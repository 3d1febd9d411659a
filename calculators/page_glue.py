"""What a calculator form runs: one entry point for the browser (and the tests) that calls the right calculator
and returns plain strings and numbers ready to put in the page — outputs, working, an optional table and notes.

The browser passes the form as strings, the rule tables as JSON and, for "roll for me", d10 rolls it drew; the
JavaScript side only copies the result into the page. MicroPython subset (see calc_common).
"""

from calculators import breath, initiative, initiative_points, jump, object_damage
from calculators.calc_common import tr

CALCULATORS = {
    "jump": jump,
    "breath": breath,
    "object-damage": object_damage,
    "initiative": initiative,
    "initiative-points": initiative_points,
}


def run(calculator, form, tables, lang, rolls=()):
    """{"ok", "outputs", "working", "table": {"caption", "columns", "rows"} or None, "notes": [...]} or
    {"ok": False, "error", "field"}."""
    module = CALCULATORS.get(calculator)
    if module is None:
        return {"ok": False, "error": "unknown calculator " + str(calculator), "field": ""}
    if not isinstance(form, dict):
        form = {}
    result = module.calculate(form, tables, lang)
    if not result.get("ok"):
        return result
    result["table"] = None
    result["notes"] = []
    details = result.get("details") or {}
    if calculator == "breath":
        result["table"] = breath_table(details, lang)
        result["notes"] = list(details.get("after_failure", []))
    elif calculator == "initiative-points":
        result["table"] = steps_table(details, lang)
    elif calculator == "initiative":
        text = form.get("combatants")
        if isinstance(text, str) and text.strip() != "":
            ordered = initiative.order_from_form(combatant_rows(text), tables, lang, rolls)
            if not ordered.get("ok"):
                ordered["field"] = "combatants"
                return ordered
            result["table"] = order_table(ordered, lang)
    if "details" in result:
        del result["details"]
    return result


def breath_table(details, lang):
    rows = []
    for check in details.get("checks", []):
        rows.append([str(check["round"]), str(check["dc"]), check["chance_text"], check["holding_text"]])
    return {
        "caption": tr(lang, "Checks de Constitution, round par round", "Constitution checks, round by round"),
        "columns": [
            tr(lang, "Round", "Round"),
            tr(lang, "DC", "DC"),
            tr(lang, "Chance de réussir ce check", "Chance this check succeeds"),
            tr(lang, "Chance de retenir encore son souffle", "Chance of still holding breath"),
        ],
        "rows": rows,
    }


def steps_table(details, lang):
    rows = []
    for step in details.get("steps", []):
        reactors = []
        for r in step.get("reactors", []):
            reactors.append(r["name"])
        rows.append(
            [
                str(step["step"]),
                step["name"],
                step.get("label") or "",
                str(step["start"]) + " → " + str(step["end"]),
                ", ".join(reactors) or "—",
            ]
        )
    return {
        "caption": tr(lang, "Déroulement sur la règle graduée des PI", "Timeline on the initiative-point ruler"),
        "columns": [
            tr(lang, "Étape", "Step"),
            tr(lang, "Qui", "Who"),
            tr(lang, "Action", "Action"),
            tr(lang, "PI", "IP"),
            tr(lang, "Peut agir ou réagir avant la fin", "Can act or react before it ends"),
        ],
        "rows": rows,
    }


def order_table(ordered, lang):
    rows = []
    position = 0
    for group in ordered["groups"]:
        position += 1
        names = []
        for member in group["members"]:
            names.append(member["name"] + " (d10 " + str(member["roll"]) + ")")
        rows.append([str(position), group["initiative_text"], ", ".join(names)])
    return {
        "caption": tr(lang, "Ordre d’action de ce round", "Order of action this round"),
        "columns": [
            tr(lang, "Rang", "Order"),
            tr(lang, "Initiative", "Initiative"),
            tr(lang, "Qui (agissent ensemble)", "Who (act together)"),
        ],
        "rows": rows,
    }


def combatant_rows(text):
    """One combatant per line: "name, Dex, feat, roll" — feat is yes/oui/x (Improved Initiative) or empty, roll is
    1–10 or empty for "roll for me"; a line "name" alone rolls for a combatant without adjustment."""
    rows = []
    for line in text.split("\n"):
        if line.strip() == "":
            continue
        parts = line.split(",")
        while len(parts) < 4:
            parts.append("")
        feat = parts[2].strip().lower()
        improved = "on" if feat in ("yes", "oui", "x", "y", "o", "on", "ii", "improved") else ""
        if feat not in ("", "no", "non", "n", "-") and improved == "":
            improved = feat  # let the calculator reject what it cannot read
        rows.append({"name": parts[0].strip(), "dex": parts[1].strip(), "improved": improved, "roll": parts[3].strip()})
    return rows
