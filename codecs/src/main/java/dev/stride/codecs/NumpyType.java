package dev.stride.codecs;

import dev.stride.model.CoreType;
import dev.stride.model.DataType;
import dev.stride.model.Json;
import dev.stride.spi.CodecConfig;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A numeric numpy data type as the numcodecs filters name it ({@code <i2}, {@code >f8}, {@code |u1}, {@code float32}):
 * its kind ({@code i}, {@code u} or {@code f}), size and byte order, how its elements are read and written, and numpy's
 * {@code astype} conversions between such types: integers wrap, floats round to nearest even, floats become
 * integers by truncation (numpy leaves values out of range undefined; here they saturate).
 */
record NumpyType(char kind, int size, ByteOrder order) {
    private static final Pattern TYPE_STRING = Pattern.compile("([<>|=]?)([iuf])([1248])");
    private static final Map<String, String> NAMES = Map.ofEntries(Map.entry("int8", "i1"), Map.entry("int16", "i2"),
            Map.entry("int32", "i4"), Map.entry("int64", "i8"), Map.entry("uint8", "u1"), Map.entry("uint16", "u2"),
            Map.entry("uint32", "u4"), Map.entry("uint64", "u8"), Map.entry("float16", "f2"), Map.entry("float32", "f4"),
            Map.entry("float64", "f8"));
    private static final double TWO_TO_63 = 0x1p63;
    private static final ValueLayout.OfShort SHORT = ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    /** Where numpy computes what mixes integers with Python floats. */
    static final NumpyType FLOAT64 = new NumpyType('f', 8, ByteOrder.LITTLE_ENDIAN);

    /** The type of configuration member {@code member}, or of the chunk when it is absent (zarr-python fills it in so). */
    static NumpyType of(CodecConfig config, String member, DataType chunkType) {
        return given(config, member) ? required(config, member) : of(chunkType, config, member);
    }

    /** The type of configuration member {@code member}, or {@code fallback} when it is absent (numcodecs' astype). */
    static NumpyType orElse(CodecConfig config, String member, NumpyType fallback) {
        return given(config, member) ? required(config, member) : fallback;
    }

    /** Present and not null: numcodecs takes {@code None} for "not given". */
    private static boolean given(CodecConfig config, String member) {
        return config.has(member) && config.configuration().get(member) != Json.JNull.NULL;
    }

    /** The type of configuration member {@code member}, which must be there. */
    static NumpyType required(CodecConfig config, String member) {
        String text = config.string(member, null);
        Matcher m = TYPE_STRING.matcher(NAMES.getOrDefault(text, text));
        char kind = m.matches() ? m.group(2).charAt(0) : 0;
        int size = m.matches() ? m.group(3).charAt(0) - '0' : 0;
        if (kind == 0 || kind == 'f' && size == 1) {
            throw config.invalid(member, "'" + text + "' is not a numeric numpy data type (such as '<i2', '>f8', '|u1' or 'float32')");
        }
        ByteOrder order = switch (m.group(1)) {
            case "<" -> ByteOrder.LITTLE_ENDIAN;
            case ">" -> ByteOrder.BIG_ENDIAN;
            default -> ByteOrder.nativeOrder();
        };
        return new NumpyType(kind, size, order);
    }

    /** A chunk's core type in native order, as numpy holds it; refused unless it is an integer or real float type. */
    static NumpyType of(DataType chunkType, CodecConfig config, String member) {
        if (!(chunkType instanceof CoreType type && type.isReal())) {
            throw config.invalid(member, "codec '" + config.name() + "' takes integers and floats, not " + chunkType.describe());
        }
        char kind = switch (type.kind()) {
            case SIGNED -> 'i';
            case UNSIGNED -> 'u';
            default -> 'f';
        };
        return new NumpyType(kind, type.byteSize(), ByteOrder.nativeOrder());
    }

    CoreType coreType() {
        return CoreType.byName(switch (kind) {
            case 'i' -> "int";
            case 'u' -> "uint";
            default -> "float";
        } + size * 8).orElseThrow();
    }

    boolean isFloat() {
        return kind == 'f';
    }

    /** numpy's spelling, e.g. {@code <f4}. */
    String describe() {
        return (size == 1 ? "|" : order == ByteOrder.LITTLE_ENDIAN ? "<" : ">") + kind + size;
    }

    /**
     * The bits of element {@code i}, read in little-endian order and swapped when the type is big-endian: one load per
     * size keeps the element methods small enough for the JIT to inline them into a filter's loop.
     */
    private long bits(MemorySegment s, long i) {
        long at = i * size;
        boolean swap = order == ByteOrder.BIG_ENDIAN;
        return switch (size) {
            case 1 -> s.get(ValueLayout.JAVA_BYTE, at);
            case 2 -> swap ? Short.reverseBytes(s.get(SHORT, at)) : s.get(SHORT, at);
            case 4 -> swap ? Integer.reverseBytes(s.get(INT, at)) : s.get(INT, at);
            default -> swap ? Long.reverseBytes(s.get(LONG, at)) : s.get(LONG, at);
        };
    }

    /** Stores the low {@link #size} bytes of {@code v} as element {@code i}. */
    private void putBits(MemorySegment s, long i, long v) {
        long at = i * size;
        boolean swap = order == ByteOrder.BIG_ENDIAN;
        switch (size) {
            case 1 -> s.set(ValueLayout.JAVA_BYTE, at, (byte) v);
            case 2 -> s.set(SHORT, at, swap ? Short.reverseBytes((short) v) : (short) v);
            case 4 -> s.set(INT, at, swap ? Integer.reverseBytes((int) v) : (int) v);
            default -> s.set(LONG, at, swap ? Long.reverseBytes(v) : v);
        }
    }

    /** Element {@code i} of an integer type: sign- or zero-extended (a {@code u8} above 2^63 is negative here). */
    long getLong(MemorySegment s, long i) {
        long v = bits(s, i);
        return kind == 'u' && size < 8 ? v & (-1L >>> (64 - 8 * size)) : v;
    }

    /** Stores the low bytes of {@code v}: integers wrap as numpy's do. */
    void setLong(MemorySegment s, long i, long v) {
        putBits(s, i, v);
    }

    /** Element {@code i} of a float type, exactly. */
    double getDouble(MemorySegment s, long i) {
        long v = bits(s, i);
        return switch (size) {
            case 2 -> Float.float16ToFloat((short) v);
            case 4 -> Float.intBitsToFloat((int) v);
            default -> Double.longBitsToDouble(v);
        };
    }

    /** Stores {@code v}, a value of this float type. */
    void setDouble(MemorySegment s, long i, double v) {
        putBits(s, i, switch (size) {
            case 2 -> Float.floatToFloat16((float) v);
            case 4 -> Float.floatToRawIntBits((float) v);
            default -> Double.doubleToRawLongBits(v);
        });
    }

    /** {@code v} wrapped to this integer type, as the value it then has. */
    long wrap(long v) {
        if (size == 8) {
            return v;
        }
        int shift = 64 - 8 * size;
        return kind == 'u' ? v & (-1L >>> shift) : v << shift >> shift;
    }

    /**
     * {@code v} rounded once to this float type. Results of +, -, * and / on values of the type, computed in double,
     * round to what numpy computes in the type itself (double has more than twice the bits plus two).
     */
    double round(double v) {
        return switch (size) {
            case 2 -> half(v);
            case 4 -> (float) v;
            default -> v;
        };
    }

    /** The nearest float16: through float rounded to odd, so the one rounding to half is the only one that counts. */
    private static double half(double v) {
        float f = (float) v;
        if (f != v && (Float.floatToRawIntBits(f) & 1) == 0) {
            f = Math.nextAfter(f, v);
        }
        return Float.float16ToFloat(Float.floatToFloat16(f));
    }

    /** Integer {@code v} of type {@code from} as this float type, rounded once as numpy's casts do. */
    double floatOf(long v, NumpyType from) {
        boolean unsigned = from.kind == 'u' && from.size == 8 && v < 0;
        return switch (size) {
            // a u8 above 2^63: halved with its lowest bit kept as a sticky bit, converted, doubled
            case 8 -> unsigned ? ((double) ((v >>> 1) | (v & 1))) * 2 : (double) v;
            case 4 -> unsigned ? ((float) ((v >>> 1) | (v & 1))) * 2f : (float) v;
            default -> Float.float16ToFloat(Float.floatToFloat16(unsigned ? ((float) ((v >>> 1) | (v & 1))) * 2f : (float) v));
        };
    }

    /** Float {@code v} as this integer type: truncated towards zero. */
    long intOf(double v) {
        long truncated = kind == 'u' && size == 8 && v >= TWO_TO_63 ? (long) (v - TWO_TO_63) ^ Long.MIN_VALUE : (long) v;
        return wrap(truncated);
    }

    /** Element {@code i} of {@code from} as a value of this float type. */
    double asFloat(NumpyType from, MemorySegment s, long i) {
        return from.isFloat() ? round(from.getDouble(s, i)) : floatOf(from.getLong(s, i), from);
    }

    /** Element {@code i} of {@code from} as a value of this integer type. */
    long asInt(NumpyType from, MemorySegment s, long i) {
        return from.isFloat() ? intOf(from.getDouble(s, i)) : wrap(from.getLong(s, i));
    }

    /** A value of some float type as element {@code i} of this type, converted as numpy's {@code astype} does. */
    void storeFloat(MemorySegment s, long i, double v) {
        if (isFloat()) {
            setDouble(s, i, round(v));
        } else {
            setLong(s, i, intOf(v));
        }
    }

    /** Integer {@code v} of type {@code from} as element {@code i} of this type, converted as numpy's {@code astype} does. */
    void storeInt(MemorySegment s, long i, long v, NumpyType from) {
        if (isFloat()) {
            setDouble(s, i, floatOf(v, from));
        } else {
            setLong(s, i, v);
        }
    }

    /** numpy's {@code astype}: {@code n} elements of {@code from} in {@code src} written as this type to {@code dst}. */
    void convert(NumpyType from, MemorySegment src, MemorySegment dst, long n) {
        // one loop per pair of kinds, each small enough for the JIT to inline what it calls
        if (from.isFloat() && isFloat()) {
            for (long i = 0; i < n; i++) {
                setDouble(dst, i, round(from.getDouble(src, i)));
            }
        } else if (from.isFloat()) {
            for (long i = 0; i < n; i++) {
                setLong(dst, i, intOf(from.getDouble(src, i)));
            }
        } else if (isFloat()) {
            for (long i = 0; i < n; i++) {
                setDouble(dst, i, floatOf(from.getLong(src, i), from));
            }
        } else {
            for (long i = 0; i < n; i++) {
                setLong(dst, i, from.getLong(src, i));
            }
        }
    }
}
