#!/usr/bin/env bash
# Installs the pinned dependencies from package-lock.json (npm ci).
# Idempotent: skips npm ci when node_modules already matches the lockfile.
set -euo pipefail
here="$(cd -P "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$here"
command -v node >/dev/null || { echo "install.sh: node not found" >&2; exit 1; }
command -v npm >/dev/null || { echo "install.sh: npm not found" >&2; exit 1; }
major="$(node -p 'process.versions.node.split(".")[0]')"
if [ "$major" -lt 20 ]; then
  echo "install.sh: need Node >= 20, have $(node -v)" >&2
  exit 1
fi
stamp=node_modules/.gsnode-lock.sha256
want="$(sha256sum package-lock.json | cut -d' ' -f1)"
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ] && [ -d node_modules/libp2p ]; then
  echo "install.sh: node_modules up to date with package-lock.json" >&2
  exit 0
fi
npm ci --no-audit --no-fund --loglevel=error
echo "$want" > "$stamp"
# quick sanity check: the libp2p stack loads on this Node
node --import ./polyfill.mjs -e "await import('libp2p'); await import('@chainsafe/libp2p-quic')" \
  || { echo "install.sh: libp2p modules failed to load" >&2; exit 1; }
echo "install.sh: installed" >&2
