"""Remove the one invalid piece of HTML the theme writes for our settings.

With `navigation.sections`, Material writes `tabindex=""` on each section's label (partials/nav-item.html), which
the Nu HTML validator rejects ("The empty string is not a valid integer"). Browsers ignore an empty tabindex, so
dropping it changes nothing for readers and keeps the pages valid without copying the theme's whole partial.
"""

from __future__ import annotations

import re

EMPTY_TABINDEX = re.compile(r'(<label class="md-nav__link[^"]*"[^>]*?) tabindex=""')


def drop_empty_tabindex(html: str) -> str:
    return EMPTY_TABINDEX.sub(r"\1", html)
