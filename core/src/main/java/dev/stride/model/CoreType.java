package dev.stride.model;

import java.util.Locale;
import java.util.Optional;
import java.util.function.BiConsumer;

/** The data types of the Zarr v3 core spec; each is named in metadata as its constant in lower case ({@code float64}). */
public enum CoreType implements DataType {
    /** True or false, one byte. */
    BOOL(1, Kind.BOOL),
    /** A signed 8-bit integer. */
    INT8(1, Kind.SIGNED),
    /** A signed 16-bit integer. */
    INT16(2, Kind.SIGNED),
    /** A signed 32-bit integer. */
    INT32(4, Kind.SIGNED),
    /** A signed 64-bit integer. */
    INT64(8, Kind.SIGNED),
    /** An unsigned 8-bit integer. */
    UINT8(1, Kind.UNSIGNED),
    /** An unsigned 16-bit integer. */
    UINT16(2, Kind.UNSIGNED),
    /** An unsigned 32-bit integer. */
    UINT32(4, Kind.UNSIGNED),
    /** An unsigned 64-bit integer. */
    UINT64(8, Kind.UNSIGNED),
    /** An IEEE 754 half-precision float. */
    FLOAT16(2, Kind.FLOAT),
    /** An IEEE 754 single-precision float. */
    FLOAT32(4, Kind.FLOAT),
    /** An IEEE 754 double-precision float. */
    FLOAT64(8, Kind.FLOAT),
    /** A complex number of two float32 parts (re, im). */
    COMPLEX64(8, Kind.COMPLEX),
    /** A complex number of two float64 parts (re, im). */
    COMPLEX128(16, Kind.COMPLEX);

    /** What a value of the type means. */
    public enum Kind {
        /** bool. */
        BOOL,
        /** int8..int64. */
        SIGNED,
        /** uint8..uint64. */
        UNSIGNED,
        /** float16..float64. */
        FLOAT,
        /** complex64 and complex128. */
        COMPLEX
    }

    private final String jsonName;
    private final int size;
    private final Kind kind;

    CoreType(int size, Kind kind) {
        this.jsonName = name().toLowerCase(Locale.ROOT);
        this.size = size;
        this.kind = kind;
    }

    /**
     * The type a metadata name spells.
     *
     * @param name a core type's name ({@code float64})
     * @return the type, or empty for any other name
     */
    public static Optional<CoreType> byName(String name) {
        for (CoreType t : values()) {
            if (t.jsonName.equals(name)) {
                return Optional.of(t);
            }
        }
        return Optional.empty();
    }

    /**
     * What a value of the type means.
     *
     * @return its kind
     */
    public Kind kind() {
        return kind;
    }

    /**
     * True for the types a scan can aggregate: integers and real floats.
     *
     * @return true for integers and real floats
     */
    public boolean isReal() {
        return kind == Kind.SIGNED || kind == Kind.UNSIGNED || kind == Kind.FLOAT;
    }

    /**
     * The float type of one component of a complex type.
     *
     * @return float32 for complex64, float64 for complex128, else this type
     */
    public CoreType component() {
        return switch (this) {
            case COMPLEX64 -> FLOAT32;
            case COMPLEX128 -> FLOAT64;
            default -> this;
        };
    }

    @Override
    public int byteSize() {
        return size;
    }

    @Override
    public String describe() {
        return jsonName;
    }

    @Override
    public void forEachSwapUnit(long offset, BiConsumer<Long, Integer> unit) {
        int part = component().size;
        for (int at = 0; part > 1 && at < size; at += part) {
            unit.accept(offset + at, part);
        }
    }

    @Override
    public String toString() {
        return jsonName;
    }
}
