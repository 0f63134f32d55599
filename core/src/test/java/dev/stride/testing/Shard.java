package dev.stride.testing;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * A shard laid out by hand per the sharding spec: inner chunks in the order they are put (with optional gaps), and
 * an index of (offset, nbytes) uint64 pairs per inner chunk in C order, 2^64-1 for empty ones, encoded by the bytes
 * codec in the given order and optionally followed by a crc32c, at the start or the end.
 */
public final class Shard {
    private final long[] offsets;
    private final long[] lengths;
    private final ByteArrayOutputStream data = new ByteArrayOutputStream();
    private ByteOrder indexOrder = ByteOrder.LITTLE_ENDIAN;
    private boolean crc32c = true;
    private boolean atEnd = true;

    public Shard(int innerChunks) {
        offsets = new long[innerChunks];
        lengths = new long[innerChunks];
        Arrays.fill(offsets, -1);
        Arrays.fill(lengths, -1);
    }

    /** Index at the start, crc32c as configured. */
    public Shard indexAtStart() {
        atEnd = false;
        return this;
    }

    public Shard indexOrder(ByteOrder order) {
        indexOrder = order;
        return this;
    }

    /** Index codecs are only {@code bytes}, no crc32c. */
    public Shard noCrc() {
        crc32c = false;
        return this;
    }

    public long indexSize() {
        return 16L * offsets.length + (crc32c ? 4 : 0);
    }

    /** Appends inner chunk {@code i} (C order within the shard) to the data. */
    public Shard put(int i, byte[] encoded) {
        offsets[i] = data.size();
        lengths[i] = encoded.length;
        data.write(encoded, 0, encoded.length);
        return this;
    }

    /** Unreferenced bytes between inner chunks. */
    public Shard gap(int n) {
        data.write(new byte[n], 0, n);
        return this;
    }

    /** Offset of inner chunk {@code i} in the built shard. */
    public long offsetOf(int i) {
        return offsets[i] + (atEnd ? 0 : indexSize());
    }

    public long lengthOf(int i) {
        return lengths[i];
    }

    /** Offset of the index in the built shard. */
    public long indexOffset() {
        return atEnd ? data.size() : 0;
    }

    public byte[] bytes() {
        ByteBuffer index = ByteBuffer.allocate(16 * offsets.length).order(indexOrder);
        long shift = atEnd ? 0 : indexSize();
        for (int i = 0; i < offsets.length; i++) {
            index.putLong(offsets[i] == -1 ? -1 : offsets[i] + shift);
            index.putLong(lengths[i]);
        }
        byte[] encodedIndex = crc32c ? Enc.withCrc32c(index.array()) : index.array();
        return atEnd ? Enc.concat(data.toByteArray(), encodedIndex) : Enc.concat(encodedIndex, data.toByteArray());
    }

    /** The JSON of this shard's index codecs. */
    public String indexCodecsJson() {
        String bytes = "{'name': 'bytes', 'configuration': {'endian': '" + (indexOrder == ByteOrder.BIG_ENDIAN ? "big" : "little") + "'}}";
        return "[" + bytes + (crc32c ? ", {'name': 'crc32c'}" : "") + "]";
    }

    /** A sharding_indexed codec entry. */
    public static String codec(String innerChunkShape, String innerCodecs, String indexCodecs, String location) {
        return "{'name': 'sharding_indexed', 'configuration': {'chunk_shape': " + innerChunkShape + ", 'codecs': " + innerCodecs
                + ", 'index_codecs': " + indexCodecs + (location == null ? "" : ", 'index_location': '" + location + "'") + "}}";
    }

    public String codec(String innerChunkShape, String innerCodecs) {
        return codec(innerChunkShape, innerCodecs, indexCodecsJson(), atEnd ? "end" : "start");
    }
}
