"""The one Jinja environment of the engine's HTML: the templates of codex/render/templates/, one per HTML shape,
autoescaped (every value from the data is escaped unless it is already Markup made by a template) and strict (a name
a template uses but is not given is an error, not an empty string).

Templates get `colon(lang)` (codex/i18n/typography.py) for a label's colon. A render function passes what its
template needs and gets Markup back, which another template inserts as it is.
"""

from __future__ import annotations

from typing import Any

from jinja2 import Environment, PackageLoader, StrictUndefined
from markupsafe import Markup

from codex.i18n.dates import long_date
from codex.i18n.typography import colon
from codex.render.template_cache import cache_compiled_templates

ENVIRONMENT = Environment(
    loader=PackageLoader("codex.render", "templates"),
    autoescape=True,
    undefined=StrictUndefined,
    trim_blocks=True,
    lstrip_blocks=True,
)
ENVIRONMENT.globals["colon"] = colon
ENVIRONMENT.filters["long_date"] = long_date  # {{ "2026-12-01"|long_date(lang) }}: « 1er décembre 2026 »


def inert(value: str) -> Markup:
    """Free text (a commit subject) that no later step of the page reads as syntax: escaped, and its '[' written as a
    character reference, so that '[[kind:id]]' in it is not taken for a wiki link (codex/data/wiki_links.py)."""
    return Markup(str(Markup.escape(value)).replace("[", "&#91;"))


ENVIRONMENT.filters["inert"] = inert
cache_compiled_templates(ENVIRONMENT)  # codex/render/template_cache.py


def render(template: str, **context: Any) -> Markup:
    """The template `template` (a file name in codex/render/templates/) rendered with `context`."""
    return Markup(ENVIRONMENT.get_template(template).render(**context))
