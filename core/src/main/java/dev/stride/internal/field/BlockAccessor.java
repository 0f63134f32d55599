package dev.stride.internal.field;

import dev.stride.model.DataType;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/** Fields whose columns hold the stored bytes as they are, a fixed number a record: raw and byte strings. */
abstract sealed class BlockAccessor extends Accessor<byte[]> permits RawAccessor, ByteStringAccessor {
    /** Stored bytes a record. */
    final int size;

    BlockAccessor(Site site, DataType type, Kind<byte[]> kind) {
        super(site, type, kind);
        this.size = type.byteSize();
    }

    /** The stored bytes of record {@code i}. */
    final byte[] stored(MemorySegment records, long i) {
        return records.asSlice(at(i), size).toArray(ValueLayout.JAVA_BYTE);
    }

    @Override
    public final void get(MemorySegment records, long first, int n, byte[] dst, int pos) {
        for (int k = 0; k < n; k++) {
            MemorySegment.copy(records, ValueLayout.JAVA_BYTE, at(first + k), dst, (pos + k) * size, size);
        }
    }

    @Override
    public final void set(MemorySegment records, long first, int n, byte[] src, int pos) {
        for (int k = 0; k < n; k++) {
            MemorySegment.copy(src, (pos + k) * size, records, ValueLayout.JAVA_BYTE, at(first + k), size);
        }
    }

    @Override
    final int itemsPerRecord() {
        return size;
    }
}
