#!/usr/bin/env bash
# Checks that ./mvnw finds its JDK as ./stride does (build-support/maven-jdk.sh): with JAVA_HOME unset or pointing at
# an older JDK it runs Maven on the JDK 25 that find_jdk25 finds and says so in one stderr line; a JAVA_HOME that is a
# JDK 25 is used without a word; with no JDK 25 anywhere (hidden in a private mount namespace, where this runs as root)
# it fails with JDK25_MISSING's advice. Takes a few seconds (`mvnw -v` only).
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"
cd "$root"

jdk="$(find_jdk25)" || fail "$JDK25_MISSING"
make_tmp mvnw
failures=0

# runs ./mvnw -v with the environment changes $@ (env's syntax), then compares its stderr with $expected_stderr and
# the "Java version" line of its stdout with $expected_java
case_() {
  local name="$1"
  shift
  local status=0
  env "$@" ./mvnw -v >"$tmp/out" 2>"$tmp/err" || status=$?
  local java
  java="$(sed -n 's/^Java version: \([^,]*\),.*runtime: \(.*\)$/\1 at \2/p' "$tmp/out")"
  if [[ $status -ne 0 || "$(cat "$tmp/err")" != "$expected_stderr" || "$java" != "$expected_java" ]]; then
    echo "FAILED: $name (exit $status)" >&2
    echo "  stderr:   $(cat "$tmp/err")" >&2
    echo "  expected: $expected_stderr" >&2
    echo "  java:     $java (expected $expected_java)" >&2
    failures=$((failures + 1))
  else
    echo "ok: $name"
  fi
}

version="$(sed -n 's/^JAVA_VERSION="\(.*\)"/\1/p' "$jdk/release")"
expected_java="$version at $jdk"
# the older java a distribution puts first on PATH (Debian's 17, say)
old_java=/usr/bin/java
old_home="$(dirname "$(dirname "$(readlink -f "$old_java" 2>/dev/null || echo /)")")"
if [[ -x "$old_java" && "$(jdk_major "$old_home" || echo 0)" -lt 25 ]]; then
  expected_stderr="mvnw: JAVA_HOME is not set; Maven runs on the JDK $(jdk_major "$jdk") at $jdk"
  case_ "JAVA_HOME unset, java $(jdk_major "$old_home") first on PATH" -u JAVA_HOME PATH="$(dirname "$old_java"):$PATH"
  expected_stderr="mvnw: JAVA_HOME ($old_home) is not a JDK 25 or newer; Maven runs on the JDK $(jdk_major "$jdk") at $jdk"
  case_ "JAVA_HOME a JDK $(jdk_major "$old_home")" JAVA_HOME="$old_home"
else
  notice "/usr/bin/java is no JDK older than 25; the cases of an older java were not run"
fi
expected_stderr=""
case_ "JAVA_HOME a JDK 25" JAVA_HOME="$jdk"

# no JDK 25 in any place find_jdk25 looks: each such folder that exists hidden behind an empty one, HOME an empty one
if [[ $EUID -eq 0 ]] && command -v unshare >/dev/null; then
  mkdir "$tmp/empty" "$tmp/home"
  status=0
  unshare -m bash -c '
    for dir in /usr/lib/jvm /usr/java /opt/java /Library/Java/JavaVirtualMachines; do
      [[ -d $dir ]] && mount --bind "$1" "$dir"
    done
    for jdk in /opt/jdk*; do [[ -d $jdk ]] && mount --bind "$1" "$jdk"; done
    exec env -u JAVA_HOME HOME="$2" PATH=/usr/bin:/bin ./mvnw -v' _ "$tmp/empty" "$tmp/home" \
    >"$tmp/out" 2>"$tmp/err" || status=$?
  expected_stderr="mvnw: $JDK25_MISSING"
  if [[ $status -eq 1 && "$(cat "$tmp/err")" == "$expected_stderr" && ! -s "$tmp/out" ]]; then
    echo "ok: no JDK 25 anywhere"
  elif [[ $status -eq 0 ]]; then
    notice "a JDK 25 outside the usual folders (on PATH?) was still found; the case of none was not run"
  else
    echo "FAILED: no JDK 25 anywhere (exit $status): $(cat "$tmp/err")" >&2
    failures=$((failures + 1))
  fi
else
  notice "not root or no unshare; the case of no JDK 25 was not run"
fi

[[ $failures -eq 0 ]] || fail "$failures case(s) failed"
