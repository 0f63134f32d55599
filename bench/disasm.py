#!/usr/bin/env python3
"""Disassembles the C2-compiled code of a method from the JVM's own output, without hsdis: the JVM prints the code
as hex bytes when no disassembler library is installed, and objdump (binutils) reads those bytes.

usage: disasm.py JVM_OUTPUT [METHOD]
  JVM_OUTPUT  output of a run with -XX:+UnlockDiagnosticVMOptions -XX:CompileCommand=print,*Kernels::sumFloating
  METHOD      part of the name to pick (default: any); the last standard (not OSR) C2 compilation of it is shown
"""
import re
import subprocess
import sys
import tempfile

HEADER = re.compile(r'^Compiled method \(c2\)\s+\d+\s+\d+\s+(%?)\s*\d\s+(\S+)')
BYTES = re.compile(r'^\s+0x([0-9a-f]+):\s+([0-9a-f |]+)$')


def last_compilation(lines, method):
    start = None
    for i, line in enumerate(lines):
        m = HEADER.match(line)
        if m and not m[1] and method in m[2]:
            start = i
    if start is None:
        sys.exit(f'no standard C2 compilation of {method or "any method"} in the output')
    return lines[start + 1:]


def code_bytes(lines):
    """The method's main code: from its [MachCode] line to the next compiled method, holes padded with nops."""
    code, base, inside = bytearray(), None, False
    for line in lines:
        if line.startswith('[MachCode]'):  # the {method} line after it is left out of some nmethods
            inside = True
        elif line.startswith('Compiled method') or line.startswith('[Stub Code]'):
            break
        elif inside and (m := BYTES.match(line)):
            address, data = int(m[1], 16), bytes.fromhex(m[2].replace('|', '').replace(' ', ''))
            base = address if base is None else base
            if data and address >= base + len(code):
                code += b'\x90' * (address - base - len(code)) + data
    return base, bytes(code)


def main(path, method=''):
    with open(path) as f:
        base, code = code_bytes(last_compilation(f.read().splitlines(), method))
    with tempfile.NamedTemporaryFile(suffix='.bin') as tmp:
        tmp.write(code)
        tmp.flush()
        subprocess.run(['objdump', '-D', '-b', 'binary', '-m', 'i386:x86-64', '-M', 'intel', f'--adjust-vma={base:#x}', tmp.name], check=True)


if __name__ == '__main__':
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    main(*sys.argv[1:])
