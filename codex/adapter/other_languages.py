"""The other languages' sites (the codex plugin's option `other_languages`, French only), each built from its own
configuration into its folder of the root language's site.

They build beside the root language: a child process per language, forked once the root language's build has
emptied the site folder (`on_files`), so that both cores of a small machine work; the root language waits for them
(`finish`) before it writes what spans every language (service worker, offline folder). A child starts from the
parent's memory, so the data already loaded and validated (codex.data.loading.load_dataset_once) are not loaded
again. A failed build of another language (an error, or a warning in strict mode) fails the whole build; its
messages are the child's own, on the same standard error.

Where a fork is unsafe or useless (not Linux, another thread running, one core, or CODEX_BUILD_IN_TURN set),
`finish` builds the other languages in turn, in this process. Under `mkdocs serve` the server's threads run, yet
the fork is kept (see `side_by_side`).
"""

from __future__ import annotations

import atexit
import logging
import os
import signal
import sys
import threading
import traceback
from pathlib import Path

from mkdocs.commands.build import build
from mkdocs.config import load_config
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import Abort, PluginError

from codex.adapter.configuration import languages_of

IN_TURN = "CODEX_BUILD_IN_TURN"  # set (to anything but ''): build the languages one after the other


def build_other_language(config: MkDocsConfig, config_file: Path, serving: bool = False) -> None:
    """Build another language's configuration into its folder of this site (strictness, site_url and whether
    `mkdocs serve` runs follow)."""
    other = load_config(config_file=str(config_file), strict=config.strict)
    other.plugins.on_startup(command="serve" if serving else "build", dirty=False)
    folder = languages_of(other).folder(other.theme["language"])
    site_url = (config.site_url or "").rstrip("/")
    other.site_dir = str(Path(config.site_dir) / folder)
    other.site_url = f"{site_url}/{folder}/" if site_url else None
    # under serve, only the pages an edit touches (codex/adapter/serve.py)
    build(other, dirty=serving and other.plugins["codex"].serve_plan(other).incremental)


def side_by_side(serving: bool = False) -> bool:
    """Whether the other languages may build in forked processes. Under `mkdocs serve` other threads run (the
    server's, the file watcher's), but none builds, logs during a build or holds what a child's build needs, and the
    child only builds its folder and exits: a contributor's edit shows in half the time."""
    return (
        sys.platform.startswith("linux")
        and (os.cpu_count() or 1) > 1
        and (threading.active_count() == 1 or serving)
        and not os.environ.get(IN_TURN)
    )


def flush_output() -> None:
    """Write out what is buffered, so that a fork does not write it twice."""
    for stream in (sys.stdout, sys.stderr):
        stream.flush()
    for handler in logging.getLogger().handlers + logging.getLogger("mkdocs").handlers:
        handler.flush()


def child_build(config: MkDocsConfig, config_file: Path, serving: bool) -> int:
    """The child's build: report a failure as MkDocs' command line would, and give the exit status. Nothing may
    escape it: the child would go on with the parent's build."""
    try:
        build_other_language(config, config_file, serving)
        return 0
    except Abort as err:
        err.show()
    except SystemExit as err:  # mkdocs-macros stops this way, having said why
        return err.code if isinstance(err.code, int) and err.code else 1
    except KeyboardInterrupt:
        return 130
    except BaseException:
        traceback.print_exc()
    return 1


class OtherLanguages:
    """The builds of the other languages' configurations: `start` them, then `finish` (wait for) them."""

    def __init__(self, config: MkDocsConfig, config_files: list[Path], serving: bool = False) -> None:
        self.config = config
        self.serving = serving  # under `mkdocs serve`
        self.in_turn = list(config_files)  # still to build in this process
        self.children: dict[int, Path] = {}  # process id -> configuration file

    def start(self) -> None:
        """Fork a build per language, if they can build side by side (else `finish` builds them in turn)."""
        if not self.in_turn or not side_by_side(self.serving):
            return
        for config_file in self.in_turn:
            flush_output()
            pid = os.fork()
            if pid == 0:  # the child: never returns into the parent's build
                status = 1
                try:
                    status = child_build(self.config, config_file, self.serving)
                    flush_output()
                finally:
                    os._exit(status)
            self.children[pid] = config_file
        self.in_turn = []
        atexit.register(self.cancel)  # a build that stops by sys.exit (as mkdocs-macros does) runs no build error event

    def finish(self) -> None:
        """Build the languages left to build in turn, and wait for the others; PluginError if any failed."""
        for config_file in self.in_turn:
            build_other_language(self.config, config_file, self.serving)
        self.in_turn = []
        failed = [config_file.name for pid, config_file in self.children.items() if os.waitpid(pid, 0)[1] != 0]
        self.children = {}
        atexit.unregister(self.cancel)
        if failed:
            raise PluginError(f"the build of {', '.join(failed)} failed (its messages are above)")

    def cancel(self) -> None:
        """Stop the builds still running (the root language's build failed)."""
        for pid in self.children:
            os.kill(pid, signal.SIGTERM)
            os.waitpid(pid, 0)
        self.children = {}
        atexit.unregister(self.cancel)
