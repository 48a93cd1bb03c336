#!/usr/bin/env bash
# Runs the test suite against the lowest versions pyproject.toml allows, or against the newest.
#
#   tests/versions.sh lowest [PYTEST ARGS...]   every direct dependency at its lower bound
#   tests/versions.sh latest [PYTEST ARGS...]   everything at the newest release
#
# Each run builds a fresh virtual environment in a temporary folder with uv (installed there
# first), prints what it installed, and runs pytest with the arguments given (default: the whole
# suite, in parallel). CI runs the latest; run the lowest before raising or lowering a bound.
set -euo pipefail
mode=${1:-lowest}
shift || true
case "$mode" in
  lowest) resolution=(--resolution lowest-direct) ;;
  latest) resolution=(--resolution highest --refresh) ;;
  *) echo "usage: tests/versions.sh lowest|latest [pytest args...]" >&2; exit 2 ;;
esac
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 -m venv "$work/venv"
"$work/venv/bin/pip" install -q uv
"$work/venv/bin/uv" pip install -q --python "$work/venv/bin/python" "${resolution[@]}" ".[test,e2e]"
echo "== $mode: installed"
"$work/venv/bin/uv" pip list --python "$work/venv/bin/python" 2>/dev/null \
  | grep -i -E '^(click|rich|transitions|pyyaml|jsonschema|textual|textual-serve|platformdirs|pytest|pytest-xdist|hypothesis|icepool|mypy|playwright|dask|distributed) '
if (($# == 0)); then set -- -n auto; fi
# the tests import the checkout's solo (installed above from this folder, not editable)
"$work/venv/bin/python" -m pytest -p no:cacheprovider "$@"
