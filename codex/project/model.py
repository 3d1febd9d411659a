"""The project one language's build reads, as one typed model.

Its folder; the dataset loaded from the plugin's `data_dir` (codex/data); the site's languages, the one list of the
language switcher (codex/site_languages.py); this language's pages folder and each page's outline, read once per
build by the one heading parser (codex/outline.py); the calculators and trackers the one component registry declares
(codex/components); and, under `mkdocs serve`, what each page read (the dependency map,
codex/project/dependencies.py). The plugin builds it once per build (`on_config`; under serve, once per change) and
hands it to what needs more than one of these: the page macros (page titles, the pages folder, the language) and the
wiki links' targets (each page's outline, read once for both).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from codex.components.calculators import declarations
from codex.components.trackers import trackers
from codex.data.loading import Dataset
from codex.outline import Outline, page_outline
from codex.project.dependencies import BuildReads
from codex.site_languages import SiteLanguages


@dataclass
class Project:
    """One language's build of the project (see the module's docstring)."""

    root: Path
    dataset: Dataset
    languages: SiteLanguages
    docs_dir: Path  # this language's pages
    reads: BuildReads | None = None  # under serve: what each page read
    outlines: dict[str, Outline] = field(default_factory=dict, repr=False)

    @classmethod
    def of(cls, dataset: Dataset, lang: str, docs_dir: Path) -> Project:
        """The model of one language's pages alone (a command outside a build, a test)."""
        return cls(dataset.root.parent, dataset, SiteLanguages({lang: ""}, lang), docs_dir)

    @property
    def lang(self) -> str:
        return self.languages.current

    def outline(self, page: str) -> Outline:
        """A page's outline (its path under the pages folder), read once per build; empty if there is no such page."""
        if page not in self.outlines:
            self.outlines[page] = page_outline(self.docs_dir / page)
        return self.outlines[page]

    def page_title(self, page: str) -> str:
        """A page's title as written (its first level-1 heading), or its path when it has none."""
        return self.outline(page).title_words or page

    @cached_property
    def calculators(self) -> tuple[str, ...]:
        """The declared calculators' ids (the modules of calculators/ that hold a DECLARATION)."""
        return tuple(declarations())

    @cached_property
    def trackers(self) -> tuple[str, ...]:
        """The declared trackers' ids (the calculators/tracker_*.py modules that hold a TRACKER)."""
        return tuple(trackers())
