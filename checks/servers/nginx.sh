#!/usr/bin/env bash
# Starts nginx in the background, serving ROOT on a free loopback port, from the tests' config
# (http/src/test/resources/dev/stride/http/testing/nginx.conf); its logs and pid go under WORK.
# Prints the port. Stop it with: kill "$(cat WORK/nginx.pid)"
#
# usage: checks/servers/nginx.sh ROOT WORK
# shellcheck source=../lib.sh
. "$(dirname "$0")/../lib.sh"
[ $# -eq 2 ] || { sed -n '2,6p' "$0" >&2; exit 2; }
served=$(cd "$1" && pwd)
mkdir -p "$2"
work=$(cd "$2" && pwd)
nginx=$(command -v nginx || echo /usr/sbin/nginx)
[ -x "$nginx" ] || fail "nginx is not installed (apt-get install nginx)"
port=$(free_port)
user=""
[ "$(id -u)" -eq 0 ] && user="user root;"
sed -e "s|@USER@|$user|" -e "s|@WORK@|$work|g" -e "s|@PORT@|$port|" -e "s|@ROOT@|$served|" -e "s|@SSL@||" -e "s|@CERTIFICATE@||" \
  "$root/http/src/test/resources/dev/stride/http/testing/nginx.conf" > "$work/nginx.conf"
"$nginx" -p "$work" -c "$work/nginx.conf" -e "$work/error.log" > "$work/stdout.log" 2>&1 &
if await_port "$port" 50; then
  echo "$port"
else
  fail "nginx did not start listening on 127.0.0.1:$port; see $work/error.log"
fi
