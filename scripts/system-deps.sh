#!/usr/bin/env bash
# Installs the Debian packages the tests use when a command is missing: iproute2 (ip, tc) and
# util-linux (unshare) for the netns backend, gcc for the Shadow syscall guard. Needs root (CI is
# root); elsewhere it only says what is missing, and those tests skip with a message.
set -euo pipefail
declare -A package=([ip]=iproute2 [tc]=iproute2 [unshare]=util-linux [cc]=gcc)
missing=()
for cmd in "${!package[@]}"; do
    command -v "$cmd" >/dev/null 2>&1 || missing+=("${package[$cmd]}")
done
[ ${#missing[@]} -eq 0 ] && exit 0
mapfile -t missing < <(printf '%s\n' "${missing[@]}" | sort -u)
if [ "$(id -u)" != 0 ]; then
    echo "system-deps: missing ${missing[*]} (not root: not installing; the tests that need them skip)" >&2
    exit 0
fi
echo "system-deps: installing ${missing[*]}" >&2
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
