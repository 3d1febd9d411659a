"""What every process of a test run shares: a whole build (the site, the site at its public address, the offline
copy, the books) is made once per run, not once per pytest-xdist worker. The first process to need it makes it under
a lock in the run's temporary folder, the others wait for it and read its status (empty: made; else the error).

A build may also start in the background as soon as a process knows the run will need it (conftest.py starts the
site's after collection), so that quick tests run while it builds: `python -m tests.shared_builds STATUS SITE
[NAME=VALUE...]` builds the site with those variables, holding the lock it inherits, and writes STATUS."""

from __future__ import annotations

import contextlib
import fcntl
import os
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


RUN_FOLDER = "CODEX_TEST_RUN_FOLDER"  # set by the run's first process (conftest.py); its workers inherit it


def open_run_folder() -> Path | None:
    """Make the run's shared folder, unless this process is a worker of a run that has one; returns it if made
    here (to be removed at the run's end)."""
    if os.environ.get(RUN_FOLDER):
        return None
    folder = Path(tempfile.mkdtemp(prefix="codex-test-run-"))
    os.environ[RUN_FOLDER] = str(folder)
    return folder


def run_folder() -> Path:
    return Path(os.environ[RUN_FOLDER])


@contextlib.contextmanager
def locked(path: Path) -> Iterator[None]:
    with open(path, "a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def made_once(name: str, make: Callable[[Path], str]) -> Path:
    """The folder `name` of the run, made by `make(folder)` (which returns '' or what went wrong) in the first
    process that asks, or in the background build that `start` began; fails the test with the error."""
    run = run_folder()
    folder, status = run / name, run / f"{name}.status"
    with locked(run / f"{name}.lock"):
        if not status.exists():
            status.write_text(make(folder), encoding="utf-8")
    problem = status.read_text(encoding="utf-8")
    assert problem == "", f"{name}: {problem}"
    return folder


def build_command(variables: dict[str, str]) -> Callable[[Path], str]:
    """`make` for a strict build of the whole site with these environment variables (conftest.run_mkdocs_build)."""

    def make(folder: Path) -> str:
        from tests.conftest import run_mkdocs_build

        result = run_mkdocs_build(ROOT, folder, **variables)
        return "" if result.returncode == 0 else result.stderr[-4000:] or f"exit status {result.returncode}"

    return make


def start(name: str, variables: dict[str, str]) -> None:
    """Start building the site `name` in the background unless another process has it or is building it."""
    run = run_folder()
    status = run / f"{name}.status"
    handle = open(run / f"{name}.lock", "a")  # the child process keeps it open, and so the lock
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        handle.close()
        return
    try:
        if status.exists():
            return
        pairs = [f"{key}={value}" for key, value in variables.items()]
        subprocess.Popen(
            [sys.executable, "-m", "tests.shared_builds", str(status), str(run / name), *pairs],
            cwd=ROOT,
            pass_fds=(handle.fileno(),),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
    finally:
        handle.close()  # the child holds the lock until it has written the status


def main(status: str, site: str, *pairs: str) -> None:
    variables = dict(pair.split("=", 1) for pair in pairs)
    Path(status).write_text(build_command(variables)(Path(site)), encoding="utf-8")


if __name__ == "__main__":
    main(*sys.argv[1:])
