"""Build the site as it will be published, and check it there: what the deploy workflow runs, and what a developer
runs to rehearse it.

    python -m codex.deploy --site-url https://OWNER.github.io/REPOSITORY/ [--repo-url https://github.com/OWNER/REPOSITORY]

1. the offline copy: `python -m codex.offline` (folder and zip, under offline/);
2. the site, built strictly for its address into site/ (CODEX_SITE_URL, CODEX_REPO_URL), with the zip offered on
   the home page and copied into its downloads (CODEX_OFFLINE_ZIP);
3. the check (unless --no-check): the built site served under its address's path as GitHub Pages serves it, every
   page of both languages loaded in Chromium without a failed request, the switcher, search, a calculator, the web
   app and the 404 page of each language (tests/test_subpath.py, run on this very folder).

Run from the project's root. Exit status 0 when every step passed.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlsplit

from codex.offline import DEFAULT_FOLDER, DEFAULT_ZIP, PROJECT

SITE_CHECK = "tests/test_subpath.py"


def run(step: str, command: list[str], env: dict[str, str]) -> None:
    print(f"== {step}: {' '.join(command)}", flush=True)
    result = subprocess.run(command, cwd=PROJECT, env=env)
    if result.returncode != 0:
        raise SystemExit(f"deploy: {step} failed (exit {result.returncode})")


def site_address(value: str) -> str:
    """An absolute http(s) address ending in '/', as MkDocs' site_url."""
    parts = urlsplit(value)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise argparse.ArgumentTypeError(
            f"expected an absolute http(s) address, e.g. https://owner.github.io/repo/, got {value!r}"
        )
    return value if value.endswith("/") else value + "/"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m codex.deploy", description=__doc__.split("\n\n")[0])
    parser.add_argument("--site-url", type=site_address, required=True, help="the address the site is published at")
    parser.add_argument("--repo-url", default="", help="the repository's address (edit links, header link)")
    parser.add_argument("--site-dir", type=Path, default=PROJECT / "site", help="where to build (default: site)")
    parser.add_argument("--no-check", action="store_true", help="build only, without the browser check")
    args = parser.parse_args(argv)
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1", CODEX_SITE_URL=args.site_url, CODEX_REPO_URL=args.repo_url)
    python = sys.executable
    folder, archive = DEFAULT_FOLDER, DEFAULT_ZIP
    run("offline copy", [python, "-m", "codex.offline", "--folder", str(folder), "--zip", str(archive)], env)
    env["CODEX_OFFLINE_ZIP"] = str(archive)
    site_dir = args.site_dir.resolve()
    run("site", [python, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site_dir)], env)
    if not args.no_check:
        check_env = dict(env, CODEX_CHECK_SITE=str(site_dir), CODEX_CHECK_SITE_URL=args.site_url)
        run(
            "check under the site's path",
            [python, "-m", "pytest", "-q", "-p", "no:cacheprovider", SITE_CHECK],
            check_env,
        )
    print(f"deploy: {site_dir} is ready to publish at {args.site_url}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
