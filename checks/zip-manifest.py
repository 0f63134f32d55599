#!/usr/bin/env python3
"""Rebases a manifest's cases onto a zip of one of its folders, for check_cli.py --base URL/x.zip.

usage: checks/zip-manifest.py MANIFEST FOLDER ROOT OUT_DIR

check_cli.py reads a case at BASE/PATH and its expected types from MANIFEST's folder/PATH, so the cases of a
hierarchy zipped elsewhere need other paths. This writes OUT_DIR/manifest.json with the cases below FOLDER (a path
in MANIFEST, such as zarr-python-2/data.zarr) at ROOT/<rest> instead, ROOT being where the zip holds the folder
(data.zarr for a zip made from its parent, '' for one made from within), and links OUT_DIR/ROOT to the local
folder so the checker still finds each case's metadata there.
"""
import json
import os
import sys

if len(sys.argv) != 5:
    sys.exit(__doc__.strip())
manifest, folder, root, out = sys.argv[1], sys.argv[2].strip('/') + '/', sys.argv[3].strip('/'), sys.argv[4]
local = os.path.join(os.path.dirname(os.path.abspath(manifest)), folder.rstrip('/'))
with open(manifest) as f:
    listed = json.load(f)
cases = []
for case in listed['cases']:
    if case['path'].startswith(folder):
        rest = case['path'][len(folder):]
        cases.append(dict(case, path=root + '/' + rest if root else rest))
if not cases:
    sys.exit('%s has no case below %s' % (manifest, folder))
os.makedirs(out, exist_ok=True)
if root:
    os.makedirs(os.path.dirname(os.path.join(out, root)), exist_ok=True)
    os.symlink(local, os.path.join(out, root))
else:
    # the zip's top is the folder itself: each of its nodes is linked beside the manifest
    for name in os.listdir(local):
        os.symlink(os.path.join(local, name), os.path.join(out, name))
with open(os.path.join(out, 'manifest.json'), 'w') as f:
    json.dump(dict(listed, cases=cases), f, indent=1)
print('%d cases of %s rebased onto %s' % (len(cases), folder, root or 'the zip\'s top'), file=sys.stderr)
