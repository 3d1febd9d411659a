"""Addresses of "edit" links, derived from the one repository address (repo_url, which mkdocs.yml reads from
CODEX_REPO_URL, + edit_uri).

MkDocs builds a page's "edit this page" link as repo_url + edit_uri + the page's path under docs_dir; each language's
config sets edit_uri to "edit/<branch>/<docs_dir>/". A data file lives outside docs_dir, so its "edit this table" link
is repo_url + edit_uri without its docs_dir part + the file's path from the repository's root.
"""

from __future__ import annotations

from collections.abc import Mapping, MutableMapping
from pathlib import Path
from typing import Any

DEFAULT_EDIT_PREFIX = "edit/main/"


def forget_unset_repository(conf: MutableMapping[str, Any]) -> None:
    """Without a repository address (CODEX_REPO_URL unset or empty), no repository link and no edit link at all.

    MkDocs would otherwise keep edit_uri and make each page's edit address from it alone ("edit/main/docs/fr/x.md",
    with a warning that stops a strict build), and name an empty repository in the header."""
    if not conf.get("repo_url"):
        conf["repo_url"] = conf["repo_name"] = conf["edit_uri"] = None


def repository_edit_base(conf: Mapping[str, Any]) -> str:
    """'https://github.com/o/r/edit/main/': prefix of the edit address of any file of the repository ('' if no repo_url)."""
    repo_url = (conf.get("repo_url") or "").rstrip("/")
    if not repo_url:
        return ""
    edit_uri = (conf.get("edit_uri") or DEFAULT_EDIT_PREFIX).strip("/") + "/"
    docs_dir = docs_dir_in_repository(conf)
    if docs_dir and edit_uri.endswith(docs_dir + "/"):
        edit_uri = edit_uri[: -len(docs_dir) - 1]  # else edit_uri is taken to be only "edit/<branch>/"
    return f"{repo_url}/{edit_uri}"


def docs_dir_in_repository(conf: Mapping[str, Any]) -> str:
    """docs_dir relative to the folder of the config file ('docs/fr'), or '' when it cannot be told."""
    config_file = conf.get("config_file_path")
    docs_dir = conf.get("docs_dir")
    if not config_file or not docs_dir:
        return ""
    try:
        return Path(docs_dir).resolve().relative_to(Path(config_file).resolve().parent).as_posix()
    except ValueError:
        return ""


def file_edit_url(base: str, repository_path: str) -> str:
    """The edit address of one repository file ('' when the repository address or the file is unknown)."""
    return f"{base}{repository_path}" if base and repository_path else ""
