#!/usr/bin/env bash
# Starts nginx in the background, serving ROOT on a free loopback port, from the tests' config
# (http/src/test/resources/dev/stride/http/testing/nginx.conf); its logs and pid go under WORK.
# Prints the port. Stop it with: kill "$(cat WORK/nginx.pid)"
#
# usage: build-support/nginx.sh ROOT WORK
set -euo pipefail
[ $# -eq 2 ] || { sed -n '2,6p' "$0" >&2; exit 2; }
here=$(cd "$(dirname "$0")/.." && pwd)
root=$(cd "$1" && pwd)
mkdir -p "$2"
work=$(cd "$2" && pwd)
nginx=$(command -v nginx || echo /usr/sbin/nginx)
[ -x "$nginx" ] || { echo "nginx is not installed (apt-get install nginx)" >&2; exit 1; }
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
user=""
[ "$(id -u)" -eq 0 ] && user="user root;"
sed -e "s|@USER@|$user|" -e "s|@WORK@|$work|g" -e "s|@PORT@|$port|" -e "s|@ROOT@|$root|" \
  "$here/http/src/test/resources/dev/stride/http/testing/nginx.conf" > "$work/nginx.conf"
"$nginx" -p "$work" -c "$work/nginx.conf" -e "$work/error.log" > "$work/stdout.log" 2>&1 &
for _ in $(seq 100); do
  if python3 -c "import socket; socket.create_connection(('127.0.0.1', $port), 0.1)" 2>/dev/null; then
    echo "$port"
    exit 0
  fi
  sleep 0.05
done
echo "nginx did not start listening on 127.0.0.1:$port; see $work/error.log" >&2
exit 1
