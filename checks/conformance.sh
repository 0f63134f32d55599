#!/usr/bin/env bash
# Conformance: the command line against the whole manifest of the shared conformance corpus
# (../shared/conformance/check_cli.py) from local files, then over HTTP (the corpus served by nginx on loopback,
# checks/servers/nginx.sh) and over S3 (the corpus uploaded to s3proxy in memory, checks/servers/s3proxy.sh, and read
# with the AWS variables set as a user sets them). Needs ../shared next to the repository and nginx; a few minutes.
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"
need_shared
make_tmp conformance
servers="$tmp"
trap 'kill "$(cat "$servers/http/nginx.pid")" "$(cat "$servers/zip-http/nginx.pid")" "$(cat "$servers/s3/pid")" 2>/dev/null || true; rm -rf "$servers"' EXIT
check="$shared/conformance/check_cli.py"
stride="$root/stride"

# the checker runs its cases in temp dirs: every path it gets is absolute
python3 "$check" -- "$stride"

port=$("$root/checks/servers/nginx.sh" "$shared/conformance" "$servers/http")
python3 "$check" --base "http://127.0.0.1:$port" -- "$stride"

# a path into a zip file: the v3 corpus zipped by Python's zipfile (entries deflated), served by nginx
mkdir -p "$servers/zip"
python3 "$root/checks/zip-corpus.py" "$shared/conformance" "$servers/zip/corpus.zip" deflated
zip_port=$("$root/checks/servers/nginx.sh" "$servers/zip" "$servers/zip-http")
python3 "$check" --base "http://127.0.0.1:$zip_port/corpus.zip" -- "$stride"

export AWS_ACCESS_KEY_ID=stride-ci AWS_SECRET_ACCESS_KEY=stride-ci-secret-0123456789 AWS_REGION=us-east-1
AWS_ENDPOINT_URL=$("$root/checks/servers/s3proxy.sh" "$servers/s3")
export AWS_ENDPOINT_URL
python3 "$root/checks/servers/s3upload.py" "$shared/conformance" "$AWS_ENDPOINT_URL" corpus
python3 "$check" --base s3://corpus -- "$stride"
