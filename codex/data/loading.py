"""Load every data file, validate it against the JSON Schema it names, and check ids and references.

A data file names its schema on its first line (`# yaml-language-server: $schema=...`), which editors use too.
All problems are collected and raised together as `DataErrors`, each naming file, line, field, value and
the expected form. Once a file is valid, French typography is applied to the `fr` text of each of its {fr, en} pairs
(codex/i18n/typography.py), so that every use of the data (pages, tooltips, downloads) gets the same text.
"""

from __future__ import annotations

import functools
import importlib.metadata
import json
import re
from dataclasses import dataclass, field
from pathlib import Path

import yaml
from jsonschema import Draft202012Validator
from referencing import Registry, Resource

from codex.data.errors import DataError, DataErrors
from codex.data.integrity import integrity_errors
from codex.data.positions import SAFE_LOADER, compose, format_path, line_of
from codex.data.reads import ReadLog, RecordedKind
from codex.data.schema_refs import with_refs_in_place
from codex.i18n import typography
from codex.i18n.typography import typeset_french_texts
from codex.kept_files import KeptFiles, digest

SCHEMA_LINE = re.compile(r"^#\s*yaml-language-server:\s*\$schema=(\S+)\s*$")


@dataclass
class Document:
    """One validated data file."""

    path: Path
    schema: str  # schema file name, e.g. "table.schema.json"
    content: dict
    text: str = field(repr=False, default="")  # the file as written, for the line of a field

    @functools.cached_property
    def node(self) -> yaml.Node | None:
        """The file's YAML nodes, which know their lines: read only when a message needs a line."""
        return compose(self.text)

    def line(self, *path: str | int) -> int | None:
        return line_of(self.node, path)


@dataclass
class Dataset:
    """All data of the site, by kind and by id. `reads` notes the files read while a recording is open
    (codex/data/reads.py: the pages an edit touches under `mkdocs serve`)."""

    root: Path
    documents: list[Document]
    reads: ReadLog = field(default_factory=ReadLog, repr=False, compare=False)

    def of_kind(self, schema: str) -> list[Document]:
        found = [d for d in self.documents if d.schema == schema]
        for doc in found:
            self.note(doc)
        return found

    def by_id(self, schema: str) -> dict[str, dict]:
        kind = [d for d in self.documents if d.schema == schema]
        return RecordedKind({d.content["id"]: d.content for d in kind}, self.source_file, self.reads)

    def document(self, doc_id: str) -> Document | None:
        found = next((d for d in self.documents if d.content.get("id") == doc_id), None)
        if found is not None:
            self.note(found)
        return found

    def note(self, doc: Document) -> None:
        if self.reads.files is not None:
            self.reads.note(doc.path.relative_to(self.root.parent).as_posix())

    def source_file(self, doc_id: str) -> str:
        doc = next((d for d in self.documents if d.content.get("id") == doc_id), None)
        return doc.path.relative_to(self.root.parent).as_posix() if doc else ""


def load_schemas(schema_dir: Path) -> Registry:
    """Every schema of data/schemas, addressable by its file name (as the YAML files and $refs name them)."""
    read = {path.name: json.loads(path.read_text("utf-8")) for path in schema_files(schema_dir)}
    registry = Registry()
    for name, schema in with_refs_in_place(read).items():  # validated without a lookup per value
        registry = registry.with_resource(name, Resource.from_contents(schema))
    return registry


def schema_files(schema_dir: Path) -> list[Path]:
    return sorted(schema_dir.glob("*.schema.json"))


def data_files(data_dir: Path) -> list[Path]:
    schema_dir = data_dir / "schemas"
    return sorted(p for p in data_dir.rglob("*.y*ml") if schema_dir not in p.parents)


def load_dataset(data_dir: Path) -> Dataset:
    """Load and check all of data/; raise DataErrors listing every problem found."""
    data_dir = Path(data_dir)
    schemas = tuple((path.name, path.read_bytes()) for path in schema_files(data_dir / "schemas"))
    registry = load_schemas(data_dir / "schemas")
    documents: list[Document] = []
    errors: list[DataError] = []
    for path in data_files(data_dir):
        shown = path.relative_to(data_dir.parent).as_posix()
        doc, doc_errors = load_document_once(path, shown, registry, schemas)
        errors += doc_errors
        if doc is not None:
            documents.append(doc)
    dataset = Dataset(data_dir, documents)
    if not errors:
        errors = integrity_errors(dataset)
    if errors:
        raise DataErrors(errors)
    return dataset


# The last dataset load_dataset_once gave, with what it was loaded from (its folder, each data and schema file's bytes).
_last_loaded: tuple[tuple, Dataset] | None = None


def load_dataset_once(data_dir: Path) -> Dataset:
    """`load_dataset`, reused while the folder's data and schema files read the same bytes: one build of both
    languages (or a `mkdocs serve` rebuild after a change of pages only) loads and validates data/ once, and a changed,
    added or removed file loads it again. The dataset is shared, so its users read it and never change it."""
    global _last_loaded
    data_dir = Path(data_dir)
    files = [*data_files(data_dir), *schema_files(data_dir / "schemas")]
    key = (data_dir, tuple((path, path.read_bytes()) for path in files))
    if _last_loaded is None or _last_loaded[0] != key:
        _last_loaded = (key, load_dataset(data_dir))
    return _last_loaded[1]


# Each file's parse and validation, by its path, its text and the schemas' files: under `mkdocs serve`, an edit of one
# file parses and validates that file alone (the checks across files, integrity_errors, run again on the whole).
_documents: dict[tuple[Path, str, tuple], tuple[Document | None, list[DataError]]] = {}


def load_document_once(
    path: Path, shown: str, registry: Registry, schemas: tuple
) -> tuple[Document | None, list[DataError]]:
    """`load_document`, reused while the file and the schemas read the same."""
    key = (path, path.read_text(encoding="utf-8"), schemas)
    if key not in _documents:
        if len(_documents) > 2000:  # many copies of the project (the tests' broken ones): start afresh
            _documents.clear()
        _documents[key] = load_document(path, shown, registry, schemas)
    return _documents[key]


# A valid file's content, as validated and typeset, kept between builds (codex/kept_files.py) by the engine that loads
# it, the schemas and the file's text: a build after another reads a file's content instead of parsing and validating
# it again (about 0.2 s of the build, before the languages build side by side). Only valid files are kept: an
# invalid one is read again, and its errors said again, at every build.
KEPT = KeptFiles("data", ".json")


@functools.cache
def engine_version() -> str:
    """A digest of the code that reads, validates and typesets a data file, and of the libraries it uses."""
    sources = [*sorted(Path(__file__).parent.glob("*.py")), *sorted(Path(typography.__file__).parent.glob("*.py"))]
    libraries = [f"{name} {importlib.metadata.version(name)}" for name in ("pyyaml", "jsonschema", "referencing")]
    return digest(*libraries, *(path.read_bytes() for path in sources))


def kept_content(key: str) -> dict | None:
    data = KEPT.read(key)
    try:
        return json.loads(data) if data else None
    except ValueError:
        return None


def keep_content(key: str, content: dict) -> None:
    """Keep a valid file's content, when JSON holds it as it is (YAML dates or number keys would come back changed)."""
    try:
        written = json.dumps(content, ensure_ascii=False)
    except (TypeError, ValueError):
        return
    if json.loads(written) == content:
        KEPT.write(key, written.encode())


def load_document(
    path: Path, shown: str, registry: Registry, schemas: tuple = ()
) -> tuple[Document | None, list[DataError]]:
    """Parse one file and validate it against the schema named on its first line (`schemas`, the schema files'
    names and bytes, key the content kept from an earlier build)."""
    text = path.read_text(encoding="utf-8")
    first = text.splitlines()[0] if text else ""
    match = SCHEMA_LINE.match(first)
    if not match:
        return None, [
            DataError(
                shown,
                1,
                "(first line)",
                first,
                "'# yaml-language-server: $schema=<schemas/NAME.schema.json>' naming the file's schema",
            )
        ]
    schema_name = Path(match.group(1)).name
    try:
        schema = registry.contents(schema_name)
    except Exception:
        known = ", ".join(sorted(str(u) for u in registry))
        return None, [DataError(shown, 1, "(first line)", schema_name, f"one of the schemas in data/schemas: {known}")]
    key = digest(engine_version(), *(part for name, data in schemas for part in (name, data)), text) if schemas else ""
    kept = kept_content(key) if key else None
    if kept is not None:
        return Document(path, schema_name, kept, text), []
    try:
        content = yaml.load(text, Loader=SAFE_LOADER)  # a safe loader (SafeLoader or CSafeLoader)
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        line = mark.line + 1 if mark else None
        bad = text.splitlines()[line - 1].strip() if line and line <= len(text.splitlines()) else ""
        return None, [DataError(shown, line, "(YAML syntax)", bad, f"valid YAML ({err.problem})", yaml_fix(text, line))]
    validator = Draft202012Validator(schema, registry=registry)
    found = sorted(validator.iter_errors(content), key=lambda e: list(map(str, e.absolute_path)))
    if found:
        node = compose(text)
        return None, [schema_error(shown, node, e) for e in found]
    typeset = typeset_french_texts(content)
    if key:
        keep_content(key, typeset)
    return Document(path, schema_name, typeset, text), []


LANGUAGE_NAMES = {"fr": "French", "en": "English"}
KEY_LINE = re.compile(r"^(?P<indent>[ ]*)(?:- )?[A-Za-z_][\w-]*:")


def yaml_fix(text: str, line: int | None) -> str:
    """The fix of a YAML syntax error at `line`: in a one-line {...} row, the commas and quotes; else the
    indentation, naming the line above to line up with."""
    lines = text.splitlines()
    if not line or line > len(lines):
        return "compare the line with the lines around it"
    bad = lines[line - 1]
    if "{" in bad or "[" in bad:
        return (
            "in a one-line {...} or [...], separate the fields with ', ', close every bracket, and put a text holding "
            "a ',', ':', '[', ']', '{' or '}' between quotes"
        )
    indent = len(bad) - len(bad.lstrip(" "))
    for number in range(line - 1, 0, -1):
        match = KEY_LINE.match(lines[number - 1])
        if match and len(match["indent"]) != indent and lines[number - 1].strip():
            return (
                f"line {line} starts {indent} spaces in; line up a field with the other fields of its item "
                f"(line {number} starts {len(match['indent'])} spaces in), with spaces, not tabs"
            )
    return f"check the indentation of line {line} (spaces, not tabs)"


def schema_error(shown: str, node: yaml.Node | None, error) -> DataError:
    """Turn a jsonschema error into a DataError that says what was expected in plain words."""
    described = error.schema.get("description") if isinstance(error.schema, dict) else None
    error = deepest(error)
    path = list(error.absolute_path)
    value = error.instance
    expected = error.schema.get("description") if isinstance(error.schema, dict) else None
    expected = expected or described
    if error.validator == "required":
        missing = re.findall(r"'([^']+)' is a required property", error.message)
        if missing:
            path = path + [missing[0]]
            value = None
            expected = f"a required field '{missing[0]}'" + (f" ({expected})" if expected else "")
    elif error.validator == "additionalProperties":
        allowed = sorted(error.schema.get("properties", {}))
        expected = f"only the fields {', '.join(allowed)}" if allowed else "no other field"
    elif not expected:
        expected = error.message
    fix = ""
    if path and path[-1] in LANGUAGE_NAMES and value in (None, ""):
        expected = f"the {LANGUAGE_NAMES[path[-1]]} text"
        fix = f"give the {LANGUAGE_NAMES[path[-1]]} text after '{path[-1]}:' (a text is written in both languages)"
    elif isinstance(value, bool):
        fix = "put the text between quotes: YAML reads an unquoted no, yes, on or off as false or true"
    elif isinstance(value, str) and error.validator == "type" and "object" in str(error.schema.get("type", "")):
        fix = f"write the text in both languages: {{fr: {value}, en: <the English text>}}"
    return DataError(shown, line_of(node, path), format_path(path), value, expected, fix)


def deepest(error):
    """For anyOf/oneOf failures, the branch that got furthest says best what was wrong."""
    while error.context:
        error = max(error.context, key=lambda e: (len(e.absolute_path), e.validator != "type"))
    return error
