"""Shared helpers of the calculators: input parsing, table look-ups, localized numbers and messages.

Runs unchanged under CPython and MicroPython 1.27: no imports, no reliance on dict order or sort stability,
no str.isdigit/strip/lower on non-ASCII text (MicroPython treats those differently), no float formatting.
"""

MINUS = "\u2212"
NNBSP = "\u202f"
DIGITS = "0123456789"
# Characters stripped around a raw value: ASCII whitespace and the usual no-break spaces, identically everywhere.
SPACES = " \t\n\r\x0b\x0c\u00a0\u202f\u2009"
MAX_RAW_LENGTH = 40

FIELD_LABELS = {
    "direction": {"fr": "direction", "en": "direction"},
    "distance": {"fr": "distance", "en": "distance"},
    "run_up": {"fr": "élan", "en": "run-up"},
    "speed": {"fr": "vitesse", "en": "speed"},
    "armour": {"fr": "armure", "en": "armour"},
    "strength": {"fr": "Force", "en": "Strength"},
    "tumbling": {"fr": "rangs de Tumbling", "en": "Tumbling ranks"},
    "constitution": {"fr": "Constitution", "en": "Constitution"},
    "endurance": {"fr": "rangs d’Endurance", "en": "Endurance ranks"},
    "swimming": {"fr": "rang de Swimming", "en": "Swimming rank"},
    "violent": {"fr": "action violente", "en": "violent action"},
    "target": {"fr": "cible", "en": "target"},
    "damage": {"fr": "dommages", "en": "damage"},
    "dexterity": {"fr": "Dextérité", "en": "Dexterity"},
    "improved_initiative": {"fr": "Improved Initiative", "en": "Improved Initiative"},
    "roll": {"fr": "jet de d10", "en": "d10 roll"},
    "name": {"fr": "nom", "en": "name"},
    "combatants": {"fr": "combattants", "en": "combatants"},
}

MESSAGES = {
    "empty": {"fr": "Indiquez la valeur du champ « {field} ».", "en": "Enter a value for “{field}”."},
    "too_long": {"fr": "La valeur du champ « {field} » est trop longue.", "en": "The value of “{field}” is too long."},
    "not_whole": {
        "fr": "Le champ « {field} » attend un nombre entier (par exemple 12).",
        "en": "“{field}” expects a whole number (for example 12).",
    },
    "negative": {"fr": "Le champ « {field} » ne peut pas être négatif.", "en": "“{field}” cannot be negative."},
    "range": {
        "fr": "Le champ « {field} » doit être compris entre {lo} et {hi}.",
        "en": "“{field}” must be between {lo} and {hi}.",
    },
    "choice": {
        "fr": "Valeur inconnue pour le champ « {field} » : choisissez dans la liste.",
        "en": "Unknown value for “{field}”: pick one from the list.",
    },
    "checkbox": {
        "fr": "Valeur inattendue pour la case « {field} ».",
        "en": "Unexpected value for the checkbox “{field}”.",
    },
    "missing_table": {
        "fr": "Donnée manquante : la table « {table} » n’a pas été chargée.",
        "en": "Missing data: the table “{table}” was not loaded.",
    },
}

TRUE_VALUES = ("on", "true", "1", "yes", "checked")
FALSE_VALUES = ("", "off", "false", "0", "no")


def lang_of(lang):
    """'fr' or 'en' (anything else falls back to English)."""
    return "fr" if lang == "fr" else "en"


def field_label(field, lang):
    labels = FIELD_LABELS.get(field)
    if labels is None:
        return field
    return labels[lang_of(lang)]


def fill(template, values):
    """Replace {name} placeholders (no str.format, so braces in values are harmless)."""
    text = template
    for pair in values:
        text = text.replace("{" + pair[0] + "}", pair[1])
    return text


def message(key, lang, values=()):
    return fill(MESSAGES[key][lang_of(lang)], values)


def error(key, field, lang, values=()):
    """The contract's error result, naming the field in the message."""
    pairs = [("field", field_label(field, lang))]
    for pair in values:
        pairs.append(pair)
    return {"ok": False, "error": message(key, lang, pairs), "field": field}


class InputError(Exception):
    """Raised by the parsers; carries the contract's error dict."""

    def __init__(self, result):
        super().__init__(result["error"])
        self.result = result


def ascii_lower(text):
    out = []
    for ch in text:
        if "A" <= ch <= "Z":
            out.append(chr(ord(ch) + 32))
        else:
            out.append(ch)
    return "".join(out)


def clean(raw):
    """A raw form value as a stripped string ('' when absent). Never raises."""
    if raw is None:
        return ""
    if raw is True:
        return "on"
    if raw is False:
        return ""
    if not isinstance(raw, str):
        raw = str(raw)
    start = 0
    end = len(raw)
    while start < end and raw[start] in SPACES:
        start += 1
    while end > start and raw[end - 1] in SPACES:
        end -= 1
    return raw[start:end]


def is_digits(text):
    if text == "":
        return False
    for ch in text:
        if ch not in DIGITS:
            return False
    return True


def digits_value(text):
    """int of an ASCII digit string (is_digits already checked)."""
    value = 0
    for ch in text:
        value = value * 10 + (ord(ch) - 48)
    return value


def parse_int(form, field, lang, lo, hi):
    """Whole number from form[field], within lo..hi; raises InputError with a localized message otherwise."""
    text = clean(form.get(field))
    if text == "":
        raise InputError(error("empty", field, lang))
    if len(text) > MAX_RAW_LENGTH:
        raise InputError(error("too_long", field, lang))
    sign = 1
    body = text
    if body[0] in ("+", "-", MINUS):
        if body[0] != "+":
            sign = -1
        body = body[1:]
        while body != "" and body[0] in SPACES:
            body = body[1:]
    if not is_digits(body):
        raise InputError(error("not_whole", field, lang))
    value = sign * digits_value(body)
    if value < 0 and lo >= 0:
        raise InputError(error("negative", field, lang))
    if value < lo or value > hi:
        raise InputError(error("range", field, lang, [("lo", fmt_int(lo)), ("hi", fmt_int(hi))]))
    return value


def parse_checkbox(form, field, lang):
    text = ascii_lower(clean(form.get(field)))
    if text in TRUE_VALUES:
        return True
    if text in FALSE_VALUES:
        return False
    raise InputError(error("checkbox", field, lang))


def parse_choice(form, field, lang, choices):
    """One of the allowed ids (compared exactly after stripping spaces)."""
    text = clean(form.get(field))
    if text == "":
        raise InputError(error("empty", field, lang))
    if text not in choices:
        raise InputError(error("choice", field, lang))
    return text


# ---------------------------------------------------------------- tables


def get_table(tables, table_id, lang):
    table = None
    if isinstance(tables, dict):
        table = tables.get(table_id)
    if not isinstance(table, dict) or not isinstance(table.get("rows"), list):
        raise InputError({"ok": False, "error": message("missing_table", lang, [("table", table_id)]), "field": ""})
    return table


def find_row(table, row_id):
    for row in table["rows"]:
        if row.get("id") == row_id:
            return row
    return None


def localized(value, lang):
    """A table cell: plain value or {fr:..., en:...}."""
    if isinstance(value, dict):
        text = value.get(lang_of(lang))
        if text is None:
            text = value.get("en")
        if text is None:
            text = ""
        return text
    if value is None:
        return ""
    return str(value)


def table_title(table, lang):
    title = table.get("title")
    if title is None:
        return table.get("id", "")
    return localized(title, lang)


def ability_row(score, table):
    """The row whose min_score is the highest not above the score; scores below every min take the first row."""
    rows = table["rows"]
    chosen = rows[0]
    best = None
    for row in rows:
        low = row.get("min_score")
        if low is None or isinstance(low, bool):
            continue
        if low <= score and (best is None or low > best):
            best = low
            chosen = row
    return chosen


def ability_bonus(score, table):
    return ability_row(score, table)["bonus"]


def skills_bonus(score, table):
    """Skills-type bonus (ability-bonus-skills table) for a score."""
    return ability_bonus(score, table)


def adnd_bonus(score, table):
    """AD&D-type bonus (ability-bonus-adnd table) for a score."""
    return ability_bonus(score, table)


def check_chance(modifier, dc):
    """Chance in % (int) that d20 + modifier >= DC, no automatic success or failure."""
    chance = (21 + modifier - dc) * 5
    if chance < 0:
        return 0
    if chance > 100:
        return 100
    return chance


def ceil_div(a, b):
    """ceil(a / b) for integers, b > 0."""
    return -((-a) // b)


def gcd(a, b):
    a = abs(a)
    b = abs(b)
    while b:
        a, b = b, a % b
    return a


def reduce_fraction(num, den):
    g = gcd(num, den)
    if g == 0:
        return (num, den)
    return (num // g, den // g)


# ---------------------------------------------------------------- localized numbers


def fmt_int(n):
    """Integer with the typographic minus."""
    if n < 0:
        return MINUS + str(-n)
    return str(n)


def fmt_signed(n):
    """+3, −3, 0."""
    if n > 0:
        return "+" + str(n)
    return fmt_int(n)


def percent_sign(lang):
    return NNBSP + "%" if lang_of(lang) == "fr" else "%"


def fmt_percent(p, lang):
    """An integer percentage: '45 %' (narrow no-break space) in French, '45%' in English."""
    return fmt_int(p) + percent_sign(lang)


def decimal_mark(lang):
    return "," if lang_of(lang) == "fr" else "."


def fmt_tenths(tenths, lang):
    """A number given in tenths (int): 45 -> '4,5' / '4.5', 40 -> '4'."""
    sign = ""
    if tenths < 0:
        sign = MINUS
        tenths = -tenths
    whole = tenths // 10
    frac = tenths % 10
    if frac == 0:
        return sign + str(whole)
    return sign + str(whole) + decimal_mark(lang) + str(frac)


def fmt_half(doubled, lang):
    """A number given doubled (int): 9 -> '4,5' / '4.5'."""
    return fmt_tenths(doubled * 5, lang)


def half_value(doubled):
    """The plain value of a doubled number: int when whole, else an exact .5 float."""
    if doubled % 2 == 0:
        return doubled // 2
    return doubled / 2


def fraction_tenths_percent(num, den):
    """num/den as a percentage in tenths, rounded half up with integers."""
    return (num * 2000 + den) // (2 * den)


def fmt_fraction_percent(num, den, lang):
    """An exact fraction as a percentage with at most one decimal; never shows 0 or 100 for a near value."""
    if num <= 0:
        return fmt_percent(0, lang)
    if num >= den:
        return fmt_percent(100, lang)
    tenths = fraction_tenths_percent(num, den)
    if tenths < 1:
        return "< " + fmt_tenths(1, lang) + percent_sign(lang)
    if tenths > 999:
        return "> " + fmt_tenths(999, lang) + percent_sign(lang)
    return fmt_tenths(tenths, lang) + percent_sign(lang)


def fmt_fraction(num, den):
    return str(num) + "/" + str(den)


def output(value, text):
    return {"value": value, "text": text}


def ok_result(outputs, working, details=None):
    result = {"ok": True, "outputs": outputs, "working": working}
    if details is not None:
        result["details"] = details
    return result


def tr(lang, fr, en):
    """Pick the French or English text."""
    return fr if lang_of(lang) == "fr" else en
