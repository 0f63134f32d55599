package dev.stride.internal.read;

import dev.stride.ZarrArray;
import dev.stride.model.Region;

import dev.stride.model.FieldAccessor;
import dev.stride.model.FieldAccessor.BoolField;
import dev.stride.model.FieldAccessor.ByteField;
import dev.stride.model.FieldAccessor.ComplexField;
import dev.stride.model.FieldAccessor.DoubleField;
import dev.stride.model.FieldAccessor.FloatField;
import dev.stride.model.FieldAccessor.HalfField;
import dev.stride.model.FieldAccessor.IntField;
import dev.stride.model.FieldAccessor.LongField;
import dev.stride.model.FieldAccessor.RawField;
import dev.stride.model.FieldAccessor.ShortField;

import java.lang.foreign.MemorySegment;

/** Fills the natural Java array of one field from runs of records (see {@link ZarrArray#read(String, Region)}). */
public sealed interface ColumnBuilder {

    void copy(MemorySegment records, long first, long n, int at);

    Object array();

    static ColumnBuilder of(FieldAccessor f, int n) {
        return switch (f) {
            case BoolField b -> new Bools(b, new boolean[n]);
            case ByteField b -> new Bytes(b, new byte[n]);
            case ShortField s -> new Shorts(s, new short[n]);
            case HalfField h -> new Halves(h, new float[n]);
            case IntField i -> new Ints(i, new int[n]);
            case LongField l -> new Longs(l, new long[n]);
            case FloatField x -> new Floats(x, new float[n]);
            case DoubleField d -> new Doubles(d, new double[n]);
            case ComplexField c -> new Complexes(c, new double[2 * n]);
            case RawField r -> new Raws(r, new byte[Math.multiplyExact(n, (int) r.byteSize())]);
        };
    }

    record Bools(BoolField f, boolean[] array) implements ColumnBuilder {
        public void copy(MemorySegment s, long first, long n, int at) {
            for (int i = 0; i < n; i++) {
                array[at + i] = f.get(s, first + i);
            }
        }
    }

    record Bytes(ByteField f, byte[] array) implements ColumnBuilder {
        public void copy(MemorySegment s, long first, long n, int at) {
            for (int i = 0; i < n; i++) {
                array[at + i] = f.get(s, first + i);
            }
        }
    }

    record Shorts(ShortField f, short[] array) implements ColumnBuilder {
        public void copy(MemorySegment s, long first, long n, int at) {
            for (int i = 0; i < n; i++) {
                array[at + i] = f.get(s, first + i);
            }
        }
    }

    record Halves(HalfField f, float[] array) implements ColumnBuilder {
        public void copy(MemorySegment s, long first, long n, int at) {
            for (int i = 0; i < n; i++) {
                array[at + i] = f.get(s, first + i);
            }
        }
    }

    record Ints(IntField f, int[] array) implements ColumnBuilder {
        public void copy(MemorySegment s, long first, long n, int at) {
            for (int i = 0; i < n; i++) {
                array[at + i] = f.get(s, first + i);
            }
        }
    }

    record Longs(LongField f, long[] array) implements ColumnBuilder {
        public void copy(MemorySegment s, long first, long n, int at) {
            for (int i = 0; i < n; i++) {
                array[at + i] = f.get(s, first + i);
            }
        }
    }

    record Floats(FloatField f, float[] array) implements ColumnBuilder {
        public void copy(MemorySegment s, long first, long n, int at) {
            for (int i = 0; i < n; i++) {
                array[at + i] = f.get(s, first + i);
            }
        }
    }

    record Doubles(DoubleField f, double[] array) implements ColumnBuilder {
        public void copy(MemorySegment s, long first, long n, int at) {
            for (int i = 0; i < n; i++) {
                array[at + i] = f.get(s, first + i);
            }
        }
    }

    /** Complex values as interleaved (re, im) doubles. */
    record Complexes(ComplexField f, double[] array) implements ColumnBuilder {
        public void copy(MemorySegment s, long first, long n, int at) {
            for (int i = 0; i < n; i++) {
                array[2 * (at + i)] = f.real(s, first + i);
                array[2 * (at + i) + 1] = f.imaginary(s, first + i);
            }
        }
    }

    record Raws(RawField f, byte[] array) implements ColumnBuilder {
        public void copy(MemorySegment s, long first, long n, int at) {
            int size = (int) f.byteSize();
            for (int i = 0; i < n; i++) {
                System.arraycopy(f.get(s, first + i), 0, array, (at + i) * size, size);
            }
        }
    }
}
