#!/usr/bin/env bash
# Conformance: the command line against both manifests of the shared conformance corpus, Zarr v3 and Zarr v2
# (../shared/conformance/check_cli.py), from local files, then the v2 manifest over HTTP (the corpus served by nginx on
# loopback, checks/servers/nginx.sh), from zarr-python 2's zip files over HTTP, over S3 (the corpus uploaded to s3proxy
# in memory, checks/servers/s3proxy.sh, and read with the AWS variables set as a user sets them) and over Azure (the
# corpus uploaded to Azurite in memory, checks/servers/azurite.sh, read with the az command line's variables). Needs
# ../shared next to the repository, nginx and npm (Azurite is installed from it once); a few minutes.
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"
need_shared
make_tmp conformance
servers="$tmp"
trap 'kill "$(cat "$servers/http/nginx.pid")" "$(cat "$servers/s3/pid")" "$(cat "$servers/azure/pid")" 2>/dev/null || true; rm -rf "$servers"' EXIT
check="$shared/conformance/check_cli.py"
stride="$root/stride"

v2="$shared/conformance/zarr-v2/manifest.json"

# the servers, each holding the corpus: nginx over the folders, s3proxy and Azurite in memory with the corpus uploaded
port=$("$root/checks/servers/nginx.sh" "$shared/conformance" "$servers/http")

export AWS_ACCESS_KEY_ID=stride-ci AWS_SECRET_ACCESS_KEY=stride-ci-secret-0123456789 AWS_REGION=us-east-1
AWS_ENDPOINT_URL=$("$root/checks/servers/s3proxy.sh" "$servers/s3")
export AWS_ENDPOINT_URL
python3 "$root/checks/servers/s3upload.py" "$shared/conformance" "$AWS_ENDPOINT_URL" corpus

# the emulator's well-known account and its published key (the root pom's azurite.key), as a user exports them
export AZURE_STORAGE_ACCOUNT=devstoreaccount1
AZURE_STORAGE_KEY=$(sed -n "s|.*<azurite.key>\(.*\)</azurite.key>.*|\1|p" "$root/pom.xml")
AZURE_STORAGE_SERVICE_ENDPOINT=$("$root/checks/servers/azurite.sh" "$servers/azure")
export AZURE_STORAGE_KEY AZURE_STORAGE_SERVICE_ENDPOINT
python3 "$root/checks/servers/azupload.py" "$shared/conformance" "$AZURE_STORAGE_SERVICE_ENDPOINT" corpus

# both manifests from the folders (the checker runs its cases in temp dirs: every path it gets is
# absolute), then the v2 manifest over HTTP (HttpConformanceTest reads both manifests over nginx in process, from the
# folders and the v3 one from a zip of the corpus too)
python3 "$check" -- "$stride"
python3 "$check" --manifest "$v2" -- "$stride"
python3 "$check" --manifest "$v2" --base "http://127.0.0.1:$port/zarr-v2" -- "$stride"

# a v2 hierarchy over HTTP, which cannot list: info walks it through its consolidated .zmetadata
tree=$("$stride" info "http://127.0.0.1:$port/zarr-v2/numcodecs/tree.zarr")
for line in 'tree.zarr  group' 'attributes       title: "a v2 hierarchy"' '└── tracks  group' '    └── points  array' \
    'attributes       units: "deg"' 'lat   float64       0     8'; do
  grep -qF -- "$line" <<<"$tree" || fail "stride info of the v2 tree.zarr over HTTP lacks '$line':"$'\n'"$tree"
done

# zarr-python 2's hierarchy as its two zip files, each read in place over HTTP. The manifest names the folder
# (zarr-python-2/data.zarr/...), which no --base can turn into a path inside a zip, so zip-manifest.py rebases those
# cases onto where each zip holds the folder: data.zarr/ in the one zipped from its parent, the top in the other
for zipped in parent:data.zarr within:; do
  rebased="$servers/v2-zip-${zipped%%:*}"
  python3 "$root/checks/zip-manifest.py" "$v2" zarr-python-2/data.zarr "${zipped#*:}" "$rebased"
  python3 "$check" --manifest "$rebased/manifest.json" \
    --base "http://127.0.0.1:$port/zarr-v2/zarr-python-2/data.zipped_from_${zipped%%:*}.zarr.zip" -- "$stride"
done

# the object stores: the v2 manifest over S3 and over Azure; every v3 case is read over s3proxy and Azurite in process
# by S3ConformanceTest and AzureConformanceTest (and from a zip of the corpus over HTTP by HttpConformanceTest), which
# spares CI the minutes of 197 more processes each
python3 "$check" --manifest "$v2" --base s3://corpus/zarr-v2 -- "$stride"
python3 "$check" --manifest "$v2" --base az://corpus/zarr-v2 -- "$stride"

