"""The page macros (`{{ table('materials') }}`): each declared once, with its arguments' kinds
(codex/macros/page_macros.py, codex/macros/kinds.py); registered with mkdocs-macros (`make_page_macros`,
`html_blocks_marked`), checked before rendering by codex/mistakes/macro_calls.py, and read for the data documents a
page depends on (`page_reads`). A page's calls are found by Jinja's own parser (codex/macros/calls.py)."""

from codex.macros.kinds import UnknownDataId
from codex.macros.reads import EVERYTHING, page_reads
from codex.macros.registration import html_blocks_marked, make_page_macros

__all__ = ["EVERYTHING", "UnknownDataId", "html_blocks_marked", "make_page_macros", "page_reads"]
