"""The calculators run in the reader's browser under MicroPython 1.27 (WebAssembly), so every file of calculators/
stays in the part of Python that MicroPython runs the same way as CPython. Each rule below names a difference, from
MicroPython's "differences from CPython" and "Unicode support" pages, checked against the vendored runtime:

- imports: MicroPython has almost none of the standard library (no typing, dataclasses, enum, fractions,
  unicodedata...), and what it has (re, json...) differs; the calculators import only their own package and
  `json` (MicroPython's reads what CPython's reads, the vectors check it: tests/test_tracker_vectors.py).
- match statements: a SyntaxError.
- str methods MicroPython lacks: title, ljust, rjust, zfill, casefold, format_map, capitalize, swapcase,
  expandtabs, translate, maketrans, removeprefix, removesuffix, isascii, isidentifier, istitle, isprintable,
  isalnum, isnumeric, isdecimal.
- str methods that see only ASCII in MicroPython but all of Unicode in CPython: lower, upper, isdigit, isalpha,
  isspace, isupper, islower, strip/lstrip/rstrip, splitlines, and split() without a separator (a no-break space
  is whitespace to CPython only); use calc_common's clean, ascii_lower, is_digits.
- int() and float() on text: CPython reads '١٢' and ' 12\u00a0', MicroPython refuses them; use digits_value.
- sort and sorted with key= or reverse=: MicroPython's sort is not stable, so equal keys may come out in another
  order; sort tuples whose last item is unique instead.
- dict order: MicroPython's dicts do not keep insertion order (a dict of a dozen keys iterates in another order),
  so no keys(), values(), items(), and no loop over a dict; set order differs too, so no loop over a set.
- keyword arguments to built-in functions and methods (zip(strict=), str.split(sep=)...): MicroPython's built-ins
  take positional arguments only.
- {**mapping} and [*items] displays: a SyntaxError in MicroPython.
- string formatting with a format spec or %, str.format, format(), round(x, digits): MicroPython rounds floats
  differently (f'{1.25:.1f}' gives '1.3', CPython '1.2'); calc_common formats numbers with integers.
- an f-string next to a plain literal holding braces ("a{}" f"{x}"): MicroPython raises IndexError.
- attributes set on a function, or on a caught built-in exception: MicroPython has no room for them.

Rules of older MicroPython versions that 1.27 no longer needs, so not checked: f-string conversions (!r, !s, !a),
nested format specs, raw f-strings and the '=' specifier all work; annotations, the walrus operator, underscores in
number literals, enumerate(start=), min/max(key=) and getattr(obj, name, default) behave as in CPython.

The last test feeds odd text (no-break spaces, accents, capitals, tabs) into every input of every calculator and
requires the same answers from both Pythons.
"""

from __future__ import annotations

import ast
import builtins
import io
import tokenize
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, example, given, settings
from hypothesis import strategies as st

from calculators.page_glue import run
from codex.components.calculators import declarations
from tests.calculator_vectors import ROLLS, browser_data, default_form
from tests.micropython_runner import call, run_calls, shared

CALC_DIR = Path(__file__).resolve().parent.parent / "calculators"
FILES = sorted(CALC_DIR.glob("*.py"))

MISSING_STR_METHODS = {
    "title",
    "ljust",
    "rjust",
    "zfill",
    "casefold",
    "format_map",
    "capitalize",
    "swapcase",
    "expandtabs",
    "translate",
    "maketrans",
    "removeprefix",
    "removesuffix",
    "isascii",
    "isidentifier",
    "istitle",
    "isprintable",
    "isalnum",
    "isnumeric",
    "isdecimal",
}
ASCII_ONLY_STR_METHODS = {
    "lower",
    "upper",
    "isdigit",
    "isalpha",
    "isspace",
    "isupper",
    "islower",
    "strip",
    "lstrip",
    "rstrip",
    "splitlines",
}
DICT_VIEWS = {"keys", "values", "items"}
BUILTINS_WITHOUT_KEYWORDS = {"zip", "str", "int", "float", "bytes", "round", "sum", "len", "abs", "chr", "ord"}
METHODS_WITHOUT_KEYWORDS = {
    "split",
    "rsplit",
    "join",
    "replace",
    "find",
    "rfind",
    "index",
    "rindex",
    "count",
    "startswith",
    "endswith",
    "encode",
    "decode",
    "append",
    "insert",
    "pop",
    "get",
}
BUILTIN_EXCEPTIONS = {name for name in dir(builtins) if name.endswith(("Error", "Exception"))}


def method_calls(tree: ast.AST):
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            yield node, node.func.attr


def name_calls(tree: ast.AST):
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            yield node, node.func.id


# ---------------------------------------------------------------- the rules: each gives (line, what) per breach


SHIPPED_MODULES = {"json"}  # the modules of MicroPython's own the calculators may import


def imports_other_than_the_package(tree: ast.AST, source: str):
    for node in ast.walk(tree):
        if isinstance(node, ast.Import) and any(a.name not in SHIPPED_MODULES for a in node.names):
            yield node.lineno, "import " + ", ".join(a.name for a in node.names)
        if isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if node.level != 0 or not (module == "calculators" or module.startswith("calculators.")):
                yield node.lineno, f"from {'.' * node.level}{module} import ..."


def match_statements(tree: ast.AST, source: str):
    for node in ast.walk(tree):
        if isinstance(node, ast.Match):
            yield node.lineno, "match statement"


def str_methods_micropython_lacks(tree: ast.AST, source: str):
    for node, name in method_calls(tree):
        if name in MISSING_STR_METHODS:
            yield node.lineno, f".{name}()"


def str_methods_that_see_only_ascii(tree: ast.AST, source: str):
    for node, name in method_calls(tree):
        if name in ASCII_ONLY_STR_METHODS:
            yield node.lineno, f".{name}()"
        if name == "split" and not node.args and not node.keywords:
            yield node.lineno, ".split() without a separator"


def int_or_float_of_text(tree: ast.AST, source: str):
    for node, name in name_calls(tree):
        if name in ("int", "float"):
            yield node.lineno, f"{name}(...)"


def sorts_that_need_stability(tree: ast.AST, source: str):
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or not node.keywords:
            continue
        if (isinstance(node.func, ast.Name) and node.func.id == "sorted") or (
            isinstance(node.func, ast.Attribute) and node.func.attr == "sort"
        ):
            yield node.lineno, "sort with " + ", ".join(f"{k.arg}=" for k in node.keywords)


def dict_or_set_order(tree: ast.AST, source: str):
    for node, name in method_calls(tree):
        if name in DICT_VIEWS and not node.args:
            yield node.lineno, f".{name}() (dict order)"
    scopes = [tree] + [n for n in ast.walk(tree) if isinstance(n, SCOPES)]
    for scope in scopes:
        unordered = set()
        for node in scope_nodes(scope):
            if isinstance(node, ast.Assign) and is_unordered(node.value, set()):
                unordered |= {t.id for t in node.targets if isinstance(t, ast.Name)}
        for node in scope_nodes(scope):
            iterated = []
            if isinstance(node, (ast.For, ast.comprehension)):
                iterated.append(node.iter)
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("list", "tuple"):
                iterated += node.args
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "join":
                iterated += node.args
            for expression in iterated:
                if is_unordered(expression, unordered):
                    yield expression.lineno, "iteration over a dict or a set"


SCOPES = (ast.FunctionDef, ast.Lambda, ast.ClassDef)


def scope_nodes(scope: ast.AST):
    """The nodes of one scope (a module, function or class), without those of the scopes nested in it."""
    pending = list(ast.iter_child_nodes(scope))
    while pending:
        node = pending.pop()
        yield node
        if not isinstance(node, SCOPES):
            pending.extend(ast.iter_child_nodes(node))


def is_unordered(node: ast.AST, names: set[str]) -> bool:
    if isinstance(node, (ast.Dict, ast.DictComp, ast.Set, ast.SetComp)):
        return True
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("dict", "set"):
        return True
    return isinstance(node, ast.Name) and node.id in names


def keywords_to_builtins(tree: ast.AST, source: str):
    for node, name in name_calls(tree):
        if name in BUILTINS_WITHOUT_KEYWORDS and node.keywords:
            yield node.lineno, f"{name}(" + ", ".join(f"{k.arg}=" for k in node.keywords) + ")"
    for node, name in method_calls(tree):
        if name in METHODS_WITHOUT_KEYWORDS and node.keywords:
            yield node.lineno, f".{name}(" + ", ".join(f"{k.arg}=" for k in node.keywords) + ")"


def unpacking_in_displays(tree: ast.AST, source: str):
    for node in ast.walk(tree):
        if isinstance(node, ast.Dict) and any(key is None for key in node.keys):
            yield node.lineno, "{**mapping}"
        if isinstance(node, (ast.List, ast.Tuple, ast.Set)) and isinstance(node.ctx, ast.Load):
            if any(isinstance(e, ast.Starred) for e in node.elts):
                yield node.lineno, "[*items]"


def formatting_with_a_spec(tree: ast.AST, source: str):
    for node in ast.walk(tree):
        if isinstance(node, ast.FormattedValue) and node.format_spec is not None:
            yield node.lineno, "f-string format spec"
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod):
            if isinstance(node.left, (ast.Constant, ast.JoinedStr)) and not isinstance(
                getattr(node.left, "value", ""), (int, float)
            ):
                yield node.lineno, "% formatting"
    for node, name in method_calls(tree):
        if name == "format":
            yield node.lineno, ".format()"
    for node, name in name_calls(tree):
        if name == "format":
            yield node.lineno, "format()"
        if name == "round" and len(node.args) > 1:
            yield node.lineno, "round(x, digits)"


def fstring_next_to_a_literal_with_braces(tree: ast.AST, source: str):
    tokens = [t for t in tokenize.generate_tokens(io.StringIO(source).readline) if t.type not in SKIPPED_TOKENS]
    for previous, token in zip(tokens, tokens[1:]):
        if previous.type == tokenize.STRING and token.type == tokenize.STRING:
            pair = [previous.string, token.string]
            kinds = [is_fstring(s) for s in pair]
            if kinds[0] != kinds[1] and any("{" in s or "}" in s for s, f in zip(pair, kinds) if not f):
                yield token.start[0], "f-string next to a literal holding braces"


SKIPPED_TOKENS = {tokenize.NL, tokenize.NEWLINE, tokenize.COMMENT, tokenize.INDENT, tokenize.DEDENT}


def is_fstring(literal: str) -> bool:
    prefix = literal[: min(i for i in (literal.find("'"), literal.find('"')) if i >= 0)]
    return "f" in prefix.lower()


def attributes_micropython_cannot_hold(tree: ast.AST, source: str):
    functions = {n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)}
    caught = {
        h.name
        for h in ast.walk(tree)
        if isinstance(h, ast.ExceptHandler)
        and h.name
        and isinstance(h.type, ast.Name)
        and h.type.id in BUILTIN_EXCEPTIONS
    }
    for node in ast.walk(tree):
        targets = (
            node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(node, ast.AugAssign) else []
        )
        for target in targets:
            if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name):
                if target.value.id in functions:
                    yield node.lineno, f"attribute on the function {target.value.id}"
                if target.value.id in caught:
                    yield node.lineno, f"attribute on the built-in exception {target.value.id}"


RULES = [
    imports_other_than_the_package,
    match_statements,
    str_methods_micropython_lacks,
    str_methods_that_see_only_ascii,
    int_or_float_of_text,
    sorts_that_need_stability,
    dict_or_set_order,
    keywords_to_builtins,
    unpacking_in_displays,
    formatting_with_a_spec,
    fstring_next_to_a_literal_with_braces,
    attributes_micropython_cannot_hold,
]


def breaches(rule, source: str) -> list[tuple[int, str]]:
    return list(rule(ast.parse(source), source))


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.__name__)
@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_the_calculators_stay_in_the_micropython_subset(path, rule):
    found = breaches(rule, path.read_text(encoding="utf-8"))
    assert not found, f"calculators/{path.name}: " + "; ".join(f"line {line}: {what}" for line, what in found)


# Each rule finds what it refuses (so a rule that checks nothing cannot pass unnoticed).
BREACHES = {
    imports_other_than_the_package: [
        "import re",
        "import json, re",
        "from typing import Any",
        "from . import calc_common",
        "from json import loads",
    ],
    match_statements: ["match x:\n    case 1:\n        pass"],
    str_methods_micropython_lacks: ["name.title()", "s.ljust(3)", "s.isdecimal()", "s.format_map({})"],
    str_methods_that_see_only_ascii: ["s.strip()", "s.lower()", "s.isdigit()", "s.split()", "s.rstrip(',')"],
    int_or_float_of_text: ["int(text)", "float('1.5')"],
    sorts_that_need_stability: ["rows.sort(key=len)", "sorted(rows, reverse=True)"],
    dict_or_set_order: ["for k in d.items(): pass", "d = {}\nfor k in d: pass", "list({1, 2})", "x = d.keys()"],
    keywords_to_builtins: ["zip(a, b, strict=True)", "s.split(sep=',')", "str(b, encoding='utf8')"],
    unpacking_in_displays: ["{**a, 'b': 1}", "[*a, *b]"],
    formatting_with_a_spec: ["f'{x:.1f}'", "'%d' % 3", "'{}'.format(x)", "format(x, '.2f')", "round(x, 2)"],
    fstring_next_to_a_literal_with_braces: ["x = 'a{}a' f'{y}'", "x = f'{y}' 'b}'"],
    attributes_micropython_cannot_hold: [
        "def f():\n    pass\nf.cache = 1",
        "try:\n    pass\nexcept ValueError as e:\n    e.field = 'x'",
    ],
}
ALLOWED = [
    "from calculators.calc_common import clean",
    "import json",
    "s.split(',')",
    "sorted(rows)",
    "rows.sort()",
    "x = f'{y}' 'b'",
    "for k in [1, 2]: pass",
    "text = 'a' + str(n)",
    "class E(Exception):\n    def __init__(self, r):\n        self.result = r",
    "getattr(m, 'name', None)",
]


@pytest.mark.parametrize(
    "rule, source",
    [
        pytest.param(rule, source, id=f"{rule.__name__}-{i}")
        for rule, sources in BREACHES.items()
        for i, source in enumerate(sources)
    ],
)
def test_each_rule_finds_what_it_refuses(rule, source):
    assert breaches(rule, source), (rule.__name__, source)


@pytest.mark.parametrize("source", ALLOWED)
def test_what_micropython_runs_alike_passes_every_rule(source):
    assert [(rule.__name__, breaches(rule, source)) for rule in RULES if breaches(rule, source)] == []


# ---------------------------------------------------------------- odd text: both Pythons read it alike

ODD_SPACES = ["", " ", "  ", "\t", "\u00a0", "\u202f", "\u2009", "\u3000", "\u2028", "\x85", "\x0b"]
ACCENTED = {"a": "àÀ", "e": "éÉèÊ", "i": "îÏ", "o": "ôÖœŒ", "u": "ùÜ", "c": "çÇ", "n": "ñÑ"}
CALCULATORS = list(declarations())


@st.composite
def odd_variant(draw, text: str) -> str:
    """A value as a reader may type it: odd whitespace around its separators and at its ends, letters in upper case
    or accented, a minus sign for a hyphen."""
    out = [draw(st.sampled_from(ODD_SPACES))]
    for ch in text:
        if ch in " ,:" and draw(st.booleans()):
            out.append(
                draw(st.sampled_from(ODD_SPACES)) + (ch if ch != " " else "") + draw(st.sampled_from(ODD_SPACES))
            )
        elif ch.isalpha() and draw(st.integers(0, 2)) == 0:
            out.append(draw(st.sampled_from([ch.upper(), ch.lower(), *ACCENTED.get(ch.lower(), ch)])))
        elif ch == "-" and draw(st.booleans()):
            out.append("\u2212")
        else:
            out.append(ch)
    out.append(draw(st.sampled_from(ODD_SPACES)))
    return "".join(out)


def typical_values(calculator_id: str, lang: str) -> dict[str, list[str]]:
    """Per input: what a reader would type there (its default, its declared examples, the choices it offers)."""
    from calculators.calc_common import Context, row_checkboxes
    from tests.calculator_vectors import browser_data, choice_values

    form = default_form(calculator_id, lang)
    values = {}
    for spec in declarations()[calculator_id]["inputs"]:
        name = spec["name"]
        if spec["kind"] == "checkboxes":  # one checkbox per row of its table, each named by the row's id
            context = Context(browser_data(), calculator_id, lang)
            for row_id, _ in row_checkboxes(spec, context):
                values[row_id] = [form[row_id], "on", "ON", "oui", "yes, 12, OUI, 3"]
            continue
        values[name] = [form[name], *spec.get("examples", []), "oui", "yes, 12, OUI, 3"]
        if spec["kind"] == "choice":
            values[name] += choice_values(calculator_id, spec, lang)
    return values


@st.composite
def odd_forms(draw):
    """A calculator, a language and its default form with odd variants of typical values in some of its inputs."""
    calculator_id = draw(st.sampled_from(CALCULATORS))
    lang = draw(st.sampled_from(["fr", "en"]))
    form = default_form(calculator_id, lang)
    typical = typical_values(calculator_id, lang)
    for name in form:
        if draw(st.booleans()):
            form[name] = draw(odd_variant(draw(st.sampled_from(typical[name]))))
    return calculator_id, lang, form


# One MicroPython run per batch of forms; a failing batch is reported whole (shrinking would rerun Node for minutes).
@settings(
    max_examples=5,
    deadline=None,
    phases=[Phase.explicit, Phase.reuse, Phase.generate],
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(st.lists(odd_forms(), min_size=100, max_size=100))
@example(
    [
        ("initiative", "fr", {**default_form("initiative", "fr"), "combatants": "Reivax, 16, OUI\u00a0, 3"}),
        ("initiative-points", "en", {"combatants": "\u00c9LISE\u202f8", "actions": "élise\u00a03 feint\u2009"}),
        ("jump", "en", {**default_form("jump", "en"), "run_up": "\u00a0ON", "strength": "\u202f12\u00a0"}),
    ]
)
def test_odd_text_in_every_input_gets_the_same_answer_from_both_pythons(batch):
    data = browser_data()
    results = run_calls(
        [call("page_glue", "run", c, form, shared("data"), lang, ROLLS) for c, lang, form in batch],
        shared={"data": data},
    )
    for (calculator_id, lang, form), result in zip(batch, results, strict=True):
        assert result["ok"], f"MicroPython raised for {calculator_id} {form!r}:\n{result['error']}"
        assert result["value"] == run(calculator_id, form, data, lang, ROLLS), (calculator_id, lang, form)
