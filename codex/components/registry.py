"""The one scan of the rules package for declarations, for both kinds of component: a calculator is a module holding
a DECLARATION, a combat tracker a module `tracker_<id>.py` holding a TRACKER. Each kind (`Kind`) says what differs:
the attribute, the module names it looks at, its JSON Schema (a file of the dataset's `schemas/` folder, so the
plugin's `data_dir`), the error it raises and the word for it in messages.

The modules are imported once and kept, until `forget_components()`: `mkdocs serve` calls it after an edit under
calculators/, so that the next build imports the edited code (the declarations, the rule functions the reference
tables are computed with) and not the copy imported at the first build.
"""

from __future__ import annotations

import importlib
import json
import sys
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import ModuleType

from jsonschema import Draft202012Validator

from codex.components.package import PACKAGE, module_files, package_imports, rules_module
from codex.data.loading import Dataset


@dataclass(frozen=True)
class Kind:
    """A kind of component: `attribute` its declaration's name in its module, `prefix` what its module's name starts
    with (then its id, '_' for '-'), `schema` its declaration's JSON Schema (a file name of data/schemas), `error`
    what a problem raises, `noun` what messages call it."""

    attribute: str
    prefix: str
    schema: str
    error: type[ValueError]
    noun: str


def module_name(kind: Kind, declared_id: str) -> str:
    """The module that declares this id: the kind's prefix, then the id with '_' for '-' (page_glue finds it the same
    way)."""
    return kind.prefix + declared_id.replace("-", "_")


@cache
def declared_modules(kind: Kind) -> dict[str, ModuleType]:
    """Id -> module, for every module of the package whose name starts with the kind's prefix and that holds its
    declaration, sorted by id. Raises the kind's error when a module is not named after the id it declares (the name
    the page imports it by)."""
    found = {}
    for path in module_files():
        if not path.stem.startswith(kind.prefix) or path.stem == "__init__":
            continue
        module = rules_module(path.stem)
        declared = getattr(module, kind.attribute, None)
        if not isinstance(declared, dict):
            continue
        expected = module_name(kind, str(declared.get("id")))
        if expected != path.stem:
            raise kind.error(
                f"calculators/{path.name} declares the {kind.noun} '{declared.get('id')}': its module is named after "
                f"its id ({expected}.py), which is how the page finds it"
            )
        found[declared["id"]] = module
    return dict(sorted(found.items()))


def declarations(kind: Kind) -> dict[str, dict]:
    """Id -> its declaration, for every component of the kind."""
    return {declared_id: getattr(module, kind.attribute) for declared_id, module in declared_modules(kind).items()}


def declaration(kind: Kind, declared_id: str) -> dict:
    """One component's declaration; the kind's error names the declared ones when the id is unknown."""
    known = declarations(kind)
    if declared_id not in known:
        raise kind.error(f"unknown {kind.noun} '{declared_id}' (declared: {', '.join(known) or 'none'})")
    return known[declared_id]


def schema_problems(schema_file: Path, declared: object) -> list[str]:
    """What in a declaration breaks its JSON Schema, in words (each declaration checked once while it and the schema
    read the same: every form and reference table of a build asks again)."""
    return list(problems_of(schema_file.read_text(encoding="utf-8"), json.dumps(declared, sort_keys=True)))


@cache
def problems_of(schema_text: str, declared_json: str) -> tuple[str, ...]:
    errors = schema_validator(schema_text).iter_errors(json.loads(declared_json))
    return tuple(f"{'/'.join(map(str, e.absolute_path)) or '(top)'}: {e.message}" for e in errors)


@cache
def schema_validator(schema_text: str) -> Draft202012Validator:
    """A schema's validator, kept by the schema's text (an edit under serve is read afresh)."""
    return Draft202012Validator(json.loads(schema_text))


def declaration_problems(dataset: Dataset, kind: Kind) -> list[str]:
    """What in the kind's declarations breaks its schema (data/schemas/<kind.schema> of the dataset's folder), each
    problem after its module's file."""
    schema_file = dataset.root / "schemas" / kind.schema
    return [
        f"calculators/{module_name(kind, declared_id)}.py: {kind.attribute} {problem}"
        for declared_id, declared in declarations(kind).items()
        for problem in schema_problems(schema_file, declared)
    ]


def forget_components() -> None:
    """Forget every module of the rules package and what was found in them, so that the next build imports the code
    as it now reads (called by `mkdocs serve` after a change under calculators/)."""
    declared_modules.cache_clear()
    package_imports.cache_clear()
    package = sys.modules[PACKAGE]
    for name in [name for name in sys.modules if name.startswith(PACKAGE + ".")]:
        del sys.modules[name]
        # `from calculators import x` reads the package's attribute before sys.modules
        vars(package).pop(name.removeprefix(PACKAGE + "."), None)
    importlib.invalidate_caches()
