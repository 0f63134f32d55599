#!/usr/bin/env bash
# Big uploads: one value of BYTES (default 6 GiB, a large shard) written from a mapped file by BigUpload.java in a JVM
# of 256 MiB heap, so the value is never on the heap: to s3proxy as a multipart upload of 64 MiB parts, then to
# Azurite as 64 MiB blocks and a block list. Each is read back in ranges and compared by SHA-256 with the file, and
# s3proxy must have no multipart upload left (ListMultipartUploads). Both servers keep their data in files under the
# temp dir: about three times BYTES of free disk. Prints what each step took; minutes for 6 GiB.
#
# usage: checks/bigupload/run.sh [BYTES]
# shellcheck source=../lib.sh
. "$(dirname "$0")/../lib.sh"
[ $# -le 1 ] || { sed -n '2,8p' "$0" >&2; exit 2; }
size="${1:-$((6 << 30))}"
part=$((64 << 20))
use_jdk25
make_tmp bigupload
started=$SECONDS
# builds cli/target/stride.jar when the sources are newer: BigUpload runs on its class path
"$root/stride" --version > /dev/null
big() {
  "$jdk/bin/java" -Xmx256m --enable-native-access=ALL-UNNAMED -cp "$root/cli/target/stride.jar" \
    "$root/checks/bigupload/BigUpload.java" "$1" shard/0 "$tmp/value" "$size"
  rm -f "$tmp/value"
}

export AWS_ACCESS_KEY_ID=stride-bigupload AWS_REGION=us-east-1
AWS_SECRET_ACCESS_KEY="bigupload-$(od -An -N8 -tx8 /dev/urandom | tr -d ' ')"
export AWS_SECRET_ACCESS_KEY
# stop WORK: ends the server whose pid WORK holds and waits until it is gone, so its files can be removed
stop() {
  local pid
  pid=$(cat "$1/pid" 2>/dev/null) || return 0
  kill "$pid" 2>/dev/null || return 0
  for _ in $(seq 100); do
    kill -0 "$pid" 2>/dev/null || return 0
    sleep 0.1
  done
}
s3=$("$root/checks/servers/s3proxy.sh" "$tmp/s3proxy" "$tmp/s3data")
trap 'stop "$tmp/s3proxy"; stop "$tmp/azurite"; rm -rf "$tmp"' EXIT
sign=(--aws-sigv4 "aws:amz:$AWS_REGION:s3" --user "$AWS_ACCESS_KEY_ID:$AWS_SECRET_ACCESS_KEY"
  -H 'x-amz-content-sha256: UNSIGNED-PAYLOAD' --fail --silent --show-error)
curl "${sign[@]}" -X PUT "$s3/big" > /dev/null
big "s3://big/data.zarr?endpoint=$s3&partSize=$part"
# "uploads=": curl signs a parameter without a value as it is written, S3 as if it had an empty one
uploads=$(curl "${sign[@]}" "$s3/big?uploads=")
grep -q '<ListMultipartUploadsResult' <<<"$uploads" || fail "ListMultipartUploads gave no listing: $uploads"
if grep -q '<Upload>' <<<"$uploads"; then
  fail "multipart uploads were left in the bucket: $uploads"
fi
echo "s3proxy: no multipart upload left"
stop "$tmp/s3proxy"
rm -rf "$tmp/s3data"

# the emulator's well-known account and its published key (the root pom's azurite.key)
export AZURE_STORAGE_ACCOUNT=devstoreaccount1
AZURE_STORAGE_KEY=$(sed -n "s|.*<azurite.key>\(.*\)</azurite.key>.*|\1|p" "$root/pom.xml")
export AZURE_STORAGE_KEY
azure=$("$root/checks/servers/azurite.sh" "$tmp/azurite" "$tmp/azdata")
mkdir -p "$tmp/empty"
python3 "$root/checks/servers/azupload.py" "$tmp/empty" "$azure" big 2> /dev/null
big "az://big/data.zarr?endpoint=$azure&partSize=$part"
echo "$me: passed in $((SECONDS - started)) s"
