#!/usr/bin/env bash
# Starts s3proxy (org.gaul:s3proxy, its jar with dependencies from Maven Central) in the background: an S3 server
# in memory on a free loopback port, or with its objects in files under DATA (values larger than memory), signing
# checked with AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY. Its jar, config and log go under WORK. Prints the endpoint
# (http://127.0.0.1:PORT). Stop it with: kill "$(cat WORK/pid)"
#
# usage: checks/servers/s3proxy.sh WORK [DATA]
# shellcheck source=../lib.sh
. "$(dirname "$0")/../lib.sh"
[ $# -eq 1 ] || [ $# -eq 2 ] || { sed -n '2,7p' "$0" >&2; exit 2; }
: "${AWS_ACCESS_KEY_ID:?set the credentials s3proxy checks}" "${AWS_SECRET_ACCESS_KEY:?set the credentials s3proxy checks}"
# Maven and s3proxy run on the JDK 25 that ./stride would use, whatever JAVA_HOME and PATH say
use_jdk25
mkdir -p "$1"
work=$(cd "$1" && pwd)
version=$(sed -n "s|.*<s3proxy.version>\(.*\)</s3proxy.version>.*|\1|p" "$root/pom.xml")
jar="$work/s3proxy-$version-jar-with-dependencies.jar"
[ -f "$jar" ] || (cd "$root" && ./mvnw -q -N dependency:copy -Dartifact="org.gaul:s3proxy:$version:jar:jar-with-dependencies" -DoutputDirectory="$work")
port=$(free_port)
if [ $# -eq 2 ]; then
  mkdir -p "$2"
  backend="jclouds.provider=filesystem-nio2
jclouds.filesystem.basedir=$(cd "$2" && pwd)"
else
  backend="jclouds.provider=transient-nio2"
fi
cat > "$work/s3proxy.conf" <<CONF
s3proxy.endpoint=http://127.0.0.1:$port
s3proxy.authorization=aws-v2-or-v4
s3proxy.identity=$AWS_ACCESS_KEY_ID
s3proxy.credential=$AWS_SECRET_ACCESS_KEY
s3proxy.ignore-unknown-headers=true
$backend
jclouds.identity=local
jclouds.credential=local
CONF
"$jdk/bin/java" -jar "$jar" --properties "$work/s3proxy.conf" > "$work/s3proxy.log" 2>&1 &
echo $! > "$work/pid"
if await_port "$port" 300; then
  echo "http://127.0.0.1:$port"
else
  fail "s3proxy did not start listening on 127.0.0.1:$port; see $work/s3proxy.log"
fi
