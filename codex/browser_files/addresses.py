"""Each file the browser loads for a calculator or a tracker, at an address that carries its content's digest
('<name>.<digest>', the first 16 hex digits of its SHA-256): the pages name the files by these addresses
(codex/render: data-modules, data-data) and codex/publish/calculators.py writes them there, from the same bytecode and
the same JSON. codex-calculators.js splits an address back into the name and the digest, and refuses a file whose
content does not have that digest."""

from __future__ import annotations

import hashlib
import json

from codex.browser_files.bytecode import compile_module
from codex.components.package import package_dir

ASSETS = "assets/calculators"  # relative to a language's root
DIGEST_LENGTH = 16  # hex digits of the SHA-256 in an address (codex-calculators.js and the service worker read 16)


def content_digest(content: bytes) -> str:
    """The digest an address carries: the first hex digits of the content's SHA-256."""
    return hashlib.sha256(content).hexdigest()[:DIGEST_LENGTH]


def address(name: str, content: bytes) -> str:
    """'<name>.<digest>': a module's or a data file's name with its content's digest (names hold no dot)."""
    return f"{name}.{content_digest(content)}"


def module_bytecode(name: str) -> bytes:
    """The bytecode the site serves for calculators/<name>.py (compiled once, kept: codex/browser_files/bytecode.py)."""
    return compile_module(package_dir() / f"{name}.py", f"calculators/{name}.py")


def module_address(name: str) -> str:
    """The address of a module's bytecode, as the page names it (data-modules)."""
    return address(name, module_bytecode(name))


def data_json(data: dict) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def data_address(data_file_id: str, data: dict) -> str:
    """The address of a calculator's or a tracker's data (`data`: what the browser gets), as the page names it."""
    return address(data_file_id, data_json(data).encode("utf-8"))


def module_path(module: str) -> str:
    """A module's file, from its address ('<name>.<digest>')."""
    return f"{ASSETS}/python/{module}.mpy"


def data_path(data_file: str) -> str:
    """A data file, from its address ('<id>.<digest>')."""
    return f"{ASSETS}/data/{data_file}.json"
