#!/usr/bin/env bash
# The escape route from MkDocs, tested: build the site with ProperDocs (a maintained fork of MkDocs 1.x that loads
# MkDocs' plugins and themes unchanged) and compare it with the MkDocs build as readers see it.
#
#     bash tools/properdocs_build.sh [WORK_DIR]
#
# From the repository's root, with the project's .venv made from requirements/build.lock (the README's build
# command). In WORK_DIR (default: a new temporary folder) it makes a throw-away venv from requirements/properdocs.lock
# (ProperDocs in place of MkDocs: see requirements/refresh.sh), builds the site strictly with `properdocs build` into
# WORK_DIR/properdocs and with `mkdocs build` (.venv) into WORK_DIR/mkdocs, prints each build's time, then runs
# tools/compare_sites.py MKDOCS PROPERDOCS (pages, article text, titles, links, ids, forms, search entries, other
# files byte for byte). The venv is removed at the end; the two sites are kept.
#
# Exit status: 0 when ProperDocs built the site and it reads the same; 1 when the sites differ; 2 when the ProperDocs
# build failed (its messages are above); 3 when the MkDocs build or the setup failed.
set -uo pipefail
cd "$(dirname "$0")/.."
export NO_MKDOCS_2_WARNING=1

work=${1:-$(mktemp -d)}
mkdir -p "$work"
work=$(cd "$work" && pwd)
venv="$work/venv"
trap 'rm -rf "$venv"' EXIT

[ -x .venv/bin/mkdocs ] || { echo "no .venv/bin/mkdocs: make the project's venv first (README, Build)" >&2; exit 3; }

echo "== ProperDocs venv from requirements/properdocs.lock ($venv)"
python3 -m venv "$venv" \
  && "$venv/bin/pip" install -q --no-deps --require-hashes -r requirements/properdocs.lock \
  && "$venv/bin/pip" install -q --no-deps -e . \
  || { echo "could not make the ProperDocs venv" >&2; exit 3; }
# No MkDocs in it: every `import mkdocs...` of the theme, the plugins and codex/ is answered by ProperDocs.
"$venv/bin/python" -c 'import importlib.util as u, sys; sys.exit(u.find_spec("mkdocs") is not None)' \
  || { echo "MkDocs is installed in the ProperDocs venv: the test would not be one" >&2; exit 3; }
"$venv/bin/properdocs" --version

# build NAME COMMAND...: a strict build of both languages into $work/NAME, timed; its status.
build() {
  local name=$1 start status
  shift
  rm -rf "${work:?}/$name"
  echo "== $name build"
  start=$EPOCHREALTIME
  "$@" build --strict -f mkdocs.yml --site-dir "$work/$name"
  status=$?
  awk -v name="$name" -v s="$start" -v e="$EPOCHREALTIME" -v status="$status" \
    'BEGIN { printf "%s build: %.1f s, exit status %d\n", name, e - s, status }' | tee -a "$work/times.txt"
  return "$status"
}

: > "$work/times.txt"
build mkdocs .venv/bin/mkdocs || exit 3
build properdocs "$venv/bin/properdocs" || { echo "the ProperDocs build failed (above)" >&2; exit 2; }

echo "== tools/compare_sites.py $work/mkdocs $work/properdocs"
.venv/bin/python tools/compare_sites.py "$work/mkdocs" "$work/properdocs"
status=$?
cat "$work/times.txt"
echo "sites kept in $work/mkdocs and $work/properdocs"
exit $((status ? 1 : 0))
