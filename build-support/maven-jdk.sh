#!/usr/bin/env bash
# The JDK the Maven wrapper runs on (./mvnw runs this first): JAVA_HOME when it is a JDK 25 or newer, else the one
# ./stride would find, named in one line on stderr. Prints that JDK's home; with none, prints JDK25_MISSING's advice on
# stderr and fails.
set -euo pipefail

# shellcheck source=jdk25.sh
. "$(dirname "${BASH_SOURCE[0]}")/jdk25.sh"

jdk="$(find_jdk25)" || { echo "mvnw: $JDK25_MISSING" >&2; exit 1; }
if [[ "$jdk" != "${JAVA_HOME:-}" ]]; then
  if [[ -z "${JAVA_HOME:-}" ]]; then
    why="JAVA_HOME is not set"
  else
    why="JAVA_HOME ($JAVA_HOME) is not a JDK 25 or newer"
  fi
  echo "mvnw: $why; Maven runs on the JDK $(jdk_major "$jdk") at $jdk" >&2
fi
echo "$jdk"
