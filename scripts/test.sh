#!/usr/bin/env bash
# Runs every test: prepares the go and js interop peers and the Kubernetes schema validator, then
# the whole Maven build with its tests, then the footprint smoke; at the end, where the time went.
#
#   scripts/test.sh          the fast tier: every behaviour proven once; budget 15 minutes on 2 cores
#   scripts/test.sh --long   also the long tier: tests tagged "long" (every arm as its own process
#                            cell, the thirty-fold Kwik transfers, ...), a minute of fuzzing per
#                            target and ten times the property tries; run by hand, not in CI
#
# Further arguments go to Maven (e.g. -o, offline); to run one test, see docs/testing.md.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# shellcheck source=scripts/jdk.sh
. "$root/scripts/jdk.sh"
gsnode_find_jdk

maven_args=()
tier=fast
for a in "$@"; do
    if [ "$a" = --long ]; then
        tier=long
        maven_args+=(-Dtest.excludedGroups=none -Dfuzz.skip=false -Djqwik.tries=10000)
    else
        maven_args+=("$a")
    fi
done

start=$SECONDS
stage_start=$SECONDS
stages=()
stage() {
    local now=$SECONDS
    [ -n "${stage_name:-}" ] && stages+=("$(printf '%6d s  %s' $((now - stage_start)) "$stage_name")")
    stage_name=$1
    stage_start=$now
    [ -n "$stage_name" ] && echo "== $stage_name" >&2
    return 0
}
report() {
    local rc=$?
    stage ""
    echo "== where the time went ($tier tier, exit $rc)" >&2
    printf '%s\n' "${stages[@]}" >&2
    printf '%6d s  in all\n' $((SECONDS - start)) >&2
    python3 "$root/scripts/test-times.py" "$root" >&2 || true
}
trap report EXIT

stage "interop peers (go vet, go test, go build; npm ci)"
"$root/interop/go/build.sh" --test
"$root/interop/js/install.sh"
stage "kubernetes schema validator"
"$root/k8s/validator/install.sh"
stage "maven verify on JDK $GSNODE_JAVA_VERSION"
# Three modules at a time where the graph allows: the transports side by side, then node's process
# cells (node-it) beside the netns cells and Shadow's, which run niced and take what CPU the
# real-time cells leave (docs/testing.md).
JAVA_HOME=$GSNODE_JAVA_HOME "$root/mvnw" -B -T 3 -f "$root/pom.xml" verify "${maven_args[@]}"
stage "footprint smoke (java, go, js peers on one topology; verify built app/target/gsnode.jar)"
python3 "$root/bench/footprint.py" --smoke
