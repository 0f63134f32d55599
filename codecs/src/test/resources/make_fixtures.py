"""Writes the zstd and blosc fixtures of stride-codecs' tests with independent writers (numcodecs, zstandard).

Run from anywhere: python make_fixtures.py (needs numpy, numcodecs and zstandard). The output is deterministic
for a given numcodecs/zstandard version; the tests only need each file to decode to raw.bin.
"""
import pathlib

import numcodecs
import numpy as np
import zstandard

OUT = pathlib.Path(__file__).resolve().parent / "fixtures"


def raw():
    # 15 KiB of int32 that compress well, then 1 KiB that does not
    ramp = (np.arange(3840, dtype="<i4") * 7) % 1000
    state, noise = 12345, bytearray()
    for _ in range(1024):
        state = (state * 1103515245 + 12345) % 2**31
        noise.append(state >> 16 & 0xFF)
    return ramp.tobytes() + bytes(noise)


def write(name, data):
    path = OUT / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)


def main():
    data = raw()
    write("raw.bin", data)
    values = np.frombuffer(data, dtype="<i4")  # typesize 4

    shuffles = {"noshuffle": numcodecs.Blosc.NOSHUFFLE, "shuffle": numcodecs.Blosc.SHUFFLE,
                "bitshuffle": numcodecs.Blosc.BITSHUFFLE}
    for cname in ("blosclz", "lz4", "lz4hc", "zlib", "zstd"):
        for sname, shuffle in shuffles.items():
            codec = numcodecs.Blosc(cname=cname, clevel=5, shuffle=shuffle, blocksize=4096)
            write(f"blosc/{cname}-{sname}.bin", codec.encode(values))
    write("blosc/lz4-auto-blocksize.bin", numcodecs.Blosc(cname="lz4", clevel=9, shuffle=1, blocksize=0).encode(values))
    write("blosc/clevel0.bin", numcodecs.Blosc(cname="lz4", clevel=0, shuffle=1).encode(values))
    write("blosc/tiny.bin", numcodecs.Blosc(cname="zstd", clevel=5, shuffle=1).encode(values[:10]))

    write("zstd/checksum.bin", zstandard.ZstdCompressor(level=3, write_checksum=True).compress(data))
    write("zstd/no-content-size.bin", zstandard.ZstdCompressor(level=1, write_content_size=False).compress(data))
    stream = zstandard.ZstdCompressor(level=5, write_checksum=True).compressobj()
    write("zstd/streaming.bin", stream.compress(data[:1000]) + stream.compress(data[1000:]) + stream.flush())
    write("zstd/numcodecs.bin", numcodecs.Zstd(level=1).encode(data))
    write("zstd/two-frames.bin", zstandard.ZstdCompressor(level=3).compress(data[:2048])
          + zstandard.ZstdCompressor(level=3, write_checksum=True).compress(data[2048:]))


if __name__ == "__main__":
    main()
