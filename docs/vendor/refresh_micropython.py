"""Refresh the vendored MicroPython WebAssembly runtime from its npm package when its version is raised.

    python docs/vendor/refresh_micropython.py 1.27.0

Downloads `@micropython/micropython-webassembly-pyscript@VERSION` with `npm pack` (the npm registry only), copies
its two runtime files unchanged into docs/vendor/micropython-VERSION/ with package.json, writes SHA256SUMS, and
reminds what else names the version (codex/publish/calculators.py, codex-calculators.js, the licence file).
The tests check the served files against SHA256SUMS.
"""

from __future__ import annotations

import hashlib
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

PACKAGE = "@micropython/micropython-webassembly-pyscript"
FILES = ("micropython.mjs", "micropython.wasm", "package.json")


def refresh(version: str) -> Path:
    target = Path(__file__).resolve().parent / f"micropython-{version}"
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(
            ["npm", "pack", f"{PACKAGE}@{version}", "--pack-destination", tmp], check=True, capture_output=True
        )
        archive = next(Path(tmp).glob("*.tgz"))
        with tarfile.open(archive) as tar:
            tar.extractall(tmp, filter="data")
        target.mkdir(exist_ok=True)
        for name in FILES:
            shutil.copyfile(Path(tmp) / "package" / name, target / name)
    sums = [f"{hashlib.sha256((target / n).read_bytes()).hexdigest()}  {n}" for n in FILES[:2]]
    (target / "SHA256SUMS").write_text("\n".join(sums) + "\n", encoding="utf-8")
    if not (target / "LICENSE").exists():
        print(f"Add {target / 'LICENSE'}: the package is MIT-licensed but ships no licence file.")
    print(
        f"Wrote {target}. Now set RUNTIME_VERSION in codex/publish/calculators.py and the runtime path in "
        "docs/overrides/assets/javascripts/codex-calculators.js and tests/micropython_runner.py to " + version
    )
    return target


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    refresh(sys.argv[1])
