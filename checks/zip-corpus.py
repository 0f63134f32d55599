#!/usr/bin/env python3
"""Zips the v3 conformance corpus as zarr-python's ZipStore would hold it, for check_cli.py --base URL/corpus.zip.

usage: checks/zip-corpus.py CONFORMANCE_DIR OUT.zip [stored|deflated]

Python's zipfile is the writer, independent of Stride's reader; the v2 cases (zarr-v2/) have their own manifest.
"""
import os
import sys
import zipfile

if len(sys.argv) not in (3, 4):
    sys.exit(__doc__.strip())
root, out = sys.argv[1], sys.argv[2]
method = zipfile.ZIP_DEFLATED if (sys.argv[3:] or ['deflated'])[0] == 'deflated' else zipfile.ZIP_STORED
with zipfile.ZipFile(out, 'w', method, allowZip64=True) as z:
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if not (folder == root and d == 'zarr-v2'))
        for name in sorted(files):
            path = os.path.join(folder, name)
            z.write(path, os.path.relpath(path, root))
