#!/usr/bin/env python3
"""Uploads a directory's files as they are (broken ones too) into a new bucket of an S3 server, one signed PUT each,
through curl's own SigV4 signing (--aws-sigv4) with AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY and AWS_REGION.

usage: checks/servers/s3upload.py DIR ENDPOINT BUCKET      e.g. checks/servers/s3upload.py ../shared/conformance http://127.0.0.1:9000 corpus
"""
import os
import subprocess
import sys
import tempfile
from urllib.parse import quote


def main(directory, endpoint, bucket):
    region = os.environ.get('AWS_REGION', 'us-east-1')
    auth = ['--aws-sigv4', f'aws:amz:{region}:s3', '--user', os.environ['AWS_ACCESS_KEY_ID'] + ':' + os.environ['AWS_SECRET_ACCESS_KEY'],
            '-H', 'x-amz-content-sha256: UNSIGNED-PAYLOAD', '--fail', '--silent', '--show-error']
    subprocess.run(['curl', *auth, '-X', 'PUT', f'{endpoint}/{bucket}'], check=True)
    files = 0
    with tempfile.NamedTemporaryFile('w', suffix='.curl') as config:
        for root, _, names in os.walk(directory, followlinks=True):
            for name in names:
                path = os.path.join(root, name)
                key = os.path.relpath(path, directory).replace(os.sep, '/')
                config.write(f'upload-file = "{escape(path)}"\nurl = "{endpoint}/{bucket}/{quote(key)}"\noutput = "/dev/null"\n')
                files += 1
        config.flush()
        # one curl for every file: a connection kept alive instead of a process per file
        subprocess.run(['curl', *auth, '--config', config.name], check=True)
    print(f'{files} files uploaded to s3://{bucket}', file=sys.stderr)


def escape(text):
    return text.replace('\\', '\\\\').replace('"', '\\"')


if __name__ == '__main__':
    main(*sys.argv[1:])
