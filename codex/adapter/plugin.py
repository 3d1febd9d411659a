"""The Codex MkDocs plugin: the one place that owns the build events, in this order.

For each language's configuration (mkdocs.yml for French; mkdocs.en.yml, which inherits it, for English):

1. ``on_config``: pause Python's cycle collector until the build ends (codex/build_gc.py); give the search plugin
   its lxml reader of the pages (codex/adapter/search_sections.py); pin the build's date
   to the commit's (codex/publish/build_date.py); load and validate ``data/``
   (a data error stops the build with file:line); read the rules' history (codex/changes/history.py); register the
   page macros with mkdocs-macros (which renders them); set up either the served site (web app links, the offline zip to offer) or the offline folder (``.html``
   links, classic scripts). The plugin is listed before ``macros``, so the macros exist when mkdocs-macros
   configures itself. ``on_files`` keeps the site's files (the rulebook finds each page's built file and URL among
   them; the calculators' and trackers' page scripts renamed by their content's digest, codex/adapter/page_scripts.py)
   and starts the other languages' builds beside this one (codex/adapter/other_languages.py). Under ``mkdocs
   serve``, ``on_serve`` watches data, both languages' pages, the engine and the rules code.
2. ``on_pre_page``: keep the page being built (the macros link from it). ``on_page_markdown`` (priority -50, after
   mkdocs-macros has rendered the page): a rule page's own history at its foot (codex/render/rules_changes.py), the
   wiki links (codex/render/wiki_links.py), French typography on a French page's text (codex/i18n/typography.py),
   the block macros' HTML set aside (codex/render/html_blocks.py), then the glossary's tooltip definitions in the
   page's language. ``on_page_content``: the HTML blocks put back; a page without a front matter description gets its first paragraph's; ``on_page_context``:
   its Open Graph card (codex/render/page_meta.py; docs/overrides/main.html writes both) and the search dialog's
   name (docs/overrides/partials/search.html).
3. ``on_env``: the theme's compiled templates from the cache (codex/render/template_cache.py).
   ``on_post_page`` / ``on_post_template``: drop the one invalid attribute the theme writes; check that only the
   configured rulebook page calls rulebook(). ``on_template_context``: the root language's sitemap of every language
   (codex/publish/search_engines.py), the 404 page's words and language hand-over (codex/render/not_found.py).
4. ``on_post_build`` (after the search plugin has written the index, as the plugin is listed after ``search``):
   fold the search index, hook the theme's search worker (a query's stop words searched as whole words), publish
   the calculators and the downloads, assemble the rulebook (the pages the option
   ``rulebook`` names, see RulebookConfig); then wait for the other languages' configurations, built into
   ``<site_dir>/<lang>/``; last, write the web app manifest and the language's service worker and, in the root
   language, the offline zip and robots.txt (or finish the offline folder).

Under ``mkdocs serve`` (``on_startup``; codex/adapter/serve.py): before each build, ``serve_plan`` decides which
pages to read again (or to start serve again after an edit of the engine); ``on_config`` opens the dataset's read
log; ``on_files`` lets MkDocs' dirty build read only those pages; ``on_nav`` gives the others their kept state;
``on_pre_page`` / ``on_page_content`` note what each page read and keep its state; ``on_env`` says which pages MkDocs
writes again; ``publish`` keeps all of it for the next build; ``on_serve`` wraps serve's rebuilds.
"""

from __future__ import annotations

import dataclasses
import html
from pathlib import Path
from typing import Any
from urllib.parse import urljoin

from jinja2 import Environment
from mkdocs.config import config_options as c
from mkdocs.config import load_config
from mkdocs.config.base import Config
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.livereload import LiveReloadServer
from mkdocs.plugins import BasePlugin, CombinedEvent, event_priority
from mkdocs.structure.files import File, Files, InclusionLevel
from mkdocs.structure.pages import Page
from mkdocs.utils import get_relative_url

import calculators
import codex
from codex import kinds
from codex.adapter.configuration import configure_for_folder, languages_of
from codex.adapter.other_languages import OtherLanguages
from codex.adapter.page_scripts import version_page_scripts
from codex.adapter.search_queries import hook_search_worker
from codex.adapter.search_sections import search_plugin, use_lxml_search_index
from codex.adapter.serve import Plan, ServeBuilds, history_key, use_dirty_rebuilds
from codex.build_gc import before_exit, pause_collector, resume_collector
from codex.changes.history import CommitChanges, rules_history_once
from codex.components.calculators import calculator_documents
from codex.data.errors import DataErrors
from codex.data.loading import Dataset, load_dataset_once
from codex.data.wiki_links import WikiTargets
from codex.i18n.typography import typeset, typeset_markdown
from codex.i18n.ui import UIText
from codex.macros import html_blocks_marked, make_page_macros
from codex.macros.calls import TemplateSyntax
from codex.macros.reads import EVERYTHING, page_reads
from codex.mistakes.active_content import page_active_content
from codex.mistakes.build_warnings import BuildContext, RewriteWarnings
from codex.mistakes.build_warnings import install as install_warnings
from codex.mistakes.data_checks import check_data_once
from codex.mistakes.macro_calls import MacroChecks, page_macro_problems
from codex.mistakes.twins import read_config, twin_problems, unshown_questions
from codex.problem import Problem
from codex.project.dependencies import BuildReads
from codex.project.model import Project
from codex.publish.build_date import pin_build_date
from codex.publish.calculators import publish_calculators
from codex.publish.changes_feed import FEED_PATH, write_changes_feed
from codex.publish.content_policy import with_content_policy
from codex.publish.downloads import publish_downloads
from codex.publish.offline_copy import NO_OFFLINE_COPY, OfflineCopy, publish_offline_zip
from codex.publish.offline_folder import finish_folder
from codex.publish.preview import Preview, PreviewError
from codex.publish.rulebook import BuiltPages, RulebookError, assemble_rulebook, placeholder
from codex.publish.search_engines import SITEMAP, sitemap_entries, write_robots_txt
from codex.publish.search_folding import fold_search_index, glossary_names
from codex.publish.theme_fixes import drop_empty_tabindex
from codex.publish.web_app import app_links, write_manifest, write_service_worker
from codex.render.edit_links import forget_unset_repository, repository_edit_base
from codex.render.form_links import form_anchors
from codex.render.html_blocks import marked, put_back, set_aside
from codex.render.not_found import not_found_context
from codex.render.page_meta import open_graph, page_description
from codex.render.rules_changes import (
    NO_HISTORY,
    HistoryView,
    Link,
    PageHistory,
    page_changes,
    part_markdown,
    part_page,
    render_page_history,
)
from codex.render.template_cache import cache_compiled_templates
from codex.render.tooltips import append_tooltips, tooltip_definitions
from codex.render.wiki_links import LINKED_FROM_KINDS, Linker, WikiLinkError, fill_linked_from, link_page


class RulebookConfig(Config):
    """The printable rulebook (codex/publish/rulebook.py): the page that calls rulebook(), and the pages of the nav
    that are not rules (home, tools, indexes...), which it leaves out. Set in each language's configuration, as
    MkDocs replaces (does not merge) an inherited plugin list; unset `page`, the site has no rulebook.

    Configuration rather than each page's front matter: the list is a property of the navigation, the same in both
    languages, written once per configuration instead of once per page and language, and checked against the nav."""

    page = c.Optional(c.Type(str))
    skip = c.ListOfItems(c.Type(str), default=[])


NOT_IN_NAV = InclusionLevel.NOT_IN_NAV  # the history's older pages: in the site, not in the navigation


class CodexConfig(Config):
    """Options of the `codex` plugin (paths are relative to the configuration file's folder)."""

    data_dir = c.Type(str, default="data")
    vendor_dir = c.Type(str, default="docs/vendor")
    # Configurations of the other languages, built into <site_dir>/<their folder> after this one (French only).
    other_languages = c.ListOfItems(c.Type(str), default=[])
    # The folder build (python -m codex.offline): links end in .html and everything works from file://.
    offline_folder = c.Type(bool, default=False)
    # The offline zip to offer on the served site (CODEX_OFFLINE_ZIP; python -m codex.deploy makes it first).
    offline_zip = c.Type(str, default="")
    # A pull request's preview (CODEX_PREVIEW, the pull request's number; python -m codex.deploy --preview): a banner
    # and noindex on every page, no sitemap, robots.txt or web app (codex/publish/preview.py). Its banner links to
    # the published site (CODEX_PUBLISHED_URL).
    preview = c.Type((str, int), default="")  # !ENV reads a number as a number
    published_url = c.Type(str, default="")
    rulebook = c.SubConfig(RulebookConfig)


class CodexPlugin(BasePlugin[CodexConfig]):
    """Data, page macros, tooltips and the published extras of one language; see the module's docstring."""

    def __init__(self) -> None:
        self.dataset: Dataset | None = None
        self.project: Project | None = None  # the project as this build reads it (codex/project/model.py)
        self.ui: UIText | None = None
        self.lang = ""
        self.files = Files([])
        self.offline = NO_OFFLINE_COPY
        self.preview = Preview()
        self.other_languages = OtherLanguages(MkDocsConfig(), [])
        self.tooltips: dict[str, str] = {}
        self.wiki: WikiTargets | None = None
        self.linked_from: dict[str, list[Page]] = {}  # 'condition:prone' -> the pages that link to it
        self.page_links: dict[str, tuple[str, ...]] = {}  # page -> the conditions and glossary entries it links to
        self.history: list[CommitChanges] | None = None
        self.history_view = NO_HISTORY  # the history as the macros show it, cut into the history's pages
        self.page: Page | None = None  # the page being built
        self.page_history: PageHistory = []  # its own history, shown at its foot and by its tables' last change
        self.anchors: dict[str, set[str]] = {}  # page -> its anchors, as links from the history ask
        self.macro_checks: MacroChecks | None = None
        self.html_blocks: list[str] = []  # the page's HTML blocks, set aside while Markdown reads it
        self.docs_folder = "docs"  # the pages' folder, relative to the project's root (for messages)
        self.warnings: RewriteWarnings | None = None  # MkDocs' link warnings said with file, line and fix
        self.serving = False  # under `mkdocs serve` (on_startup; the other languages' builds are told)
        self.serve = ServeBuilds()  # under serve, what to build again after an edit (codex/adapter/serve.py)
        self.planned_for: MkDocsConfig | None = None  # the configuration whose build self.serve.plan is for
        self.root = Path()  # the project's folder (its configuration file's)
        self.macro_syntax: TemplateSyntax | None = None  # how mkdocs-macros reads the pages (its j2_* options)
        self.nav: Any = None  # the site's navigation (on_nav)

    # -- paths

    def project_path(self, config: MkDocsConfig, relative: str) -> Path:
        return Path(config.config_file_path).resolve().parent / relative

    # -- 0. the command (MkDocs keeps this instance across the rebuilds of `mkdocs serve`, as it has on_startup)

    def on_startup(self, *, command: str, dirty: bool) -> None:
        self.serving = command == "serve"

    def serve_plan(self, config: MkDocsConfig) -> Plan:
        """Under serve, before a build: the pages to build again (codex/adapter/serve.py); every page otherwise."""
        if self.planned_for is not config:
            self.planned_for = config
            root = self.project_path(config, ".")
            self.serve.prepare(config, root, self.config.data_dir, history_key(rules_history_once(root)))
        return self.serve.plan

    def on_shutdown(self) -> None:
        before_exit()

    # -- 1. configuration

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
        pause_collector()  # until the build ends (codex/build_gc.py)
        pin_build_date(self.project_path(config, "."))
        use_lxml_search_index(config.plugins)  # the search index reads pages with lxml (codex/adapter/search_sections)
        try:
            self.dataset = load_dataset_once(self.project_path(config, self.config.data_dir))
            check_data_once(self.dataset, Path(config.docs_dir).parent)  # against the pages and seeds
        except DataErrors as err:
            raise PluginError(f"invalid data, the build stops:\n{err}") from None
        self.root = self.project_path(config, ".")
        self.serve.reads = BuildReads(docs_folder(config)) if self.serving else None
        if self.serving:
            self.serve_plan(config)
            self.dataset.reads.start()  # what every page reads, until the first page (on_pre_page)
        self.ui = UIText.from_dataset(self.dataset)
        lang = self.lang = config.theme["language"]
        secondary = tuple(sorted(self.not_rules()))
        self.project = Project(self.root, self.dataset, languages_of(config), Path(config.docs_dir), self.serve.reads)
        self.wiki = WikiTargets(self.dataset, lang, Path(config.docs_dir), tuple(secondary), self.project.outline)
        self.anchors = {}
        self.linked_from = {}
        self.page_links = {}
        glossary = self.dataset.by_id(kinds.GLOSSARY).get("glossary")
        self.tooltips = tooltip_definitions(glossary, lang, self.wiki.plain) if glossary else {}
        macros_plugin = config.plugins.get("macros")
        if macros_plugin is None:
            raise PluginError("the codex plugin needs the macros plugin (mkdocs-macros), listed after it")
        config.site_url = config.site_url or None  # CODEX_SITE_URL set but empty: no address, as when unset
        forget_unset_repository(config)
        edit_base = repository_edit_base(config)
        self.offline = OfflineCopy(
            self.project_path(config, self.config.offline_zip) if self.config.offline_zip else None,
            languages_of(config).depth,
            self.config.offline_folder,
        )
        self.history = rules_history_once(self.project_path(config, "."))
        history = HistoryView(
            self.history, self.link_from_page, lambda: self.page_history, frozenset(self.not_rules()), self.address
        )
        self.history_view = history
        macros = make_page_macros(self.project, edit_base, self.offline, history)
        with self.dataset.reads.paused():  # the checks read every file; what the pages show is what counts
            self.macro_syntax = TemplateSyntax.of_macros_plugin(macros_plugin.config)
            self.macro_checks = MacroChecks(self.dataset, self.macro_syntax)
        self.docs_folder = docs_folder(config)
        with self.dataset.reads.paused():
            self.stop_on(self.language_problems(config))
        self.warnings = install_warnings(
            BuildContext(Path(config.docs_dir), self.docs_folder, lang, config.config_file_path, self.wiki.anchors)
        )
        macros_plugin.register_macros(html_blocks_marked(macros))
        try:
            self.preview = Preview.of(str(self.config.preview), self.config.published_url)
        except PreviewError as err:
            raise PluginError(str(err)) from None
        config.extra["codex_preview"] = self.preview_banner(config) if self.preview else None
        if self.config.offline_folder:
            configure_for_folder(config)
            config.extra["codex_app"] = None
        else:
            config.extra["codex_app"] = None if self.preview else app_links()
        return config

    def preview_banner(self, config: MkDocsConfig) -> dict[str, str]:
        """What a preview's banner says in this language, and the published site's page it links to."""
        assert self.ui is not None
        return {
            "text": self.ui.text("preview_banner", self.lang, number=str(self.preview.number)),
            "link_text": self.ui.text("preview_banner_link", self.lang),
            "link": self.preview.published_page(languages_of(config).folder(self.lang)),
        }

    def on_files(self, files: Files, config: MkDocsConfig, **kwargs: Any) -> Files:
        """Keep the site's files: the rulebook finds each page's built file and URL among them; the calculators' and
        trackers' scripts among them at addresses that carry their digest (codex/adapter/page_scripts.py). Start the
        other languages' builds, which run beside this one now that the site folder is emptied
        (codex/adapter/other_languages.py)."""
        assert self.ui is not None
        parts = self.history_view.parts
        for index in range(1, len(parts)):  # the history's older pages (codex/render/rules_changes.py)
            content = part_markdown(index, parts, self.lang, self.ui)
            page = File.generated(config, part_page(index, len(parts)), content=content, inclusion=NOT_IN_NAV)
            files.append(page)
        # the calculators' and trackers' scripts at their digest's address, before any page names them
        version_page_scripts(files, config, self.config.offline_folder)
        self.files = files
        self.serve.files(files)  # under serve, MkDocs reads again only the pages an edit touches
        others = [self.project_path(config, other) for other in self.config.other_languages]
        self.other_languages = OtherLanguages(config, others, self.serving)
        self.other_languages.start()
        return files

    # -- 2. pages

    def on_nav(self, nav: Any, files: Files, **kwargs: Any) -> Any:
        """Under serve, the pages not built again get back their kept state (codex/adapter/serve.py)."""
        self.nav = nav
        self.serve.restore(files)
        return nav

    def on_pre_page(self, page: Page, **kwargs: Any) -> Page:
        self.page = page  # the macros link from it (the rules' history)
        if self.serving and self.serve.reads is not None:
            assert self.dataset is not None
            if self.dataset.reads.files is not None and not self.serve.reads.before_pages:
                self.serve.reads.before_pages = self.dataset.reads.stop()
            self.dataset.reads.start()
        rules_page = page.file.src_uri not in self.not_rules()
        self.page_history = page_changes(self.history, page.file.src_uri) if rules_page else []
        return page

    def link_from_page(self, target: str, anchor: str) -> str | None:
        """The URL of a page of the site (path under docs/<lang>/) and anchor, relative to the page being built;
        None when the page is not in the site; the page alone when it no longer has the anchor (an old change)."""
        file = self.files.get_file_from_path(target)
        if file is None or self.page is None:
            return None
        fragment = self.fragment(target, anchor)
        return (get_relative_url(file.url, self.page.file.url) if file is not self.page.file else "") + fragment or "#"

    def address(self, path: str) -> str:
        """A file of the built site (its path there, 'changes/feed.xml') relative to the page being built."""
        return get_relative_url(path, self.page.file.url) if self.page is not None else path

    def fragment(self, target: str, anchor: str) -> str:
        """'#anchor' when the page `target` still has that anchor, else '' (an old change's)."""
        if anchor and self.wiki is not None:
            if target not in self.anchors:
                self.anchors[target] = self.wiki.anchors(target)
            anchor = anchor if anchor in self.anchors[target] else ""
        return f"#{anchor}" if anchor else ""

    def link_from_feed(self, config: MkDocsConfig) -> Link:
        """Links as the feed gives them: the site's address when it has one, else relative to the feed."""

        def link(target: str, anchor: str) -> str | None:
            file = self.files.get_file_from_path(target)
            if file is None:
                return None
            url = urljoin(config.site_url, file.url) if config.site_url else get_relative_url(file.url, FEED_PATH)
            return url + self.fragment(target, anchor)

        return link

    @event_priority(10)  # before mkdocs-macros (priority 0) renders the page's macros
    def check_page_source(self, markdown: str, page: Page, **kwargs: Any) -> str:
        """Stop, with the page's file and line and the fix, on active content (a script, a frame, a handler, a style,
        a javascript: address: codex/mistakes/active_content.py) and on a misspelt macro, table, row, column, question
        or calculator (codex/mistakes/macro_calls.py), before mkdocs-macros would only say "Macro Rendering Error"."""
        assert self.macro_checks is not None
        source = Path(page.file.abs_src_path).read_text(encoding="utf-8") if page.file.abs_src_path else markdown
        file = f"{self.docs_folder}/{page.file.src_uri}"
        problems = page_active_content(source, file, self.lang)
        problems += page_macro_problems(source, file, self.lang, self.macro_checks)
        self.stop_on(problems)
        return markdown

    @event_priority(-50)  # after mkdocs-macros (priority 0) has rendered the page's macros
    def after_macros(self, markdown: str, page: Page, **kwargs: Any) -> str:
        markdown = self.write_wiki_links(markdown, page)
        if self.page_history:
            assert self.ui is not None
            history = marked(render_page_history(self.page_history, self.lang, self.ui, self.link_from_page))
            markdown = f"{markdown.rstrip()}\n\n{history}\n"
        markdown, self.html_blocks = set_aside(typeset_markdown(markdown, self.lang))
        return append_tooltips(markdown, self.tooltips)

    on_page_markdown = CombinedEvent(check_page_source, after_macros)

    def write_wiki_links(self, markdown: str, page: Page) -> str:
        """The page's wiki links as links (codex/render/wiki_links.py); each linked condition or glossary entry
        remembers the page, for its "linked from" list."""
        assert self.wiki is not None

        def url_of(path: str) -> str | None:
            file = self.files.get_file_from_path(path)
            return file.url if file is not None else None

        source = Path(page.file.abs_src_path or "")
        file = f"{self.docs_folder}/{page.file.src_uri}"
        linker = Linker(self.wiki, page.file.src_uri, page.file.url, url_of, source, file, self.lang)
        try:
            markdown, linked = link_page(markdown, linker)
        except WikiLinkError as err:
            raise PluginError(str(err)) from None
        self.page_links[page.file.src_uri] = tuple(
            k for k in dict.fromkeys(linked) if k.split(":")[0] in LINKED_FROM_KINDS
        )
        return markdown

    def on_page_content(self, html: str, page: Page, **kwargs: Any) -> str:
        html = put_back(html, self.html_blocks)
        self.html_blocks = []
        if self.lang == "fr" and page.title and "title" not in page.meta and not page.is_homepage:
            # MkDocs reads the title from the rendered heading with its spaces made plain: typeset it again, for the
            # navigation, the window's title and the "linked from" lists.
            page.meta["title"] = typeset(str(page.title), self.lang)
        if not page.meta.get("description"):
            page.meta["description"] = page_description(html)
        if self.serving and self.dataset is not None and page.file.abs_src_path:
            page.content = html  # kept as it is now, before the "linked from" lists are filled in
            source = Path(page.file.abs_src_path)
            text = source.read_text("utf-8")
            read = self.dataset.reads.stop() | {source.relative_to(self.root).as_posix()} | self.declared_reads(text)
            self.serve.page_read(page, read, self.page_links.get(page.file.src_uri, ()), text)
        return html

    def declared_reads(self, source: str) -> frozenset[str]:
        """The data files a page's macro calls declare they read (codex/macros/reads.py), added to those the build
        noted: what a macro reads past the dataset's read log still counts (the rules' history and other pages'
        titles, EVERYTHING, are the dependency map's own rules)."""
        assert self.dataset is not None
        with self.dataset.reads.paused():
            declared = page_reads(source, self.dataset, self.macro_syntax) - {EVERYTHING}
            return frozenset(filter(None, (self.dataset.source_file(doc) for doc in declared)))

    def on_page_context(self, context: dict[str, Any], page: Page, config: MkDocsConfig, **kwargs: Any) -> dict:
        if page.content and 'data-linked-from="' in page.content:  # every page has been read: the lists are whole
            assert self.ui is not None
            page.content = fill_linked_from(page.content, self.linked_lists(), page.url, self.ui, self.lang)
        context["codex_search_name"] = self.search_name()
        context["codex_feed_title"] = self.ui.text("changes_feed_title", self.lang) if self.ui else ""
        context["codex_form_anchors"] = [] if self.config.offline_folder else form_anchors(page.content or "")
        context["codex_open_graph"] = open_graph(
            # the title as text: MkDocs reads it from the rendered heading, its '&' written '&amp;'
            title=config.site_name if page.is_homepage else html.unescape(str(page.meta.get("title") or page.title)),
            description=page.meta.get("description") or "",
            url=page.canonical_url,
            is_home=page.is_homepage,
            lang=self.lang,
            site_languages=languages_of(config).codes,
            site_name=config.site_name,
        )
        return context

    def language_problems(self, config: MkDocsConfig) -> list[Problem]:
        """The pages without twin and the navigations that differ (the root language, which knows the others), and
        the open questions this language's pages do not show (codex/mistakes/twins.py)."""
        assert self.dataset is not None
        problems = []
        if self.config.other_languages:
            configs = {self.lang: Path(config.config_file_path)}
            for other in self.config.other_languages:
                path = self.project_path(config, other)
                configs[(read_config(path).get("theme") or {}).get("language", other)] = path
            problems += twin_problems(self.project_path(config, "."), configs)
        questions = self.dataset.by_id(kinds.OPEN_QUESTION)
        files = {q: self.dataset.source_file(q) for q in questions}
        shown_by_forms = {c: d.get("open_questions", []) for c, d in calculator_documents(self.dataset).items()}
        problems += unshown_questions(
            questions, files, shown_by_forms, Path(config.docs_dir), self.docs_folder, self.lang
        )
        return problems

    @staticmethod
    def stop_on(problems: list[Problem]) -> None:
        if problems:
            raise PluginError("\n".join(str(p) for p in problems))

    def not_rules(self) -> set[str]:
        """The pages that gather rather than rule (the rulebook option: the rulebook and the pages it skips)."""
        return {*self.config.rulebook.skip, *([self.config.rulebook.page] if self.config.rulebook.page else [])}

    def search_name(self) -> str:
        """The accessible name of the theme's search dialog (docs/overrides/partials/search.html), on every page."""
        assert self.ui is not None
        return self.ui.text("search_dialog", self.lang)

    def on_env(self, env: Environment, config: MkDocsConfig, **kwargs: Any) -> Environment:
        """The theme's templates compiled once, not at every build (codex/render/template_cache.py). Every page read
        (or, under serve, restored): the pages that link to each condition and glossary entry, in the site's order;
        under serve, the pages to write again (codex/adapter/serve.py)."""
        self.linked_from = {}
        for file in self.files.documentation_pages():
            for key in self.page_links.get(file.src_uri) or self.serve.restored_links(file.src_uri):
                self.linked_from.setdefault(key, []).append(file.page)
        search = search_plugin(config.plugins)
        always = {self.config.rulebook.page} if self.config.rulebook.page else set()

        def index_page(page: Page) -> None:  # the search plugin's own event, for a page not written again
            if search is not None:
                search.on_page_context({}, page=page, config=config, nav=self.nav)

        self.serve.rewrite(self.files, self.linked_lists(), always, index_page)
        return cache_compiled_templates(env)

    def linked_lists(self) -> dict[str, list[tuple[str, str]]]:
        """Each condition's and glossary entry's "linked from" list: the title and address of each page linking to it."""
        return {key: [(str(p.title), p.url) for p in pages] for key, pages in self.linked_from.items()}

    # -- 3. HTML

    def on_post_page(self, output: str, page: Page, **kwargs: Any) -> str:
        if page.file.src_uri != self.config.rulebook.page and placeholder() in output:
            where = self.config.rulebook.page or "none (codex plugin option rulebook.page is unset)"
            raise PluginError(f"{page.file.src_uri} calls rulebook(), but the rulebook page is {where}")
        return self.with_policy(output)

    def on_post_template(self, output_content: str, **kwargs: Any) -> str:
        return self.with_policy(output_content)

    def with_policy(self, output: str) -> str:
        """The page's content security policy (codex/publish/content_policy.py): its inline scripts by their hash,
        or any inline script in the folder build and under `mkdocs serve` (its live-reload script)."""
        return with_content_policy(drop_empty_tabindex(output), self.config.offline_folder or self.serving)

    def on_template_context(self, context: dict[str, Any], template_name: str, config: MkDocsConfig) -> dict:
        context["codex_search_name"] = self.search_name()
        context["codex_feed_title"] = self.ui.text("changes_feed_title", self.lang) if self.ui else ""
        languages = languages_of(config)
        is_root_language = languages.depth == 0
        if template_name == SITEMAP:  # a language below the root writes none: the root's lists every language
            pages = [(f.page.url, f.page.update_date) for f in context["pages"] if f.page and not f.page.is_link]
            context["codex_sitemap"] = (  # a preview is in no sitemap (codex/publish/preview.py)
                sitemap_entries(config.site_url, pages, languages.folders)
                if is_root_language and not self.preview
                else None
            )
        elif template_name == "404.html":
            assert self.ui is not None
            base_url = context["base_url"]
            context["not_found"] = not_found_context(self.ui, self.lang, base_url, languages.folders, is_root_language)
        return context

    # -- `mkdocs serve`: rebuild on a change of data, of any page or override, of the engine or the rules code

    def on_serve(self, server: LiveReloadServer, config: MkDocsConfig, **kwargs: Any) -> LiveReloadServer:
        """Watch data, pages, the engine and the rules code; rebuild only what an edit touches (codex/adapter/serve.py)."""
        watched = [self.config.data_dir, "docs", *self.config.other_languages]
        for path in [self.project_path(config, p) for p in watched] + [package_dir(codex), package_dir(calculators)]:
            if path.exists():
                server.watch(str(path))
        use_dirty_rebuilds(self.serve_plan)
        return server

    # -- 4. after the build

    def on_post_build(self, config: MkDocsConfig) -> None:
        try:
            self.publish(config)
        finally:
            resume_collector()

    def publish(self, config: MkDocsConfig) -> None:
        """What the build writes beside the pages, in order (see the module's docstring, 4)."""
        assert self.dataset is not None
        site_dir = Path(config.site_dir)
        lang = config.theme["language"]
        vendor_dir = self.project_path(config, self.config.vendor_dir)
        fold_search_index(site_dir, glossary_names(self.dataset.by_id(kinds.GLOSSARY).get("glossary")))
        hook_search_worker(site_dir)
        publish_calculators(site_dir, self.dataset, vendor_dir)
        publish_downloads(site_dir, self.dataset, lang, self.wiki.plain if self.wiki else str)
        assert self.ui is not None
        try:
            pages = [(f.src_uri, f.url, f.dest_uri) for f in self.files.documentation_pages()]
            built = BuiltPages(site_dir, pages)
            assemble_rulebook(built, config.nav, lang, self.ui, self.config.rulebook.page, self.config.rulebook.skip)
        except RulebookError as err:
            raise PluginError(str(err)) from None
        view = dataclasses.replace(self.history_view, link=self.link_from_feed(config))
        write_changes_feed(site_dir, view, lang, self.ui, config.site_url)
        if self.serving:  # before the other languages built in turn use this instance (MkDocs shares it)
            self.serve.keep(config, history_key(self.history))
        self.other_languages.finish()
        if self.config.offline_folder:
            finish_folder(site_dir, vendor_dir)
            return
        languages = languages_of(config)
        if languages.depth == 0:
            publish_offline_zip(site_dir, self.offline)
        if self.preview:  # a guest at the published site's address: no robots.txt, no web app of its own
            return
        write_manifest(site_dir, lang, config.site_name, config.site_description or config.site_name)
        if languages.depth == 0:
            write_robots_txt(site_dir, config.site_url)
        inner_folders = [folder for other, folder in languages.folders.items() if other != lang and folder]
        write_service_worker(site_dir, languages.codes, inner_folders if languages.depth == 0 else [])

    def on_build_error(self, error: Exception, **kwargs: Any) -> None:
        resume_collector()
        self.other_languages.cancel()  # this language failed: the others' builds would be for nothing


def codex_options(config_file: Path) -> CodexConfig:
    """The codex plugin's options as a configuration file sets them, validated by MkDocs (tests read them)."""
    return load_config(config_file=str(config_file)).plugins["codex"].config


def package_dir(package: Any) -> Path:
    return Path(package.__file__).resolve().parent


def docs_folder(config: MkDocsConfig) -> str:
    """The pages' folder relative to the project's root ('docs/fr'), as messages name files."""
    docs = Path(config.docs_dir).resolve()
    root = Path(config.config_file_path).resolve().parent
    return docs.relative_to(root).as_posix() if docs.is_relative_to(root) else docs.as_posix()
