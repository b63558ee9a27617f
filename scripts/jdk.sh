# shellcheck shell=bash
# Sourced by ./gsnode and scripts/test.sh: finds the newest JDK >= 17, JAVA_HOME first.

# Prints the Java feature version of the JDK at $1, or nothing if it is not a usable JDK.
gsnode_jdk_version() {
  [ -x "$1/bin/java" ] && [ -x "$1/bin/javac" ] || return 0
  "$1/bin/java" -XshowSettings:properties -version 2>&1 \
    | sed -n 's/^ *java\.specification\.version = \([0-9][0-9]*\).*/\1/p' | head -n 1
}

# Sets GSNODE_JAVA_HOME and GSNODE_JAVA_VERSION, or fails with a message naming what was tried.
gsnode_find_jdk() {
  local best="" best_version=0 candidate version
  if [ -n "${JAVA_HOME:-}" ]; then
    version=$(gsnode_jdk_version "$JAVA_HOME")
    if [ -n "$version" ] && [ "$version" -ge 17 ]; then
      GSNODE_JAVA_HOME=$JAVA_HOME GSNODE_JAVA_VERSION=$version
      return 0
    fi
    echo "gsnode: JAVA_HOME=$JAVA_HOME is not a JDK 17 or newer; looking elsewhere" >&2
  fi
  for candidate in /usr/lib/jvm/* "$(dirname "$(dirname "$(readlink -f "$(command -v javac 2>/dev/null || echo /nonexistent)")")")"; do
    [ -d "$candidate" ] || continue
    version=$(gsnode_jdk_version "$candidate")
    if [ -n "$version" ] && [ "$version" -ge 17 ] && [ "$version" -gt "$best_version" ]; then
      best=$candidate best_version=$version
    fi
  done
  if [ -z "$best" ]; then
    echo "gsnode: no JDK 17 or newer found (tried JAVA_HOME, /usr/lib/jvm/*, javac on PATH); install one" >&2
    return 1
  fi
  GSNODE_JAVA_HOME=$best GSNODE_JAVA_VERSION=$best_version
}

# JVM flags that keep newer JDKs quiet about what Netty legitimately uses.
gsnode_jvm_flags() {
  if [ "$GSNODE_JAVA_VERSION" -ge 23 ]; then
    echo "--sun-misc-unsafe-memory-access=allow --enable-native-access=ALL-UNNAMED"
  fi
}
