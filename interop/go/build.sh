#!/usr/bin/env bash
# Builds the go-libp2p interop peer to interop/go/bin/gopeer; with --test, first runs its unit tests.
# Idempotent: go's build cache makes a rebuild of unchanged sources quick.
# Honours GOPATH / GOMODCACHE / GOFLAGS from the environment.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"

GO="${GO:-}"
if [ -z "$GO" ]; then
  if command -v go >/dev/null 2>&1; then
    GO=go
  elif [ -x /usr/local/go/bin/go ]; then
    GO=/usr/local/go/bin/go
  else
    echo "build.sh: no go toolchain found (set GO=/path/to/go)" >&2
    exit 1
  fi
fi

if [ "${1:-}" = --test ]; then
  "$GO" vet ./...
  "$GO" test ./...
fi
mkdir -p bin
"$GO" build -trimpath -o bin/gopeer .
