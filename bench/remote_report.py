#!/usr/bin/env python3
"""Prints bench/remote.sh's results as a markdown table: Stride's scan of each array from local files, from nginx,
through the 0 ms proxy and through the slow proxy (Mrecords/s, JMH), TensorStore's http kvstore on the same three
servers (its best run), and the ratios the remote-store targets name. Standard library only.

usage: remote_report.py JMH_JSON PEERS_TXT NGINX_PORT FAST_PORT SLOW_PORT DELAY_MS [S3_JMH_JSON]
"""
import json
import platform
import re
import sys

PEER_LINE = re.compile(r'^(\S+) sum=\S+ seconds=\S+ Mrecords/s=([0-9.]+)')


def stride(path, servers):
    """{(array, server): Mrecords/s} from the JMH results; server is 'local' or one of the names of servers."""
    out = {}
    for r in json.load(open(path)):
        base = r['params']['base']
        port = base.rsplit(':', 1)[-1]
        server = 'local' if base == 'local' else servers.get(port, base)
        out[(r['params']['array'], server)] = r['secondaryMetrics']['records']['score'] / 1e6
    return out


def tensorstore(path, servers):
    """{(array, server): best Mrecords/s} from scan_peers.py output in '== ARRAY URL' sections."""
    best, key = {}, None
    for line in open(path):
        if line.startswith('== '):
            array, url = line[3:].split()
            key = (array, servers[url.rsplit(':', 1)[-1]])
        elif (m := PEER_LINE.match(line)) and key:
            best[key] = max(best.get(key, 0.0), float(m[2]))
    return best


def main(jmh, peers, nginx, fast, slow, delay, s3_jmh=None):
    servers = {nginx: 'nginx', fast: 'proxy 0 ms', slow: f'proxy {delay} ms'}
    s, t = stride(jmh, servers), tensorstore(peers, servers)
    names = ['nginx', 'proxy 0 ms', f'proxy {delay} ms']
    print(f'Scans of field x (Mrecords/s), {platform.machine()} {cpu()}, {json.load(open(jmh))[0]["params"].get("threads", "?")} threads:\n')
    print('| array | local files | ' + ' | '.join(f'{n} (TensorStore)' for n in names)
          + f' | nginx / local | {delay} ms / 0 ms | Stride / TensorStore |')
    print('|---' * (5 + len(names)) + '|')
    for array in ['raw', 'zstd', 'sharded']:
        cells = [f'{s.get((array, n), 0):.1f} ({t.get((array, n), 0):.1f})' for n in names]
        vs_peer = ' / '.join(ratio(s.get((array, n), 0), t.get((array, n), 0)) for n in names)
        print(f'| {array} | {s.get((array, "local"), 0):.1f} | ' + ' | '.join(cells)
              + f' | {ratio(s.get((array, "nginx"), 0), s.get((array, "local"), 0))}'
              + f' | {ratio(s.get((array, names[2]), 0), s.get((array, names[1]), 0))} | {vs_peer} |')
    if s3_jmh:
        s3 = stride(s3_jmh, {})
        print('\nThe same scans over S3 (s3proxy in memory, signed requests), Mrecords/s:\n')
        print('| array | local files | s3proxy | s3proxy / local | s3proxy / nginx |')
        print('|---|---|---|---|---|')
        for array in ['raw', 'zstd', 'sharded']:
            got = next((v for (a, _), v in s3.items() if a == array), 0)
            print(f'| {array} | {s.get((array, "local"), 0):.1f} | {got:.1f} | {ratio(got, s.get((array, "local"), 0))}'
                  f' | {ratio(got, s.get((array, "nginx"), 0))} |')


def ratio(a, b):
    return f'{a / b:.2f}x' if a and b else '-'


def cpu():
    try:
        for line in open('/proc/cpuinfo'):
            if line.startswith('model name'):
                return line.split(':', 1)[1].strip()
    except OSError:
        pass
    return platform.processor()


if __name__ == '__main__':
    main(*sys.argv[1:])
