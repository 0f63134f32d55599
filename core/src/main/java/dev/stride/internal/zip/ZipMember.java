package dev.stride.internal.zip;

/**
 * One file of a zip as its central directory describes it.
 *
 * @param name the entry's path inside the zip, '/'-separated
 * @param nameLength the length of its name in bytes, as the local header repeats it
 * @param extraLength the length of its extra field in the central directory, which the local header usually repeats
 * @param method how its bytes are stored: {@link #STORED} or {@link #DEFLATED} (others are refused when read)
 * @param flags the general-purpose bit flags (bit 0: encrypted; bit 3: sizes follow the data)
 * @param crc the CRC-32 of its uncompressed bytes
 * @param compressedSize its size in the zip
 * @param size its size uncompressed
 * @param headerOffset where its local header starts in the zip
 */
record ZipMember(String name, int nameLength, int extraLength, int method, int flags, int crc, long compressedSize, long size, long headerOffset) {
    static final int STORED = 0;
    static final int DEFLATED = 8;

    boolean encrypted() {
        return (flags & 1) != 0;
    }

    /** Sizes and CRC in the local header are zero and follow the data instead (a writer that streamed the entry). */
    boolean sizesAfterData() {
        return (flags & 8) != 0;
    }
}
