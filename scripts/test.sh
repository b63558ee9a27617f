#!/usr/bin/env bash
# Runs every test: prepares the go and js interop peers and the Kubernetes schema validator, then
# the whole Maven build with its tests.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# shellcheck source=scripts/jdk.sh
. "$root/scripts/jdk.sh"
gsnode_find_jdk
echo "== interop peers" >&2
"$root/interop/go/build.sh" --test
"$root/interop/js/install.sh"
echo "== kubernetes schema validator" >&2
"$root/k8s/validator/install.sh"
echo "== maven verify on JDK $GSNODE_JAVA_VERSION" >&2
JAVA_HOME=$GSNODE_JAVA_HOME "$root/mvnw" -B -f "$root/pom.xml" verify
echo "== footprint smoke (java, go, js peers on one topology; verify built app/target/gsnode.jar)" >&2
python3 "$root/bench/footprint.py" --smoke
