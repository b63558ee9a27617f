#!/usr/bin/env bash
# Builds the JMH benchmarks jar and runs it with the GC profiler (bytes allocated per operation).
# Arguments go to JMH, e.g. a quick run:  scripts/jmh.sh -f 1 -wi 2 -i 3
#                          one benchmark:  scripts/jmh.sh ReedSolomonBenchmark.decode
# Results are also written as JSON to microbench/target/jmh-result.json. MAVEN_ARGS (e.g. -o for
# offline) is passed to Maven. Record `uptime` beside the figures: they mean little on a busy host.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# shellcheck source=scripts/jdk.sh
. "$root/scripts/jdk.sh"
gsnode_find_jdk
echo "== building the JMH microbenchmarks on JDK $GSNODE_JAVA_VERSION" >&2
# shellcheck disable=SC2086
JAVA_HOME=$GSNODE_JAVA_HOME "$root/mvnw" -q -B ${MAVEN_ARGS:-} -f "$root/pom.xml" \
  -pl gossipsub,segmentation,microbench package -DskipTests
echo "== load before the run: $(uptime)" >&2
# shellcheck disable=SC2046
exec "$GSNODE_JAVA_HOME/bin/java" $(gsnode_jvm_flags) -jar "$root/microbench/target/microbench.jar" \
  -prof gc -rf json -rff "$root/microbench/target/jmh-result.json" "$@"
