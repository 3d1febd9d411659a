"""The calculators' sections of the GM tools page and the list of calculators on the home page, written for every
declared calculator (codex/components/calculators.py), so that a new calculator appears there without an edit of those pages.

Both are Markdown (headings, links) around the forms' and reference tables' HTML, for the page that calls the macro
at the root of the site's pages: a calculator's rule link (`movement.md#jumping`) is relative to that root.
"""

from __future__ import annotations

import re
from pathlib import Path

from calculators.calc_common import Context
from codex.components.calculators import calculator_documents, declaration, tools_order
from codex.data.loading import Dataset
from codex.outline import heading, page_outline
from codex.render.calculator_forms import render_form
from codex.render.calculator_reference import render_reference


def heading_title(docs_dir: Path, link: str) -> str:
    """The text of the heading a link points to ('page.md#anchor'; the page's title without an anchor), as the page
    writes it, so that a link to a rule reads as the rule's own heading."""
    page, _, anchor = link.partition("#")
    found = page_outline(docs_dir / page).heading(anchor)
    if found is not None:
        return found.words
    raise ValueError(f"{docs_dir / page} has no heading {{#{anchor}}} (a calculator's declared rule links to it)")


def tools_section(calculator_id: str, data: dict, lang: str, docs_dir: Path) -> str:
    """One calculator on the GM tools page: its heading (the calculator id as anchor), the rule it applies (or its
    introduction), its form and its reference table."""
    declared = declaration(calculator_id)
    ctx = Context(data, calculator_id, lang)
    tools = ctx.own["tools"]
    if "intro" in tools:
        lead = tools["intro"][ctx.lang]
    else:
        link = f"[{heading_title(docs_dir, declared['rule'])}]({declared['rule']})"
        lead = ctx.text("tools_rule", [("link", link)])
    parts = [f"## {tools['heading'][ctx.lang]} {{#{calculator_id}}}", lead, render_form(calculator_id, data, lang)]
    if declared["reference"] is not None:
        parts.append(render_reference(calculator_id, data, lang))
    return "\n\n".join(str(part) for part in parts)


def render_tools_sections(dataset: Dataset, data: dict, lang: str, docs_dir: Path) -> str:
    """Every declared calculator's section, in the order of their data files' tools.position."""
    return "\n\n".join(tools_section(calculator_id, data, lang, docs_dir) for calculator_id in tools_order(dataset))


def calculator_page(calculator_id: str, docs_dir: Path) -> str:
    """Where a rules page shows the calculator: 'page.md#anchor' of the heading above its {{ calculator('id') }}
    (the first such page, in the order of their paths)."""
    call = re.compile(r"\{\{\s*calculator\(\s*['\"]" + re.escape(calculator_id) + r"['\"]\s*\)\s*\}\}")
    for path in sorted(docs_dir.rglob("*.md")):
        page = path.relative_to(docs_dir).as_posix()
        anchor = ""
        for line in path.read_text(encoding="utf-8").splitlines():
            above = heading(line)
            anchor = above.anchor if above is not None and above.anchor else anchor
            if call.search(line):
                return f"{page}#{anchor}" if anchor else page
    raise ValueError(f"no page of {docs_dir} shows the calculator '{calculator_id}' ({{{{ calculator('...') }}}})")


def render_calculator_links(dataset: Dataset, lang: str, docs_dir: Path) -> str:
    """A Markdown list linking each declared calculator (by its tools.link name, else its GM tools heading) to the
    rules page that shows it."""
    documents = calculator_documents(dataset)
    items = []
    for calculator_id in tools_order(dataset):
        tools = documents[calculator_id]["tools"]
        name = tools.get("link", tools["heading"])[lang]
        items.append(f"- [{name}]({calculator_page(calculator_id, docs_dir)})")
    return "\n".join(items)
