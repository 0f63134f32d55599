# shellcheck shell=bash
# The preamble every script of checks/ (and bench/lib.sh) sources: strict mode, the repository's root, the name the
# script gives in its messages, and the helpers more than one of them needs.
#
#   . "$(dirname "$0")/lib.sh"      (from checks/X/run.sh: . "$(dirname "$0")/../lib.sh")

set -euo pipefail

# the repository's root, absolute, wherever the script is run from
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# the script as its messages name it: its path from the root (checks/export/run.sh)
me="$(cd "$(dirname "$0")" && pwd)/$(basename "$0")"
me="${me#"$root"/}"

# shellcheck source=../build-support/jdk25.sh
. "$root/build-support/jdk25.sh"

fail() {
  echo "$me: $*" >&2
  exit 1
}

notice() {
  echo "NOTICE: $me: $*"
}

# Sets jdk to the JDK 25 that ./stride would use and puts it first for what follows (JAVA_HOME, PATH).
use_jdk25() {
  jdk="$(find_jdk25)" || fail "$JDK25_MISSING"
  export JAVA_HOME="$jdk" PATH="$jdk/bin:$PATH"
}

# Sets tmp to a new directory, removed when the script exits; $1 names it (/tmp/stride-$1.XXXXXX).
make_tmp() {
  tmp="$(mktemp -d "${TMPDIR:-/tmp}/stride-$1.XXXXXX")"
  trap 'rm -rf "$tmp"' EXIT
}

# Sets shared to the absolute path of ../shared beside the repository (the conformance corpus and the peers' tools);
# fails when it has no conformance corpus.
need_shared() {
  [[ -d "$root/../shared/conformance" ]] || fail "$root/../shared/conformance is missing"
  shared="$(cd "$root/../shared" && pwd)"
}

# Prints the peers' python (../shared/peers/setup.sh makes it) after making sure it imports the modules $@, which pip
# installs into it when it does not (from this machine's own index when it has one, which spares pip the retries
# against unreachable ones, as setup.sh does).
peers_python() {
  local py
  py="$("$shared/peers/setup.sh")" || return 1
  if [[ $# -gt 0 ]] && ! "$py" -c "import $(IFS=,; echo "$*")" 2>/dev/null; then
    [[ -z "${PIP_INDEX_URL:-}" && -d /opt/pypi/simple ]] && local -x PIP_INDEX_URL=file:///opt/pypi/simple
    "$py" -m pip install -q "$@" >&2 || { echo "$me: could not install $* into $(dirname "$py")/.." >&2; return 1; }
  fi
  echo "$py"
}

# free_port: a port on 127.0.0.1 nothing listens on now
free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# await_port PORT TRIES: true once something accepts connections on 127.0.0.1:PORT, trying every 0.1 s
await_port() {
  local i
  for i in $(seq "$2"); do
    python3 -c "import socket; socket.create_connection(('127.0.0.1', $1), 0.1)" 2>/dev/null && return 0
    sleep 0.1
  done
  return 1
}

# with_cpu_hog COMMAND...: runs the command while a busy loop competes for each core, to show that the tests do not
# need an idle machine. The loops are plain bash at the command's own priority, and each ends by itself after
# CPU_HOG_SECONDS (default an hour) should this shell die before it can stop them.
with_cpu_hog() {
  local hogs=() i status=0
  for ((i = 0; i < $(nproc); i++)); do
    timeout "${CPU_HOG_SECONDS:-3600}" bash -c 'while :; do :; done' &
    hogs+=($!)
  done
  echo "with_cpu_hog: ${#hogs[@]} busy loops running beside: $*" >&2
  "$@" || status=$?
  kill "${hogs[@]}" 2>/dev/null || true
  wait "${hogs[@]}" 2>/dev/null || true
  return "$status"
}
