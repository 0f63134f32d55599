#!/usr/bin/env python3
"""Uploads a directory's files as they are (broken ones too) into a new container of an Azure blob endpoint (Azurite),
one Put Blob each, signed with the Shared Key scheme from AZURE_STORAGE_ACCOUNT and AZURE_STORAGE_KEY.

usage: checks/servers/azupload.py DIR ENDPOINT CONTAINER    e.g. checks/servers/azupload.py ../shared/conformance http://127.0.0.1:10000/devstoreaccount1 corpus
"""
import base64
import hashlib
import hmac
import http.client
import os
import sys
from email.utils import formatdate
from urllib.parse import quote, urlsplit

VERSION = '2021-08-06'


def signed(method, path, query, headers, length, account, key):
    """The request's headers with its Authorization: the canonical string of the Shared Key scheme, HMAC-SHA256."""
    headers = dict(headers, **{'x-ms-date': formatdate(usegmt=True), 'x-ms-version': VERSION})
    canonical_headers = ''.join(f'{name}:{headers[name]}\n' for name in sorted(headers) if name.startswith('x-ms-'))
    resource = f'/{account}{path}' + ''.join(f'\n{name}:{value}' for name, value in sorted(query.items()))
    content_type = headers.get('Content-Type', '')
    text = '\n'.join([method, '', '', str(length) if length else '', '', content_type, '', '', '', '', '', '']) + '\n'
    digest = hmac.new(base64.b64decode(key), (text + canonical_headers + resource).encode(), hashlib.sha256).digest()
    headers['Authorization'] = f'SharedKey {account}:{base64.b64encode(digest).decode()}'
    return headers


def request(connection, method, path, query, headers, body, account, key):
    target = path + ('?' + '&'.join(f'{k}={v}' for k, v in query.items()) if query else '')
    connection.request(method, target, body=body, headers=signed(method, path, query, headers, len(body or b''), account, key))
    response = connection.getresponse()
    answer = response.read()
    if response.status >= 300:
        sys.exit(f'{method} {target}: {response.status} {response.reason}: {answer[:300]!r}')


def main(directory, endpoint, container):
    account, key = os.environ['AZURE_STORAGE_ACCOUNT'], os.environ['AZURE_STORAGE_KEY']
    url = urlsplit(endpoint)
    base = url.path.rstrip('/')
    connection = http.client.HTTPConnection(url.hostname, url.port)
    request(connection, 'PUT', f'{base}/{container}', {'restype': 'container'}, {}, b'', account, key)
    files = 0
    for root, _, names in os.walk(directory, followlinks=True):
        for name in names:
            path = os.path.join(root, name)
            blob = quote(os.path.relpath(path, directory).replace(os.sep, '/'))
            with open(path, 'rb') as f:
                body = f.read()
            request(connection, 'PUT', f'{base}/{container}/{blob}', {}, {'x-ms-blob-type': 'BlockBlob',
                    'Content-Type': 'application/octet-stream'}, body, account, key)
            files += 1
    print(f'{files} files uploaded to az://{container}', file=sys.stderr)


if __name__ == '__main__':
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    main(*sys.argv[1:])
