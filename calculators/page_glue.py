"""What a calculator form runs: one entry point for the browser (and the tests) that finds the calculator by its
declared id, calls it and returns plain strings and numbers ready to put in the page — outputs, working, an
optional table and notes (which the module's own `page_extras` gives, when it has one). A combat tracker has the
second entry, `track`: the tracker's state and the reader's action in, the new state and what to draw out.

The browser passes the form as strings, the data (rule tables and calculator texts) as JSON and, for "roll for
me", d10 rolls it drew; the JavaScript side only copies the result into the page. MicroPython subset (see
calc_common).
"""

MODULE_CHARACTERS = "abcdefghijklmnopqrstuvwxyz0123456789_"


def calculator_module(calculator_id):
    """The module that declares this calculator id: calculators/<id with '_' for '-'>.py, or None. The name follows
    from the id, so no list of calculators is kept anywhere."""
    if not isinstance(calculator_id, str) or calculator_id == "":
        return None
    name = calculator_id.replace("-", "_")
    for ch in name:
        if ch not in MODULE_CHARACTERS:
            return None
    try:
        module = __import__("calculators." + name, None, None, ["DECLARATION"])
    except ImportError:
        return None
    declaration = getattr(module, "DECLARATION", None)
    if not isinstance(declaration, dict) or declaration.get("id") != calculator_id:
        return None
    return module


def run(calculator, form, data, lang, rolls=()):
    """{"ok", "outputs", "working", "table": {"caption", "columns", "rows"} or None, "notes": [...]} or
    {"ok": False, "error", "field"}."""
    module = calculator_module(calculator)
    if module is None:
        return {"ok": False, "error": "unknown calculator " + str(calculator), "field": ""}
    if not isinstance(form, dict):
        form = {}
    result = module.calculate(form, data, lang)
    if not result.get("ok"):
        return result
    result["table"] = None
    result["notes"] = []
    page_extras = getattr(module, "page_extras", None)
    if page_extras is not None:
        extras = page_extras(form, result, data, lang, rolls)
        if not extras.get("ok"):
            return extras
        result["table"] = extras.get("table")
        result["notes"] = extras.get("notes") or []
    if "details" in result:
        del result["details"]
    return result


def tracker_module(tracker_id):
    """The module that declares this tracker id: calculators/tracker_<id with '_' for '-'>.py, or None."""
    if not isinstance(tracker_id, str) or tracker_id == "":
        return None
    name = "tracker_" + tracker_id.replace("-", "_")
    for ch in name:
        if ch not in MODULE_CHARACTERS:
            return None
    try:
        module = __import__("calculators." + name, None, None, ["TRACKER"])
    except ImportError:
        return None
    declaration = getattr(module, "TRACKER", None)
    if not isinstance(declaration, dict) or declaration.get("id") != tracker_id:
        return None
    return module


def track(tracker, state, action, data, lang, rolls=()):
    """{"ok": True, "state", "view"} (and "text" for an export) or {"ok": False, "error", "field"}: the tracker's
    answer to one action of the reader on the state the page keeps (rolls: d10s the page drew, 1..10)."""
    module = tracker_module(tracker)
    if module is None:
        return {"ok": False, "error": "unknown tracker " + str(tracker), "field": ""}
    if not isinstance(action, dict):
        action = {}
    return module.track(state, action, data, lang, rolls)
