"""What the macros' bodies write with, besides their arguments: the data, the page's language and UI texts, and the
build's settings (where the pages and the edit links are, the offline copy, the rules' history)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from codex.i18n.ui import UIText
from codex.macros.known import Known
from codex.project.model import Project
from codex.publish.offline_copy import OfflineCopy
from codex.render.rules_changes import HistoryView


@dataclass(frozen=True)
class MacroContext:
    """One language's build, as its macros see it. `edit_base` (codex/render/edit_links.py) prefixes the "edit this
    table" links (empty: none); `offline` says where this build's offline zip is (the home page offers it);
    `history` is the rules' history as the page being built sees it (codex/render/rules_changes.py)."""

    known: Known
    project: Project
    ui: UIText
    edit_base: str
    offline: OfflineCopy
    history: HistoryView

    @property
    def lang(self) -> str:
        return self.project.lang

    @property
    def docs_dir(self) -> Path:
        return self.project.docs_dir
