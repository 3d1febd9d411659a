"""The two languages stay twins: every page of one language has its twin (same path) in the other, and both
navigations list the same pages in the same order; each open question is shown by its page in this language.
Checked when the root language's build starts (the twins) and at each language's (the questions), so that the
mistake stops the build with the file to fix rather than with a language switcher leading nowhere or an anchor
error on another page."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

import yaml

from codex.data.wiki_links import page_headings
from codex.mistakes.macro_calls import macro_calls
from codex.problem import Problem, line_of

LANGUAGE_NAMES = {"fr": "French", "en": "English"}


class ConfigLoader(yaml.SafeLoader):
    """Reads a MkDocs configuration's YAML, its tags (!ENV, !relative...) as plain values."""


ConfigLoader.add_multi_constructor("!", lambda loader, suffix, node: None)
ConfigLoader.add_multi_constructor("tag:yaml.org,2002:python/", lambda loader, suffix, node: None)


def read_config(path: Path) -> dict:
    return yaml.load(path.read_text(encoding="utf-8"), Loader=ConfigLoader) or {}


def nav_pages(nav: object) -> list[str]:
    """The Markdown files a nav names, in order."""
    if isinstance(nav, str):
        return [nav] if nav.endswith(".md") else []
    if isinstance(nav, list):
        return [page for entry in nav for page in nav_pages(entry)]
    if isinstance(nav, dict):
        return [page for value in nav.values() for page in nav_pages(value)]
    return []


def pages_of(docs: Path) -> set[str]:
    return {p.relative_to(docs).as_posix() for p in docs.rglob("*.md")} if docs.is_dir() else set()


def twin_problems(root: Path, languages: dict[str, Path]) -> list[Problem]:
    """`languages`: language -> its configuration file. Pages without twin, and navigations that differ."""
    configs = {lang: read_config(path) for lang, path in languages.items()}
    docs = {lang: root / str(config.get("docs_dir") or "docs") for lang, config in configs.items()}
    problems = []
    for lang, other in pairs(languages):
        folder, other_folder = rel(root, docs[lang]), rel(root, docs[other])
        for page in sorted(pages_of(docs[lang]) - pages_of(docs[other])):
            problems.append(
                Problem(
                    f"{folder}/{page}",
                    None,
                    lang,
                    f"the page has no {LANGUAGE_NAMES.get(other, other)} twin {other_folder}/{page}",
                    f"create {other_folder}/{page} with the same headings and {{#anchors}} (or remove this page)",
                )
            )
    problems += anchor_problems(root, docs)
    navs = {lang: nav_pages(config.get("nav")) for lang, config in configs.items()}
    for lang, other in pairs(languages):
        config_text = languages[other].read_text(encoding="utf-8")
        for index, page in enumerate(navs[lang]):
            if page not in navs[other]:
                after = navs[lang][index - 1] if index else None
                place = f"after {after}" if after else "first"
                problems.append(
                    Problem(
                        languages[other].name,
                        nav_line(config_text, after),
                        other,
                        f"the nav lacks {page}, which the nav of {languages[lang].name} has",
                        f"add {page} to the nav of {languages[other].name} at the same place ({place})",
                    )
                )
    if not problems and len(set(map(tuple, navs.values()))) > 1:
        first, *rest = languages
        for lang in rest:
            problems.append(
                Problem(
                    languages[lang].name,
                    nav_line(languages[lang].read_text(encoding="utf-8"), None),
                    lang,
                    f"the nav lists the pages in another order than {languages[first].name}",
                    f"put them in the order of {languages[first].name}'s nav",
                )
            )
    return problems


def anchor_problems(root: Path, docs: dict[str, Path]) -> list[Problem]:
    """Twin pages whose headings' {#anchors} differ: a link to one language's section would lead nowhere in the other
    (the language switcher keeps the anchor)."""
    (first, first_docs), *others = docs.items()
    problems = []
    for lang, folder in others:
        for page in sorted(pages_of(first_docs) & pages_of(folder)):
            mine, theirs = list(page_headings(first_docs / page)), list(page_headings(folder / page))
            if mine == theirs:
                continue
            index = next((i for i, (a, b) in enumerate(zip(mine, theirs)) if a != b), min(len(mine), len(theirs)))
            wrong = theirs[index] if index < len(theirs) else None
            text = (folder / page).read_text(encoding="utf-8")
            expected = mine[index] if index < len(mine) else None
            problems.append(
                Problem(
                    f"{rel(root, folder)}/{page}",
                    line_of(text, f"{{#{wrong}}}") if wrong else None,
                    lang,
                    f"the headings' anchors differ from {rel(root, first_docs)}/{page}: "
                    f"{'{#' + wrong + '}' if wrong else 'a heading is missing'} where that page has "
                    f"{'{#' + expected + '}' if expected else 'no more heading'}",
                    "give each heading the same {#anchor} as its twin, in the same order",
                )
            )
    return problems


def nav_line(config_text: str, page: str | None) -> int | None:
    """The line of the nav entry naming `page` (the nav's own line for None)."""
    start = config_text.find("\nnav:")
    if start < 0:
        return None
    nav_start = config_text.count("\n", 0, start) + 2
    if page is None:
        return nav_start
    found = line_of(config_text[start + 1 :], f" {page}")
    return nav_start + found - 1 if found else nav_start


def pairs(languages: Iterable[str]) -> list[tuple[str, str]]:
    langs = list(languages)
    return [(a, b) for a in langs for b in langs if a != b]


def rel(root: Path, path: Path) -> str:
    return (
        path.resolve().relative_to(root.resolve()).as_posix()
        if path.resolve().is_relative_to(root.resolve())
        else str(path)
    )


def unshown_questions(
    questions: dict[str, dict],
    files: dict[str, str],
    calculators: dict[str, list[str]],
    docs: Path,
    folder: str,
    lang: str,
) -> list[Problem]:
    """The open questions their page does not show in this language (`files`: question id -> its data file;
    `calculators`: calculator id -> the questions its form shows after it)."""
    shown: dict[str, set[str]] = {}
    problems = []
    for question_id, question in sorted(questions.items()):
        page = question["page"]
        if page not in shown:
            source = docs / page
            text = source.read_text(encoding="utf-8") if source.is_file() else ""
            calls = [c for c in macro_calls(text) if c.args and isinstance(c.args[0], str)]
            shown[page] = {str(c.args[0]) for c in calls if c.name == "open_question"}
            shown[page] |= {q for c in calls if c.name == "calculator" for q in calculators.get(str(c.args[0]), [])}
        if question_id not in shown[page]:
            data_file = files.get(question_id, f"data/open-questions/{question_id}.yaml")
            problems.append(
                Problem(
                    data_file,
                    None,
                    lang,
                    f"no page shows the open question '{question_id}': its page {folder}/{page} does not call it",
                    f"write {{{{ open_question('{question_id}') }}}} where the rule is, in docs/fr/{page} and docs/en/{page}",
                )
            )
    return problems
