#!/usr/bin/env bash
# Starts Azurite's blob service (the Azure Storage emulator, npm package azurite) in the background, in memory on a
# free loopback port, or with its blobs in files under DATA (values larger than memory), with its well-known account
# devstoreaccount1. Installs the package with npm first into a cache outside the clone when it is not there
# (STRIDE_AZURITE_HOME, default ~/.cache/stride/azurite-VERSION: about 45 s and 190 MB once). Its log and pid go under
# WORK. Options after -- go to Azurite as they are (--cert FILE.pfx --pwd PASSWORD --oauth basic: HTTPS and bearer
# tokens). Prints the blob endpoint (http://127.0.0.1:PORT/devstoreaccount1, https with --cert).
# Stop it with: kill "$(cat WORK/pid)". With --install it only installs the package (.ci/run does so in the background
# at its start, so that the tests do not wait for npm); an install under way elsewhere is waited for, not repeated.
#
# usage: checks/servers/azurite.sh WORK [DATA] [-- AZURITE_OPTION...]
#        checks/servers/azurite.sh --install
# shellcheck source=../lib.sh
. "$(dirname "$0")/../lib.sh"
usage() { sed -n '2,12p' "$0" >&2; exit 2; }
[ $# -ge 1 ] || usage
version=$(sed -n "s|.*<azurite.version>\(.*\)</azurite.version>.*|\1|p" "$root/pom.xml")
home="${STRIDE_AZURITE_HOME:-${XDG_CACHE_HOME:-$HOME/.cache}/stride/azurite-$version}"
azurite="$home/node_modules/.bin/azurite-blob"
# install LOG: npm's output goes to LOG; one install at a time (a lock beside the home), none when it is there
install() {
  mkdir -p "$home"
  (
    flock 9
    [ -x "$azurite" ] && exit 0
    command -v npm >/dev/null || fail "npm is not installed (apt-get install npm), so Azurite cannot be installed"
    npm install --no-audit --no-fund --loglevel=error --prefix "$home" "azurite@$version" > "$1" 2>&1 \
      || fail "npm could not install azurite@$version into $home; see $1"
  ) 9> "$home.lock"
}
if [ "$1" = --install ]; then
  [ $# -eq 1 ] || usage
  install "$home.npm.log"
  exit
fi
mkdir -p "$1"
work=$(cd "$1" && pwd)
shift
data=""
if [ $# -gt 0 ] && [ "$1" != -- ]; then
  data=$1
  shift
fi
options=()
if [ $# -gt 0 ]; then
  [ "$1" = -- ] || usage
  shift
  options=("$@")
fi
scheme=http
[[ " ${options[*]} " == *" --cert "* ]] && scheme=https
[ -x "$azurite" ] || install "$work/npm.log"
port=$(free_port)
if [ -n "$data" ]; then
  mkdir -p "$data"
  persistence=(--location "$(cd "$data" && pwd)")
else
  persistence=(--inMemoryPersistence)
fi
# no telemetry (it would leave the machine); any API version the SDK sends; unknown headers ignored
(cd "$work" && exec "$azurite" --blobHost 127.0.0.1 --blobPort "$port" "${persistence[@]}" --disableTelemetry \
  --skipApiVersionCheck --loose --silent "${options[@]}" > "$work/azurite.log" 2>&1) &
pid=$!
echo "$pid" > "$work/pid"
for _ in $(seq 60); do
  await_port "$port" 5 && { echo "$scheme://127.0.0.1:$port/devstoreaccount1"; exit 0; }
  kill -0 "$pid" 2>/dev/null || break
done
fail "Azurite did not start listening on 127.0.0.1:$port; see $work/azurite.log"
