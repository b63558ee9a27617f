#!/usr/bin/env bash
# Builds the go-libp2p interop peer to interop/go/bin/gopeer; with --test, first runs its unit tests.
# With --report, also (or, with --report alone, only) the same peer built against the versions the
# report ran (go.report.mod: go-libp2p 0.48, go-libp2p-pubsub 0.17, go-yamux 5.0.1, quic-go 0.59)
# to interop/go/bin/gopeer-report, after the unit tests on those versions.
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

test=false report=false current=true
for arg in "$@"; do
  case "$arg" in
    --test) test=true ;;
    --report) report=true ;;
    *) echo "build.sh: unknown argument $arg (use --test, --report)" >&2; exit 2 ;;
  esac
done
[ "$report" = true ] && [ "$test" = false ] && [ $# -eq 1 ] && current=false
mkdir -p bin

# The peer's record names the commit it was built from (vcs.revision, vcs.modified), which go
# stamps only with -buildvcs: asked for here, because a GOFLAGS=-buildvcs=false in go's own env
# file would otherwise leave every record's go build "unknown". Outside a git checkout, or where
# git cannot read it, the peer is built unstamped and says so.
gobuild() {
  local err
  err="$(mktemp)"
  if "$GO" build -buildvcs=auto "$@" 2>"$err"; then
    rm -f "$err"
    return 0
  fi
  if grep -q "VCS status" "$err"; then
    echo "build.sh: git cannot read this checkout; building the go peer without its commit" >&2
    rm -f "$err"
    "$GO" build -buildvcs=false "$@"
  else
    cat "$err" >&2
    rm -f "$err"
    return 1
  fi
}
if [ "$current" = true ]; then
  if [ "$test" = true ]; then
    "$GO" vet ./...
    "$GO" test ./...
  fi
  gobuild -trimpath -o bin/gopeer .
fi
if [ "$report" = true ]; then
  "$GO" vet -modfile=go.report.mod ./...
  "$GO" test -modfile=go.report.mod ./...
  gobuild -modfile=go.report.mod -trimpath -o bin/gopeer-report .
fi
