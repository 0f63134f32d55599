# The one place that finds a JDK 25 (sourced by ./stride, by maven-jdk.sh for ./mvnw and by checks/lib.sh for every
# check; the Maven build only checks, with the enforcer's requireJavaVersion, that it runs on one). Plain bash, no JVM
# started: a JDK's version is read from its release file.
#
#   . build-support/jdk25.sh
#   jdk="$(find_jdk25)" || { echo "me: $JDK25_MISSING" >&2; exit 1; }

# what to do when there is none, after "NAME: "
JDK25_MISSING="needs a JDK 25 or newer; install Temurin 25 (https://adoptium.net) or your distribution's openjdk-25-jdk, or set JAVA_HOME to one"

# Major version of the JDK at $1, from its release file: 25 for JAVA_VERSION="25.0.1", 8 for "1.8.0".
jdk_major() {
  local version
  version="$(sed -n 's/^JAVA_VERSION="\(.*\)"/\1/p' "$1/release" 2>/dev/null)" || return 1
  version="${version#1.}"
  [[ "${version%%[.+-]*}" =~ ^[0-9]+$ ]] && echo "${version%%[.+-]*}"
}

# Prints the home of a JDK 25 or newer: JAVA_HOME when it is one, else the first of the usual places (Linux packages,
# /opt, macOS, SDKMAN!, IntelliJ's ~/.jdks, the java on PATH); fails when there is none.
find_jdk25() {
  local candidate on_path
  on_path="$(command -v java 2>/dev/null || true)"
  for candidate in "${JAVA_HOME:-}" /usr/lib/jvm/*25* /usr/lib/jvm/* /usr/java/* /opt/java/* /opt/jdk* \
      /Library/Java/JavaVirtualMachines/*/Contents/Home "$HOME"/.sdkman/candidates/java/* "$HOME"/.jdks/* \
      ${on_path:+"$(dirname "$(dirname "$(readlink -f "$on_path" 2>/dev/null || echo "$on_path")")")"}; do
    if [[ -n "$candidate" && -x "$candidate/bin/java" && "$(jdk_major "$candidate" || echo 0)" -ge 25 ]]; then
      echo "$candidate"
      return 0
    fi
  done
  return 1
}
