"""No contribution may run code in a reader's browser: a page (its Markdown, raw HTML and attribute lists) and a data
text may hold words, Markdown, our macros and a short allow-list of harmless HTML, never a script, a frame, an
object, a form, a style, an event handler or a `javascript:` / `data:` address. Each refusal names the file and line
and the fix; CONTRIBUTING.md ("What a page may hold") lists what is allowed.

A page is read with the standard library's HTML parser (code spans and fenced code, which show their content as
written, and our macro calls are set aside first, their lines kept), so that a tag is found however it is written.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

from codex.problem import Problem

# The HTML a page may hold, with the attributes each tag may carry.
ALLOWED_TAGS: dict[str, frozenset[str]] = {
    "abbr": frozenset({"title"}),
    "kbd": frozenset(),
    "br": frozenset(),
    "sup": frozenset(),
    "sub": frozenset(),
    "small": frozenset(),
    "span": frozenset({"lang"}),
}
ALLOWED = ", ".join(f"<{tag}>" for tag in ALLOWED_TAGS)
ACTIVE_SCHEMES = re.compile(r"^\s*(?:javascript|vbscript|data|blob|file)\s*:", re.IGNORECASE)
SET_ASIDE = re.compile(
    r"^[ \t]*(?P<fence>`{3,}|~{3,})[^\n]*\n.*?^[ \t]*(?P=fence)[ \t]*$"  # fenced code
    r"|(?P<ticks>`+)[^\n]+?(?P=ticks)"  # a code span
    r"|\{\{.*?\}\}|\{%.*?%\}",  # our macros
    re.MULTILINE | re.DOTALL,
)
LINK_DESTINATION = re.compile(r"\]\(\s*<?(?P<url>[^)\s>]+)")  # [words](url), ![alt](url)
LINK_DEFINITION = re.compile(r"^[ \t]*\[[^\]\n]+\]:[ \t]*<?(?P<url>\S+?)>?(?:[ \t]|$)", re.MULTILINE)
ATTRIBUTE_LIST = re.compile(r"\{:?[ \t]*(?P<body>[^{}\n]*)\}")
ATTRIBUTE = re.compile(r"(?P<name>[A-Za-z_:][-\w:.]*)[ \t]*=")
# In an attribute list ({#id .class key=value}), what a key may be: no handler, style or address.
LIST_KEYS_REFUSED = re.compile(r"^(?:on\w+|style|href|src|srcdoc|action|formaction|xlink:href)$", re.IGNORECASE)
# In a data text (plain words: data/schemas refuse '<tag'), what would still read as active.
TEXT_ACTIVE = re.compile(r"(?:javascript|vbscript)\s*:|\bon[a-z]+\s*=|\bstyle\s*=|data\s*:\s*text/html", re.IGNORECASE)

FIX_TAG = f"write Markdown instead; a page may hold only {ALLOWED} of HTML (CONTRIBUTING.md, 'What a page may hold')"
FIX_URL = "link to a page of the site (its file name) or to an https:// address"


def blanked(text: str) -> str:
    """The text with code and macro calls replaced by spaces, its lines kept (so that positions stay right)."""
    return SET_ASIDE.sub(lambda m: re.sub(r"[^\n]", " ", m[0]), text)


class TagFinder(HTMLParser):
    """Every start tag of a text, with its attributes and line."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[int, str, list[tuple[str, str | None]]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((self.getpos()[0], tag, attrs))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)


def page_active_content(source: str, file: str, lang: str) -> list[Problem]:
    """The active content a page's source holds: tags off the allow-list, attributes off it, handlers, styles and
    script addresses in links, link definitions and attribute lists."""
    text = blanked(source)
    problems = []
    finder = TagFinder()
    finder.feed(text)
    finder.close()
    for line, tag, attrs in finder.tags:
        if ":" in tag or "@" in tag:  # an autolink, <https://...> or <someone@example.org>
            if ACTIVE_SCHEMES.match(tag):
                problems.append(Problem(file, line, lang, f"a link leads to the address {tag!r}", FIX_URL))
            continue
        if tag not in ALLOWED_TAGS:
            problems.append(Problem(file, line, lang, f"the page holds a <{tag}> tag", FIX_TAG))
            continue
        for name, value in attrs:
            if name not in ALLOWED_TAGS[tag]:
                allowed = ", ".join(sorted(ALLOWED_TAGS[tag])) or "none"
                problems.append(
                    Problem(
                        file,
                        line,
                        lang,
                        f"the <{tag}> tag carries the attribute {name}={value!r}",
                        f"remove it (a <{tag}> may carry: {allowed})",
                    )
                )
    for pattern in (LINK_DESTINATION, LINK_DEFINITION):
        for match in pattern.finditer(text):
            if ACTIVE_SCHEMES.match(match["url"]):
                line = text.count("\n", 0, match.start()) + 1
                problems.append(Problem(file, line, lang, f"a link leads to the address {match['url']!r}", FIX_URL))
    for match in ATTRIBUTE_LIST.finditer(text):
        for key in ATTRIBUTE.finditer(match["body"]):
            if LIST_KEYS_REFUSED.match(key["name"]):
                line = text.count("\n", 0, match.start()) + 1
                problems.append(
                    Problem(
                        file,
                        line,
                        lang,
                        f"an attribute list sets {key['name']}=",
                        "an attribute list may give only an {#anchor}, a .class or a harmless key (lang, title)",
                    )
                )
    return sorted(problems, key=lambda p: p.line or 0)


def text_is_active(value: str) -> bool:
    """Whether a data text holds what would read as a script address, a handler or a style."""
    return bool(TEXT_ACTIVE.search(value))
