package dev.stride.internal.read;

import dev.stride.internal.base.Reads;
import dev.stride.internal.text.Utf32;
import dev.stride.model.DataType;
import dev.stride.model.FieldAccessor;
import dev.stride.model.FieldStats;
import dev.stride.model.FixedBytesType;
import dev.stride.model.FixedStringType;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * A worker's running statistics of a text ({@code U<n>}) or byte string ({@code S<n>}) field: values, empty values,
 * and the least and greatest value, kept as their stored bytes so that no value is decoded until the end. Stored
 * values compare as numpy compares the values: unit by unit (unsigned bytes, or UTF-32 units as numbers, which is
 * code-point order and not Java's UTF-16 order), and the padding NULs, the least unit, sort a value as if they were
 * not there. Text is checked unit by unit as it is read, as {@code StringField} reads it.
 */
final class StringTotal extends FieldTotal {
    private final String path;
    private final int size;
    /** Bytes a unit: 4 for UTF-32 text, 1 for byte strings. */
    private final int unit;
    private final boolean little;
    /** A value of NULs only: the empty value. */
    private final MemorySegment empty;
    /** Values that are empty (all NULs). */
    long emptyCount;
    /** The least and greatest value as stored, or null before the first. */
    private MemorySegment min;
    private MemorySegment max;

    StringTotal(FieldAccessor field) {
        this.path = field.path();
        this.size = Math.toIntExact(field.byteSize());
        this.unit = field.type() instanceof FixedStringType ? 4 : 1;
        this.little = field.order() == ByteOrder.LITTLE_ENDIAN;
        this.empty = MemorySegment.ofArray(new byte[size]);
    }

    /** Adds records [first, first + n) of records {@code stride} bytes apart whose field starts at {@code offset}. */
    void add(MemorySegment records, long stride, long offset, long first, long n) {
        long at = first * stride + offset;
        for (long i = first; i < first + n; i++, at += stride) {
            if (unit == 4) {
                Utf32.requireWellFormed(records, at, size / 4, little, path, i);
            }
            count++;
            if (compare(records, at, empty) == 0) {
                emptyCount++;
            }
            if (min == null || compare(records, at, min) < 0) {
                min = copy(records, at);
            }
            if (max == null || compare(records, at, max) > 0) {
                max = copy(records, at);
            }
        }
    }

    /** The order of the value at {@code at} of {@code s} and a stored value {@code v}. */
    private int compare(MemorySegment s, long at, MemorySegment v) {
        long m = MemorySegment.mismatch(s, at, at + size, v, 0, size);
        if (m < 0) {
            return 0;
        }
        if (unit == 1) {
            return Byte.compareUnsigned(s.get(ValueLayout.JAVA_BYTE, at + m), v.get(ValueLayout.JAVA_BYTE, m));
        }
        long k = m - m % 4;
        return Integer.compareUnsigned(Reads.i32(s, at + k, little), Reads.i32(v, k, little));
    }

    private MemorySegment copy(MemorySegment s, long at) {
        return MemorySegment.ofArray(s.asSlice(at, size).toArray(ValueLayout.JAVA_BYTE));
    }

    @Override
    void add(FieldTotal other) {
        StringTotal o = (StringTotal) other;
        count += o.count;
        emptyCount += o.emptyCount;
        extremes(o);
    }

    @Override
    void repeatValue(FieldTotal one, long times) {
        StringTotal o = (StringTotal) one;
        emptyCount += o.emptyCount * times;
        extremes(o);
    }

    private void extremes(StringTotal o) {
        if (o.min != null && (min == null || compare(o.min, 0, min) < 0)) {
            min = o.min;
        }
        if (o.max != null && (max == null || compare(o.max, 0, max) > 0)) {
            max = o.max;
        }
    }

    @Override
    FieldStats stats(String field, DataType type) {
        return unit == 4
                ? new FieldStats.Strings(field, (FixedStringType) type, count, emptyCount, text(min), text(max))
                : new FieldStats.ByteStrings(field, (FixedBytesType) type, count, emptyCount, bytes(min), bytes(max));
    }

    /** A stored text value as its string, without the padding; null for none. */
    private String text(MemorySegment v) {
        if (v == null) {
            return null;
        }
        int[] codePoints = new int[size / 4];
        int n = 0;
        for (int k = 0; k < codePoints.length; k++) {
            codePoints[k] = Reads.i32(v, 4L * k, little);
            n = codePoints[k] == 0 ? n : k + 1;
        }
        return new String(codePoints, 0, n);
    }

    /** A stored byte string without its trailing NULs; null for none. */
    private static byte[] bytes(MemorySegment v) {
        if (v == null) {
            return null;
        }
        byte[] stored = v.toArray(ValueLayout.JAVA_BYTE);
        int n = stored.length;
        while (n > 0 && stored[n - 1] == 0) {
            n--;
        }
        return Arrays.copyOf(stored, n);
    }
}
