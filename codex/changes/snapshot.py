"""The rules as of one commit, or as the working tree holds them: the data files as loaded (French typography
applied, no schema validation) and both languages' pages as Markdown.

Reading is tolerant: an old commit may hold a file that does not parse, or data of an older shape; such a file is
left out rather than stopping the history. A commit is read with one `git ls-tree` and one `git cat-file --batch`
process, and what was read and parsed once is kept (by blob id and by text), since consecutive commits share most
of their files: the history diffs every commit."""

from __future__ import annotations

import re
import subprocess
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

import yaml

from codex.data.positions import SAFE_LOADER
from codex.git import git_output
from codex.i18n.typography import typeset_french_texts

LANGS = ("fr", "en")
DATA_DIR = "data/"
SKIPPED_DIRS = ("data/schemas/", "data/seeds/")
SCHEMA_LINE = re.compile(r"^#\s*yaml-language-server:\s*\$schema=(\S+)\s*$")
# The kind of a data file whose first line names no schema, by where it lies (what older commits did).
KIND_BY_FOLDER = {"data/tables/": "table", "data/open-questions/": "open-question", "data/calculators/": "calculator"}
# A page macro's call and its first argument: table('materials'), conditions(), calculator("jump")...
MACRO_CALL = re.compile(r"\b(?P<macro>[a-z_]+)\(\s*(?:['\"](?P<id>[^'\"\n]+)['\"])?")
FRONT_MATTER = re.compile(r"\A---[ \t]*\r?\n(?P<yaml>.*?)\r?\n---[ \t]*(?:\r?\n|\Z)", re.DOTALL)
CACHE_LIMIT = 20000  # entries of each cache; a few times the files of a whole history


@dataclass
class Snapshot:
    """The rules at one point of the history. Shared between snapshots (from the caches): read, never change."""

    tables: dict[str, dict] = field(default_factory=dict)  # table id -> table
    conditions: dict[str, dict] = field(default_factory=dict)  # condition id -> item
    questions: dict[str, dict] = field(default_factory=dict)  # open question id -> question
    glossary: dict[str, dict] = field(default_factory=dict)  # entry id -> item
    documents: dict[str, dict] = field(default_factory=dict)  # document id -> item of data/documents.yaml
    pages: dict[str, dict[str, str]] = field(default_factory=dict)  # lang -> page path -> Markdown
    condition_sets: dict[str, dict] = field(default_factory=dict)  # conditions collection id -> collection
    action_kinds: dict[str, dict] = field(default_factory=dict)  # action-kinds collection id -> collection
    calculators: dict[str, dict] = field(default_factory=dict)  # calculator id -> its data (texts, constants)
    _shown_on: dict[tuple[str, str], str] | None = field(default=None, repr=False, compare=False)

    def condition_set(self, condition_id: str) -> tuple[str, dict]:
        """The id and content of the collection that holds a condition (its title and source), ('', {}) if none."""
        for collection_id, collection in self.condition_sets.items():
            if any(_item_id(item) == condition_id for item in _items(collection)):
                return collection_id, collection
        return "", {}

    def document_of_seed(self, seed: object) -> str:
        """The id of the source document stored as `seed` (a `source: {seed: FILE}`), '' if none."""
        return next((doc_id for doc_id, item in self.documents.items() if item.get("file") == seed), "")

    def page_document(self, page: str) -> str:
        """The source document a page belongs to: the document whose `folder` holds it, '' for the site's own
        pages (those lowered in search: home, glossary, tools...), else the document that has no folder."""
        if self.is_site_page(page):
            return ""
        folder = page.split("/", 1)[0] if "/" in page else None
        without_folder = ""
        for doc_id, item in self.documents.items():
            if item.get("folder") and item.get("folder") == folder:
                return doc_id
            if not item.get("folder") and not without_folder:
                without_folder = doc_id
        return without_folder

    def is_site_page(self, page: str) -> bool:
        """A page that gathers rather than rules: its front matter lowers it in search (`search: boost` below 1)."""
        for lang in LANGS:
            markdown = self.pages.get(lang, {}).get(page)
            if markdown is not None:
                boost = (front_matter(markdown).get("search") or {}).get("boost", 1)
                return isinstance(boost, (int, float)) and boost < 1
        return False

    def page_showing(self, macro: str, item_id: str) -> str:
        """The page that calls `macro(item_id)` (or `macro()`, for a collection shown by default), a rule page
        rather than a site page, French before English; '' if none."""
        if self._shown_on is None:
            self._shown_on = {}
            pages = [(lang, page) for lang in LANGS for page in sorted(self.pages.get(lang, {}))]
            for lang, page in sorted(pages, key=lambda p: self.is_site_page(p[1])):
                for call in MACRO_CALL.finditer(self.pages[lang][page]):
                    self._shown_on.setdefault((call["macro"], call["id"] or ""), page)
        return self._shown_on.get((macro, item_id)) or self._shown_on.get((macro, ""), "")


def is_rules_file(path: str) -> bool:
    """A data file (not a schema, not a seed) or a page of one language."""
    if path.startswith(DATA_DIR):
        return path.endswith((".yaml", ".yml")) and not path.startswith(SKIPPED_DIRS)
    return any(path.startswith(f"docs/{lang}/") for lang in LANGS) and path.endswith(".md")


def data_kind(path: str, text: str) -> str:
    """'table', 'conditions', 'glossary'... from the schema named on the first line, else from the file's place."""
    first = text.split("\n", 1)[0]
    match = SCHEMA_LINE.match(first)
    if match:
        return PurePosixPath(match.group(1)).name.removesuffix(".schema.json")
    for folder, kind in KIND_BY_FOLDER.items():
        if path.startswith(folder):
            return kind
    return PurePosixPath(path).stem


_parsed: dict[str, object] = {}


def parse_yaml(text: str) -> object:
    """The file's content with French typography applied, or None when it does not parse."""
    if text in _parsed:
        return _parsed[text]
    try:
        content = typeset_french_texts(yaml.load(text, Loader=SAFE_LOADER))
    except yaml.YAMLError:
        content = None
    except (ValueError, TypeError, AttributeError):  # parsed, but of a shape typesetting cannot walk
        content = None
    if len(_parsed) >= CACHE_LIMIT:
        _parsed.clear()
    _parsed[text] = content
    return content


def front_matter(markdown: str) -> dict:
    """A page's YAML front matter, {} if none or if it does not parse."""
    match = FRONT_MATTER.match(markdown)
    content = parse_yaml(match["yaml"]) if match else None
    return content if isinstance(content, dict) else {}


def _items(collection: object) -> list[dict]:
    items = collection.get("items") if isinstance(collection, dict) else None
    return [i for i in items if isinstance(i, dict) and isinstance(i.get("id"), str)] if isinstance(items, list) else []


def _item_id(item: dict) -> str:
    return item.get("id", "")


def read_snapshot(files: Mapping[str, str]) -> Snapshot:
    """The snapshot of these files (path from the repository's root -> text); other files are ignored."""
    snapshot = Snapshot(pages={lang: {} for lang in LANGS})
    for path in sorted(files):
        if not is_rules_file(path):
            continue
        text = files[path]
        if path.startswith(DATA_DIR):
            add_data_file(snapshot, path, text)
        else:
            lang, _, page = path.removeprefix("docs/").partition("/")
            snapshot.pages[lang][page] = text
    return snapshot


def add_data_file(snapshot: Snapshot, path: str, text: str) -> None:
    """File the parsed content under its kind; a file that does not parse or has no id is skipped."""
    content = parse_yaml(text)
    if not isinstance(content, dict):
        return
    kind = data_kind(path, text)
    file_id = content.get("id") if isinstance(content.get("id"), str) else PurePosixPath(path).stem
    if kind == "table":
        snapshot.tables[file_id] = content
    elif kind == "open-question":
        snapshot.questions[file_id] = content
    elif kind == "calculator":
        snapshot.calculators[file_id] = content
    elif kind == "conditions":
        snapshot.condition_sets[file_id] = content
        snapshot.conditions.update((_item_id(item), item) for item in _items(content))
    elif kind == "action-kinds":
        snapshot.action_kinds[file_id] = content
    elif kind == "glossary":
        snapshot.glossary.update((_item_id(item), item) for item in _items(content))
    elif kind == "documents":
        snapshot.documents.update((_item_id(item), item) for item in _items(content))


def snapshot_of_tree(root: Path) -> Snapshot:
    """The rules as the working tree holds them (files as saved, committed or not)."""
    root = Path(root)
    files: dict[str, str] = {}
    for folder in ("data", *(f"docs/{lang}" for lang in LANGS)):
        for path in sorted((root / folder).rglob("*")):
            relative = path.relative_to(root).as_posix()
            if path.is_file() and is_rules_file(relative):
                try:
                    files[relative] = path.read_text(encoding="utf-8")
                except (OSError, UnicodeDecodeError):
                    continue
    return read_snapshot(files)


class GitError(RuntimeError):
    """git could not list or read a commit's files (no git, no such commit, a shallow history)."""


_blobs: dict[str, str] = {}  # blob id -> text


def snapshot_at(repo: Path, commit: str) -> Snapshot:
    """The rules as of `commit` (any revision git understands) in the repository at `repo`; GitError if git
    cannot read it."""
    listing = git_output(Path(repo), "ls-tree", "-r", "-z", "--full-tree", commit, "--", "data", "docs")
    if listing is None:
        raise GitError(f"git cannot list the files of '{commit}' in {repo}")
    wanted: dict[str, str] = {}  # path -> blob id
    for entry in filter(None, listing.split("\0")):
        meta, _, path = entry.partition("\t")
        _mode, kind, blob = meta.split()
        if kind == "blob" and is_rules_file(path):
            wanted[path] = blob
    missing = sorted({blob for blob in wanted.values() if blob not in _blobs})
    if len(_blobs) + len(missing) > CACHE_LIMIT:
        _blobs.clear()
        missing = sorted(set(wanted.values()))
    _blobs.update(read_blobs(Path(repo), missing))
    return read_snapshot({path: _blobs[blob] for path, blob in wanted.items() if blob in _blobs})


def read_blobs(repo: Path, blobs: Iterable[str]) -> dict[str, str]:
    """Blob id -> text, read by one `git cat-file --batch`; a blob that is not UTF-8 text is left out."""
    blobs = list(blobs)
    if not blobs:
        return {}
    try:
        result = subprocess.run(
            ["git", "-C", str(repo), "cat-file", "--batch"],
            input="".join(f"{blob}\n" for blob in blobs).encode(),
            capture_output=True,
            timeout=120,
            check=True,
        )
    except (OSError, subprocess.SubprocessError) as err:
        raise GitError(f"git cannot read the files of {repo}: {err}") from None
    out = result.stdout
    texts: dict[str, str] = {}
    position = 0
    for blob in blobs:
        header_end = out.index(b"\n", position)
        header = out[position:header_end].split()
        position = header_end + 1
        if len(header) < 3 or header[1] == b"missing":
            continue
        size = int(header[2])
        content = out[position : position + size]
        position += size + 1  # the content, then a newline
        try:
            texts[blob] = content.decode("utf-8")
        except UnicodeDecodeError:
            continue
    return texts
