package dev.stride.codecs;

/** What deflate (zlib's or any other encoder's) makes of n bytes at most, for the zlib and gzip wrappers. */
final class Deflate {

    private Deflate() {
    }

    /**
     * zlib's conservative {@code deflateBound} for any settings: the larger of all stored blocks and all fixed Huffman
     * codes (9 bits for the rarest literal), plus a block header.
     */
    static long bound(long n) {
        long stored = n + (n >> 5) + (n >> 7) + (n >> 11) + 7;
        long fixed = n + (n >> 3) + (n >> 8) + (n >> 9) + 4;
        return Math.max(stored, fixed);
    }
}
