"""Run the calculator modules under MicroPython (the vendored WebAssembly runtime, through Node), as the browser
runs them: compiled to bytecode (.mpy) by the build's own compiler (codex/browser_files/bytecode.py).

Shared by the calculator tests: each test builds a list of calls, runs them all in ONE Node process with
`run_calls`, and compares the decoded results with what CPython returns for the same calls.

    from micropython_runner import run_calls, call, shared
    results = run_calls([call("jump", "calculate", form, shared("data"), "fr")], shared={"data": data})
    # -> [{"ok": True, "value": <decoded JSON>}] or [{"ok": False, "error": "<MicroPython traceback>"}]

Arguments and results cross the boundary as JSON, so use only JSON values (str, int, bool, None, lists, dicts with
string keys); tuples come back as lists. A large argument that many calls share (the calculators' data) goes once,
in `shared`, and each call names it with `shared(name)`. Without Node the call fails the test with a clear message
(never a skip).
"""

from __future__ import annotations

import base64
import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from codex.browser_files.bytecode import compile_module

ROOT = Path(__file__).resolve().parent.parent
CALC_DIR = ROOT / "calculators"
RUNNER_MJS = Path(__file__).resolve().parent / "run_micropython.mjs"
RUNTIME_MJS = ROOT / "docs" / "vendor" / "micropython-1.27.0" / "micropython.mjs"


def call(module: str, function: str, *args, **kwargs) -> dict:
    """One call description: module.function(*args, **kwargs)."""
    return {"module": module, "function": function, "args": list(args), "kwargs": kwargs}


def shared(name: str) -> dict:
    """An argument that stands for run_calls(shared={name: ...})[name], sent once for all the calls."""
    return {"$shared": name}


def node_executable() -> str:
    node = shutil.which("node")
    if node is None:
        pytest.fail(
            "Node.js (`node`, version 20 or later) is required to run the calculators under MicroPython "
            "but was not found on PATH; install Node 20 and run the tests again."
        )
    return node


def calculator_bytecode(calc_dir: Path = CALC_DIR) -> dict:
    """Every module of the calculators package as the browser gets it: NAME.mpy -> its bytecode, in base64."""
    return {
        f"{p.stem}.mpy": base64.b64encode(compile_module(p, f"calculators/{p.name}")).decode("ascii")
        for p in sorted(calc_dir.glob("*.py"))
    }


def run_calls(
    calls: list,
    calc_dir: Path = CALC_DIR,
    timeout: float = 300,
    heapsize: int = 16 * 1024 * 1024,
    shared: dict | None = None,
) -> list:
    """Run the calls in one MicroPython instance; return one {"ok", "value"|"error"} dict per call."""
    node = node_executable()
    if not RUNTIME_MJS.is_file():
        pytest.fail(f"MicroPython runtime missing: {RUNTIME_MJS}")
    job = {
        "bytecode": calculator_bytecode(calc_dir),
        "shared": shared or {},
        "calls": list(calls),
        "heapsize": heapsize,
    }
    proc = subprocess.run(
        [node, str(RUNNER_MJS)],
        input=json.dumps(job),
        capture_output=True,
        text=True,
        timeout=timeout,
        env=dict(os.environ, MICROPYTHON_MJS=str(RUNTIME_MJS)),
    )
    if proc.returncode != 0:
        pytest.fail(f"MicroPython runner failed (exit {proc.returncode}):\n{proc.stderr[-4000:]}")
    # split on "\n" only: the results may hold U+0085 or U+2028, which str.splitlines would take for line ends
    lines = [line for line in proc.stdout.split("\n") if line.strip()]
    if not lines:
        pytest.fail(f"MicroPython runner printed nothing:\n{proc.stderr[-4000:]}")
    raw = json.loads(lines[-1])
    results = []
    for entry in raw:
        if entry["ok"]:
            results.append({"ok": True, "value": json.loads(entry["value"])})
        else:
            results.append({"ok": False, "error": entry["error"]})
    return results


def run_one(module: str, function: str, *args, shared: dict | None = None, **kwargs):
    """Run a single call and return its value; fail the test with MicroPython's traceback if it raised."""
    result = run_calls([call(module, function, *args, **kwargs)], shared=shared)[0]
    if not result["ok"]:
        pytest.fail(f"MicroPython raised in {module}.{function}:\n{result['error']}")
    return result["value"]
