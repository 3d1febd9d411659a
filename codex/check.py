"""The check to run before a pull request: validate the data, build the site strictly, lint and format-check the
code with ruff, run the tests; then print a short report of what failed and where.

    .venv/bin/python -m codex.check            # every step, every test (a few minutes)
    .venv/bin/python -m codex.check --quick    # every step, the tests without a browser (a minute or two)

Exit status 0 when everything passed, 1 otherwise. Data errors are listed as `file:line: field ...: got ...; expected
...` (CONTRIBUTING.md explains each message); build warnings, ruff findings and failing tests are listed by file.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import re
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path.cwd()  # run from the project's root, where mkdocs.yml is


# The tests that need no browser (tests/conftest.py marks the others `browser`): what --quick runs.
QUICK_TESTS = ["-m", "not browser"]


@dataclass
class Step:
    name: str
    problems: list[str] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        return not self.problems


def check_data() -> Step:
    from codex.data.errors import DataErrors
    from codex.data.loading import load_dataset

    step = Step("data (schemas, ids, references)")
    try:
        load_dataset(ROOT / "data")
    except DataErrors as err:
        step.problems = [str(e) for e in err.errors]
    return step


def check_build() -> Step:
    step = Step("strict build (both languages)")
    with tempfile.TemporaryDirectory() as site:
        result = subprocess.run(
            [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", site],
            cwd=ROOT,
            env=dict(os.environ, NO_MKDOCS_2_WARNING="1"),
            capture_output=True,
            text=True,
        )
    lines = [line for line in result.stderr.splitlines() if re.match(r"^(WARNING|ERROR)\b", line)]
    # the line after "invalid data" lists the data errors already reported by the data step
    step.problems = [re.sub(r"\s+-\s+", ": ", line, count=1) for line in lines]
    if result.returncode and not step.problems:
        step.problems = [
            result.stderr.strip().splitlines()[-1] if result.stderr.strip() else f"exit status {result.returncode}"
        ]
    return step


def ruff_step(name: str, *args: str) -> Step:
    """Run ruff (this Python's, configured by pyproject.toml) with `args` over the project; list each finding as
    `file:line:column: CODE message` (for the formatter, CODE is `unformatted`: run `.venv/bin/ruff format FILE`)."""
    step = Step(name)
    if importlib.util.find_spec("ruff") is None:
        step.problems = ["ruff is not installed: .venv/bin/pip install -e '.[test]'"]
        return step
    command = [sys.executable, "-m", "ruff", *args, "--output-format", "concise", "."]
    result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    step.problems = [line for line in result.stdout.splitlines() if re.match(r"^\S.*?:\d+:\d+: ", line)]
    if result.returncode and not step.problems:
        step.problems = [result.stderr.strip() or result.stdout.strip() or f"ruff exit status {result.returncode}"]
    return step


def check_lint() -> Step:
    return ruff_step("lint (ruff check)", "check", "--no-fix")


def check_format() -> Step:
    return ruff_step("formatting (ruff format --check)", "format", "--check")


def check_tests(extra: list[str], name: str = "tests (pytest)") -> Step:
    step = Step(name)
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-rfE", "--tb=line", *extra],
        cwd=ROOT,
        env=dict(os.environ, NO_MKDOCS_2_WARNING="1"),
        capture_output=True,
        text=True,
    )
    for line in result.stdout.splitlines():
        match = re.match(r"^(FAILED|ERROR) (\S+)(?: - (.*))?$", line)
        if match:
            step.problems.append(f"{match.group(2)}: {(match.group(3) or match.group(1).lower())[:200]}")
    if result.returncode not in (0, 5) and not step.problems:
        step.problems = [(result.stdout.strip().splitlines() or [f"pytest exit status {result.returncode}"])[-1]]
    return step


def report(steps: list[Step]) -> int:
    print("\nCodex 2bis — check before a pull request")
    for step in steps:
        status = "ok" if step.passed else f"FAILED ({len(step.problems)})"
        print(f"\n[{status}] {step.name}")
        for problem in step.problems[:30]:
            print(f"  - {problem}")
        if len(step.problems) > 30:
            print(f"  ... and {len(step.problems) - 30} more")
    failed = [s for s in steps if not s.passed]
    print(
        "\n"
        + (
            "All checks passed."
            if not failed
            else f"{len(failed)} step(s) failed: fix the lines above (CONTRIBUTING.md, 'What the errors mean')."
        )
    )
    return 1 if failed else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Validate data, build strictly, lint and format-check, run the tests; report what failed and where."
    )
    parser.add_argument("--quick", action="store_true", help="run only the tests without a browser (-m 'not browser')")
    parser.add_argument("pytest_args", nargs="*", help="passed to pytest (e.g. a test file)")
    args = parser.parse_args(argv)
    steps: list[Step] = []
    for label, run in (("data", check_data), ("build", check_build), ("lint", check_lint), ("format", check_format)):
        steps.append(run())
        print(f"{label}: {'ok' if steps[-1].passed else 'errors'}", flush=True)
    if args.quick:
        print("tests without a browser: running (a minute or two)...", flush=True)
        steps.append(check_tests(QUICK_TESTS + args.pytest_args, 'tests without a browser (pytest -m "not browser")'))
    else:
        print("tests: running (a few minutes)...", flush=True)
        steps.append(check_tests(args.pytest_args))
    return report(steps)


if __name__ == "__main__":
    sys.exit(main())
