"""The search index's sections read with lxml (codex/adapter/search_sections.py) are exactly those Material's own
`Parser` gives, on fragments for each of its special cases, on random pages made of them and on every page's
Markdown rendered by the site's extensions; a page lxml would read otherwise goes to Material's parser. Both readers
run here, so an update of Material that changes its parser fails this file. No build."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import markdown
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from material.plugins.search.plugin import Parser, SearchIndex, Section
from mkdocs.config import load_config
from mkdocs.config.defaults import MkDocsConfig

from codex.adapter.search_sections import LxmlSearchIndex, lxml_sections, page_sections, use_lxml_search_index

ROOT = Path(__file__).resolve().parent.parent


def material_sections(content: str) -> list[Section]:
    parser = Parser()
    parser.feed(content)
    parser.close()
    return parser.data


def outcome(read: Callable[[str], list[Section] | None], content: str) -> object:
    """What a reader gives: each section as Material's index uses it (and its depth), or the error it raises."""
    try:
        sections = read(content) or []
    except Exception as err:  # Material's parser fails on some pages: the other reader must fail alike
        return type(err).__name__
    return [(s.el.tag, s.id, s.depth, s.title, s.text, s.is_excluded()) for s in sections]


# Read with lxml: each case Material's parser treats apart, alone and mixed.
SAME = {
    "empty": "",
    "text only": "plain text",
    "blank only": "  \n\t ",
    "preface before any heading": "\n<p>Intro</p>\n<h2 id='a'>A</h2><p>x</p>",
    "void tag first makes no section": "<br>text",
    "void tags": '<p>a<br>b<br/>c<br />d<img src="x" alt="y">e<input type="number"><wbr>f</p><hr>g<hr/>',
    "void tags libxml2 opens": "<p>a<wbr>b<source>c<embed>d<track>e</p><p>f</p>",
    "h1 first keeps no id": '<h1 id="t">Title</h1><p>x</p><h2 id="s">S</h2><p>y</p>',
    "h2 first gets a top section": '<h2 id="s">First</h2><p>x</p>',
    "every heading level": "".join(f'<h{n} id="h{n}">H{n}</h{n}><p>{n}</p>' for n in range(1, 7)),
    "heading without id": '<h1>No id</h1><p>x</p><h2 id="a">A</h2><p>y</p><h2>B</h2><p>z</p><h3>C</h3>',
    "heading with an empty id": '<h2 id="">E</h2><p>x</p>',
    "permalink left out": '<h1 id="t">T<a class="headerlink" href="#t" title="Permanent link">&para;</a></h1><p>x</p>',
    "kept tags in a title": '<h2 id="a">A <code>x</code> <sub>1</sub><sup>2</sup></h2>',
    "nested headings go back": '<div><section><h2 id="a">A</h2><p>in</p></section><p>after</p></div><p>end</p>',
    "heading in a list item": '<ul><li>x<h2 id="b">B</h2>y</li></ul><p>z</p>',
    "heading deeper than the next": '<div><h2 id="a">A</h2><ul><li>x<h3 id="b">B</h3></li></ul>y</div>',
    "heading inside a heading": '<h2 id="a">A<h3 id="b">B</h3>C</h2><p>x</p>',
    "same tag as the title's": '<h2 id="a">A</h2><div><h2>B<code>c</code></h2></div><p>d</p>',
    "an hx element": '<hx>x</hx><h2 id="a">A</h2><p><hx>y</hx></p>',
    "kept tags": "<p>p</p><pre>pre</pre><code>c</code><ul><li>u</li></ul><ol><li>o</li></ol><sub>s</sub><sup>t</sup>",
    "empty kept tags dropped": "<p> </p><p></p><p>a</p><p> </p><ul>\n<li>\n</li>\n</ul><code>\n</code>",
    "pre keeps blanks": "<pre><code>a  b\n\n  c\n</code></pre><p>x\ny</p><pre>  \n  \n</pre>",
    "blank after blank": "<pre>a<b> </b><i>\n</i>c</pre><p>a<b> </b><i>\n</i>c</p>",
    "blanks collapse": "<p>a</p>\n\n<p>\t</p>\n<p>\xa0</p> \n <p>b\nc\td</p>",
    "skipped tags": "<script>var a = 1;</script><style>p {}</style><object><p>o</p></object><p>t</p>",
    "excluded block": "<div data-search-exclude><p>hidden</p><p>hidden too</p></div><p>shown</p>",
    "excluded block ends at its tag's first end": "<div data-search-exclude><div>in</div>out?</div><p>x</p>",
    "excluded section": '<h2 id="x" data-search-exclude>X</h2><p>xx</p><h2 id="y">Y</h2><p>yy</p>',
    "excluded kept tag": '<p data-search-exclude="">a</p><p>b</p><p data-search-exclude="1">c</p>',
    "excluded inline": "<p>a<span data-search-exclude>b<img data-search-exclude>c</span>d</p>",
    "excluded script": "<script data-search-exclude>x</script><p>after</p>",
    "line numbers": '<div class="linenodiv">1 2 3</div><p>x</p><div class="linenodiv x">kept</div>',
    "references": "<p>&amp; &lt;b&gt; &#39;q&#39; &#91;1&#93; &quot; &nbsp;&hellip; &#x1F600; &para; R & D</p>",
    "raw greater-than and quotes": "<p>a > b \"c\" 'd'</p>",
    "legacy reference": "<p>&notit; &amp x</p>",
    "non-ASCII": "<h2 id='é'>Épée</h2><p>ﬁ 𝔸 \u2028 \u3000</p>",
    "tables": "<table><thead><tr><th>a</th></tr></thead><tbody><tr><td>1 &amp; 2</td></tr></tbody></table>",
    "details and lists": "<details><summary>S</summary><p>d</p></details><dl><dt>t</dt><dd>d</dd></dl>",
    "forms": '<form><label>L <input type="number"></label><select><option>a</option></select>'
    "<textarea>t &amp; u</textarea></form>",
    "attributes both read alike": "<p\ttitle=\"a>b\">x</p><p title='a<b'>y</p><a class=headerlink href=#x>u</a>"
    '<h2 id=a  class="c" >A</h2 ><div id="d" class="e" data-x="1&amp;2">z</div><my-el>w</my-el>',
    "a list markdown writes": '<ul>\n<li><a href="#x">x</a>: <strong>y</strong></li>\n<li>z</li>\n</ul>\n',
    "noscript": "<noscript><p>n</p></noscript>",
}

# Read by Material's parser: pages whose lxml tree is not what Material's parser reads, or might not be.
OTHERWISE = {
    "block in a paragraph": "<p><div>x</div></p>",
    "unclosed list items": "<ul><li>a<li>b</ul>",
    "unclosed element": "<p>x",
    "stray end tag": "</p>",
    "misnested": "<b><i>x</b></i>",
    "link in a link": '<a href="x"><a href="y">z</a></a>',
    "body tag": "<body><p>x</p></body>",
    "comment": "<!-- c --><p>x</p>",
    "doctype": "<!DOCTYPE html><p>x</p>",
    "less-than in text": "a < b",
    "carriage return": "a\r\nb",
    "NUL": "x\x00y",
    "control character reference": "&#1;",
    "upper-case tag": "<P>x</P>",
    "repeated id": '<h2 id="a" id="b">x</h2>',
    "repeated class": '<a class="headerlink" class="x">y</a>',
    "id without a value": "<h2 id>x</h2>",
    "reference in an id": '<h2 id="a&amp;b">x</h2>',
    "reference in a class": '<div class="a&amp;b">x</div>',
    "self-closed element": "<div/>x",
    "void end tag": "<p>a</br>b</p>",
    "raw text element": "<xmp>&amp;</xmp>",
    "plaintext": "<plaintext>x",
    "tag in a textarea": "<textarea><b>t</b></textarea>",
    "less-than in a script": "<script>if (a<b) x();</script>",
    "attributes without a space": '<p a="b"c="d">x</p>',
    "end tag with attributes": "<p>x</p foo>",
    "slash in a tag": '<br x="1"/ >',
    "Material fails": "<code data-search-exclude><code>x</code>y</code>",
}


@pytest.mark.parametrize("content", SAME.values(), ids=SAME.keys())
def test_lxml_gives_the_sections_of_material_parser(content: str) -> None:
    assert lxml_sections(content) is not None, "read by Material's parser: the case is no longer tested"
    assert outcome(lxml_sections, content) == outcome(material_sections, content)


@pytest.mark.parametrize("content", OTHERWISE.values(), ids=OTHERWISE.keys())
def test_a_page_lxml_could_read_otherwise_goes_to_material_parser(content: str) -> None:
    assert lxml_sections(content) is None
    assert outcome(page_sections, content) == outcome(material_sections, content)


TEXT = st.lists(
    st.sampled_from(
        ["a", "Bc", " ", "  ", "\n", "\n\n", "\t", "\xa0", "é", "x\ny", "&amp;", "&lt;", "&gt;", "&para;", "&#39;"]
        + ["&#x1F600;", "&nbsp;", ">", " & ", '"', "'"]
    ),
    max_size=4,
).map("".join)
RAW_TEXT = st.lists(st.sampled_from(["x", " ", "\n", "a = 1;", "{}"]), max_size=3).map("".join)
BLOCKS = ["div", "section", "details", "blockquote", "p", "pre", "ul", "ol", "h1", "h2", "h3", "h4", "h5", "h6", "hr"]
PHRASES = ["span", "a", "code", "strong", "em", "sub", "sup", "abbr", "object", "script", "style", "br", "img", "wbr"]
FLOW = BLOCKS + PHRASES
VOIDS = {"br", "img", "wbr", "hr"}
HEADINGS = {"h1", "h2", "h3", "h4", "h5", "h6"}
CLOSED_BY = {"p": set(BLOCKS), "pre": {"ul"}, "a": {"a"}} | {heading: {"p"} for heading in HEADINGS}


@st.composite
def element(draw: st.DrawFn, tags: list[str], depth: int) -> str:
    """An element both parsers read as written, with the attributes that matter to Material's parser: not one that
    libxml2 closes before its child (CLOSED_BY: a <p> before a block, a heading before a <p>...), nor a <li> outside
    a list."""
    tag = draw(st.sampled_from(tags))
    attributes = ""
    if tag in HEADINGS:
        attributes += draw(st.sampled_from(["", ' id="a"', ' id="b-1"', " id='é'"]))
    attributes += draw(st.sampled_from(["", ' class="linenodiv"', ' class="headerlink"', ' class="x"', ' class="x y"']))
    attributes += draw(st.sampled_from(["", "", " data-search-exclude", ' data-search-exclude=""', ' title="t &amp;"']))
    if tag in VOIDS:
        return f"<{tag}{attributes}{draw(st.sampled_from(['', '/', ' /']))}>"
    if tag in {"script", "style"}:
        return f"<{tag}{attributes}>{draw(RAW_TEXT)}</{tag}>"
    if tag in {"ul", "ol"}:
        items = draw(st.lists(content(FLOW, depth + 1), max_size=3))
        return f"<{tag}{attributes}>" + "\n".join(f"<li>{item}</li>" for item in items) + f"</{tag}>"
    inner = [] if depth >= 3 else [name for name in FLOW if name not in CLOSED_BY.get(tag, ())]
    return f"<{tag}{attributes}>{draw(content(inner, depth + 1))}</{tag}>"


@st.composite
def content(draw: st.DrawFn, tags: list[str], depth: int = 0) -> str:
    """Text and elements in turn."""
    parts = [draw(TEXT)]
    for _ in range(draw(st.integers(0, 3 if tags else 0))):
        parts += [draw(element(tags, depth)), draw(TEXT)]
    return "".join(parts)


@settings(max_examples=100, deadline=None)
@given(content(FLOW))
def test_random_pages_read_alike(page: str) -> None:
    material = outcome(material_sections, page)
    assert outcome(page_sections, page) == material
    if isinstance(material, list):
        assert lxml_sections(page) is not None, "a page of the subset lxml reads went to Material's parser"


@pytest.fixture(scope="module")
def site_config() -> MkDocsConfig:
    return load_config(config_file=str(ROOT / "mkdocs.yml"))


def test_every_page_markdown_writes_reads_alike(site_config: MkDocsConfig) -> None:
    """Each page of both languages as the site's Markdown extensions write it (its macros left as they are)."""
    config = site_config
    pages = sorted((ROOT / "docs").glob("[a-z][a-z]/**/*.md"))
    assert len(pages) > 20
    for path in pages:
        md = markdown.Markdown(extensions=config.markdown_extensions, extension_configs=config.mdx_configs)
        content = md.convert(path.read_text(encoding="utf-8"))
        assert lxml_sections(content) is not None, path
        assert outcome(lxml_sections, content) == outcome(material_sections, content), path


def test_the_search_plugin_gets_the_lxml_index_once_it_has_made_its_own(site_config: MkDocsConfig) -> None:
    config = site_config
    search = config.plugins["material/search"]
    assert not use_lxml_search_index(config.plugins)  # its on_config has not run: no index yet
    search.on_config(config)
    made = search.search_index
    assert type(made) is SearchIndex and use_lxml_search_index(config.plugins)
    assert type(search.search_index) is LxmlSearchIndex and search.search_index.config == made.config
    assert not use_lxml_search_index(config.plugins)  # already swapped
    assert not use_lxml_search_index({"codex": object()})  # no search plugin: nothing changes
