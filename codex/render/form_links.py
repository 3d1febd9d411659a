"""The anchors of a page that lead to a calculator form or a combat tracker (issue 27): the id of each form or
tracker and of the heading of the section that holds it, each with what it loads (its data file's id and its
modules). A reader who follows a link to one of them came for the form, so the page's head starts the calculators'
runtime and loads that form's files at once (docs/overrides/partials/codex-early-runtime.html), instead of when the
form nears the view after the page's load."""

from __future__ import annotations

import re

HEADING = re.compile(r"<h[1-6]\b[^>]*\bid=\"([^\"]+)\"")
FORM = re.compile(r"<(?:form|section|div)\b[^>]*\b(?:data-calculator|data-tracker)=\"[^\"]+\"[^>]*>")
ATTRIBUTE = re.compile(r"\b(id|data-calculator|data-data|data-modules)=\"([^\"]*)\"")


def form_anchors(html: str) -> dict[str, dict]:
    """Anchor -> {id, modules, tracker} of the form or tracker a link to it names: each one's own id and its section
    heading's (the first form of a section, where a section holds several); `tracker` when it is a tracker, whose
    own script (codex-trackers.js) the head then asks for too."""
    anchors: dict[str, dict] = {}
    for form in FORM.finditer(html):
        attributes = dict(ATTRIBUTE.findall(form.group(0)))
        loads = {
            "id": attributes.get("data-data") or attributes.get("data-calculator", ""),
            "modules": attributes.get("data-modules", "").split(),
            "tracker": "data-tracker=" in form.group(0),
        }
        headings = HEADING.findall(html, 0, form.start())
        for anchor in [*headings[-1:], *([attributes["id"]] if attributes.get("id") else [])]:
            anchors.setdefault(anchor, loads)
    return anchors
