#!/usr/bin/env bash
# Refresh the lock files from pyproject.toml: exact versions with their hashes, for Python 3.11 on any platform.
# Run after changing a dependency in pyproject.toml, from the repository's root:  bash requirements/refresh.sh
# (uv, a maintained resolver, is installed into a throw-away folder; nothing else changes.)
set -euo pipefail
cd "$(dirname "$0")/.."
tools=$(mktemp -d)
python3 -m venv "$tools/venv" && "$tools/venv/bin/pip" install -q uv
compile() { "$tools/venv/bin/uv" pip compile pyproject.toml --generate-hashes --python-version 3.11 --universal -q "$@"; }
compile -o requirements/build.lock
compile --extra test -o requirements/test.lock
rm -rf "$tools"
echo "requirements/build.lock and requirements/test.lock refreshed; commit them with pyproject.toml"
