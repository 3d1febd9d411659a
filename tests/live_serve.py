"""`mkdocs serve` run as a contributor runs it, on a copy of the project, for the test that an edit shows in the open
tab by itself (tests/test_serve.py) and the benchmark that times it (tests/bench_serve.py)."""

from __future__ import annotations

import contextlib
import os
import re
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

from tests.conftest import ADDRESS_VARIABLES

# A value a contributor edits, and where a reader sees it: the stone's hit points when thick, in the materials table of
# the object damage page (both languages show the same number).
EDITED_FILE = "data/tables/materials.yaml"
EDITED_ROW = (
    "  - {id: stone, name: {fr: Pierre, en: Stone}, ac: 4, hardness: 8, hp_thin: 10, hp_normal: 20, hp_thick: %s}"
)
SHOWN_ON = {"fr": "object-damage/", "en": "en/object-damage/"}
SHOWN_CELL = "#materials-stone td:last-child"
READY_LINE = re.compile(r"Serving on (http://\S+)")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def set_stone_hit_points(project: Path, value: int) -> None:
    """Write the stone's thick hit points in the project's materials table, as an editor saves the file."""
    path = project / EDITED_FILE
    text = path.read_text(encoding="utf-8")
    row = re.compile(re.escape(EDITED_ROW.split("%s")[0]) + r"\d+\}")
    assert row.search(text), f"{EDITED_FILE} no longer has the stone's row this test edits"
    path.write_text(row.sub(EDITED_ROW % value, text), encoding="utf-8")


class Served:
    """A running `mkdocs serve`: its address, and the lines it has printed so far (each with the time it came)."""

    def __init__(self, process: subprocess.Popen, url: str, lines: list[tuple[float, str]]) -> None:
        self.process = process
        self.url = url
        self.lines = lines

    def output(self) -> str:
        return "\n".join(line for _, line in self.lines)


@contextlib.contextmanager
def served(project: Path, timeout: float = 120) -> Iterator[Served]:
    """`mkdocs serve` in `project` (its mkdocs.yml), on a free loopback port, until the block ends."""
    port = free_port()
    env = {name: value for name, value in os.environ.items() if name not in ADDRESS_VARIABLES}
    env.update(NO_MKDOCS_2_WARNING="1", PYTHONUNBUFFERED="1")
    command = [sys.executable, "-m", "mkdocs", "serve", "--dev-addr", f"127.0.0.1:{port}"]
    process = subprocess.Popen(
        command, cwd=project, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, bufsize=1
    )
    lines: list[tuple[float, str]] = []
    ready = threading.Event()
    found: list[str] = []

    def read() -> None:
        assert process.stdout is not None
        for line in process.stdout:
            lines.append((time.monotonic(), line.rstrip()))
            match = READY_LINE.search(line)
            if match and not found:
                found.append(match.group(1))
                ready.set()
        ready.set()

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    try:
        ready.wait(timeout)
        assert found, "mkdocs serve did not start:\n" + "\n".join(line for _, line in lines[-40:])
        yield Served(process, found[0].rstrip("/") + "/", lines)
    finally:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
        reader.join(timeout=5)
