"""Shared helpers of the calculators: what a calculator reads besides its form (`Context`: tables, texts, constants),
form parsing from the declared inputs, table look-ups, and the site's one number formatter.

Runs unchanged under CPython and MicroPython 1.27 (tests/test_micropython_subset.py names every rule): no imports
but the package's own, no reliance on dict order or sort stability, no str.isdigit/strip/lower/split() on text that
may hold non-ASCII characters (MicroPython treats those differently), no float formatting.
"""

MINUS = "\u2212"
NNBSP = "\u202f"
DIGITS = "0123456789"
# Characters stripped around a raw value: ASCII whitespace and the usual no-break spaces, identically everywhere.
SPACES = " \t\n\r\x0b\x0c\u00a0\u202f\u2009"
MAX_RAW_LENGTH = 40
MAX_DECIMALS = 6  # a float of data/ is written with at most this many decimals

# The data file holding the texts every calculator shares (data/calculators/common.yaml).
COMMON_DATA = "calculator-common"

TRUE_VALUES = ("on", "true", "1", "yes", "checked")
FALSE_VALUES = ("", "off", "false", "0", "no")


def lang_of(lang):
    """'fr' or 'en' (anything else falls back to English)."""
    return "fr" if lang == "fr" else "en"


# ---------------------------------------------------------------- texts and constants


def fill(template, values):
    """Replace each {name} of the template by its value, in one pass: a value that holds braces is left alone.
    `values`: (name, text) pairs, the first of a name counting; an unknown {name} stays as it is."""
    out = []
    i = 0
    while i < len(template):
        ch = template[i]
        if ch == "{":
            end = template.find("}", i + 1)
            if end > i:
                name = template[i + 1 : end]
                found = None
                for pair in values:
                    if pair[0] == name:
                        found = pair[1]
                        break
                if found is not None:
                    out.append(found)
                    i = end + 1
                    continue
        out.append(ch)
        i += 1
    return "".join(out)


def data_document(data, doc_id):
    """A data file of the browser's data (tables and calculator files by id), or None."""
    if not isinstance(data, dict):
        return None
    document = data.get(doc_id)
    return document if isinstance(document, dict) else None


def constants_of(document):
    """{constant id: value} of a calculator's data file (its `constants:` list)."""
    rules = {}
    if document is None:
        return rules
    for item in document.get("constants") or []:
        rules[item["id"]] = item["value"]
    return rules


class Context:
    """What a calculator reads besides the form, in one language: the rule tables, its own texts and constants
    (data/calculators/<id>.yaml) and the shared texts (data/calculators/common.yaml), all from the `data` the
    caller passes (the browser gives them as JSON; a calculator never reads a file)."""

    def __init__(self, data, calculator_id, lang):
        self.lang = lang_of(lang)
        self.data = data if isinstance(data, dict) else {}
        self.calculator_id = calculator_id
        self.own = data_document(self.data, calculator_id)
        self.common = data_document(self.data, COMMON_DATA)
        self.rules = constants_of(self.own)
        # every text may print a constant by its id: "DC × {vertical-multiplier}"
        self.constant_values = []
        for item in (self.own or {}).get("constants") or []:
            self.constant_values.append((item["id"], number_text(item["value"], self.lang)))

    def _pick(self, section, key):
        for document in (self.own, self.common):
            if document is None:
                continue
            texts = document.get(section)
            if isinstance(texts, dict) and isinstance(texts.get(key), dict):
                return texts[key].get(self.lang)
        return None

    def entry(self, section, key, values=(), depth=0):
        """A text of one section of the data files (labels, options, help, defaults, fields, texts), the
        calculator's own before the shared one, its {placeholders} filled like `text`; None when neither has it.
        A text that names a control writes the control's own words by placeholder, one source for both:
        {text:KEY} a text of `texts:` (a button: {text:action_export}), {label:NAME} a field's label."""
        template = self._pick(section, key)
        if template is None:
            return None
        return fill(template, list(values) + self._named_controls(template, values, depth) + self.constant_values)

    def _named_controls(self, template, values, depth):
        found = []
        if depth > 1 or "{" not in template:
            return found
        for kind, section in (("text:", "texts"), ("label:", "labels")):
            at = template.find("{" + kind)
            while at >= 0:
                end = template.find("}", at)
                if end < 0:
                    break
                name = template[at + 1 : end]
                shown = self.entry(section, name[len(kind) :], values, depth + 1)
                if shown is not None:
                    found.append((name, shown))
                at = template.find("{" + kind, end)
        return found

    def text(self, key, values=()):
        """A text of the calculator's `texts:` (else the shared ones), its {placeholders} filled from `values`, then
        from the constants by id; the key itself when the data is missing, so that a calculator never raises."""
        shown = self.entry("texts", key, values)
        return key if shown is None else shown

    def field(self, name):
        """How messages name a form field (`fields:`), the field's name when none is given."""
        shown = self._pick("fields", name)
        return name if shown is None else shown

    def option(self, value):
        """How a choice's fixed value is shown (`options:`), its {placeholders} filled from the constants."""
        shown = self.entry("options", value)
        return value if shown is None else shown

    def constant(self, constant_id):
        return self.rules[constant_id]

    def table(self, table_id):
        """A rule table; raises InputError (a contract error) when the page did not load it."""
        table = data_document(self.data, table_id)
        if table is None or not isinstance(table.get("rows"), list):
            raise InputError({"ok": False, "error": self.text("missing_table", [("table", table_id)]), "field": ""})
        return table

    def require(self, declaration):
        """Check that the calculator's own data file and every table it declares were loaded."""
        if self.own is None:
            raise InputError(
                {"ok": False, "error": self.text("missing_table", [("table", self.calculator_id)]), "field": ""}
            )
        for table_id in declaration["tables"]:
            self.table(table_id)

    def localized(self, value):
        return localized(value, self.lang)

    def table_title(self, table):
        title = table.get("title")
        if title is None:
            return table.get("id", "")
        return self.localized(title)


def error(key, field, ctx, values=()):
    """The contract's error result, naming the field in the message."""
    pairs = [("field", ctx.field(field))]
    for pair in values:
        pairs.append(pair)
    return {"ok": False, "error": ctx.text(key, pairs), "field": field}


class InputError(Exception):
    """Raised by the parsers; carries the contract's error dict."""

    def __init__(self, result):
        super().__init__(result["error"])
        self.result = result


# ---------------------------------------------------------------- text helpers that agree under both Pythons


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


def fold(name):
    """A name as names are compared (a combatant typed in a form or a tracker): ASCII and Latin-1 capitals folded
    (É -> é), the same under both Pythons."""
    low = ascii_lower(name)
    out = []
    for ch in low:
        code = ord(ch)
        if 0xC0 <= code <= 0xDE and code != 0xD7:
            out.append(chr(code + 32))
        else:
            out.append(ch)
    return "".join(out)


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


# ---------------------------------------------------------------- form parsing


def parse_int(form, field, ctx, lo, hi):
    """Whole number from form[field], within lo..hi; raises InputError with a localized message otherwise."""
    text = clean(form.get(field))
    if text == "":
        raise InputError(error("empty", field, ctx))
    if len(text) > MAX_RAW_LENGTH:
        raise InputError(error("too_long", field, ctx))
    sign = 1
    body = text
    if body[0] in ("+", "-", MINUS):
        if body[0] != "+":
            sign = -1
        body = body[1:]
        while body != "" and body[0] in SPACES:
            body = body[1:]
    if not is_digits(body):
        example = 12 if lo <= 12 <= hi else (hi if hi < 12 else lo)  # an example the field would take
        raise InputError(error("not_whole", field, ctx, [("example", number_text(example, ctx.lang))]))
    value = sign * digits_value(body)
    if value < 0 and lo >= 0:
        raise InputError(error("negative", field, ctx))
    if value < lo or value > hi:
        raise InputError(
            error("range", field, ctx, [("lo", number_text(lo, ctx.lang)), ("hi", number_text(hi, ctx.lang))])
        )
    return value


def parse_checkbox(form, field, ctx):
    text = ascii_lower(clean(form.get(field)))
    if text in TRUE_VALUES:
        return True
    if text in FALSE_VALUES:
        return False
    raise InputError(error("checkbox", field, ctx))


def row_checkboxes(spec, ctx):
    """[row id, shown text] of a `checkboxes` input: one checkbox per row of its table, named by the row's id."""
    boxes = []
    table = data_document(ctx.data, spec["table"])
    for row in (table or {}).get("rows") or []:
        boxes.append([row["id"], localized(row.get(spec["label"]), ctx.lang)])
    return boxes


def parse_row_checkboxes(form, spec, ctx):
    """The row ids whose checkbox is ticked, in the table's order (a box is read as a `checkbox` input is; a value
    it cannot read names the group and the row, and marks that box)."""
    ticked = []
    for box in row_checkboxes(spec, ctx):
        text = ascii_lower(clean(form.get(box[0])))
        if text in TRUE_VALUES:
            ticked.append(box[0])
        elif text not in FALSE_VALUES:
            shown = ctx.field(spec["name"]) + " — " + box[1]
            raise InputError({"ok": False, "error": ctx.text("checkbox", [("field", shown)]), "field": box[0]})
    return ticked


def parse_choice(form, field, ctx, choices, default=None):
    """One of the allowed values (compared exactly after stripping spaces); `default` when the field is left empty
    and one is given."""
    text = clean(form.get(field))
    if text == "" and default is not None:
        return default
    if text == "":
        raise InputError(error("empty", field, ctx))
    if text not in choices:
        raise InputError(error("choice", field, ctx))
    return text


def choice_options(spec, ctx):
    """[value, shown text] pairs of a declared choice input: its fixed `values` (shown by the data file's
    options:), then a pair per row of its `table` (the `value` and `label` columns; rows without a value are left
    out). A choice whose options a module function gives (`options`) is parsed by that module."""
    options = []
    for value in spec.get("values") or []:
        options.append([value, ctx.option(value)])
    table = data_document(ctx.data, spec["table"]) if spec.get("table") else None
    if table is not None:
        for row in table.get("rows") or []:
            value = row.get(spec["value"])
            if value is not None and not isinstance(value, bool):
                options.append([str(value), localized(row.get(spec["label"]), ctx.lang)])
    return options


def default_value(spec, ctx):
    """What a declared input holds before the reader types: the data file's default in the page's language (a text
    that depends on it), else the declared default (a number, a bool for a checkbox, a value or a text)."""
    shown = ctx.entry("defaults", spec["name"])
    return spec.get("default", "") if shown is None else shown


def declared_input(declaration, name):
    """The declaration of one input, by name."""
    for spec in declaration["inputs"]:
        if spec["name"] == name:
            return spec
    raise KeyError(name)


def open_form(declaration, form, data, lang, parsers=None):
    """The start of every calculate(): the calculator's Context and its declared inputs read from the form (anything
    but a dict reads as an empty form). Raises InputError when its data is missing or an input is bad."""
    ctx = Context(data, declaration["id"], lang)
    if not isinstance(form, dict):
        form = {}
    ctx.require(declaration)
    return ctx, read_form(declaration, form, ctx, parsers)


def read_form(declaration, form, ctx, parsers=None):
    """Every declared input of the form, parsed in the declared order (the first bad one gives the error):
    integer -> int within its range, checkbox -> bool, choice -> one of its values; inputs that `parsers` names
    go to the module's own parser (called as parser(form, ctx)); other text inputs come back cleaned.
    Raises InputError."""
    values = {}
    for spec in declaration["inputs"]:
        name = spec["name"]
        kind = spec["kind"]
        if parsers is not None and name in parsers:
            values[name] = parsers[name](form, ctx)
        elif kind == "integer":
            values[name] = parse_int(form, name, ctx, spec["min"], spec["max"])
        elif kind == "checkbox":
            values[name] = parse_checkbox(form, name, ctx)
        elif kind == "checkboxes":
            values[name] = parse_row_checkboxes(form, spec, ctx)
        elif kind == "choice":
            values[name] = parse_choice(form, name, ctx, [option[0] for option in choice_options(spec, ctx)])
        else:
            values[name] = clean(form.get(name))
    return values


# ---------------------------------------------------------------- tables


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


def check_chance(modifier, dc):
    """Chance in % (int) that d20 + modifier >= DC, no automatic success or failure (the sources do not say how a
    check is rolled: a reading, open question check-resolution)."""
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


# ---------------------------------------------------------------- the site's one number formatter
# codex/i18n/localize.py (number, percent) calls these for the pages, so a number reads the same everywhere.


def decimal_mark(lang):
    return "," if lang_of(lang) == "fr" else "."


def decimal_text(units, places, lang="en"):
    """A non-negative fixed-point number `units` / 10**places as text, trailing zeros dropped: (45, 1) -> '4,5' in
    French, (40, 1) -> '4'. Integers only, so both Pythons agree."""
    digits = str(units)
    while len(digits) <= places:
        digits = "0" + digits
    whole = digits[: len(digits) - places] if places > 0 else digits
    fraction = digits[len(digits) - places :] if places > 0 else ""
    while fraction != "" and fraction[-1] == "0":
        fraction = fraction[:-1]
    if fraction == "":
        return whole
    return whole + decimal_mark(lang) + fraction


def float_units(value):
    """(units, places) of a non-negative float: the fewest decimals (at most MAX_DECIMALS) that give it back."""
    places = 0
    scale = 1
    while places < MAX_DECIMALS:
        units = round(value * scale)
        if abs(units - value * scale) <= 1e-9 * scale:
            return (units, places)
        places += 1
        scale = scale * 10
    return (round(value * scale), places)


def grouped(digits, lang):
    """A whole number's digits in groups of three from 1,000 on: '1,500' in English, '1 500' (narrow no-break space)
    in French, as each language writes thousands."""
    if len(digits) < 4:
        return digits
    mark = NNBSP if lang_of(lang) == "fr" else ","
    groups = []
    while len(digits) > 3:
        groups.insert(0, digits[-3:])
        digits = digits[:-3]
    return digits + mark + mark.join(groups)


def number_text(value, lang="en", signed=False):
    """A number as the site writes it: 12 -> '12'; -4 -> '−4' (typographic minus); 1.5 -> '1,5' in French;
    1500 -> '1,500' / '1 500'; `signed` adds '+' to positives (+3, −3, 0)."""
    negative = value < 0
    size = -value if negative else value
    if isinstance(size, float):
        units, places = float_units(size)
        shown = decimal_text(units, places, lang)
    else:
        shown = str(size)
    mark = decimal_mark(lang)
    at = shown.find(mark)
    shown = grouped(shown, lang) if at < 0 else grouped(shown[:at], lang) + shown[at:]  # a reader's number only
    if negative and shown != "0":
        return MINUS + shown
    if signed and value > 0:
        return "+" + shown
    return shown


def percent_sign(lang):
    return NNBSP + "%" if lang_of(lang) == "fr" else "%"


def percent_text(value, lang):
    """A percentage: '45 %' (narrow no-break space) in French, '45%' in English."""
    return number_text(value, lang) + percent_sign(lang)


def tenths_text(tenths, lang):
    """A number given in tenths (int): 45 -> '4,5' / '4.5', 40 -> '4', −15 -> '−1,5'."""
    if tenths < 0:
        return MINUS + decimal_text(-tenths, 1, lang)
    return decimal_text(tenths, 1, lang)


def half_text(doubled, lang):
    """A number given doubled (int): 9 -> '4,5' / '4.5'."""
    return tenths_text(doubled * 5, lang)


def half_value(doubled):
    """The plain value of a doubled number: int when whole, else an exact .5 float."""
    if doubled % 2 == 0:
        return doubled // 2
    return doubled / 2


def fraction_tenths_percent(num, den):
    """num/den as a percentage in tenths, rounded half up with integers."""
    return (num * 2000 + den) // (2 * den)


def fraction_percent_text(num, den, lang):
    """An exact fraction as a percentage with at most one decimal; never shows 0 or 100 for a near value."""
    if num <= 0:
        return percent_text(0, lang)
    if num >= den:
        return percent_text(100, lang)
    tenths = fraction_tenths_percent(num, den)
    if tenths < 1:
        return "< " + tenths_text(1, lang) + percent_sign(lang)
    if tenths > 999:
        return "> " + tenths_text(999, lang) + percent_sign(lang)
    return tenths_text(tenths, lang) + percent_sign(lang)


def fraction_text(num, den):
    return str(num) + "/" + str(den)


def term_text(n):
    """A term inside a sum: '+ 3', '− 3'."""
    if n < 0:
        return MINUS + " " + str(-n)
    return "+ " + str(n)


# ---------------------------------------------------------------- results


def output(value, text):
    return {"value": value, "text": text}


def ok_result(outputs, working, details=None):
    result = {"ok": True, "outputs": outputs, "working": working}
    if details is not None:
        result["details"] = details
    return result
