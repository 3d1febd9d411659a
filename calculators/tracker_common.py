"""What the live combat trackers share: the short text a tracker's state is exported as (and read back from), the
checks of a state kept by the browser, the parsing of what the reader types into a tracker's fields, and the flow of
every tracker's entry point (``run_tracker``).

A tracker module (calculators/tracker_<id with _>.py) holds a TRACKER declaration and ``track(state, action, data,
lang, rolls)``, which hands ``run_tracker`` its FLOW (its own parts and its handlers by action kind); page_glue.track
calls it. The browser keeps the state (localStorage) and sends it back with each
action; every rule decision is the module's. Runs unchanged under CPython and MicroPython (see calc_common).
"""

import json

from calculators.calc_common import (
    Context,
    InputError,
    ascii_lower,
    clean,
    data_document,
    error,
    fill,
    fold,
    number_text,
    parse_int,
)

TRACKER_COMMON = "tracker-common"  # the texts both trackers share (data/calculators/tracker-common.yaml)
HEX = "0123456789abcdef"
MAX_TEXT = 8000  # an exported tracker is a few hundred characters; an import longer than this is refused
MAX_DEPTH = 6  # a kept state's JSON nests 5 deep ({"undo": [state]}: state, combatants, a combatant, its values)
LONGEST_NUMBER = 1000000000  # whole numbers of at most 9 digits


# ---------------------------------------------------------------- the short text (JSON, positional lists)


def to_text(value):
    """A value made of lists, strings, whole numbers, booleans and None as one line of JSON without spaces: the
    short text a tracker is exported as (positional lists, so no key names), every character as it is."""
    try:
        return json.dumps(value, separators=(",", ":"), ensure_ascii=False)
    except TypeError:
        # MicroPython's json takes no ensure_ascii: it writes every character as it is, as CPython does with it
        # False (both escape what is below a space; MicroPython \b and \f as \u0008 and \u000c, read back alike)
        return json.dumps(value, separators=(",", ":"))


def from_text(text, objects=False):
    """The value a `to_text` line stands for: lists, texts, whole numbers of at most 9 digits, booleans and None,
    nested at most MAX_DEPTH deep (spaces around items are read); with `objects`, JSON objects too (a state the page
    kept, as JSON.stringify writes it). ValueError on anything else, damaged or too long.

    Read by the runtime's json. MicroPython's also reads a comma before a closing bracket ("[1,]"), which CPython's
    refuses: a text only a hand edit makes, which the reader's browser reads."""
    if not isinstance(text, str) or len(text) > MAX_TEXT:
        raise ValueError("not a tracker text")
    try:
        value = json.loads(astral_unescaped(text))
    except (ValueError, RuntimeError):  # RuntimeError: CPython's RecursionError, on brackets nested thousands deep
        raise ValueError("not a tracker text") from None
    plain(value, objects, 0)
    return value


def plain(value, objects, depth):
    """ValueError unless `value` is what from_text reads (a float, a long number, an object where none is awaited,
    nesting deeper than MAX_DEPTH)."""
    if depth > MAX_DEPTH:
        raise ValueError("nested too deep")
    if isinstance(value, list):
        for item in value:
            plain(item, objects, depth + 1)
    elif isinstance(value, dict) and objects:
        for key in value:
            plain(value[key], objects, depth + 1)
    elif is_int(value):
        if value >= LONGEST_NUMBER or value <= -LONGEST_NUMBER:
            raise ValueError("a number too long")
    elif not (value is None or isinstance(value, (bool, str))):
        raise ValueError("not a tracker value")


def astral_unescaped(text):
    """The text with each character beyond the first plane that JSON writes as two escaped halves ("\\ud83c\\udff9")
    written as itself; ValueError on a half without its pair. Kept by a measured reason: MicroPython's json reads
    each half as a character of its own, a text CPython's cannot encode, where CPython's joins them."""
    if "\\ud" not in text and "\\uD" not in text:
        return text
    out = []
    at = 0
    while at < len(text):
        if text[at] != "\\":
            out.append(text[at])
            at += 1
            continue
        high = escaped_unit(text, at)
        if high is None or high < 0xD800 or high > 0xDFFF:
            out.append(text[at : at + 2])  # any other escape, kept for json (an escaped backslash too)
            at += 2
            continue
        low = escaped_unit(text, at + 6)
        if high > 0xDBFF or low is None or low < 0xDC00 or low > 0xDFFF:
            raise ValueError("half a character")
        out.append(chr(0x10000 + (high - 0xD800) * 1024 + (low - 0xDC00)))
        at += 12
    return "".join(out)


def escaped_unit(text, at):
    """The code unit of the escape \\uXXXX at `at`, or None when none is there."""
    if text[at : at + 2] != "\\u":
        return None
    value = 0
    for digit in ascii_lower(text[at + 2 : at + 6]):
        if HEX.find(digit) < 0:
            return None
        value = value * 16 + HEX.find(digit)
    return value if len(text[at + 2 : at + 6]) == 4 else None


# ---------------------------------------------------------------- the state the browser keeps


def is_int(value):
    return isinstance(value, int) and not isinstance(value, bool)


def whole(value, lo, hi):
    """A whole number of a kept state within lo..hi, else ValueError."""
    if not is_int(value) or value < lo or value > hi:
        raise ValueError("bad number")
    return value


def text_of(value, longest, empty_ok=False):
    """A text of a kept state, at most `longest` characters, else ValueError."""
    if not isinstance(value, str) or len(value) > longest or (value == "" and not empty_ok):
        raise ValueError("bad text")
    return value


def list_of(value, longest):
    if not isinstance(value, list) or len(value) > longest:
        raise ValueError("bad list")
    return value


def field_of(item, key):
    """item[key] of a dict of a kept state (ValueError when item is no dict or lacks the key)."""
    if not isinstance(item, dict) or key not in item:
        raise ValueError("missing field")
    return item[key]


# ---------------------------------------------------------------- what the reader types


def action_text(action, name):
    """A field of an action as the page sends it: a string, '' when absent."""
    if not isinstance(action, dict):
        return ""
    return clean(action.get(name))


def typed_name(action, field, ctx, longest):
    """A combatant's name as typed (spaces around it dropped); InputError when empty or too long."""
    name = action_text(action, field)
    if name == "":
        raise InputError(error("name_empty", field, ctx))
    if len(name) > longest:
        raise InputError(error("name_long", field, ctx, [("max", str(longest))]))
    return name


def typed_optional_int(action, field, ctx, lo, hi):
    """A whole number typed in a field, within lo..hi, read by calc_common.parse_int (its messages, in the page's
    language); None when the field is left empty. An action is read as a form: a dict of the page's strings."""
    if action_text(action, field) == "":
        return None
    return parse_int(action, field, ctx, lo, hi)


def typed_label(action, field, ctx, longest):
    label = action_text(action, field)
    if len(label) > longest:
        raise InputError(error("label_long", field, ctx, [("max", str(longest))]))
    return label


def combatant_names(state):
    """The names of a state's combatants, in its order."""
    return [c["name"] for c in state["combatants"]]


def typed_combatant(action, field, state, ctx):
    """The index in the state's combatants of the one an action names in `field` (names compared through fold);
    InputError when the field is empty or names nobody."""
    typed = action_text(action, field)
    if typed == "":
        raise InputError(failure(ctx, "who_empty", field))
    index = find_name(combatant_names(state), typed, fold)
    if index < 0:
        raise InputError(failure(ctx, "who_unknown", field, [("name", typed)]))
    return index


def find_name(names, name, fold):
    """The index of `name` among `names`, compared through `fold` (case), or -1."""
    folded = fold(name)
    for i in range(len(names)):
        if fold(names[i]) == folded:
            return i
    return -1


def failure(ctx, key, field, values=()):
    """The contract's error result: a message in the page's language, naming the field it is about."""
    return error(key, field, ctx, values)


class TrackerContext(Context):
    """A tracker's texts in one language: its own file (data/calculators/<id>-tracker.yaml), then those both trackers
    share (tracker-common.yaml), then those of every calculator (common.yaml), then those of the rule's files it
    reads (a setting the tracker shares with its calculator is named once, in the calculator's file)."""

    def __init__(self, data, data_id, lang, reads=()):
        Context.__init__(self, data, data_id, lang)
        self.shared = data_document(self.data, TRACKER_COMMON)
        self.read = [data_document(self.data, doc_id) for doc_id in reads]
        # a text may print a constant of the rule's files it reads, by its id: "1–{surprise-range}"
        for doc_id in reads:
            for item in (data_document(self.data, doc_id) or {}).get("constants") or []:
                self.constant_values.append((item["id"], number_text(item["value"], self.lang)))

    def option(self, value):
        shown = self._pick("options", value)
        return value if shown is None else fill(shown, self.constant_values)

    def _pick(self, section, key):
        for document in [self.own, self.shared, self.common] + self.read:
            if document is None:
                continue
            texts = document.get(section)
            if isinstance(texts, dict) and isinstance(texts.get(key), dict):
                return texts[key].get(self.lang)
        return None


def rolls_list(rolls):
    """The d10 rolls the page drew, each 1..10, in order (anything else left out)."""
    found = []
    if not isinstance(rolls, (list, tuple)):
        return found
    for r in rolls:
        if is_int(r) and 1 <= r <= 10:
            found.append(r)
    return found


# ---------------------------------------------------------------- the entry point every tracker shares


class Turn:
    """One action of the reader, as a tracker's own handlers see it: the state read from the page (a handler changes
    it in place), the action, the data, the tracker's texts (ctx), the rule's constants (rules) and the d10s the page
    drew (a handler takes them from the front of the list)."""

    def __init__(self, state, action, data, ctx, rules, rolls):
        self.state = state
        self.action = action
        self.data = data
        self.ctx = ctx
        self.rules = rules
        self.rolls = rolls


class NewerFormat(ValueError):
    """A kept state or an exported text of a format this version of the site does not know yet: saved by a newer
    version (another device, or a page opened before the site was updated)."""


def _imported(flow, action, ctx, rules):
    """What « Importer » reads: the short line « Exporter » gives, or a state as the page keeps it (the JSON text it
    sets aside when it cannot open a fight: JSON.stringify of the state, or of {"state", "undo"}), each brought to
    today's format; (state, notice keys)."""
    text = action_text(action, "text")
    if len(text) > MAX_TEXT:
        raise InputError(failure(ctx, "import_long", "text", [("max", str(MAX_TEXT))]))
    try:
        if text[:1] == "{":
            value = from_text(text, True)
            if isinstance(value, dict) and "tracker" not in value and isinstance(value.get("state"), dict):
                value = value["state"]
        else:
            value = flow["import_text"](text, rules)
        return kept(flow, value, rules)
    except NewerFormat:
        key = "import_newer"
    except ValueError:
        key = "import_bad"
    raise InputError(failure(ctx, key, "text"))


def numbered(state):
    """Format 0 -> 1: a state kept before the trackers numbered their format has the fields of format 1."""
    return state


def kept(flow, state, rules):
    """The state the page kept, brought to the tracker's format (flow "format") by its migrations, one format after
    the other (a state without a number is format 0), then checked: (state, the keys of the texts its migrations
    say, flow "migration_notices" {format: key}, each once). NewerFormat when a newer version of the site saved it,
    ValueError when it cannot be read otherwise (corrupted, another tracker's)."""
    if not isinstance(state, dict):
        raise ValueError("not a state")
    saved = state.get("format", 0)
    if not is_int(saved) or saved < 0:
        raise ValueError("unknown format")
    if saved > flow["format"]:
        if state.get("tracker") == flow["tracker"]["id"]:
            raise NewerFormat("a newer format")
        raise ValueError("unknown format")
    notices = flow.get("migration_notices") or {}
    said = []
    for version in range(saved, flow["format"]):
        state = flow["migrations"][version](state)
        key = notices.get(version)
        if key is not None and key not in said:
            said.append(key)
    return (flow["read_state"](state, rules), said)


def kept_state(flow, state, rules):
    """The state the page kept, brought to today's format and checked (``kept``, without its notices)."""
    return kept(flow, state, rules)[0]


def run_tracker(flow, state, action, data, lang, rolls):
    """A tracker's `track`: one action of the reader on a state, {"ok": True, "state", "view"} (plus "text" for an
    export), or {"ok": False, "error", "field"} with the message in the page's language; never raises.

    `flow` is what the tracker gives, a dict: "tracker" (its TRACKER), "texts" (the id of its texts' file), "rules"
    (the id of the rule's file its constants come from), "needs" (the data files it cannot run without, the first
    missing one named in the error), "format" (the number of its state's format, which its empty state carries)
    and "migrations" ({format: state of that format → state of the next}), optionally "migration_notices" ({format:
    the key of a text said once when a state of that format is brought to the next, e.g. the rule it was played
    under}), "read_state" (state, rules) → the state checked, or ValueError, "empty_state" () → a new fight,
    "export_text" (state) → the short text, "import_text" (text, rules) → a state of any format ``kept`` reads
    (NewerFormat or ValueError when it cannot), "view" (state, data, lang, announce) → what the page shows,
    "players_view" (state, data, lang) → what the players' window shows (asked for by the kind 'players' only),
    and "actions" {action kind: handler (Turn) → the announcement, raising InputError}. The kinds 'view',
    'players', 'undo', 'reset', 'export' and 'import' are the same for every tracker, and handled here ('players'
    never changes the state; 'import' reads an exported line or a kept state's JSON text).

    A kept state that cannot be read is never dropped in silence: the fight starts afresh, the answer says so
    ("unreadable": True, and the announcement for a 'view', which tells a state saved by a newer version of the
    site from a damaged one), and the page keeps what it held and shows it to be copied (codex-trackers.js). A
    state of an earlier format is brought to today's; what its migrations say (flow "migration_notices") is said by
    the announcement of a 'view' (the page's first answer after loading it): the state answered is of today's
    format, so it is said once."""
    ctx = TrackerContext(data, flow["texts"], lang, flow["tracker"]["reads"])
    for needed in flow["needs"]:
        if data_document(data, needed) is None:
            return failure(ctx, "missing_table", "", [("table", needed)])
    rules = Context(data, flow["rules"], lang).rules
    kind = action_text(action, "action")
    notice = ""
    migrated = []
    try:
        current, migrated = kept(flow, state, rules)
    except NewerFormat:
        current = flow["empty_state"]()
        notice = ctx.text("state_newer", [("aside_title", ctx.text("aside_title"))])
    except ValueError:
        current = flow["empty_state"]()
        if state is not None:
            notice = ctx.text("state_unreadable", [("aside_title", ctx.text("aside_title"))])
    if kind == "players":
        if "players_view" not in flow:
            return failure(ctx, "no_players_view", "", [("action", kind)])
        result = {"ok": True, "state": current, "view": flow["players_view"](current, data, lang)}
        if notice:
            result["unreadable"] = True
        return result
    handler = flow["actions"].get(kind)
    text = None
    try:
        if kind == "view":
            said = " ".join([line for line in [notice] + [ctx.text(key) for key in migrated] if line])
        elif kind == "undo":
            said = ctx.text("undone")
        elif kind == "reset":
            current = flow["empty_state"]()
            said = ctx.text("reset_done")
        elif kind == "export":
            text = flow["export_text"](current)
            said = ctx.text("exported")
        elif kind == "import":
            current, migrated = _imported(flow, action, ctx, rules)
            said = " ".join(
                [ctx.text("imported", [("round", str(current["round"]))])] + [ctx.text(k) for k in migrated]
            )
        elif handler is not None:
            said = handler(Turn(current, action, data, ctx, rules, rolls_list(rolls)))
        else:
            return failure(ctx, "unknown_action", "", [("action", kind[:40])])
    except InputError as exc:
        return exc.result
    result = {"ok": True, "state": current, "view": flow["view"](current, data, lang, said)}
    if text is not None:
        result["text"] = text
    if notice:
        result["unreadable"] = True
    return result
