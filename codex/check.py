"""The check to run before a pull request, and after each change: every mistake named where it was made.

    .venv/bin/python -m codex.check --quick    # data, both builds into site/, calculators, ruff: seconds
    .venv/bin/python -m codex.check            # the same, then every test, the browser's included (minutes)

--quick needs no browser: it validates the data (file:line, field, expected form, fix), checks the terminology and
the English style sheet, builds both languages strictly into site/ (where `mkdocs serve` and the README say the site
is), which also checks the macro calls of every page, the twin pages and both navigations, the links and anchors,
the wiki links and the open questions each page shows (codex/mistakes/), then what the English open questions quote
against the built pages and the author's words character for character (the pages' author's-text blocks, the open
questions' French quotations), replays each calculator's stored vectors under CPython (a value a calculator reads
changed: the vectors say so, with the command that refreshes them), and runs ruff and the layers' contracts
(import-linter). Exit status 0 when everything
passed, 1 otherwise; CONTRIBUTING.md ("What the errors mean") explains each message.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import re
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path.cwd()  # run from the project's root, where mkdocs.yml is


@dataclass
class Step:
    name: str
    problems: list[str] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        return not self.problems


def check_data() -> Step:
    from codex.data.errors import DataErrors
    from codex.mistakes.data_checks import load_checked

    step = Step("data (schemas, ids, references; against the pages and the seeds)")
    try:
        load_checked(ROOT / "data")
    except DataErrors as err:
        step.problems = [str(e) for e in err.errors]
    return step


def start_build() -> subprocess.Popen:
    """The strict build of both languages into site/, started in the background: the other quick steps run beside it."""
    return subprocess.Popen(
        [sys.executable, "-m", "mkdocs", "build", "--strict"],
        cwd=ROOT,
        env=dict(os.environ, NO_MKDOCS_2_WARNING="1"),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def check_build(build: subprocess.Popen | None = None) -> Step:
    step = Step("strict build of both languages into site/ (pages, macros, twins and navs, links, wiki links)")
    _, log = (build or start_build()).communicate()
    step.problems = build_problems(log)
    if build is not None and build.returncode and not step.problems:
        step.problems = [log.strip().splitlines()[-1] if log.strip() else f"exit status {build.returncode}"]
    return step


# What MkDocs adds around our messages, which names no mistake.
MKDOCS_OWN_WORDS = ("Aborted with", "Error reading page")


def build_problems(log: str) -> list[str]:
    """The build's warnings and errors, each once, with the lines that continue them; not the data errors (the data
    step lists them) nor MkDocs' closing words."""
    problems: list[str] = []
    for record in re.split(r"^(?=(?:WARNING|ERROR|INFO|DEBUG)\b)", log, flags=re.MULTILINE):
        level, _, message = record.partition(" -  ")
        message = message.strip()
        if level.strip() not in ("WARNING", "ERROR") or not message:
            continue
        if message.startswith(("invalid data, the build stops", "the build of ")) or message.startswith("Aborted"):
            continue
        for line in message.splitlines():
            line = line.strip()
            if line and line not in problems and not line.startswith(MKDOCS_OWN_WORDS):
                problems.append(line)
    return problems


def check_terminology() -> Step:
    """No page or data text uses a variant the glossary avoids (codex/mistakes/terminology.py)."""
    from codex.data.loading import load_dataset
    from codex.mistakes.terminology import terminology_problems
    from codex.site_languages import project_languages

    step = Step("terminology (the glossary's variants to avoid)")
    dataset = load_dataset(ROOT / "data")
    for lang in project_languages(ROOT):
        step.problems += [str(p) for p in terminology_problems(dataset, ROOT / "docs" / lang, lang)]
    return step


def check_english_style() -> Step:
    """The English style sheet: units, typographic quotes, hit points, dice, thousands, spells, the words it avoids, a
    bare "turn", the glossary's English as long as its French (codex/mistakes/english_style.py); a UI text names a
    control by its label (codex/mistakes/control_labels.py)."""
    from codex.data.loading import load_dataset
    from codex.mistakes.control_labels import control_label_problems
    from codex.mistakes.english_style import english_style_problems

    step = Step(
        "English style (units, quotes, hit points, dice, thousands, spells, words to avoid, turn, glossary; the UI "
        "texts name each control by its label)"
    )
    dataset = load_dataset(ROOT / "data")
    problems = english_style_problems(dataset, ROOT / "docs" / "en") + control_label_problems(dataset)
    step.problems = [str(p) for p in problems]
    return step


def check_quotations() -> Step:
    """What the English open questions quote, the built pages say word for word (codex/mistakes/quotations.py); the
    author's words, in the built pages' author's-text blocks and the open questions' French quotations, are his
    character for character (codex/mistakes/verbatim.py)."""
    from codex.data.integrity import listed_documents
    from codex.data.loading import load_dataset
    from codex.mistakes.quotations import misquotations
    from codex.mistakes.verbatim import author_text_problems, quotation_problems
    from codex.sources.passages import source_texts

    step = Step(
        "quotations (the built English pages say the open questions' word for word; the author's words are his, "
        "character for character)"
    )
    dataset = load_dataset(ROOT / "data")
    sources = source_texts(dataset.root, listed_documents(dataset))
    problems = misquotations(dataset, ROOT / "site" / "en")
    problems += author_text_problems(ROOT / "site", ROOT / "docs", sources) + quotation_problems(dataset, sources)
    step.problems = [str(p) for p in problems]
    return step


def check_calculators() -> Step:
    """Each calculator's stored vectors (tests/calculator_vectors/) against what CPython computes now: a rule, a text
    or a value a calculator reads changed without the vectors being refreshed."""
    step = Step("calculators (stored vectors replayed under CPython)")
    sys.path.insert(0, str(ROOT))
    try:
        from codex.components.calculators import declarations
        from tests.calculator_vectors import compute_vectors, read_vectors, vector_path
    except ImportError as err:
        step.problems = [f"cannot load the calculators: {err}"]
        return step
    for calculator_id in sorted(declarations()):
        path = vector_path(calculator_id).relative_to(ROOT)
        try:
            stale = not vector_path(calculator_id).is_file() or read_vectors(calculator_id) != compute_vectors(
                calculator_id
            )
        except Exception as err:  # a calculator that raises is a problem to report, not a crash of the check
            step.problems.append(f"{path}: the calculator {calculator_id} fails: {err!r}")
            continue
        if not vector_path(calculator_id).is_file():
            step.problems.append(
                f"{path}: missing (a new calculator). Fix: run .venv/bin/python tests/calculator_vectors.py "
                f"{calculator_id} and commit the file it writes"
            )
        elif stale:
            step.problems.append(
                f"{path}: stale (the calculator or the data it reads changed). Fix: run "
                f".venv/bin/python tests/calculator_vectors.py {calculator_id}, read the diff (only what you meant to "
                "change may differ) and commit it"
            )
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


# import-linter's command, run on a project's folder (its pyproject.toml's contracts, its own codex/ and calculators/).
LINT_IMPORTS = "from importlinter.cli import lint_imports_command; lint_imports_command()"
BROKEN_IMPORT = re.compile(r"^-?\s*(?P<module>[\w.]+) -> (?P<imported>[\w.]+) \(l\.(?P<line>\d+)")


def lint_imports(project: Path) -> subprocess.CompletedProcess:
    """import-linter's contracts (pyproject.toml, [tool.importlinter]) checked on `project`'s own code."""
    return subprocess.run(
        [sys.executable, "-c", LINT_IMPORTS, "--no-cache"],
        cwd=project,
        env=dict(os.environ, PYTHONPATH=str(project)),
        capture_output=True,
        text=True,
    )


def check_layers(project: Path = ROOT) -> Step:
    """The engine's layers: each package imports only from the layers below its own, the rules code nothing of the
    engine, and only codex.adapter imports MkDocs or its theme (import-linter, pyproject.toml [tool.importlinter])."""
    step = Step("layers (import-linter: no import of a higher layer, only codex.adapter imports mkdocs)")
    if importlib.util.find_spec("importlinter") is None:
        step.problems = ["import-linter is not installed: .venv/bin/pip install -e '.[test]'"]
        return step
    result = lint_imports(project)
    contract = ""
    for line in result.stdout.splitlines():
        if line.rstrip().endswith(":") and " is not allowed to import " in line:
            contract = line.strip().rstrip(":")
        match = BROKEN_IMPORT.match(line.strip())
        if match and contract:
            path = "/".join(match["module"].split(".")) + ".py"
            step.problems.append(
                f"{path}:{match['line']}: {match['module']} imports {match['imported']} ({contract}). Fix: move what "
                "it needs to a lower layer, or pass it in as an argument (pyproject.toml lists the layers)"
            )
    if result.returncode and not step.problems:
        step.problems = [(result.stdout.strip() or result.stderr.strip() or "lint-imports failed").splitlines()[-1]]
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
    parser.add_argument("--quick", action="store_true", help="no test suite: data, builds, calculators, ruff (seconds)")
    parser.add_argument("pytest_args", nargs="*", help="passed to pytest (e.g. a test file)")
    args = parser.parse_args(argv)
    steps: list[Step] = []
    build = start_build()
    quick = (
        ("data", check_data),
        ("calculators", check_calculators),
        ("terminology", check_terminology),
        ("English style", check_english_style),
        ("lint", check_lint),
        ("layers", check_layers),
        ("format", check_format),
        ("build", lambda: check_build(build)),
        ("quotations", check_quotations),
    )
    for label, run in quick:
        if label in ("calculators", "terminology", "English style", "quotations") and not steps[0].passed:
            steps.append(Step(f"{label} (not run: it reads the data, whose errors come first)"))
            continue
        if label == "quotations" and not steps[-1].passed:
            steps.append(Step(f"{label} (not run: it reads the built pages, and the build failed)"))
            continue
        steps.append(run())
        if label == "build":  # the data errors stop the build too: said once, by the data step
            steps[-1].problems = [p for p in steps[-1].problems if p not in steps[0].problems]
        print(f"{label}: {'ok' if steps[-1].passed else 'errors'}", flush=True)
    if not args.quick:
        print("tests: running (a few minutes)...", flush=True)
        steps.append(check_tests(args.pytest_args))
    return report(steps)


if __name__ == "__main__":
    sys.exit(main())
