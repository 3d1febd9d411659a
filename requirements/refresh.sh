#!/usr/bin/env bash
# Refresh the lock files from pyproject.toml: exact versions with their hashes, for Python 3.11 on any platform.
# Run after changing a dependency in pyproject.toml, from the repository's root:  bash requirements/refresh.sh
# (uv, a maintained resolver, is installed into a throw-away folder; nothing else changes.)
set -euo pipefail
cd "$(dirname "$0")/.."
tools=$(mktemp -d)
python3 -m venv "$tools/venv" && "$tools/venv/bin/pip" install -q uv
compile() {
  "$tools/venv/bin/uv" pip compile --generate-hashes --python-version 3.11 --universal -q \
    --custom-compile-command "bash requirements/refresh.sh" "$@"
}
compile pyproject.toml -o requirements/build.lock
compile pyproject.toml --extra test -o requirements/test.lock
# installer.lock: uv itself, the version that resolved the locks, which the README's commands install with pip.
echo "uv==$("$tools/venv/bin/uv" --version | cut -d" " -f2)" | compile - -o requirements/installer.lock
# properdocs.lock: the build lock with ProperDocs (a maintained fork of MkDocs 1.x) in place of MkDocs, every other
# version held to build.lock's, so that tools/properdocs_build.sh compares the two engines and nothing else. MkDocs is
# left out although mkdocs-material, mkdocs-macros-plugin and this project still name it: ProperDocs answers their
# `import mkdocs...` itself. So the lock installs with pip's --no-deps (and still --require-hashes).
echo mkdocs > "$tools/without.txt"
echo 'properdocs~=1.6.7' | compile pyproject.toml - --excludes "$tools/without.txt" -c requirements/build.lock \
  -o requirements/properdocs.lock
sed -i '2a # ProperDocs in place of MkDocs; install with: pip install --no-deps --require-hashes -r requirements/properdocs.lock' \
  requirements/properdocs.lock
rm -rf "$tools"
echo "requirements/build.lock, test.lock, installer.lock and properdocs.lock refreshed; commit them with pyproject.toml"
